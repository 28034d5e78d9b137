/**
 * The stages of the record's build around Astro's rendering (buildStages.ts lists them), each a
 * named function here, marked by `passed` as it ends. `prepareRecord` runs before Astro (sources,
 * package, content and fixtures); `publishRecord` runs on the rendered pages (machine records,
 * mirrors, _headers, llms.txt, Pagefind, manifest, links, publication gates). A stage that finds
 * problems throws a BuildFailure with one line per problem; the integration (recordIntegration.ts)
 * then removes its staging folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { RecordFileError, REPOSITORY_ROOT, readProblem, readRecordFile } from '../uai/node/recordFiles.ts';
import { nodeSha256 } from '../uai/node/nodeValidator.ts';
import { fixtureProblem } from '../uai/fixtureCheck.ts';
import {
  loadSiteCheckingLanguageAside,
  shareCheckedSite,
  ContentError,
  type SiteContext,
} from '../site/siteContext.ts';
import { languageProblemsOnWorker } from '../record/checks/node/languageCheckThread.ts';
import {
  contentSecurityPolicy,
  fixtureLinkRules,
  HEADER_RULES,
  headersFile,
  machineRecordFiles,
  withContentSecurityPolicy,
  type PublishedFile,
} from '../record/machine/machineRecords.ts';
import { withMirrorPointer, type BuiltPageMirror } from '../record/pages/pageMirror.ts';
import { analysePages, PAGE_CACHE_DIR } from '../record/pages/node/pageAnalysis.ts';
import {
  baselineDrift,
  LANGUAGE_SHARE_FILE,
  languageShareProblems,
  languageShareReport,
  translatedLocaleOf,
  type PageShare,
} from '../record/checks/languageShareGate.ts';
import { committedShareBaseline, recordMeasuredShares } from '../record/checks/node/languageShareFiles.ts';
import { buildSiteManifest, routeMediaTypeProblems } from '../record/machine/siteManifest.ts';
import { discoveryRecordFiles } from '../record/machine/discoveryRecords.ts';
import { headersFileProblems } from '../record/machine/headersFileCheck.ts';
import { LlmsTxtError, renderLlmsTxt, parseLlmsTxt } from '../record/machine/llmsTxt.ts';
import { llmsSections, llmsFullText } from '../record/machine/llmsSections.ts';
import { checkLinks } from '../record/checks/linkCheck.ts';
import { linkedRecord } from '../record/checks/linkSources.ts';
import { linkPlaces } from '../record/checks/node/linkPlaces.ts';
import { LOCALES, SITE_ORIGIN, SOURCE_LOCALE } from '../record/model/locales.ts';
import {
  API_CATALOG_PATH,
  API_CATALOG_SCHEMA_PATH,
  HEADERS_PATH,
  LLMS_FULL_PATH,
  LLMS_PATH,
  MANIFEST_PATH,
  MANIFEST_SCHEMA_PATH,
  REQUIREMENTS_PATH,
  REQUIREMENTS_SCHEMA_PATH,
  CONFORMANCE_REPORT_SCHEMA_PATH,
  IMPLEMENTATIONS_MATRIX_SCHEMA_PATH,
  MIRROR_SCHEMA_PATH,
  htmlFileUrl,
} from '../record/model/publicPaths.ts';
import type { PackedRelease } from '../record/implementations/node/packageRelease.ts';
import { FileTreeError, walkFiles } from '../record/node/walkFiles.ts';
import { recordInputProblems } from '../record/node/recordInputs.ts';
import { publicAssetProblems } from '../record/checks/publicAssets.ts';
import {
  publicFilePageProblems,
  renderedHtmlFiles,
  replacedPublicFileProblems,
  type PublicFile,
} from '../record/pages/publicFolder.ts';
import { markStage } from './stageTimes.ts';
import {
  ALLOW_LIST_FILE,
  joinScans,
  readingSummary,
  RedactionGate,
  type GateScan,
} from '../record/checks/node/redactionGate.ts';
import { publishedClaims, sourcedClaimProblems } from '../record/checks/claimSources.ts';
import { claimFindingCache } from '../record/checks/node/claimFindingCache.ts';
import { PAGE_BODIES } from '../record/content/node/pageBodyCache.ts';
import { loadContentProse } from '../record/editions/node/sourceProse.ts';
import { fail } from './buildFailure.ts';
import { formatProblem, type Problem } from '../uai/problem.ts';
import { recordSchemaProblems } from '../record/content/node/siteSchemas.ts';
import { schemaSourceProblems } from '../record/checks/node/schemaPatternCheck.ts';
import { passed } from './buildStages.ts';
import { PackageBuildError } from './uaiPackage.ts';
import { packPackageOnWorker } from './packageThread.ts';
import { Dist, type PublishedBytes } from './distFiles.ts';
import { PAGEFIND_FOLDER, SearchIndexFeed } from './searchIndex.ts';
import { checkEditions, publishEditionBundles, publishEditions } from './editionStages.ts';
import { checkChangelog, publishChanges } from './changeStages.ts';
import type { EditionBundle } from '../record/machine/node/editionBundle.ts';
import { checkErrata, publishErrata } from './errataStages.ts';
import { checkImplementations, publishImplementationsMatrix, publishReferenceReport } from './implementationStages.ts';
import { ERRATA_SCHEMA_PATH } from '../record/editions/errata.ts';
import { CHANGELOG_SCHEMA_PATH } from '../record/editions/changelog.ts';
import { EDITION_CHANGES_SCHEMA_PATH } from '../record/editions/editionChanges.ts';
import { editionState } from '../record/machine/node/editionState.ts';
import { editionManifestEntry, withEditionsSection } from '../record/machine/editionRecords.ts';

const REDACTION_HINT = `remove each value, or allow a plainly fake example in ${ALLOW_LIST_FILE} with a reason`;

/**
 * What the stages before Astro started: the checked sources and content, with the package and the
 * language check still running on worker threads beside Astro's start and content sync.
 */
