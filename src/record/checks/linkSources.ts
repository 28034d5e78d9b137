/**
 * What the link check reads, gathered from the built record: every page's links and element ids
 * (with its duplicate ids), the links of llms.txt, the manifest and the route records.
 */
import { routeUrls } from '../../uai/routeVocabulary.ts';
import type { LinkSource } from './linkCheck.ts';
import { parseLlmsTxt } from '../machine/llmsTxt.ts';
import { SITE_ORIGIN } from '../model/locales.ts';
import type { Problem } from '../../uai/problem.ts';
import { escapeRegExp } from '../../uai/regExpText.ts';
import { LLMS_PATH, MANIFEST_PATH } from '../model/publicPaths.ts';

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
  /** A problem per id a page uses twice. */
  duplicateIds: Problem[];
}

/** The rule a page's element ids keep: each names one element, so each anchor one place. */
export const UNIQUE_ID_RULE = 'unique-id';

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
  const duplicateIds: Problem[] = [];
  for (const page of pages) {
    const pageIds = new Set<string>();
    for (const id of page.ids) {
      if (pageIds.has(id))
        duplicateIds.push({ file: page.path, message: `the id "${id}" is used twice`, rule: UNIQUE_ID_RULE });
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
