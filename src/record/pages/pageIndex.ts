/**
 * The index of every page of the record in every locale, computed from the content entries:
 * which locale shows a translation, which shows the nearest language's text (the locale table's
 * fallback chain), which translation is stale; each page's canonical URL and hreflang alternates.
 * Also the build's content checks: duplicate record codes, translations without an English
 * source, codes that differ between locales, translations without a source digest.
 */
import { LOCALES, SITE_ORIGIN, SOURCE_LOCALE, contentChain, localeOf, pageUrl } from '../model/locales.ts';
import type { UAIXPageMirrorIndexJson } from '../generated/page-mirror.ts';
import { PAGE_PATHS } from './pagePaths.ts';
import type { Problem } from '../../uai/problem.ts';

/** `editions`: the generated page of each released edition (see editionPages.ts). */
export type Collection = 'pages' | 'guides' | 'registry' | 'site' | 'editions';

export interface EntryData {
  code: string;
  title: string;
  description: string;
  order: number;
  source_digest?: string;
  [key: string]: unknown;
}

export interface ContentEntry {
  collection: Collection;
  locale: string;
  /** Route path below the locale, '' for the home page. */
  path: string;
  /** Repository-relative file name, for messages. */
  file: string;
  /** sha256:<hex> of the file's bytes. */
  fileDigest: string;
  data: EntryData;
}

/**
 * source: the English record; translated: up to date; stale: the source changed since; fallback:
 * the nearest language's text shown.
 */
export type TranslationState = UAIXPageMirrorIndexJson['translation_state'];

/** The state of one locale's copy of a source file, from the digest the translation recorded. */
export function translationStateOf(
  locale: string,
  sourceDigest: string,
  translation: { source_digest?: string } | undefined,
): TranslationState {
  if (locale === SOURCE_LOCALE) return 'source';
  if (!translation) return 'fallback';
  return translation.source_digest === sourceDigest ? 'translated' : 'stale';
}

export interface Page {
  url: string;
  locale: string;
  path: string;
  collection: Collection;
  code: string;
  /** The entry whose text the page shows: the translation, or the first one along the locale's fallback chain. */
  entry: ContentEntry;
  source: ContentEntry;
  state: TranslationState;
  /** Locales with a real translation of this record (source included), in locale order. */
  translatedLocales: string[];
}

export interface PageIndex {
  pages: Page[];
  byUrl: ReadonlyMap<string, Page>;
  /** Pages of one record (same path) per locale. */
  variants(path: string): Page[];
  problems: Problem[];
}

/** The codes content files may carry. */
export const CONTENT_CODE_PATTERN = /^UAIX-(SPEC|REGI|DOC|SCHE|EXAM|TOOL|GUID|ABOU)-[0-9]{4}$/;
/** Every record's code: a content file's, or an edition page's (EDIT, generated). */
export const RECORD_CODE_PATTERN = /^UAIX-(SPEC|REGI|DOC|SCHE|EXAM|TOOL|GUID|ABOU|EDIT)-[0-9]{4}$/;

/** Content entries of one record path per locale, English apart. */
type TranslationsByPath = Map<string, Map<string, ContentEntry>>;

/** A problem of a content entry's record: its code, its source, its locale. */
function recordProblem(entry: ContentEntry, message: string): Problem {
  return { file: entry.file, message, rule: 'page-index' };
}

/** The rule that every published path has one source (two content files, a page and an edition's page). */
export const ONE_SOURCE_PER_URL_RULE = 'one-source-per-url';

/** One line naming both sources of a URL, the first one's file first. */
function oneSourcePerUrlProblem(first: ContentEntry, second: ContentEntry): Problem {
  return {
    file: first.file,
    message: `publishes ${pageUrl(second.locale, second.path)}, and so does ${second.file}`,
    rule: ONE_SOURCE_PER_URL_RULE,
    hint: 'move or rename one of them: every URL has one source',
  };
}

/**
 * Splits the entries into English sources (by path) and translations (by path, then locale), and
 * reports every malformed record code, every code two English records share and every URL two
 * entries would publish.
 */
function groupEntries(entries: readonly ContentEntry[]): {
  sources: Map<string, ContentEntry>;
  translations: TranslationsByPath;
  /** Paths two English entries publish: their translations are not compared with either. */
  contested: Set<string>;
  problems: Problem[];
} {
  const problems: Problem[] = [];
  const contested = new Set<string>();
  const sources = new Map<string, ContentEntry>();
  const translations: TranslationsByPath = new Map();
  const codeOwner = new Map<string, ContentEntry>();
  for (const entry of entries) {
    if (!RECORD_CODE_PATTERN.test(entry.data.code)) {
      problems.push(
        recordProblem(entry, `frontmatter code ${JSON.stringify(entry.data.code)} is not of the form UAIX-<KIND>-NNNN`),
      );
    }
    const sameUrl =
      entry.locale === SOURCE_LOCALE ? sources.get(entry.path) : translations.get(entry.path)?.get(entry.locale);
    if (sameUrl) {
      // Two files for one URL: the page index, and then Astro's routes, would keep one silently.
      problems.push(oneSourcePerUrlProblem(sameUrl, entry));
      if (entry.locale === SOURCE_LOCALE) contested.add(entry.path);
      continue;
    }
    if (entry.locale === SOURCE_LOCALE) {
      sources.set(entry.path, entry);
      const owner = codeOwner.get(entry.data.code);
      if (owner)
        problems.push(
          recordProblem(
            entry,
            `record code ${entry.data.code} is already used by ${owner.file}; every record has its own code`,
          ),
        );
      else codeOwner.set(entry.data.code, entry);
    } else {
      if (!translations.has(entry.path)) translations.set(entry.path, new Map());
      translations.get(entry.path)!.set(entry.locale, entry);
    }
  }
  return { sources, translations, contested, problems };
}