export interface StartedRecord {
  site: SiteContext;
  redaction: RedactionGate;
  sourceScan: GateScan;
  /** The language check's problems (languageProblemsOnWorker). */
  languageProblems: Promise<Problem[]>;
  /** The packed package (packPackageOnWorker). */
  release: Promise<PackedRelease>;
  /** The files of public/ with their bytes, which nothing generated may replace. */
  publicFiles: PublicFileBytes[];
  /** Translated changelog entries whose English changed since: shown in English (checkChangelog). */
  changelogPending: Problem[];
}

type PublicFileBytes = PublicFile & { bytes: Uint8Array };

/** What the stages before Astro found and made, which the stages after it read. */
export interface PreparedRecord extends Omit<StartedRecord, 'languageProblems' | 'release' | 'changelogPending'> {
  release: PackedRelease;
  /** One line for the build's report. */
  summary: string;
}

/** What the build made, for its closing lines. */
export interface PublishedRecord {
  summary: string[];
}

// ---------------------------------------------------------------------------------------------
// Before Astro

/**
 * 1. Only regular files inside the repository go in: every input is walked before anything opens
 * one (a FIFO would block its reader forever), and every entry the walk refuses is reported at once.
 */
function checkFileTree(): void {
  const problems = recordInputProblems();
  if (problems.length) fail('sources', problems);
}

/** 1 (continued). Nothing secret or local goes in: the sources are scanned before anything reads them. */
async function scanSources(): Promise<{ redaction: RedactionGate; sourceScan: GateScan }> {
  const redaction = new RedactionGate();
  if (redaction.problems.length) fail('redaction allow-list', redaction.problems);
  let sourceScan: GateScan;
  try {
    sourceScan = await redaction.scanSources();
  } catch (error) {
    const problems = sourceFileProblems(error);
    if (problems) fail('sources', problems);
    throw error;
  }
  if (sourceScan.problems.length) fail(`redaction (${REDACTION_HINT})`, sourceScan.problems);
  return { redaction, sourceScan };
}

/**
 * 1 (continued). No schema with a `$ref` that does not resolve among the record's schemas, or with
 * a pattern that can backtrack catastrophically, is compiled or run against the fixtures and
 * content (schemaPatternCheck.ts).
 */
async function checkSchemaPatterns(found: Promise<Problem[]>): Promise<void> {
  let problems: Problem[];
  try {
    problems = await found;
  } catch (error) {
    const fileProblems = sourceFileProblems(error);
    if (fileProblems) fail('schemas', fileProblems);
    throw error;
  }
  if (problems.length) fail('schemas', problems);
}

/**
 * The problems of a source file the build cannot use (a schema that does not read, a link that
 * loops); a read the system refused, when its error names the file, as a read problem.
 */
