/**
 * The data every page of the site reads, loaded once per build: the page index, UI strings with
 * English fallback, the shared profile sections, the ladder rows and the UAI-1 record model.
 * Content problems stop the build here with one line per problem.
 */
import { ProblemListError } from '../uai/problem.ts';
import { problemAtPointer, type Problem } from '../uai/problem.ts';
import { jsonPointer } from '../uai/jsonPointer.ts';
import {
  loadContentEntries,
  loadRegistryCommon,
  loadClientLadder,
  loadUiStrings,
  loadGlossaries,
  loadEnglishGlossary,
} from '../record/content/node/contentFiles.ts';
import {
  glossaryConceptProblems,
  glossaryDefinitionProse,
  glossaryPending,
  glossaryRows,
  type GlossaryRow,
} from '../record/content/glossaryConcepts.ts';
import { withEditionPages } from '../record/editions/node/editionFiles.ts';
import { languageProblems, type LanguageCheckInput } from '../record/checks/node/siteLanguageCheck.ts';
import { routeLinkSchemeProblems } from '../record/checks/sourceLinks.ts';
import { readChangelogFiles } from '../record/editions/node/changelogFiles.ts';
import { loadErrata } from '../record/editions/node/errataFiles.ts';
import {
  buildPageIndex,
  translationStateOf,
  type PageIndex,
  type Page,
  type TranslationState,
} from '../record/pages/pageIndex.ts';
import { loadRecordModel } from '../record/model/node/loadRecordModel.ts';
import type { RecordModel } from '../record/model/recordModel.ts';
import type { RegistryCommon, ClientLadder } from '../record/content/contentSchemas.ts';
import { SOURCE_LOCALE, LOCALES, contentChain } from '../record/model/locales.ts';
import { fillTemplate } from '../record/content/inlineText.ts';
import { firstChangedDate, lastChangedDate } from '../record/content/node/gitDates.ts';
import { buildFieldRegistry, type FieldRegistryDocument } from '../record/model/fieldRegistry.ts';
import { SITE_ORIGIN } from '../record/model/locales.ts';
import { loadCheckedRouteRecords, type CheckedRouteRecord } from '../record/machine/node/routeFiles.ts';
import { packageRelease } from '../record/implementations/node/packageRelease.ts';
import type { PackageRelease } from '../record/implementations/packageCommands.ts';
import type { RecordConfig } from '../record/model/recordConfig.ts';
import { loadRecordConfig } from '../record/model/node/recordConfigFile.ts';
import { loadRequirementSources, tracedRequirements } from '../record/requirements/node/requirementFiles.ts';
import type { TracedRequirement } from '../record/requirements/requirementTrace.ts';
import { PAGE_PATHS } from '../record/pages/pagePaths.ts';
import { loadCatalogs } from '../record/content/node/catalogFiles.ts';
import { catalogFindings, catalogPluralText, catalogText, type CatalogText } from '../record/model/textCatalog.ts';
import { englishCatalog } from '../record/model/catalogSource.ts';
import { changeCatalogStrings } from '../record/editions/changeRules.ts';

export interface LocalizedData<T> {
  data: T;
  /** Locale whose file provided the data: the first along the locale's fallback chain that has one. */
  locale: string;
}

