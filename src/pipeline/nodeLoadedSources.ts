/**
 * A Vite plugin for `npm run build`'s Astro (scripts/buildWorker.ts): in the server bundle that
 * renders the pages, the record's TypeScript modules (src/uai, src/record, src/site) stay imports
 * of their own files instead of being bundled. Rollup then parses and tree-shakes the templates and
 * Astro's runtime, not the whole record again (330 modules, 2.6 MB, before; the record's own code
 * had been read, type-stripped and run already by the checks of the same process), and the render
 * uses the very modules those checks loaded. The pages are the same bytes either way.
 *
 * Only for a process that can import TypeScript itself: the build worker runs under tsx. A plain
 * `astro build` has no such loader and bundles everything, as before. Only for the build: the dev
 * server's module runner loads sources its own way.
 */
import { isAbsolute, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

/** The folders whose modules the render imports from their files: plain TypeScript, no Vite-only import. */
const NODE_LOADED_FOLDERS = ['src/uai/', 'src/record/', 'src/site/'];

/** Whether `file` (an absolute path Vite resolved) is one of the record's modules that Node loads itself. */
export function isNodeLoadedSource(root: string, file: string): boolean {
  if (!isAbsolute(file) || !file.endsWith('.ts') || file.includes('?') || file.includes('\0')) return false;
  const path = relative(root, file).split(sep).join('/');
  return NODE_LOADED_FOLDERS.some((folder) => path.startsWith(folder));
}

export function nodeLoadedSources(root: string): Plugin {
  return {
    name: 'uaix-node-loaded-sources',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!options?.ssr || importer === undefined) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !isNodeLoadedSource(root, resolved.id)) return resolved;
      // 'absolute': the chunk imports the file by its path, wherever the output folder is.
      return { id: resolved.id, external: 'absolute' };
    },
  };
}