function sourceFileProblems(error: unknown): readonly Problem[] | undefined {
  if (error instanceof RecordFileError || error instanceof FileTreeError) return error.problems;
  const { path, syscall } = error as NodeJS.ErrnoException;
  return typeof path === 'string' && (syscall === 'open' || syscall === 'read')
    ? [readProblem(path, error)]
    : undefined;
}

/**
 * 1 (continued). The installable package, which the pages print the digest and commands of: its
 * worker starts now, and `finishPreparation` waits for it before Astro renders.
 */
async function packedRelease(release: Promise<PackedRelease>): Promise<PackedRelease> {
  try {
    return await release;
  } catch (error) {
    if (error instanceof PackageBuildError) fail('package', error.problems);
    fail('package', [
      { file: 'packages/uai-1', message: `the package could not be built: ${(error as Error).message}` },
    ]);
  }
}

/**
 * 2. Content (with the route records), before anything is rendered. The
 * language check alone runs on a worker thread beside Astro's start and content sync, which use one
 * core: `finishPreparation` waits for it (4 s of the content check at fifty times the record, cold).
 */
async function checkContent(): Promise<{ site: SiteContext; languageProblems: Promise<Problem[]> }> {
  let loaded: Awaited<ReturnType<typeof loadSiteCheckingLanguageAside>>;
  try {
    loaded = await loadSiteCheckingLanguageAside(languageProblemsOnWorker);
  } catch (error) {
    if (error instanceof ContentError) fail('content', error.problems);
    const problems = sourceFileProblems(error);
    if (problems) fail('content', problems);
    throw error;
  }
  return loaded;
}

/** The files of public/, which Astro copies to the same paths in dist/. */
function readPublicFiles(): PublicFileBytes[] {
  const folder = join(REPOSITORY_ROOT, 'public');
  return walkFiles(folder).map((file) => {
    const path = `/${relative(folder, file).split(sep).join('/')}`;
    return { file: `public${path}`, path, bytes: readRecordFile(file) };
  });
}

/**
 * 2 (continued). public/ holds static assets only (an SVG only drawing), and one source per URL: no
 * file of public/ where a page or its mirrors go.
 */
function checkPublicFiles(site: SiteContext): PublicFileBytes[] {
  const files = readPublicFiles();
  // A file refused as no static asset gets that one line, not a second for the URL it would take.
  const refused = publicAssetProblems(files);
  const refusedFiles = new Set(refused.map((problem) => problem.file));
  const assets = files.filter((file) => !refusedFiles.has(file.file));
  const problems = [...refused, ...publicFilePageProblems(assets, site.index)];
  if (problems.length) fail('content', problems);
  return files;
}

/** 3. The fixtures, for packets and for route records (checked as the record model was loaded). */
function checkFixtures({ model }: SiteContext): void {
  if (!model.fixtureCheck.ok) fail('fixtures', model.fixtureCheck.failures.map(fixtureProblem));
  if (!model.routeFixtureCheck.ok) fail('route fixtures', model.routeFixtureCheck.failures.map(fixtureProblem));
}

/**
 * Stages 1 to 3, with their stage mark, in astro:config:setup: the package and the language check
 * go on running on worker threads (see `finishPreparation`).
 */
export async function prepareRecord(): Promise<StartedRecord> {
  checkFileTree();
  // recheck runs in a process of its own: its analysis overlaps the redaction gate's scan.
  const patternProblems = schemaSourceProblems();
  patternProblems.catch(() => undefined);
  const { redaction, sourceScan } = await scanSources();
  // Before the package (which bundles the validators) starts: a refused schema stops the build at once.
  await checkSchemaPatterns(patternProblems);
  const release = packPackageOnWorker();
  // Handled here too, so a build that fails before awaiting it never reports an unhandled rejection.
  release.catch(() => undefined);
  passed('sources');
  const { site, languageProblems } = await checkContent();
  checkEditions(site);
  const changelogPending = checkChangelog(site);
  checkErrata(site);
  checkImplementations(site.requirements);
  const publicFiles = checkPublicFiles(site);
  passed('content');
  checkFixtures(site);
  passed('fixtures');
  shareCheckedSite(site);
  return { site, redaction, sourceScan, languageProblems, release, publicFiles, changelogPending };
}

/**
 * The end of stages 1 to 3, in astro:build:start (after Astro's content sync, before it bundles and
 * renders): the language check must have passed and the package must be packed.
 */
