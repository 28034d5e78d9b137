/**
 * Where the end-to-end tests find the built site. They read dist/ as `npm test` just built it and
 * never rebuild it. UAIX_DIST points them at another built copy (e.g. a snapshot while someone
 * else rebuilds the checkout).
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { walkFiles } from '../../src/record/node/walkFiles.ts';
export { walkFiles };

export const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = resolve(process.env.UAIX_DIST ?? join(REPOSITORY_ROOT, 'dist'));
/** The site's public origin: every `https://uaix.org/…` URL names a file of dist/. */
export const SITE_ORIGIN = 'https://uaix.org';
export const SCREENSHOTS = join(REPOSITORY_ROOT, 'test-results/screenshots');

/** Fails with one line when dist/ is missing, so the reason is obvious. */
export function assertBuilt(root: string = DIST): void {
  if (!existsSync(join(root, 'index.html')) || !existsSync(join(root, 'sitemap-index.xml'))) {
    throw new Error(`${root} is not a built site: run \`npm run build\` first (npm test builds it before the tests)`);
  }
}

/** Public URL path of a file of the site: `dist/en-us/index.html` → `/en-us/index.html`. */
export function publicPath(file: string, root: string = DIST): string {
  return `/${relative(root, file).split('\\').join('/')}`;
}

/** Every HTML page of the built site as its public page path (`/`, `/en-us/`, …), sorted. */
/** The not-found page static hosts serve for unknown paths: not a record page, linked from nowhere. */
export const NOT_FOUND_PAGE = '/404.html';

export function htmlPagePaths(root: string = DIST): string[] {
  return walkFiles(root)
    .filter((file) => file.endsWith('.html') && publicPath(file, root) !== NOT_FOUND_PAGE)
    .map((file) => publicPath(file, root))
    .filter((path) => !path.startsWith('/pagefind/'))
    .map((path) => path.replace(/index\.html$/, ''))
    .sort();
}

/** The file behind a page path: `/en-us/` → `<root>/en-us/index.html`. */
export function pageFile(pagePath: string, root: string = DIST): string {
  return join(root, pagePath.endsWith('/') ? `${pagePath}index.html` : pagePath);
}

/** Search pages are Pagefind's UI: the sitemap omits them and they may load Pagefind's script. */
export const isSearchPage = (pagePath: string): boolean => /^\/[a-z]{2}-[a-z]{2}\/search\/$/.test(pagePath);
