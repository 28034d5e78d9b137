/**
 * Astro's content layer hands its data store (every entry with its rendered HTML: tens of megabytes
 * at fifty times the record) to the prerender as a module made from the JSON file: one object
 * literal, which Rollup parses, tree-shakes and prints, Vite scans again and Node compiles, seconds
 * of every build at that scale, cold or warm (bench/RESULTS.md). The prerender runs in this process
 * right after the bundle, from that same file, so the bundled module reads the file when it runs
 * instead: JSON.parse of the same text is the same value (ImmutableDataStore.fromModule takes
 * either), without the literal ever being code.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Astro's resolved id of the module (astro/dist/content/consts.js; a unit test holds the two equal). */
export const DATA_STORE_MODULE_ID = '\0astro:data-layer-content';
/** The data store's file in Astro's cache folder, as Astro's getDataStoreFile names it for a build. */
export const DATA_STORE_FILE = 'data-store.json';

/**
 * A Vite plugin that loads the data store module of a build's server bundle as a read of the file
 * (Astro's own loader, which inlines it, is left for the client bundle, which never imports it, and
 * for a store not written at all, where Astro exports an empty Map).
 */
export function dataStoreReadAtRuntime(cacheDir: URL): Plugin {
  const file = fileURLToPath(new URL(DATA_STORE_FILE, cacheDir));
  return {
    name: 'uaix-data-store-read-at-runtime',
    apply: 'build',
    enforce: 'pre',
    load: {
      // Before Astro's own loader, which is a `pre` plugin too and earlier in the list.
      order: 'pre',
      handler(id, options) {
        if (id !== DATA_STORE_MODULE_ID || !options?.ssr || !existsSync(file)) return null;
        return dataStoreModuleCode(file);
      },
    },
  };
}

/** The module's code: the store's devalue form, parsed from `file` when the module is evaluated. */
export function dataStoreModuleCode(file: string): string {
  return [
    "import { readFileSync } from 'node:fs';",
    `export default JSON.parse(readFileSync(${JSON.stringify(file)}, 'utf8'));`,
    '',
  ].join('\n');
}