export async function finishPreparation(started: StartedRecord): Promise<PreparedRecord> {
  let problems: Problem[];
  try {
    problems = await started.languageProblems;
  } catch (error) {
    fail('content', [
      {
        file: 'src/record/checks/languageCheck.ts',
        message: `the language check could not run: ${(error as Error).message}`,
      },
    ]);
  }
  if (problems.length) fail('content', problems);
  const release = await packedRelease(started.release);
  const { site, redaction, sourceScan, publicFiles } = started;
  const { model, index, routes } = site;
  // A pending translation (its English changed since) shows the English: said here, not a failure.
  const pendingLines = (problems: readonly Problem[], what: string) =>
    problems.length
      ? `; ${problems.length} ${what} pending, shown in English:\n${problems.map((problem) => `  ${formatProblem(problem)}`).join('\n')}`
      : '';
  const pending =
    pendingLines(site.catalogPending, 'catalog translation(s)') +
    pendingLines(started.changelogPending, 'changelog entry translation(s)') +
    pendingLines(site.glossaryPending, 'glossary definition translation(s)');
  const summary = `${model.fixtures.length} packet fixtures (${model.profiles.length} profiles) and ${model.routeFixtures.length} route fixtures checked, ${routes.length} route records, content of ${index.pages.length} pages checked${pending}`;
  return { site, release, redaction, sourceScan, publicFiles, summary };
}

// ---------------------------------------------------------------------------------------------
// After Astro

/** The published site schemas, as the files the machine records publish. */
function siteSchemas() {
  const files = [
    MIRROR_SCHEMA_PATH,
    MANIFEST_SCHEMA_PATH,
    API_CATALOG_SCHEMA_PATH,
    ERRATA_SCHEMA_PATH,
    REQUIREMENTS_SCHEMA_PATH,
    CONFORMANCE_REPORT_SCHEMA_PATH,
    IMPLEMENTATIONS_MATRIX_SCHEMA_PATH,
    CHANGELOG_SCHEMA_PATH,
    EDITION_CHANGES_SCHEMA_PATH,
  ].map((path) => ({
    path,
    text: readFileSync(join(REPOSITORY_ROOT, path.slice(1)), 'utf8'),
  }));
  return { files };
}
type SiteSchemas = ReturnType<typeof siteSchemas>;

/** Stops the build at `stage` when the generated record at `path` does not match its schema. */
function checkRecordAgainst(files: readonly PublishedFile[], path: string, schemaPath: string, stage: string): void {
  const file = files.find((candidate) => candidate.path === path)!;
  const problems = recordSchemaProblems(path, JSON.parse(file.text), schemaPath);
  if (problems.length) fail(stage, problems);
}

/** 5. Machine records and the package tarball at /tools/. */
function publishMachineRecords(dist: Dist, prepared: PreparedRecord, schemas: SiteSchemas): PublishedFile[] {
  const { site, release } = prepared;
  const files = machineRecordFiles(site.model, site.fieldRegistry, schemas.files, site.routes, {
    requirements: site.requirements,
    retired: site.retiredRequirements,
  });
  files.push(...discoveryRecordFiles(site.model, site.routes, site.config, files));
  checkRecordAgainst(files, API_CATALOG_PATH, API_CATALOG_SCHEMA_PATH, 'api catalog');
  checkRecordAgainst(files, REQUIREMENTS_PATH, REQUIREMENTS_SCHEMA_PATH, 'machine records');
  for (const file of files) dist.write(file.path, file.text);
  dist.copy(release.file, release.path);
  passed('machine records');
  return files;
}

type Analyses = Awaited<ReturnType<typeof analysePages>>;

/** What the page analysis read from the built pages, for the mirrors, the links and the claims. */
interface BuiltPages {
  /** Every index.html page. */
  htmlFiles: string[];
  /** The pages whose links and claims are checked: every index.html and the not-found page. */
  pageFiles: string[];
  analyses: Analyses;
  /** The English pages' mirror bodies, the only part of a mirror kept after it is written (for llms-full.txt). */
  englishBodies: Map<string, Pick<BuiltPageMirror, 'body'>>;
  /** How many pages got mirrors (each an index.json and an index.md). */
  mirrorCount: number;
  /** The style attributes the pages carry (Shiki's colours), allowed one by one by the CSP. */
  styleAttributes: Set<string>;
}