export interface SiteContext {
  index: PageIndex;
  model: RecordModel;
  fieldRegistry: FieldRegistryDocument;
  routes: CheckedRouteRecord[];
  /** record.config.json: the licence and the report channel. */
  config: RecordConfig;
  /** Every requirement of the record with the fixtures that test it (content/requirements.json). */
  requirements: TracedRequirement[];
  /** A BCP 14 level as `locale` writes it (DOIT for MUST in fr-fr); the English level where it has no form. */
  levelLabel(locale: string, level: string): string;
  /** Requirement ids no requirement may carry again, with why each was retired. */
  retiredRequirements: Readonly<Record<string, string>>;
  ui(locale: string): (key: string, values?: Record<string, string>) => string;
  registryCommon(locale: string): LocalizedData<RegistryCommon>;
  clientLadder(locale: string): LocalizedData<ClientLadder>;
  lastChanged(page: Page): string | undefined;
  /** When the page's text was first published (its sources' earliest commit), YYYY-MM-DD. */
  firstPublished(page: Page): string | undefined;
  /** Translation states of the shared data files (profile sections, ladder rows), per locale. */
  dataTranslations: {
    folder: 'registry-common' | 'client-ladder';
    file: string;
    states: Record<string, TranslationState>;
  }[];
  /** True when the page's text or a shared data file it shows changed in English after its translation. */
  isStale(page: Page): boolean;
  /** The generated strings (textCatalog.ts) in a locale: each translated, or its English when pending. */
  catalog(locale: string): (key: string, count?: number) => CatalogText;
  /** Translations whose English changed since (shown in English until restamped), one problem each. */
  catalogPending: Problem[];
  /** A locale's glossary page rows (glossaryConcepts.ts): every English concept on the English page. */
  glossary(locale: string): GlossaryRow[];
  /** Translated glossary definitions whose English changed since (shown in English), one problem each. */
  glossaryPending: Problem[];
  /** Interface strings per locale: how many of the English keys the locale translates. */
  uiCoverage: Record<string, { translated: number; total: number }>;
  /**
   * The packed @uaix/uai-1 tarball the site publishes under /tools/ (read when first asked: the
   * build packs it first).
   */
  release(): PackageRelease;
}

/** The content's problems, one line each; the build reports them as its content stage's. */
export class ContentError extends ProblemListError {}

let cached: SiteContext | undefined;
let released: PackageRelease | undefined;

/**
 * The site the build loaded and checked before Astro rendered. Astro renders the pages from its own
 * bundled copy of this module, in the same process; without this hand-over that copy would read,
 * parse and check every content file a second time (about a tenth of rendering at ten times the
 * record). `astro dev` sets it again after each edit of the sources (src/pipeline/recordDev.ts).
 */
const CHECKED_SITE = Symbol.for('uaix.record.checkedSite');
type CheckedSiteSlot = { [CHECKED_SITE]?: SiteContext | Error };

/**
 * Hands the checked site to the renderer's copy of this module (the build calls it once the checks
 * pass). `astro dev` hands over each edit's checked site, or the error its sources have, which
 * every page then shows until the sources are fixed.
 */
export function shareCheckedSite(site: SiteContext | Error): void {
  (globalThis as CheckedSiteSlot)[CHECKED_SITE] = site;
}

function byLocale<T>(files: { locale: string; data: T }[], kind: string): (locale: string) => LocalizedData<T> {
  const map = new Map(files.map((file) => [file.locale, file.data]));
  if (!map.has(SOURCE_LOCALE))
    throw new ContentError({
      file: `content/${kind}/${SOURCE_LOCALE}.json`,
      message: 'missing',
      rule: 'content-layout',
    });
  return (locale) => {
    const from = contentChain(locale).find((code) => map.has(code)) ?? SOURCE_LOCALE;
    return { data: map.get(from)!, locale: from };
  };
}

/** Every content and data file the site reads, each loader with the problems it found. */
interface ContentSources {
  content: ReturnType<typeof loadContentEntries>;
  common: ReturnType<typeof loadRegistryCommon>;
  ladder: ReturnType<typeof loadClientLadder>;
  strings: ReturnType<typeof loadUiStrings>;
  glossaries: ReturnType<typeof loadGlossaries>;
  englishGlossary: ReturnType<typeof loadEnglishGlossary>;
  routes: ReturnType<typeof loadCheckedRouteRecords>;
  requirements: ReturnType<typeof loadRequirementSources>;
}

