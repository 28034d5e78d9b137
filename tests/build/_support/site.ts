/**
 * Shared helpers for the checks over the built site: where dist/ is, its files, its HTML pages
 * parsed once, small hast queries, and the seed documents. The checks read the dist/ that
 * `npm run build` left in the repository; none of them rebuilds it in place.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fromHtml } from 'hast-util-from-html';
import { toText } from 'hast-util-to-text';
import type { Element, Root } from 'hast';
import assert from 'node:assert/strict';
import { walkFiles } from '../../../src/record/node/walkFiles.ts';
import { attr, findAll, hasClass } from '../../support/html.ts';
import { assertBuilt, DIST, publicPath, REPOSITORY_ROOT, SITE_ORIGIN } from '../../support/paths.ts';

// One reading of HTML elements for every test: the e2e support module's.
export { attr, findAll, hasClass };
export { walkFiles };

// One definition of where the built site is, for the build checks and the end-to-end tests alike.
export const REPO = REPOSITORY_ROOT;
export { DIST, publicPath };
export const ORIGIN = SITE_ORIGIN;
export const LOCALE_CODES = ['en-us', 'es-us', 'fr-fr', 'es-es', 'zh-cn'] as const;
/** Locales that carry translated content (zh-cn: every page, the normative ones included). */
export const TRANSLATED_LOCALES = ['en-us', 'es-us', 'fr-fr', 'zh-cn'] as const;
/** Locales with fallback pages: es-es throughout (zh-cn translates every page). */
export const FALLBACK_LOCALES = ['es-es'] as const;
export const LANG_OF: Record<string, string> = {
  'en-us': 'en-US',
  'es-us': 'es-US',
  'fr-fr': 'fr-FR',
  'es-es': 'es-ES',
  'zh-cn': 'zh-CN',
};

/**
 * The fallback chain the record promises (the design card), stated here independently of
 * src/record: where a locale without its own translation of a page takes the text, nearest first.
 */
export const FALLBACK_CHAIN: Record<string, readonly string[]> = { 'es-es': ['es-us', 'en-us'], 'zh-cn': ['en-us'] };

/**
 * The source of an edition's page text in one locale: its edition.json in English; in a locale that
 * translates content, the interface strings when they hold every English `edition.*` string.
 */
function editionPageSourceOf(locale: string, id: string): string | undefined {
  const index = join(REPO, 'editions', id, 'edition.json');
  if (!existsSync(index)) return undefined;
  if (locale === 'en-us') return index;
  const strings = join(REPO, 'content/i18n', `${locale}.json`);
  if (!(TRANSLATED_LOCALES as readonly string[]).includes(locale) || !existsSync(strings)) return undefined;
  const english = Object.keys(readJson<Record<string, string>>(join(REPO, 'content/i18n/en-us.json')));
  const own = readJson<Record<string, string>>(strings);
  return english.filter((key) => key.startsWith('edition.')).every((key) => key in own) ? strings : undefined;
}

/**
 * The source of a page's text in one locale, if that locale has one (read from content/ and
 * editions/, not from src/record): a Markdown file, or for an edition's page what it is written from.
 */
export function contentFileOf(locale: string, path: string): string | undefined {
  const edition = /^editions\/([^/]+)$/.exec(path);
  if (edition) return editionPageSourceOf(locale, edition[1]);
  const candidates =
    path === '' ? [`pages/${locale}/index.md`] : [`pages/${locale}/${path}.md`, `pages/${locale}/${path}/index.md`];
  const [section, ...rest] = path.split('/');
  if (rest.length && (section === 'guides' || section === 'registry'))
    candidates.push(`${section}/${locale}/${rest.join('/')}.md`, `${section}/${locale}/${rest.join('/')}/index.md`);
  return candidates.map((file) => join(REPO, 'content', file)).find((file) => existsSync(file));
}

/**
 * The locale whose text a page shows: its own when it has a source file, else the first along
 * FALLBACK_CHAIN that has one.
 */
export function shownLocaleOf(locale: string, path: string): string {
  return [locale, ...(FALLBACK_CHAIN[locale] ?? ['en-us'])].find((code) => contentFileOf(code, path)) ?? 'en-us';
}

/** Whether a page shows another locale's text: it has no source file of its own. */
export function isFallbackPage(locale: string, path: string): boolean {
  return locale !== 'en-us' && contentFileOf(locale, path) === undefined;
}

/** Fails the calling test with one clear line when there is no built site to check. */
export const requireDist = (): void => assertBuilt();

