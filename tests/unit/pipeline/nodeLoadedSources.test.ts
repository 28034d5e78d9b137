/**
 * The build worker's Vite plugin (src/pipeline/nodeLoadedSources.ts): in the server bundle, a
 * module of src/uai, src/record or src/site resolves to an import of its own file; everything else
 * (templates, Astro's virtual modules, packages, the content config, the pipeline, any module of
 * the client bundle) is left to Vite as before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { isNodeLoadedSource, nodeLoadedSources } from '../../../src/pipeline/nodeLoadedSources.ts';

const ROOT = '/work/record';
const at = (path: string) => join(ROOT, path);

test('isNodeLoadedSource: TypeScript files of the three folders, nothing else', () => {
  for (const path of ['src/uai/jcs.ts', 'src/record/model/locales.ts', 'src/site/siteContext.ts'])
    assert.equal(isNodeLoadedSource(ROOT, at(path)), true, path);
  for (const path of [
    'src/pages/index.astro',
    'src/components/FieldTable.astro',
    'src/content.config.ts',
    'src/pipeline/recordIntegration.ts',
    'src/record/generated/apiReference.json',
    'src/layouts/RecordPage.astro?astro&type=script&index=0&lang.ts',
    'node_modules/astro/dist/content/runtime.js',
    '../elsewhere/src/uai/jcs.ts',
  ])
    assert.equal(isNodeLoadedSource(ROOT, at(path)), false, path);
  assert.equal(isNodeLoadedSource(ROOT, '\0astro:data-layer-content'), false);
  assert.equal(isNodeLoadedSource(ROOT, 'src/uai/jcs.ts'), false, 'a path Vite did not resolve');
});

/** The plugin's resolveId with Vite's resolution stubbed: `resolved` is what Vite would give. */
async function resolveWith(resolved: { id: string; external?: boolean } | null, ssr: boolean) {
  const plugin = nodeLoadedSources(ROOT);
  const resolveId = plugin.resolveId as (
    this: unknown,
    source: string,
    importer: string | undefined,
    options: { ssr?: boolean },
  ) => Promise<unknown>;
  const context = { resolve: async () => resolved };
  return resolveId.call(context, './x.ts', at('src/components/X.astro'), { ssr });
}

test('the server bundle imports the record’s modules from their files; the client bundle bundles them', async () => {
  const source = { id: at('src/record/model/locales.ts') };
  assert.deepEqual(await resolveWith(source, true), { id: source.id, external: 'absolute' });
  assert.deepEqual(await resolveWith(source, false), null);
  const template = { id: at('src/components/FieldTable.astro') };
  assert.deepEqual(await resolveWith(template, true), template);
  assert.equal(await resolveWith(null, true), null);
  assert.equal(nodeLoadedSources(ROOT).apply, 'build', 'the dev server loads sources its own way');
});