/**
 * 6. Mirrors beside every HTML page, validated against the published mirror schema. Each page is
 * parsed once, on worker threads or not at all when its HTML is unchanged since a previous build:
 * for its mirrors here, and for the link check and the claims gate later. Each page's mirrors are
 * validated and written as its analysis arrives, then dropped. The not-found page has no mirrors,
 * but its links are checked like every page's.
 */
async function publishPageMirrors(dist: Dist, prepared: PreparedRecord): Promise<BuiltPages> {
  const { index } = prepared.site;
  const htmlFiles = walkFiles(dist.root).filter(
    (file) => file.endsWith('/index.html') || file === join(dist.root, 'index.html'),
  );
  const notFound = join(dist.root, '404.html');
  const pageFiles = [...htmlFiles, ...(existsSync(notFound) ? [notFound] : [])];
  const englishBodies = new Map<string, Pick<BuiltPageMirror, 'body'>>();
  let mirrorCount = 0;
  const mirrorProblems: Problem[] = [];
  const styleAttributes = new Set<string>();
  const analyses = await analysePages(
    pageFiles.map((file) => ({ path: pagePathOf(dist, file), file, withMirror: file !== notFound })),
    PAGE_CACHE_DIR,
    ({ path }, { mirror, styles }) => {
      if (!mirror) return;
      for (const style of styles) styleAttributes.add(style);
      mirrorProblems.push(...recordSchemaProblems(`${path}index.json`, mirror.json, MIRROR_SCHEMA_PATH));
      if (index.byUrl.get(path)?.locale === SOURCE_LOCALE) englishBodies.set(path, { body: mirror.body });
      mirrorCount++;
      dist.write(`${path}index.json`, `${JSON.stringify(mirror.json, null, 2)}\n`);
      // The pointer line in the page's language (the analysis, cached by the page's HTML, writes the English).
      const locale = index.byUrl.get(path)?.locale;
      const indexLine = locale ? prepared.site.catalog(locale)('mirror.index_line').text : undefined;
      dist.write(`${path}index.md`, indexLine ? withMirrorPointer(mirror.markdown, indexLine) : mirror.markdown);
    },
  );
  if (analyses.problems.length) fail('page mirrors', analyses.problems);
  if (mirrorProblems.length) fail('page mirrors', mirrorProblems);
  passed('mirrors');
  return { htmlFiles, pageFiles, analyses, englishBodies, mirrorCount, styleAttributes };
}

/**
 * 6 (continued). The language share: no translated page holds English sentences marked as its own
 * language (checks/languageShareGate.ts). Returns the report's lines: per locale, its share of text
 * in another language and its worst pages.
 */
function checkLanguageShare(pages: BuiltPages): string[] {
  const measured = [...pages.analyses.results].flatMap(([path, facts]): PageShare[] => {
    const locale = translatedLocaleOf(path);
    return locale ? [{ path, locale, share: facts.language }] : [];
  });
  recordMeasuredShares(measured);
  const read = committedShareBaseline();
  if ('problem' in read) fail('language share', [read.problem]);
  const problems = languageShareProblems(measured);
  if (problems.length) fail('language share', problems);
  const { unrecorded } = baselineDrift(measured, read.baseline);
  const note = unrecorded.length
    ? [
        `${unrecorded.length} translated page(s) not in ${LANGUAGE_SHARE_FILE} yet (npm run language-share records them)`,
      ]
    : [];
  return [...languageShareReport(measured).map((line) => `language share ${line}`), ...note];
}

/** A page's path as the page analysis keys it: `/en-us/about/` for its index.html, `/404.html`. */
function pagePathOf(dist: Dist, file: string): string {
  return htmlFileUrl(dist.publicPathOf(file));
}

/**
 * 6 (continued). _headers, whose CSP allows exactly the style attributes the pages carry, checked
 * against both hosts' rules for the file (headersFileCheck.ts) before it is written.
 */
function publishHeaders(dist: Dist, prepared: PreparedRecord, pages: BuiltPages): PublishedFile {
  const rules = [...HEADER_RULES, ...fixtureLinkRules(prepared.site.model)];
  const headers = {
    path: HEADERS_PATH,
    text: headersFile(withContentSecurityPolicy(rules, contentSecurityPolicy(pages.styleAttributes))),
  };
  // Both hosts must accept the file and read it alike (the rules' limits and the shared path grammar).
  const problems = headersFileProblems(headers.text);
  if (problems.length) fail('_headers', problems);
  dist.write(headers.path, headers.text);
  return headers;
}

