/**
 * What of the record an edition freezes: the normative machine files (schemas, fixtures and their
 * keyless twins, the conformance pack, the field registry, the route records) and the Markdown
 * mirrors of the normative pages (the specification, the profile registry and each profile page,
 * agent fallbacks) in every locale that carries translated content, with the repository files those
 * pages are rendered from.
 */
import type { RecordModel } from '../model/recordModel.ts';
import type { PageIndex, Page } from '../pages/pageIndex.ts';
import { LOCALES, SOURCE_LOCALE, pageUrl } from '../model/locales.ts';
import { profileExampleFixture } from '../model/recordModel.ts';
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
  return index.pages.filter(isFrozenPage);
}

const TRANSLATING = new Set(LOCALES.filter((locale) => locale.translatesContent).map((locale) => locale.code));

/** Whether an edition freezes this page: a normative page in a locale that translates content, with its own text. */
function isFrozenPage(page: Page): boolean {
  return TRANSLATING.has(page.locale) && page.entry.locale === page.locale && isNormativePage(page.path);
}

/** The public path of a normative page's Markdown mirror. */
export function normativeMirrorPath(page: Page): string {
  return mirrorPaths(page.url).markdown;
}

/**
 * The frozen page whose text `page` shows: the normative page of the locale its entry comes from
 * (itself, or the page a fallback shows: es-es shows es-us's text, an untranslated page English).
 * Undefined for a page editions do not freeze.
 */
export function frozenPageOf(index: PageIndex, page: Page): Page | undefined {
  if (!isNormativePage(page.path)) return undefined;
  const own = page.entry.locale === page.locale ? page : index.byUrl.get(pageUrl(page.entry.locale, page.path));
  return own && isFrozenPage(own) ? own : undefined;
}

/** What one frozen page's own text is made of: repository files, and the public paths of the machine files it shows. */
export interface FrozenPageInputs {
  sources: string[];
  machinePaths: string[];
}

/**
 * A frozen page's own inputs (see pageStatus.ts for why these and not the templates): its content
 * file and English source (a translation's text and its translation state, which its mirror
 * states, follow both: a change to the English makes its translations drafts too); a profile
 * page's shared sections (and their English source), schema, example fixture and the field
 * registry its tables come from; the specification's envelope schema and field registry; the
 * registry's list of its locale's profiles; the fallbacks page's client ladder (and its English source).
 */
export function frozenPageInputs(page: Page, index: PageIndex, model: RecordModel): FrozenPageInputs {
  const sources = new Set([page.source.file, page.entry.file]);
  const machinePaths = new Set<string>();
  if (page.collection === 'registry') {
    // The shared profile sections in its locale, and their English source, whose change makes a translation stale.
    sources.add(`content/registry-common/${page.locale}.json`);
    sources.add(`content/registry-common/${SOURCE_LOCALE}.json`);
    const profile = model.profiles.find((candidate) => candidate.profile === page.entry.data.profile);
    const fixture = profile && profileExampleFixture(profile);
    if (profile) machinePaths.add(profile.schema.url);
    if (fixture) machinePaths.add(fixture.url);
    if (fixture?.keylessUrl) machinePaths.add(fixture.keylessUrl);
    machinePaths.add(FIELD_REGISTRY_PATH);
  }
  if (page.path === PAGE_PATHS.specification) {
    machinePaths.add(model.envelope.url);
    machinePaths.add(FIELD_REGISTRY_PATH);
  }
  if (page.path === PAGE_PATHS.registry)
    for (const profile of index.pages)
      if (profile.locale === page.locale && profile.collection === 'registry') sources.add(profile.entry.file);
  if (page.path === PAGE_PATHS.agentFallbacks) {
    sources.add(`content/client-ladder/${page.locale}.json`);
    sources.add(`content/client-ladder/${SOURCE_LOCALE}.json`);
  }
  return { sources: [...sources].sort(), machinePaths: [...machinePaths].sort() };
}

/**
 * The files every normative page of a locale is rendered with besides its own: the interface
 * strings (its locale's, and English where a key is missing) and the requirements' tests and key
 * words. The editorial frame with the templates: recorded in an edition's `sources`, not a page's content.
 */
function sharedSourceFiles(locale: string): string[] {
  return [`content/i18n/${locale}.json`, 'content/i18n/en-us.json', 'content/requirements.json', 'content/bcp14.json'];
}

/**
 * The repository files the normative pages are rendered from: each page's own inputs and the
 * files they share. An edition records their digests; the build compares each page's own ones
 * with the latest edition's before Astro renders, when no mirror exists yet.
 */
export function normativeSourceFiles(pages: readonly Page[], index: PageIndex, model: RecordModel): string[] {
  const files = new Set<string>();
  for (const page of pages) {
    for (const file of frozenPageInputs(page, index, model).sources) files.add(file);
    for (const file of sharedSourceFiles(page.locale)) files.add(file);
  }
  return [...files].sort();
}
