/**
 * What of the record an edition freezes: the normative machine files (schemas, fixtures and their
 * keyless twins, the conformance pack, the field registry, the route records) and the Markdown
 * mirrors of the normative pages (the specification, the profile registry and each profile page,
 * agent fallbacks) in every locale that carries translated content, with the repository files those
 * pages are rendered from.
 */
import type { RecordModel } from '../model/recordModel.ts';
import type { PageIndex, Page } from '../pages/pageIndex.ts';
import { LOCALES } from '../model/locales.ts';
import { isNormativePage, PAGE_PATHS } from '../pages/pagePaths.ts';
import {
  CONFORMANCE_PATH,
  REQUIREMENTS_PATH,
  FIELD_REGISTRY_PATH,
  mirrorPaths,
  routeRecordPath,
} from '../model/publicPaths.ts';

/**
 * Whether a repository file is a source of the normative pages: a normative page's Markdown in any
 * locale, a profile page, or the data files profile pages and the fallbacks page show.
 */
export function isNormativeContentFile(file: string): boolean {
  const page = /^content\/pages\/[^/]+\/(.+?)(?:\/index)?\.md$/.exec(file);
  if (page) return isNormativePage(page[1]);
  return /^content\/(registry|registry-common|client-ladder)\//.test(file);
}

/** The public paths of the machine files an edition freezes. */
export function normativeMachinePaths(model: RecordModel, routes: readonly { routeId: string }[]): Set<string> {
  const paths = new Set<string>(model.schemas.map((schema) => schema.url));
  for (const fixture of [...model.fixtures, ...model.routeFixtures]) {
    paths.add(fixture.url);
    if (fixture.keylessUrl) paths.add(fixture.keylessUrl);
  }
  paths.add(CONFORMANCE_PATH);
  paths.add(REQUIREMENTS_PATH);
  paths.add(FIELD_REGISTRY_PATH);
  for (const route of routes) paths.add(routeRecordPath(route.routeId));
  return paths;
}

/**
 * The normative pages an edition freezes: one per locale that carries translated content and has its
 * own text of the page (a locale that shows the English text of a normative page has nothing to freeze).
 */
export function normativePages(index: PageIndex): Page[] {
  const translating = new Set(LOCALES.filter((locale) => locale.translatesContent).map((locale) => locale.code));
  return index.pages.filter(
    (page) => translating.has(page.locale) && page.entry.locale === page.locale && isNormativePage(page.path),
  );
}

/** The public path of a normative page's Markdown mirror. */
export function normativeMirrorPath(page: Page): string {
  return mirrorPaths(page.url).markdown;
}

/**
 * The repository files the normative pages are rendered from: each page's content file (and its
 * English source), and the shared data files profile pages and the fallbacks page show. The build
 * compares their digests with the latest edition's before Astro renders, when no mirror exists yet.
 */
export function normativeSourceFiles(pages: readonly Page[]): string[] {
  const files = new Set<string>();
  for (const page of pages) {
    files.add(page.source.file);
    files.add(page.entry.file);
    if (page.collection === 'registry') files.add(`content/registry-common/${page.locale}.json`);
    if (page.path === PAGE_PATHS.agentFallbacks) files.add(`content/client-ladder/${page.locale}.json`);
    // The interface strings the page is rendered with: its locale's, and English where a key is missing.
    files.add(`content/i18n/${page.locale}.json`);
    files.add('content/i18n/en-us.json');
    // The requirements' tests and key words, which the normative pages and their records show.
    files.add('content/requirements.json');
    files.add('content/bcp14.json');
  }
  return [...files].sort();
}