function readContentSources(): ContentSources {
  const strings = loadUiStrings();
  const content = withEditionPages(loadContentEntries(), strings.files);
  const common = loadRegistryCommon();
  const ladder = loadClientLadder();
  const glossaries = loadGlossaries();
  // Every prose text, the data files' strings included: no upper-case key word may hide in any of them.
  const prose = [
    ...content.prose,
    ...[common, ladder, strings].flatMap((data) => data.files.flatMap((file) => file.prose)),
  ];
  const requirements = loadRequirementSources(prose, common.files);
  return {
    content,
    common,
    ladder,
    strings,
    glossaries,
    englishGlossary: loadEnglishGlossary(),
    routes: loadCheckedRouteRecords(),
    requirements,
  };
}

/** What the language check reads of the sources: every string of prose and the glossaries. */
function languageCheckInput({ content, common, ladder, strings, glossaries }: ContentSources): LanguageCheckInput {
  return {
    prose: [
      ...content.prose,
      ...[common, ladder, strings].flatMap((data) => data.files.flatMap((file) => file.prose)),
      ...readChangelogFiles().prose,
      // The errata translations' text: its own loader checks the files (src/pipeline/errataStages.ts).
      ...loadErrata().prose,
      ...loadCatalogs().prose,
      // The glossaries' translated definitions are prose readers see; the rest of each file is the check's data.
      ...glossaries.files.flatMap((file) => glossaryDefinitionProse(file.prose)),
    ],
    glossaries: glossaries.files.map(({ file, locale, data }) => ({ file, locale, data })),
  };
}

/** The problems each file has on its own, but for the language check's. */
function fileProblemsOf({
  content,
  common,
  ladder,
  strings,
  glossaries,
  englishGlossary,
  routes,
  requirements,
}: ContentSources): Problem[] {
  return [
    ...englishGlossaryProblems(englishGlossary, glossaries),
    ...requirements.problems,
    ...routes.problems,
    // The route records' URL fields; the prose's links are checked with the language check.
    ...routeLinkSchemeProblems(routes.files),
    ...content.problems,
    ...common.problems,
    ...ladder.problems,
    ...strings.problems,
    ...glossaries.problems,
    ...loadCatalogs().problems,
  ];
}

/** The English glossary's problems: missing, unreadable, or a concept it lacks or lists twice. */
function englishGlossaryProblems(
  english: ContentSources['englishGlossary'],
  glossaries: ContentSources['glossaries'],
): Problem[] {
  if (english.problems.length) return english.problems;
  const [file] = english.files;
  if (!file) return [{ file: `content/glossary/${SOURCE_LOCALE}.json`, message: 'missing', rule: 'content-layout' }];
  return glossaryConceptProblems(file, glossaries.files);
}

/** Stops the build with the content problems (the files' own, then the language check's). */
function assertContentClean(fileProblems: readonly Problem[], index: PageIndex): void {
  // Cross-file checks only once every file reads cleanly: a broken English file would otherwise
  // also make its translations look orphaned.
  const problems = fileProblems.length ? fileProblems : index.problems;
  if (problems.length) throw new ContentError(problems);
}

type UiTable = Record<string, string>;

/** The UI string table of each locale and the English one, after checking no locale adds a key English lacks. */
function uiStringTables(strings: ContentSources['strings']): { tables: Map<string, UiTable>; english: UiTable } {
  const tables = new Map(strings.files.map((file) => [file.locale, file.data as UiTable]));
  const english = tables.get(SOURCE_LOCALE);
  if (!english)
    throw new ContentError({ file: `content/i18n/${SOURCE_LOCALE}.json`, message: 'missing', rule: 'content-layout' });
  for (const locale of LOCALES) {
    for (const key of Object.keys(tables.get(locale.code) ?? {})) {
      if (!(key in english))
        throw new ContentError(
          problemAtPointer(
            `content/i18n/${locale.code}.json`,
            jsonPointer([key]),
            `key "${key}" is not in the English strings`,
            'ui-strings',
          ),
        );
    }
  }
  return { tables, english };
}