/** The dist file a URL on the site names (`https://uaix.org/x/` or `/x/` → dist/x/index.html). */
export function distFileOf(url: string): string {
  const pathname = decodeURIComponent(new URL(url, `${ORIGIN}/`).pathname);
  return join(DIST, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
}

export interface HtmlPage {
  /** Page URL path with trailing slash: `/`, `/en-us/`, `/fr-fr/guides/`. */
  url: string;
  file: string;
  /** `en-us` … or '' for the root language chooser. */
  locale: string;
  /** Path below the locale, '' for a locale home. */
  path: string;
}

let pagesCache: HtmlPage[] | undefined;

/** Every HTML page of the site: every index.html except Pagefind's. */
export function htmlPages(): HtmlPage[] {
  if (pagesCache) return pagesCache;
  requireDist();
  pagesCache = walkFiles(DIST)
    .filter((file) => file.endsWith(`${sep}index.html`))
    .map((file) => {
      const url = publicPath(file).replace(/index\.html$/, '');
      const match = /^\/([a-z]{2}-[a-z]{2})\/(.*)$/.exec(url);
      return { url, file, locale: match?.[1] ?? '', path: match ? match[2].replace(/\/$/, '') : '' };
    })
    .filter((page) => !page.url.startsWith('/pagefind/'));
  return pagesCache;
}

export function pageAt(url: string): HtmlPage {
  const page = htmlPages().find((candidate) => candidate.url === url);
  if (!page) throw new Error(`${url} is not a page of the built site (no ${join(DIST, url, 'index.html')})`);
  return page;
}

const treeCache = new Map<string, Root>();

export function parseHtmlFile(file: string): Root {
  let tree = treeCache.get(file);
  if (!tree) {
    tree = fromHtml(readFileSync(file, 'utf8'));
    treeCache.set(file, tree);
  }
  return tree;
}

export function findFirst(node: Root | Element, test: (element: Element) => boolean): Element | undefined {
  return findAll(node, test)[0];
}

export const byTag = (tag: string) => (element: Element) => element.tagName === tag;

export function text(node: Root | Element): string {
  return toText(node as Element)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Raw text content (whitespace kept), for code blocks. */
export function rawText(node: Element): string {
  return toText(node, { whitespace: 'pre' });
}

export function metaContent(tree: Root, name: string): string | undefined {
  const meta = findFirst(
    tree,
    (element) => element.tagName === 'meta' && (attr(element, 'name') === name || attr(element, 'property') === name),
  );
  return meta ? attr(meta, 'content') : undefined;
}

/** `<link rel="alternate" hreflang>` tags of the page head, in document order. */
export function hreflangLinks(tree: Root): { hreflang: string; href: string }[] {
  const head = findFirst(tree, byTag('head'));
  if (!head) return [];
  return findAll(
    head,
    (element) =>
      element.tagName === 'link' && attr(element, 'rel') === 'alternate' && attr(element, 'hrefLang') !== undefined,
  ).map((element) => ({
    hreflang: attr(element, 'hrefLang')!,
    href: attr(element, 'href')!,
  }));
}

export function mainOf(tree: Root): Element {
  const main = findFirst(tree, byTag('main'));
  if (!main) throw new Error('the page has no <main>');
  return main;
}

/** The element with `id`, or undefined. */
export function byId(node: Root | Element, id: string): Element | undefined {
  return findFirst(node, (element) => attr(element, 'id') === id);
}

/** The nearest `<section>` around the heading with `id` (the heading's own section). */
export function sectionOfHeading(tree: Root, id: string): Element | undefined {
  return findFirst(
    tree,
    (element) =>
      element.tagName === 'section' &&
      element.children.some(
        (child) => child.type === 'element' && /^h[1-6]$/.test(child.tagName) && attr(child, 'id') === id,
      ),
  );
}

export function readJson<T = unknown>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/**
 * The seed documents: tests/fixtures/seeds/ when a teammate copied them there, else
 * ../shared/seeds/ beside the repository. Undefined when neither holds the file.
 */
export function seedFile(name: string): string | undefined {
  for (const dir of [join(REPO, 'tests/fixtures/seeds'), join(REPO, '../shared/seeds')]) {
    const file = join(dir, name);
    if (existsSync(file)) return file;
  }
  return undefined;
}

/** Collapses whitespace, for comparing prose across HTML and plain text. */
export const squash = (value: string) => value.replace(/\s+/g, ' ').trim();

/** Fails with one line per problem (the first 30), under a one-line title, when there are any. */
export function assertNoProblems(problems: readonly string[], title: string): void {
  if (problems.length === 0) return;
  const shown = problems.slice(0, 30).map((problem) => `  - ${problem}`);
  if (problems.length > 30) shown.push(`  … and ${problems.length - 30} more`);
  assert.fail(`${title} (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${shown.join('\n')}`);
}