/** 7. llms.txt (the hand-written head and the generated sections) and llms-full.txt. Returns llms.txt. */
function publishLlmsTxt(dist: Dist, prepared: PreparedRecord, pages: BuiltPages): string {
  const { site, release } = prepared;
  let head: string;
  try {
    head = readRecordFile(join(REPOSITORY_ROOT, 'llms.txt')).toString('utf8');
  } catch (error) {
    if (error instanceof RecordFileError) fail('llms.txt', error.problems);
    throw error;
  }
  const llms = renderLlmsTxt(
    head,
    withEditionsSection(
      llmsSections(site.index, site.model, site.routes, release),
      site.index,
      editionState(site).status,
      editionState(site).editions,
      SOURCE_LOCALE,
    ),
  );
  try {
    parseLlmsTxt(llms);
  } catch (error) {
    if (!(error instanceof LlmsTxtError)) throw error;
    fail('llms.txt', [{ file: LLMS_PATH, message: error.message, rule: 'llms-txt' }]);
  }
  dist.write(LLMS_PATH, llms);
  dist.write(LLMS_FULL_PATH, llmsFullText(site.index, pages.englishBodies));
  passed('llms.txt');
  return llms;
}

/**
 * 9. The manifest comes last, so it can list every other published file (`built`: each file of
 * dist/ with its bytes) with its digest; before it, each GET route's content_type must be the media
 * type of the files its path names.
 */
function publishManifest(
  dist: Dist,
  prepared: PreparedRecord,
  built: PublishedBytes[],
  bundles: readonly EditionBundle[],
) {
  const { site, release } = prepared;
  const routeTypeProblems = routeMediaTypeProblems(
    site.routes,
    built.map((file) => file.path),
  );
  if (routeTypeProblems.length) fail('route content types', routeTypeProblems);
  // node:crypto's SHA-256: the core's pure-JavaScript one took most of this stage (0.4 s at 10×).
  const { status, pending, editions } = editionState(site);
  const manifest = buildSiteManifest(site.model, site.index, built, site.routes, release, nodeSha256, {
    edition: editionManifestEntry(status, pending, editions, SOURCE_LOCALE, bundles),
    license: site.config.license,
  });
  const manifestProblems = recordSchemaProblems(MANIFEST_PATH, manifest, MANIFEST_SCHEMA_PATH);
  if (manifestProblems.length) fail('manifest', manifestProblems);
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  dist.write(MANIFEST_PATH, text);
  passed('manifest');
  return { manifest, file: { path: MANIFEST_PATH, bytes: Buffer.from(text) } };
}
type Manifest = ReturnType<typeof publishManifest>['manifest'];

/**
 * 10. Every link and anchor resolves: in every page, llms.txt, the manifest and the route records.
 * Duplicate element ids fail too. Returns the number of links checked.
 */
function checkEveryLink(
  dist: Dist,
  prepared: PreparedRecord,
  pages: BuiltPages,
  llms: string,
  manifest: Manifest,
): number {
  const { site } = prepared;
  const allFiles = new Set(dist.paths());
  const { links, ids, duplicateIds } = linkedRecord(
    pages.pageFiles.map((file) => {
      const facts = pages.analyses.results.get(pagePathOf(dist, file))!;
      return { path: dist.publicPathOf(file), ids: facts.ids, links: facts.links };
    }),
    llms,
    JSON.stringify(manifest),
    site.routes,
  );
  // Name the source of a page's links (its content file and line).
  const brokenLinks = checkLinks(
    links,
    { has: (path) => allFiles.has(path), idsOf: (path) => ids.get(path) },
    linkPlaces(site.index, dist.root),
  );
  const linkProblems = [...duplicateIds, ...brokenLinks];
  if (linkProblems.length) fail('links', linkProblems);
  passed('link check');
  return links.length;
}

/**
 * 11. Publication gates: no page or machine record claims what UAIX does not provide, and nothing
 * secret or local is in any published text file (whatever put it there; `published.scan` is the
 * redaction gate's scan of every file of dist/). Returns the gates' report line.
 */