/** A locale's UI strings, falling back to English key by key. */
function uiTranslator(tables: Map<string, UiTable>, english: UiTable): SiteContext['ui'] {
  return (locale) => {
    const table = tables.get(locale) ?? {};
    return (key, values = {}) => {
      const text = table[key] ?? english[key];
      if (text === undefined)
        throw new ContentError(
          problemAtPointer(
            `content/i18n/${SOURCE_LOCALE}.json`,
            jsonPointer([key]),
            `UI string "${key}" is missing, and a page uses it`,
            'ui-strings',
          ),
        );
      return fillTemplate(text, values);
    };
  };
}

function uiCoverageOf(tables: Map<string, UiTable>, english: UiTable): SiteContext['uiCoverage'] {
  const englishKeys = Object.keys(english);
  return Object.fromEntries(
    LOCALES.map((locale) => [
      locale.code,
      {
        translated: englishKeys.filter((key) => key in (tables.get(locale.code) ?? {})).length,
        total: englishKeys.length,
      },
    ]),
  );
}

/** The translation state of each shared data file (profile sections, ladder rows) in every locale. */
function dataTranslationStates({ common, ladder }: ContentSources): SiteContext['dataTranslations'] {
  const dataFiles = [
    { folder: 'registry-common' as const, files: common.files },
    { folder: 'client-ladder' as const, files: ladder.files },
  ];
  return dataFiles.map(({ folder, files }) => {
    const source = files.find((file) => file.locale === SOURCE_LOCALE)!;
    const byLocaleFile = new Map<string, { source_digest?: string }>(
      files.map((file) => [file.locale, file.data as { source_digest?: string }]),
    );
    return {
      folder,
      file: source.file,
      states: Object.fromEntries(
        LOCALES.map((locale) => [
          locale.code,
          translationStateOf(locale.code, source.fileDigest, byLocaleFile.get(locale.code)),
        ]),
      ),
    };
  });
}

/** Whether a page's text, or the shared data it shows, changed in English after its translation. */
function staleCheck(
  dataTranslations: SiteContext['dataTranslations'],
  registryCommon: SiteContext['registryCommon'],
  clientLadder: SiteContext['clientLadder'],
): SiteContext['isStale'] {
  return (page) => {
    // Profile pages show the shared profile sections; the fallbacks guide shows the ladder rows.
    // A fallback page is stale when the text it shows (another locale's translation) is.
    const shown =
      page.collection === 'registry'
        ? 'registry-common'
        : page.path === PAGE_PATHS.agentFallbacks
          ? 'client-ladder'
          : undefined;
    const data = dataTranslations.find((entry) => entry.folder === shown);
    const dataLocale = data && (data.folder === 'registry-common' ? registryCommon : clientLadder)(page.locale).locale;
    const textState =
      page.state === 'fallback'
        ? translationStateOf(page.entry.locale, page.source.fileDigest, page.entry.data)
        : page.state;
    return textState === 'stale' || (dataLocale !== undefined && data?.states[dataLocale] === 'stale');
  };
}

