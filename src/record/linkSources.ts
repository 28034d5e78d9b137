/**
 * What the link check reads, gathered from the built record: every page's links and element ids
 * (with its duplicate ids), the links of llms.txt, the manifest and the route records; and the
 * broken links reported once for all the locales a source reached.
 */
import { routeUrls } from '../uai/routeVocabulary.ts';
import type { LinkSource } from './linkCheck.ts';
import { parseLlmsTxt } from './llmsTxt.ts';
import { LOCALES, SITE_ORIGIN } from './locales.ts';
import { LLMS_PATH, MANIFEST_PATH } from './publicPaths.ts';

/** A built page's public path (`/en-us/about/index.html`) with the ids and links its analysis found. */
export interface PageLinks {
  path: string;
  ids: readonly string[];
  links: readonly string[];
}

export interface LinkedRecord {
  links: LinkSource[];
  /** Each page's element ids, by public path. */
  ids: Map<string, Set<string>>;
  /** One line per id a page uses twice. */
  duplicateIds: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Every absolute URL on this origin in a JSON text, up to the closing quote. */
const ORIGIN_URL = new RegExp(`${escapeRegExp(SITE_ORIGIN)}/[^"\\s]*`, 'g');

export function linkedRecord(
  pages: readonly PageLinks[],
  llms: string,
  manifestText: string,
  routes: readonly { file: string; record: unknown }[],
): LinkedRecord {
  const links: LinkSource[] = [];
  const ids = new Map<string, Set<string>>();
  const duplicateIds: string[] = [];
  for (const page of pages) {
    const pageIds = new Set<string>();
    for (const id of page.ids) {
      if (pageIds.has(id)) duplicateIds.push(`${page.path}: the id "${id}" is used twice; anchors must be unique`);
      pageIds.add(id);
    }
    for (const href of page.links) links.push({ file: page.path, href });
    ids.set(page.path, pageIds);
  }
  for (const link of parseLlmsTxt(llms).sections.flatMap((section) => section.links))
    links.push({ file: LLMS_PATH, href: link.url });
  for (const url of manifestText.match(ORIGIN_URL) ?? []) links.push({ file: MANIFEST_PATH, href: url });
  for (const route of routes)
    for (const { url } of routeUrls(route.record)) if (!url.includes('{')) links.push({ file: route.file, href: url });
  return { links, ids, duplicateIds };
}

const LOCALE_CODES = LOCALES.map((locale) => escapeRegExp(locale.code)).join('|');
/**
 * The page a place names, ` (/fr-fr/guides/x/)`. The URL in parentheses never holds a parenthesis:
 * excluding "(" too keeps the scan from each " (/xx-xx/" to the next parenthesis, so it stays linear.
 */
const PAGE_OF_PLACE = new RegExp(` \\(/(?:${LOCALE_CODES})/[^()]*\\)`);
const LOCALE_SEGMENT = new RegExp(`/(?:${LOCALE_CODES})/`, 'g');

/**
 * Broken links once per source: a link written once in a Markdown file breaks on every page that
 * shows that text, in each locale. The first line of each such group is kept.
 */
export function onceAcrossLocales(problems: readonly string[]): string[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = problem.replace(PAGE_OF_PLACE, '').replace(LOCALE_SEGMENT, '/<locale>/');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