function runPublicationGates(
  dist: Dist,
  prepared: PreparedRecord,
  pages: BuiltPages,
  published: { llms: string; records: PublishedFile[]; manifest: Manifest; scan: GateScan },
): string {
  const { site, redaction, sourceScan } = prepared;
  const claimsStarted = performance.now();
  const claimCache = claimFindingCache();
  const claims = publishedClaims(
    {
      texts: [
        ...pages.pageFiles.map((file) => ({
          file: dist.publicPathOf(file),
          text: pages.analyses.results.get(pagePathOf(dist, file))!.claims.text,
        })),
        { file: LLMS_PATH, text: published.llms },
      ],
      records: [...published.records, { path: MANIFEST_PATH, text: JSON.stringify(published.manifest) }],
      fixturePaths: new Set(
        [...site.model.fixtures, ...site.model.routeFixtures].flatMap((fixture) => [
          fixture.url,
          fixture.keylessUrl ?? '',
        ]),
      ),
    },
    claimCache.of,
  );
  claimCache.save();
  // At the source text each claim comes from, once for all the pages it reached.
  const claimLines = sourcedClaimProblems(claims, claims.length ? loadContentProse() : []);
  const claimsSeconds = (performance.now() - claimsStarted) / 1000;
  const publishedScan = published.scan;
  const gateProblems = [...claimLines, ...publishedScan.problems, ...redaction.unusedEntries()];
  if (gateProblems.length) fail(`publication gates (claims and redaction; ${REDACTION_HINT})`, gateProblems);
  passed('publication gates');
  const scanned = sourceScan.files + publishedScan.files;
  const megabytes = ((sourceScan.bytes + publishedScan.bytes) / 1e6).toFixed(1);
  const gateSeconds = ((sourceScan.milliseconds + publishedScan.milliseconds) / 1000).toFixed(1);
  const readings = readingSummary(joinScans(sourceScan, publishedScan).readings);
  return `redaction gate scanned ${scanned} files (${sourceScan.files} sources, ${publishedScan.files} published; ${readings}; ${megabytes} MB) in ${gateSeconds} s; claims gate read ${pages.pageFiles.length} pages and the machine records in ${claimsSeconds.toFixed(1)} s`;
}

/** What the stages beside Pagefind publish, and the redaction scan of everything written by then. */
interface PublishedBesideSearch {
  pages: BuiltPages;
  llms: string;
  early: PublishedBytes[];
  earlyScan: GateScan;
  bundles: EditionBundle[];
  /** The language share report's lines. */
  languageShare: string[];
}

/** The stages that run while Pagefind indexes: mirrors, editions, errata, changes, headers, llms.txt. */
async function publishBesideSearch(
  dist: Dist,
  prepared: PreparedRecord,
  records: PublishedFile[],
): Promise<PublishedBesideSearch> {
  const pages = await publishPageMirrors(dist, prepared);
  const languageShare = checkLanguageShare(pages);
  publishEditions(dist, prepared.site);
  const bundles = await publishEditionBundles(dist, prepared.site);
  publishErrata(dist, prepared.site, (url) => {
    const ids = pages.analyses.results.get(url)?.ids;
    return ids ? new Set(ids) : undefined;
  });
  records.push(
    ...publishChanges(prepared.site, prepared.site.config.license, prepared.site.ui, (path, text) =>
      dist.write(path, text),
    ),
  );
  records.push(publishHeaders(dist, prepared, pages));
  const llms = publishLlmsTxt(dist, prepared, pages);
  // While Pagefind may still run (a rebuild whose pages all come from the page cache ends the
  // mirrors long before it): read every file written so far, once, and scan it for the redaction
  // gate. Nothing rewrites these files later; the manifest's digests reuse the bytes.
  const early = dist.read({ skipped: PAGEFIND_FOLDER });
  const earlyScan = await prepared.redaction.scanPublished(early);
  return { pages, llms, early, earlyScan, bundles, languageShare };
}

/** The build's closing lines: what was built, checked and listed. */
function publishedSummary(
  prepared: PreparedRecord,
  pages: BuiltPages,
  counts: {
    records: number;
    links: number;
    manifestFiles: number;
    searchedAsRendered: number;
    written: number;
    linked: number;
  },
  gates: string,
): string[] {
  const { index, model } = prepared.site;
  const perLocale = LOCALES.map(
    (locale) => `${locale.code} ${index.pages.filter((page) => page.locale === locale.code).length}`,
  ).join(', ');
  const { analyses, htmlFiles, mirrorCount } = pages;
  return [
    `built ${htmlFiles.length} HTML pages (${perLocale}, plus the root), ${mirrorCount * 2} mirrors, ${counts.records} machine records; ${analyses.analysed} pages parsed, ${analyses.fromCache} from the page cache; ${counts.searchedAsRendered} of the pages sent to Pagefind as Astro rendered them; ${PAGE_BODIES.parsedCount} page bodies parsed`,
    `${model.fixtures.length} fixtures checked at ${model.fixtureCheck.evaluatedAt}; ${counts.links} links checked; ${SITE_ORIGIN}${MANIFEST_PATH} lists ${counts.manifestFiles} files`,
    `after Astro: ${counts.written} file(s) written, ${counts.linked} linked from the previous build (the same bytes)`,
    gates,
  ];
}