/** The site context of checked sources. */
function assembleSite(sources: ContentSources, index: PageIndex): SiteContext {
  const ui = uiStringTables(sources.strings);
  const model = loadRecordModel();
  const dataTranslations = dataTranslationStates(sources);
  const registryCommon = byLocale(sources.common.files, 'registry-common');
  const clientLadder = byLocale(sources.ladder.files, 'client-ladder');
  const traced = tracedRequirements(sources.requirements, model);
  if (traced.problems.length) throw new ContentError(traced.problems);
  const catalogs = checkedCatalogs(model, sources.routes.files);
  const englishGlossary = sources.englishGlossary.files[0]!;
  const glossaryOf = new Map(sources.glossaries.files.map((file) => [file.locale, file]));
  return {
    index,
    model,
    fieldRegistry: buildFieldRegistry(model, SITE_ORIGIN),
    routes: sources.routes.files,
    config: loadRecordConfig(),
    requirements: traced.requirements,
    retiredRequirements: sources.requirements.trace?.data.retired ?? {},
    levelLabel: (locale, level) =>
      contentChain(locale)
        .map((code) => sources.requirements.levelForms[code]?.[level])
        .find((form) => form !== undefined) ?? level,
    ui: uiTranslator(ui.tables, ui.english),
    registryCommon,
    clientLadder,
    lastChanged: (page) => lastChangedDate([page.source.file, page.entry.file]),
    firstPublished: (page) => firstChangedDate([page.source.file, page.entry.file]),
    dataTranslations,
    uiCoverage: uiCoverageOf(ui.tables, ui.english),
    release() {
      released ??= packageRelease();
      return released;
    },
    isStale: staleCheck(dataTranslations, registryCommon, clientLadder),
    catalog: (locale) => {
      const catalog = catalogs.byLocale.get(locale);
      // An English page shows the source itself: nothing on it is pending.
      const shown = (key: string, count?: number) =>
        count === undefined
          ? catalogText(catalogs.english, catalog, key)
          : catalogPluralText(catalogs.english, catalog, key, count);
      if (locale === SOURCE_LOCALE) return (key, count) => ({ ...shown(key, count), translated: true });
      return shown;
    },
    catalogPending: catalogs.pending,
    glossary: (locale) => glossaryRows(englishGlossary, glossaryOf.get(locale)),
    glossaryPending: glossaryPending(englishGlossary, sources.glossaries.files),
  };
}

/** The English catalog from its sources, each translated catalog checked against it. */
function checkedCatalogs(model: RecordModel, routes: readonly CheckedRouteRecord[]) {
  const english = englishCatalog(model, routes, changeCatalogStrings());
  const { catalogs } = loadCatalogs();
  const findings = catalogs.map((catalog) => catalogFindings(english, catalog));
  const problems = findings.flatMap((found) => found.problems);
  if (problems.length) throw new ContentError(problems);
  return {
    english,
    byLocale: new Map(catalogs.map((catalog) => [catalog.locale, catalog])),
    pending: findings.flatMap((found) => found.pending),
  };
}

/** The site, loaded and checked once (`astro dev`, and the renderer when no build handed it over). */
export function loadSite(): SiteContext {
  const shared = (globalThis as CheckedSiteSlot)[CHECKED_SITE];
  if (shared instanceof Error) throw shared;
  if (shared) return shared;
  if (cached) return cached;
  const sources = readContentSources();
  const index = buildPageIndex(sources.content.entries);
  assertContentClean([...fileProblemsOf(sources), ...languageProblems(languageCheckInput(sources))], index);
  cached = assembleSite(sources, index);
  return cached;
}

/**
 * The build's load of the site: every content check but the language check runs here and throws a
 * ContentError; `checkLanguage` runs that one aside (the build: on a worker thread, beside Astro's
 * content sync), and `languageProblems` settles with its problems, which the build checks before
 * Astro renders. When another check fails, the language check's problems are awaited and reported
 * with it, as in loadSite.
 */
export async function loadSiteCheckingLanguageAside(
  checkLanguage: (input: LanguageCheckInput) => Promise<Problem[]>,
): Promise<{
  site: SiteContext;
  languageProblems: Promise<Problem[]>;
}> {
  const sources = readContentSources();
  const index = buildPageIndex(sources.content.entries);
  const language = checkLanguage(languageCheckInput(sources));
  // Handled here too, so a build that fails before awaiting it never reports an unhandled rejection.
  language.catch(() => undefined);
  const fileProblems = fileProblemsOf(sources);
  if (fileProblems.length || index.problems.length) assertContentClean([...fileProblems, ...(await language)], index);
  cached = assembleSite(sources, index);
  return { site: cached, languageProblems: language };
}

/** What a page template needs first: the site context and the UI strings of the page's locale. */
export function pageContext(page: { locale: string }): { site: SiteContext; t: ReturnType<SiteContext['ui']> } {
  const site = loadSite();
  return { site, t: site.ui(page.locale) };
}