/**
 * What each translation owes its English source: that the source exists, the same code, a source
 * digest, and a locale that translates content.
 */
function translationProblems(
  sources: ReadonlyMap<string, ContentEntry>,
  translations: TranslationsByPath,
  contested: ReadonlySet<string>,
): Problem[] {
  const problems: Problem[] = [];
  for (const [path, byLocale] of translations) {
    if (contested.has(path)) continue;
    const source = sources.get(path);
    for (const entry of byLocale.values()) {
      if (!source) {
        problems.push(
          recordProblem(
            entry,
            `translation has no English source (expected ${entry.file.replace(`/${entry.locale}/`, `/${SOURCE_LOCALE}/`)})`,
          ),
        );
        continue;
      }
      if (entry.data.code !== source.data.code) {
        problems.push(
          recordProblem(
            entry,
            `code ${entry.data.code} differs from the English record's ${source.data.code} (${source.file}); a record keeps one code in every locale`,
          ),
        );
      }
      if (!entry.data.source_digest)
        problems.push(
          recordProblem(entry, `translation has no source_digest (sha256 of ${source.file} when translated)`),
        );
      if (!LOCALES.some((locale) => locale.code === entry.locale && locale.translatesContent)) {
        problems.push(recordProblem(entry, `locale ${entry.locale} does not carry translated content`));
      }
    }
  }
  return problems;
}

/** The pages of one record, one per locale in locale order, each showing the first text along its fallback chain. */
function recordVariants(source: ContentEntry, translations: TranslationsByPath): Page[] {
  const entryIn = (code: string) => (code === SOURCE_LOCALE ? source : translations.get(source.path)?.get(code));
  const translated = LOCALES.filter(
    (locale) => locale.code === SOURCE_LOCALE || translations.get(source.path)?.has(locale.code),
  ).map((locale) => locale.code);
  return LOCALES.map((locale) => ({
    url: pageUrl(locale.code, source.path),
    locale: locale.code,
    path: source.path,
    collection: source.collection,
    code: source.data.code,
    entry:
      contentChain(locale.code)
        .map(entryIn)
        .find((candidate) => candidate !== undefined) ?? source,
    source,
    state: translationStateOf(locale.code, source.fileDigest, entryIn(locale.code)?.data),
    translatedLocales: translated,
  }));
}

export function buildPageIndex(entries: readonly ContentEntry[]): PageIndex {
  const { sources, translations, contested, problems: entryProblems } = groupEntries(entries);
  const problems = [...entryProblems, ...translationProblems(sources, translations, contested)];
  const byPath = new Map<string, Page[]>();
  const orderedSources = [...sources.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const source of orderedSources) byPath.set(source.path, recordVariants(source, translations));
  const pages = [...byPath.values()].flat();
  const byUrl = new Map(pages.map((page) => [page.url, page]));
  return { pages, byUrl, variants: (path) => byPath.get(path) ?? [], problems };
}

/**
 * The page whose text this page shows: itself, or for a fallback page the page of the locale it
 * takes the text from.
 */
export function canonicalUrlOf(page: Page): string {
  return `${SITE_ORIGIN}${pageUrl(page.entry.locale, page.path)}`;
}

/**
 * hreflang alternates: every real translation (stale ones included) plus x-default, the same in
 * the page head and the sitemap. A fallback page announces none: it is not a translation, and
 * its canonical is the page whose text it shows.
 */
export function hreflangAlternates(page: Page): { hreflang: string; href: string }[] {
  if (page.state === 'fallback') return [];
  return [
    ...page.translatedLocales.map((code) => ({
      hreflang: localeOf(code).lang,
      href: `${SITE_ORIGIN}${pageUrl(code, page.path)}`,
    })),
    { hreflang: 'x-default', href: `${SITE_ORIGIN}${pageUrl(SOURCE_LOCALE, page.path)}` },
  ];
}

/** Search pages answer queries; they are not records, so they are noindex and not in the sitemap. */
export function isSearchPage(page: { path: string }): boolean {
  return page.path === PAGE_PATHS.search;
}

/** Whether the sitemap lists the page: a record page that is its own canonical. */
export function inSitemap(page: Page): boolean {
  return !isSearchPage(page) && canonicalUrlOf(page) === `${SITE_ORIGIN}${page.url}`;
}

interface SiblingGroup {
  pages: Page[];
  positionOf: Map<string, number>;
}

// Sorted once per (locale, collection) and index: every page asks for its siblings, and sorting the
// whole record on each page made the build grow with the square of the page count.
const siblingGroups = new WeakMap<PageIndex, Map<string, SiblingGroup>>();

function siblingGroupOf(index: PageIndex, page: Page): SiblingGroup {
  let groups = siblingGroups.get(index);
  if (!groups) {
    groups = new Map();
    for (const other of index.pages) {
      const key = `${other.locale}\u0000${other.collection}`;
      if (!groups.has(key)) groups.set(key, { pages: [], positionOf: new Map() });
      groups.get(key)!.pages.push(other);
    }
    for (const group of groups.values()) {
      group.pages.sort(
        (a, b) => a.source.data.order - b.source.data.order || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
      );
      group.pages.forEach((other, position) => group.positionOf.set(other.url, position));
    }
    siblingGroups.set(index, groups);
  }
  return groups.get(`${page.locale}\u0000${page.collection}`)!;
}

/** Siblings in reading order: same locale and collection, by `order`, then path (shared; do not modify). */
export function siblingsOf(index: PageIndex, page: Page): readonly Page[] {
  return siblingGroupOf(index, page).pages;
}
