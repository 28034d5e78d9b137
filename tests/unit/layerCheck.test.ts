import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { REPOSITORY_ROOT } from '../../src/uai/node/recordFiles.ts';
import { astroTemplateImports, checkLayers } from '../../scripts/layerCheck.ts';

test('a template imports what its frontmatter and bundled scripts import, type-only and dynamic included', () => {
  const template = [
    '---',
    "import type { Page } from '../record/pageIndex.ts';",
    "import Head from '../components/BaseHead.astro';",
    "const late = await import('../site/lazy.ts');",
    'const page: Page = Astro.props.page;',
    '---',
    '<Head />',
    "<p>import x from 'not/an/import.ts'</p>",
    "<script>import { enhancePage } from '../site/pageEnhance.ts';\nenhancePage();</script>",
    '<script is:inline src="/pagefind/pagefind-ui.js"></script>',
    "<script is:inline>import('/inline/left/as/written.js');</script>",
  ].join('\n');
  assert.deepEqual(astroTemplateImports(template), [
    '../record/pageIndex.ts',
    '../components/BaseHead.astro',
    '../site/lazy.ts',
    '../site/pageEnhance.ts',
  ]);
  assert.deepEqual(astroTemplateImports('<p>Plain</p>'), []);
});

/**
 * The layer rules of `.dependency-cruiser.cjs`, run by the lint's own check over a throw-away tree
 * holding `files`: the number of errors, and the report without colours (the reporter colours its
 * text when the terminal, or FORCE_COLOR as in CI, asks for it).
 */
async function layerErrorsOf(files: Record<string, string>): Promise<{ errors: number; report: string }> {
  const root = mkdtempSync(join(tmpdir(), 'uaix-layers-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    const result = await checkLayers(root, {
      folders: ['src'],
      configFile: join(REPOSITORY_ROOT, '.dependency-cruiser.cjs'),
    });
    return { errors: result.errors, report: stripVTControlCharacters(result.report) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test("the layer rules see a template's imports: a component importing the CLI or a page breaks them", async () => {
  const { errors, report } = await layerErrorsOf({
    'src/cli/tool.ts': 'export const tool = 1;\n',
    'src/record/facts.ts': 'export const facts = 1;\n',
    'src/pages/index.astro': "---\nimport Good from '../components/Good.astro';\n---\n<Good />\n",
    'src/components/Good.astro': "---\nimport { facts } from '../record/facts.ts';\n---\n<p>{facts}</p>\n",
    'src/components/Bad.astro': "---\nimport { tool } from '../cli/tool.ts';\n---\n<p>{tool}</p>\n",
    'src/layouts/Shell.astro': "<main><slot /></main>\n<script>import '../pages/index.astro';</script>\n",
  });
  assert.equal(errors, 2, report);
  assert.match(report, /templates-below-the-build: src\/components\/Bad\.astro → src\/cli\/tool\.ts/);
  assert.match(report, /pages-on-top: src\/layouts\/Shell\.astro → src\/pages\/index\.astro/);
});

test('inside src/record/, an import up a floor and one into a folder on no floor break the rules; one down passes', async () => {
  const { errors, report } = await layerErrorsOf({
    'src/record/model/locales.ts': 'export const locales = 1;\n',
    'src/record/editions/editions.ts': "import { locales } from '../model/locales.ts';\nexport const ids = locales;\n",
    // model/ is the floor below editions/: it may not import it.
    'src/record/model/latest.ts': "import { ids } from '../editions/editions.ts';\nexport const latest = ids;\n",
    'src/record/drafts/draft.ts': 'export const draft = 1;\n',
    'src/record/content/page.ts': "import { draft } from '../drafts/draft.ts';\nexport const page = draft;\n",
  });
  assert.equal(errors, 2, report);
  assert.match(report, /record-floor-model: src\/record\/model\/latest\.ts → src\/record\/editions\/editions\.ts/);
  assert.match(report, /record-folders-on-a-floor: src\/record\/content\/page\.ts → src\/record\/drafts\/draft\.ts/);
});