/**
 * Pagefind's index of the pages Astro is about to render into `distRoot` (stage 8, begun before
 * them), fed with the pages as they are rendered (renderedPages.ts) until publishRecord finishes it.
 */
export function startSearchIndex(distRoot: string, prepared: PreparedRecord): SearchIndexFeed {
  return new SearchIndexFeed(distRoot, renderedHtmlFiles(prepared.site.index));
}

/**
 * Stages 5 to 11 on the pages Astro rendered into `distRoot`; `search` has indexed them as they came.
 * `previous`: the output folder the build replaces, whose files the same bytes are linked from.
 */
export async function publishRecord(
  distRoot: string,
  prepared: PreparedRecord,
  search: SearchIndexFeed,
  previous?: string,
): Promise<PublishedRecord> {
  const dist = new Dist(distRoot, previous);
  // Pagefind ends its index in its own process while this one and the analysis workers write the
  // mirrors (it reads only the HTML, which is complete). When a stage fails, Pagefind is stopped and
  // gone before the failure goes on, so nothing removes dist/ while it still writes there.
  const searchIndexed = search.finish(dist);
  searchIndexed.catch(() => undefined);
  let beside: PublishedBesideSearch;
  let records: PublishedFile[];
  try {
    const schemas = siteSchemas();
    records = publishMachineRecords(dist, prepared, schemas);
    const reference = await publishReferenceReport(dist, prepared.site.model, prepared.site.requirements);
    records.push(reference.file);
    records.push(...publishImplementationsMatrix(dist, reference.report, prepared.site.requirements));
    beside = await publishBesideSearch(dist, prepared, records);
  } catch (error) {
    await search.stop();
    await searchIndexed.catch(() => undefined);
    throw error;
  }
  const { pages, llms, early, earlyScan, bundles } = beside;
  // A mark within the stages (not a stage): the scale benchmark shows how long Pagefind runs past it.
  markStage('dist read and scanned');
  await searchIndexed;
  passed('pagefind');
  const earlyBytes = new Map(early.map((file) => [file.path, file.bytes]));
  const built = dist.read({ known: earlyBytes });
  // One source per URL: a stage that wrote over a file of public/ (every writer, Astro's included).
  const replaced = replacedPublicFileProblems(
    prepared.publicFiles,
    new Map(built.map((file) => [file.path, file.bytes])),
  );
  if (replaced.length) fail('one source per URL', replaced);
  const { manifest, file: manifestFile } = publishManifest(dist, prepared, built, bundles);
  const linkCount = checkEveryLink(dist, prepared, pages, llms, manifest);
  // Then what was written after the first read: Pagefind's files and the manifest.
  const lateScan = await prepared.redaction.scanPublished([
    ...built.filter((file) => !earlyBytes.has(file.path)),
    manifestFile,
  ]);
  const scan = joinScans(earlyScan, lateScan);
  const gates = runPublicationGates(dist, prepared, pages, { llms, records, manifest, scan });
  // Every text of the build scanned: the next build scans only the texts that changed.
  prepared.redaction.saveFindings();
  // The page bodies Astro's render read (the layout's PAGE_BODIES is this module's: the build runs
  // the templates on the modules it loaded, nodeLoadedSources.ts).
  PAGE_BODIES.save();
  // Only a build that succeeded decides what the page cache keeps: the entries of this build's pages.
  pages.analyses.prune();

  return {
    summary: publishedSummary(
      prepared,
      pages,
      {
        records: records.length,
        links: linkCount,
        manifestFiles: manifest.files.length,
        searchedAsRendered: search.sentWhileRendering,
        written: dist.written,
        linked: dist.linked.size,
      },
      gates,
    ).concat(beside.languageShare),
  };
}
