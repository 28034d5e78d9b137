import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DATA_STORE_FILE,
  DATA_STORE_MODULE_ID,
  dataStoreModuleCode,
  dataStoreReadAtRuntime,
} from '../../../src/pipeline/dataStoreModule.ts';
import { REPOSITORY_ROOT } from '../../../src/uai/node/recordFiles.ts';
import { inTempFolder } from '../../support/tempFolder.ts';
import type * as Devalue from 'devalue';
import type * as PluginUtils from '@rollup/pluginutils';

// Astro's own modules, from where Astro imports them: the id it resolves the data store module to,
// the function that writes the store, and the one its loader turns the file into a module with.
const ASTRO_DIST = join(REPOSITORY_ROOT, 'node_modules/astro/dist');
const fromAstro = createRequire(join(ASTRO_DIST, 'content/consts.js'));
const devalue = (await import(pathToFileURL(fromAstro.resolve('devalue')).href)) as typeof Devalue;
const { dataToEsm } = fromAstro('@rollup/pluginutils') as typeof PluginUtils;

type LoadHandler = (id: string, options?: { ssr?: boolean }) => string | null;
const loadOf = (cacheDir: URL): LoadHandler => {
  const load = dataStoreReadAtRuntime(cacheDir).load as { order: string; handler: LoadHandler };
  assert.equal(load.order, 'pre', 'the load must run before Astro’s own, or Astro inlines the store');
  return load.handler;
};

const evaluate = async (code: string): Promise<unknown> =>
  ((await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { default: unknown })
    .default;

test('the module id is the one Astro resolves astro:data-layer-content to', async () => {
  const consts = (await import(pathToFileURL(join(ASTRO_DIST, 'content/consts.js')).href)) as Record<string, string>;
  assert.equal(DATA_STORE_MODULE_ID, consts.RESOLVED_DATA_STORE_VIRTUAL_ID);
  assert.equal(DATA_STORE_FILE, consts.DATA_STORE_FILE);
});

test('the module read at run time gives the value Astro’s inlined module gives, for the store Astro writes', () =>
  inTempFolder('uaix-data-store-', async (folder) => {
    // What a store holds that an object literal could read differently from JSON: escapes, lone
    // surrogates, line separators, numbers at the edge of exactness, nested Maps (a __proto__ key,
    // the other, devalue refuses to write).
    const entries = new Map<string, unknown>([
      ['entry', { id: 'a/b', body: 'é\u2028\u2029</script>\\"', rendered: { html: '<p>x</p>' }, n: 2 ** 53 - 1 }],
      ['numbers', { x: -0.5e-7, big: 1e308, list: [0, -1, 3.25] }],
      ['lone', '\ud800 and \udfff'],
    ]);
    const store = new Map([['guides', entries]]);
    const cacheDir = pathToFileURL(folder + '/');
    writeFileSync(join(folder, DATA_STORE_FILE), devalue.stringify(store));
    const code = loadOf(cacheDir)(DATA_STORE_MODULE_ID, { ssr: true });
    assert.ok(code, 'a build’s server bundle loads the store through the plugin');
    const text = readFileSync(join(folder, DATA_STORE_FILE), 'utf8');
    const atRuntime = await evaluate(code);
    const asAstroInlines = await evaluate(dataToEsm(JSON.parse(text), { compact: true }));
    assert.deepEqual(atRuntime, asAstroInlines);
    // The store as the file holds it (a lone surrogate is written as U+FFFD, for either module).
    assert.deepEqual(devalue.unflatten(atRuntime as number[]), devalue.parse(text));
    const guides = (devalue.unflatten(atRuntime as number[]) as typeof store).get('guides')!;
    assert.deepEqual(guides.get('entry'), entries.get('entry'));
  }));

test('other modules, the client bundle and a store never written are left to Astro', () =>
  inTempFolder('uaix-data-store-', (folder) => {
    const load = loadOf(pathToFileURL(folder + '/'));
    assert.equal(load(DATA_STORE_MODULE_ID, { ssr: true }), null, 'no file: Astro exports an empty Map');
    writeFileSync(join(folder, DATA_STORE_FILE), '[]');
    assert.equal(load(DATA_STORE_MODULE_ID, {}), null, 'the client bundle');
    assert.equal(load(DATA_STORE_MODULE_ID), null, 'no options: not known to be the server bundle');
    assert.equal(load('\0astro:content', { ssr: true }), null);
    assert.match(load(DATA_STORE_MODULE_ID, { ssr: true })!, /readFileSync\(".*data-store\.json", 'utf8'\)/);
  }));

test('the module names its file as a JSON string, whatever the path holds', () => {
  const code = dataStoreModuleCode('/tmp/a "quoted" \\ path\n/data-store.json');
  assert.ok(code.includes(JSON.stringify('/tmp/a "quoted" \\ path\n/data-store.json')));
});
