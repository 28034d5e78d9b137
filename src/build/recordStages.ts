/**
 * The stages of the record's build around Astro's rendering, as named functions in the order the
 * README lists them. `prepareRecord` runs before Astro (sources, package, fixtures and content);
 * `publishRecord` runs on the rendered pages (machine records, mirrors, _headers, llms.txt,
 * Pagefind, manifest, links, publication gates). A stage that finds problems throws a BuildFailure
 * with one line per problem; the integration (recordIntegration.ts) then removes its staging folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { RecordFileError, REPOSITORY_ROOT } from '../uai/node/recordFiles.ts';
import { nodeSha256 } from '../uai/node/nodeValidator.ts';
import { formatFixtureFailure } from '../uai/fixtureCheck.ts';
import { createAjv } from '../uai/schemaCompiler.ts';
import { routeUrls } from '../uai/routeRecord.ts';
import {
  loadSiteCheckingLanguageAside,
  shareCheckedSite,
  ContentError,
  type SiteContext,
} from '../site/siteContext.ts';
import { languageProblemsOnWorker } from '../record/node/languageCheckThread.ts';
import {
  contentSecurityPolicy,
  HEADER_RULES,
  headersFile,
  machineRecordFiles,
  mediaTypeOf,
  withContentSecurityPolicy,
  type PublishedFile,
} from '../record/machineRecords.ts';
import type { BuiltPageMirror } from '../record/pageMirror.ts';
import { analysePages, PAGE_CACHE_DIR } from '../record/node/pageAnalysis.ts';
import { buildSiteManifest, routeMediaTypeProblems } from '../record/siteManifest.ts';
import { renderLlmsTxt, parseLlmsTxt } from '../record/llmsTxt.ts';
import { llmsSections, llmsFullText } from '../record/llmsSections.ts';
import { checkLinks, type LinkSource } from '../record/linkCheck.ts';
import { linkPlaces } from '../record/node/linkPlaces.ts';
import { LOCALES, SITE_ORIGIN, SOURCE_LOCALE } from '../record/locales.ts';
import {
  HEADERS_PATH,
  LLMS_FULL_PATH,
  LLMS_PATH,
  MANIFEST_PATH,
  MANIFEST_SCHEMA_PATH,
  MIRROR_SCHEMA_PATH,
} from '../record/publicPaths.ts';
import type { PackedRelease } from '../record/node/packageRelease.ts';
import { FileTreeError, walkFiles } from '../record/node/walkFiles.ts';
import { copyFileReporting, writeFileReporting } from '../record/node/fileWrites.ts';
import { markStage } from '../record/node/stageTimes.ts';
import { ALLOW_LIST_FILE, RedactionGate, type GateScan } from '../record/node/redactionGate.ts';
import { blockClaims, jsonStrings } from '../record/claimCheck.ts';
import { sourcedClaimProblems, type PublishedClaim } from '../record/claimSources.ts';
import { loadContentProse } from '../record/node/contentFiles.ts';
import { fail } from './buildFailure.ts';
import { PackageBuildError } from './uaiPackage.ts';
import { packPackageOnWorker } from './packageThread.ts';
import { PagefindService } from './pagefindService.ts';
import { checkEditions, publishEditions } from './editionStages.ts';
import { editionState } from '../record/node/editionFiles.ts';
import { editionManifestEntry, withEditionsSection } from '../record/editionRecords.ts';

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
  languageProblems: Promise<string[]>;
  /** The packed package (packPackageOnWorker). */
  release: Promise<PackedRelease>;
}

/** What the stages before Astro found and made, which the stages after it read. */
export interface PreparedRecord extends Omit<StartedRecord, 'languageProblems' | 'release'> {
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

/** 1. Nothing secret or local goes in: the sources are scanned before anything reads them. */
function scanSources(): { redaction: RedactionGate; sourceScan: GateScan } {
  const redaction = new RedactionGate();
  if (redaction.problems.length) fail('redaction allow-list', redaction.problems);
  let sourceScan: GateScan;
  try {
    sourceScan = redaction.scanSources();
  } catch (error) {
    const problem = sourceFileProblem(error);
    if (problem) fail('sources', [problem]);
    throw error;
  }
  if (sourceScan.problems.length) fail(`redaction (${REDACTION_HINT})`, sourceScan.problems);
  return { redaction, sourceScan };
}

/** The one line of a source file the build cannot use (a schema that does not read, a link that loops). */
function sourceFileProblem(error: unknown): string | undefined {
  return error instanceof RecordFileError || error instanceof FileTreeError ? error.message : undefined;
}

/**
 * 1 (continued). The installable package, which the pages print the digest and commands of: its
 * worker starts now, and `finishPreparation` waits for it before Astro renders.
 */
async function packedRelease(release: Promise<PackedRelease>): Promise<PackedRelease> {
  try {
    return await release;
  } catch (error) {
    if (error instanceof PackageBuildError) fail('package', error.message.split('\n'));
    fail('package', [`the package could not be built: ${(error as Error).message}`]);
  }
}

/**
 * 2 and 3. Content (with the route records), then the fixtures, before anything is rendered. The
 * language check alone runs on a worker thread beside Astro's start and content sync, which use one
 * core: `finishPreparation` waits for it (4 s of the content check at fifty times the record, cold).
 */
async function checkContent(): Promise<{ site: SiteContext; languageProblems: Promise<string[]> }> {
  let loaded: Awaited<ReturnType<typeof loadSiteCheckingLanguageAside>>;
  try {
    loaded = await loadSiteCheckingLanguageAside(languageProblemsOnWorker);
  } catch (error) {
    if (error instanceof ContentError) {
      const [heading, ...lines] = error.message.split('\n');
      fail('content', lines.length ? lines : [heading]);
    }
    const problem = sourceFileProblem(error);
    if (problem) fail('content', [problem]);
    throw error;
  }
  const { model } = loaded.site;
  if (!model.fixtureCheck.ok) fail('fixtures', model.fixtureCheck.failures.map(formatFixtureFailure));
  if (!model.routeFixtureCheck.ok) fail('route fixtures', model.routeFixtureCheck.failures.map(formatFixtureFailure));
  shareCheckedSite(loaded.site);
  return loaded;
}

/**
 * Stages 1 to 3, with their stage mark, in astro:config:setup: the package and the language check
 * go on running on worker threads (see `finishPreparation`).
 */
export async function prepareRecord(): Promise<StartedRecord> {
  const { redaction, sourceScan } = scanSources();
  const release = packPackageOnWorker();
  // Handled here too, so a build that fails before awaiting it never reports an unhandled rejection.
  release.catch(() => undefined);
  const { site, languageProblems } = await checkContent();
  checkEditions(site);
  markStage('content checked');
  return { site, redaction, sourceScan, languageProblems, release };
}

/**
 * The end of stages 1 to 3, in astro:build:start (after Astro's content sync, before it bundles and
 * renders): the language check must have passed and the package must be packed.
 */
export async function finishPreparation(started: StartedRecord): Promise<PreparedRecord> {
  let problems: string[];
  try {
    problems = await started.languageProblems;
  } catch (error) {
    fail('content', [`the language check could not run: ${(error as Error).message}`]);
  }
  if (problems.length) fail('content', problems);
  const release = await packedRelease(started.release);
  const { site, redaction, sourceScan } = started;
  const { model, index, routes } = site;
  const summary = `${model.fixtures.length} packet fixtures (${model.profiles.length} profiles) and ${model.routeFixtures.length} route fixtures checked, ${routes.length} route records, content of ${index.pages.length} pages checked`;
  return { site, release, redaction, sourceScan, summary };
}

// ---------------------------------------------------------------------------------------------
// After Astro

/** Writes and reads dist/ by public path (`/a/b.json`). */
class Dist {
  constructor(readonly root: string) {}

  write(path: string, text: string): void {
    const problem = writeFileReporting(join(this.root, path), text);
    if (problem) fail('writing dist/', [problem]);
  }

  copy(file: string, path: string): void {
    const problem = copyFileReporting(file, join(this.root, path));
    if (problem) fail('writing dist/', [problem]);
  }

  publicPathOf(file: string): string {
    return `/${relative(this.root, file).split('\\').join('/')}`;
  }

  /** Every file's public path. */
  paths(): string[] {
    return walkFiles(this.root).map((file) => this.publicPathOf(file));
  }

  /**
   * Every file with its bytes, in walkFiles order, by public path; without entering the top-level
   * folder `skipped` (one that another process may be writing), and reading only the files `known`
   * does not already hold.
   */
  read(options: { skipped?: string; known?: ReadonlyMap<string, Uint8Array> } = {}): PublishedBytes[] {
    const { skipped, known } = options;
    const skippedPath = skipped === undefined ? undefined : join(this.root, skipped);
    return walkFiles(this.root, (folder) => folder === skippedPath).map((file) => {
      const path = this.publicPathOf(file);
      return { path, bytes: known?.get(path) ?? readFileSync(file) };
    });
  }
}

/** A published file's public path and bytes, read once for the manifest's digests and the redaction gate. */
interface PublishedBytes {
  path: string;
  bytes: Uint8Array;
}

/** The published site schemas (mirror, manifest), as files and as compiled validators. */
function siteSchemas() {
  const files = [MIRROR_SCHEMA_PATH, MANIFEST_SCHEMA_PATH].map((path) => ({
    path,
    text: readFileSync(join(REPOSITORY_ROOT, path.slice(1)), 'utf8'),
  }));
  const ajv = createAjv();
  return {
    files,
    validateMirror: ajv.compile(JSON.parse(files[0].text)),
    validateManifest: ajv.compile(JSON.parse(files[1].text)),
  };
}
type SiteSchemas = ReturnType<typeof siteSchemas>;

/** 5. Machine records and the package tarball at /tools/. */
function publishMachineRecords(dist: Dist, prepared: PreparedRecord, schemas: SiteSchemas): PublishedFile[] {
  const { site, release } = prepared;
  const files = machineRecordFiles(site.model, site.fieldRegistry, schemas.files, site.routes);
  for (const file of files) dist.write(file.path, file.text);
  dist.copy(release.file, release.path);
  markStage('machine records');
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
async function publishPageMirrors(dist: Dist, prepared: PreparedRecord, schemas: SiteSchemas): Promise<BuiltPages> {
  const { index } = prepared.site;
  const htmlFiles = walkFiles(dist.root).filter(
    (file) => file.endsWith('/index.html') || file === join(dist.root, 'index.html'),
  );
  const notFound = join(dist.root, '404.html');
  const pageFiles = [...htmlFiles, ...(existsSync(notFound) ? [notFound] : [])];
  const englishBodies = new Map<string, Pick<BuiltPageMirror, 'body'>>();
  let mirrorCount = 0;
  const mirrorProblems: string[] = [];
  const styleAttributes = new Set<string>();
  const analyses = await analysePages(
    pageFiles.map((file) => ({ path: pagePathOf(dist, file), file, withMirror: file !== notFound })),
    PAGE_CACHE_DIR,
    ({ path }, { mirror, styles }) => {
      if (!mirror) return;
      for (const style of styles) styleAttributes.add(style);
      if (!schemas.validateMirror(mirror.json)) {
        for (const error of schemas.validateMirror.errors ?? [])
          mirrorProblems.push(`${path}index.json ${error.instancePath || '(root)'}: ${error.message}`);
      }
      if (index.byUrl.get(path)?.locale === SOURCE_LOCALE) englishBodies.set(path, { body: mirror.body });
      mirrorCount++;
      dist.write(`${path}index.json`, `${JSON.stringify(mirror.json, null, 2)}\n`);
      dist.write(`${path}index.md`, mirror.markdown);
    },
  );
  if (analyses.problems.length) fail('page mirrors', analyses.problems);
  if (mirrorProblems.length) fail('page mirrors', mirrorProblems);
  markStage('mirrors');
  return { htmlFiles, pageFiles, analyses, englishBodies, mirrorCount, styleAttributes };
}

/** A page's path as the page analysis keys it: `/en-us/about/` for its index.html, `/404.html`. */
function pagePathOf(dist: Dist, file: string): string {
  return dist.publicPathOf(file).replace(/index\.html$/, '');
}

/** 6 (continued). _headers, whose CSP allows exactly the style attributes the pages carry. */
function publishHeaders(dist: Dist, pages: BuiltPages): PublishedFile {
  const headers = {
    path: HEADERS_PATH,
    text: headersFile(withContentSecurityPolicy(HEADER_RULES, contentSecurityPolicy(pages.styleAttributes))),
  };
  dist.write(headers.path, headers.text);
  return headers;
}

/** 7. llms.txt (the hand-written head and the generated sections) and llms-full.txt. Returns llms.txt. */
function publishLlmsTxt(dist: Dist, prepared: PreparedRecord, pages: BuiltPages): string {
  const { site, release } = prepared;
  const llms = renderLlmsTxt(
    readFileSync(join(REPOSITORY_ROOT, 'llms.txt'), 'utf8'),
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
    fail('llms.txt', [(error as Error).message]);
  }
  dist.write(LLMS_PATH, llms);
  dist.write(LLMS_FULL_PATH, llmsFullText(site.index, pages.englishBodies));
  markStage('llms.txt');
  return llms;
}

/** Pagefind's output folder in dist/. */
const PAGEFIND_FOLDER = 'pagefind';

/** Requests sent to Pagefind before waiting for its answers: enough to keep it busy, few pages held at once. */
const PAGEFIND_WINDOW = 16;

/**
 * 8. Pagefind's search index of the HTML pages, in dist/pagefind/ (runs beside stage 6). Each HTML
 * file is sent in the order of its path, so the index does not depend on the order in which the
 * filesystem lists a folder (Pagefind numbers pages in the order it gets them); each page's URL is
 * the one Pagefind's own folder walk gives it. The service ends (and is gone) before this settles.
 */
async function indexForSearch(dist: Dist, service: PagefindService): Promise<void> {
  try {
    const created = await service.request({ type: 'NewIndex', config: {} });
    const indexId = created.index_id;
    const pages = walkFiles(dist.root).filter((file) => file.endsWith('.html'));
    const inFlight: Promise<unknown>[] = [];
    for (const file of pages) {
      if (inFlight.length >= PAGEFIND_WINDOW) await inFlight.shift();
      const url = dist.publicPathOf(file).replace(/(^|\/)index\.html$/, '$1');
      const added = service.request({
        type: 'AddFile',
        index_id: indexId,
        url,
        file_contents: readFileSync(file, 'utf8'),
      });
      // Handled here too: when an earlier one fails, the loop stops without awaiting the later ones.
      added.catch(() => undefined);
      inFlight.push(added);
    }
    await Promise.all(inFlight);
    await service.request({ type: 'WriteFiles', index_id: indexId, output_path: join(dist.root, PAGEFIND_FOLDER) });
  } catch (error) {
    fail('pagefind', [(error as Error).message]);
  } finally {
    await service.stop();
  }
}

/**
 * 9. The manifest comes last, so it can list every other published file (`built`: each file of
 * dist/ with its bytes) with its digest; before it, each GET route's content_type must be the media
 * type of the files its path names.
 */
function publishManifest(dist: Dist, prepared: PreparedRecord, schemas: SiteSchemas, built: PublishedBytes[]) {
  const { site, release } = prepared;
  const routeTypeProblems = routeMediaTypeProblems(
    site.routes,
    built.map((file) => file.path),
  );
  if (routeTypeProblems.length) fail('route content types', routeTypeProblems);
  // node:crypto's SHA-256: the core's pure-JavaScript one took most of this stage (0.4 s at 10×).
  const { status, editions } = editionState(site);
  const manifest = buildSiteManifest(site.model, site.index, built, site.routes, release, nodeSha256, {
    edition: editionManifestEntry(status, editions, SOURCE_LOCALE),
  });
  if (!schemas.validateManifest(manifest)) {
    fail(
      'manifest',
      (schemas.validateManifest.errors ?? []).map(
        (error) => `${MANIFEST_PATH} ${error.instancePath || '(root)'}: ${error.message}`,
      ),
    );
  }
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  dist.write(MANIFEST_PATH, text);
  markStage('manifest');
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
  const ids = new Map<string, Set<string>>();
  const links: LinkSource[] = [];
  const duplicateIds: string[] = [];
  for (const file of pages.pageFiles) {
    const path = dist.publicPathOf(file);
    const facts = pages.analyses.results.get(pagePathOf(dist, file))!;
    const pageIds = new Set<string>();
    for (const id of facts.ids) {
      if (pageIds.has(id)) duplicateIds.push(`${path}: the id "${id}" is used twice; anchors must be unique`);
      pageIds.add(id);
    }
    for (const href of facts.links) links.push({ file: path, href });
    ids.set(path, pageIds);
  }
  for (const link of parseLlmsTxt(llms).sections.flatMap((section) => section.links))
    links.push({ file: LLMS_PATH, href: link.url });
  const manifestUrls = JSON.stringify(manifest).match(/https:\/\/uaix\.org\/[^"\s]*/g) ?? [];
  for (const url of manifestUrls) links.push({ file: MANIFEST_PATH, href: url });
  for (const route of site.routes) {
    for (const { url } of routeUrls(route.record)) if (!url.includes('{')) links.push({ file: route.file, href: url });
  }
  // Name the source of a page's links (its content file and line) and report a broken link once, not once per locale.
  const brokenLinks = checkLinks(
    links,
    { has: (path) => allFiles.has(path), idsOf: (path) => ids.get(path) },
    linkPlaces(site.index, dist.root),
  );
  const seenBroken = new Set<string>();
  const linkProblems = [
    ...duplicateIds,
    ...brokenLinks.filter((problem) => {
      // The page's URL in parentheses never holds a parenthesis: excluding "(" too keeps the scan
      // from each " (/xx-xx/" to the next parenthesis, so the search stays linear.
      const key = problem
        .replace(/ \(\/[a-z]{2}-[a-z]{2}\/[^()]*\)/, '')
        .replace(/\/[a-z]{2}-[a-z]{2}\//g, '/<locale>/');
      if (seenBroken.has(key)) return false;
      seenBroken.add(key);
      return true;
    }),
  ];
  if (linkProblems.length) fail('links', linkProblems);
  markStage('link check');
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
  const claims: PublishedClaim[] = [];
  const claimsOf = (file: string, text: string) => claims.push(...blockClaims(text).map((claim) => ({ file, claim })));
  for (const file of pages.pageFiles) {
    const { text } = pages.analyses.results.get(pagePathOf(dist, file))!.claims;
    claimsOf(dist.publicPathOf(file), text);
  }
  claimsOf(LLMS_PATH, published.llms);
  // Machine records, not fixtures: an invalid fixture carries a claim on purpose.
  const fixturePaths = new Set(
    [...site.model.fixtures, ...site.model.routeFixtures].flatMap((fixture) => [fixture.url, fixture.keylessUrl ?? '']),
  );
  const jsonRecords = published.records.filter(
    (record) => mediaTypeOf(record.path).includes('json') && !fixturePaths.has(record.path),
  );
  for (const file of [...jsonRecords, { path: MANIFEST_PATH, text: JSON.stringify(published.manifest) }]) {
    let strings: string[] = [];
    try {
      strings = jsonStrings(JSON.parse(file.text));
    } catch {
      continue;
    }
    claimsOf(file.path, strings.join('\n'));
  }
  // At the source text each claim comes from, once for all the pages it reached.
  const claimLines = sourcedClaimProblems(claims, claims.length ? loadContentProse() : []);
  const claimsSeconds = (performance.now() - claimsStarted) / 1000;
  const publishedScan = published.scan;
  const gateProblems = [...claimLines, ...publishedScan.problems, ...redaction.unusedEntries()];
  if (gateProblems.length) fail(`publication gates (claims and redaction; ${REDACTION_HINT})`, gateProblems);
  markStage('publication gates');
  const scanned = sourceScan.files + publishedScan.files;
  const megabytes = ((sourceScan.bytes + publishedScan.bytes) / 1e6).toFixed(1);
  const gateSeconds = ((sourceScan.milliseconds + publishedScan.milliseconds) / 1000).toFixed(1);
  return `redaction gate scanned ${scanned} files (${sourceScan.files} sources, ${publishedScan.files} published; ${megabytes} MB) in ${gateSeconds} s; claims gate read ${pages.pageFiles.length} pages and the machine records in ${claimsSeconds.toFixed(1)} s`;
}

/** Stages 5 to 11 on the pages Astro rendered into `distRoot`. */
export async function publishRecord(distRoot: string, prepared: PreparedRecord): Promise<PublishedRecord> {
  const dist = new Dist(distRoot);
  const schemas = siteSchemas();
  const records = publishMachineRecords(dist, prepared, schemas);
  // Pagefind indexes the pages in its own process while this one and the analysis workers write the
  // mirrors (it reads only the HTML, which is complete): at fifty times the record, cold, the two
  // stages one after the other took 14 and 8 s. When a stage beside it fails, Pagefind is stopped
  // and gone before the failure goes on, so nothing removes dist/ while it still writes there.
  const pagefind = new PagefindService();
  const searchIndexed = indexForSearch(dist, pagefind);
  searchIndexed.catch(() => undefined);
  let beside: { pages: BuiltPages; llms: string; early: PublishedBytes[]; earlyScan: GateScan };
  try {
    const pages = await publishPageMirrors(dist, prepared, schemas);
    publishEditions(dist.root, prepared.site);
    records.push(publishHeaders(dist, pages));
    const llms = publishLlmsTxt(dist, prepared, pages);
    // While Pagefind may still run (a rebuild whose pages all come from the page cache ends the
    // mirrors long before it): read every file written so far, once, and scan it for the redaction
    // gate. Nothing rewrites these files later; the manifest's digests reuse the bytes.
    const early = dist.read({ skipped: PAGEFIND_FOLDER });
    const earlyScan = prepared.redaction.scanPublished(early);
    beside = { pages, llms, early, earlyScan };
  } catch (error) {
    await pagefind.stop();
    await searchIndexed.catch(() => undefined);
    throw error;
  }
  const { pages, llms, early, earlyScan } = beside;
  markStage('dist read and scanned');
  await searchIndexed;
  markStage('pagefind');
  const earlyBytes = new Map(early.map((file) => [file.path, file.bytes]));
  const built = dist.read({ known: earlyBytes });
  const { manifest, file: manifestFile } = publishManifest(dist, prepared, schemas, built);
  const linkCount = checkEveryLink(dist, prepared, pages, llms, manifest);
  // Then what was written after the first read: Pagefind's files and the manifest.
  const lateScan = prepared.redaction.scanPublished([
    ...built.filter((file) => !earlyBytes.has(file.path)),
    manifestFile,
  ]);
  const scan = {
    problems: [...earlyScan.problems, ...lateScan.problems],
    files: earlyScan.files + lateScan.files,
    bytes: earlyScan.bytes + lateScan.bytes,
    milliseconds: earlyScan.milliseconds + lateScan.milliseconds,
  };
  const gates = runPublicationGates(dist, prepared, pages, { llms, records, manifest, scan });
  // Only a build that succeeded decides what the page cache keeps: the entries of this build's pages.
  pages.analyses.prune();

  const { index, model } = prepared.site;
  const perLocale = LOCALES.map(
    (locale) => `${locale.code} ${index.pages.filter((page) => page.locale === locale.code).length}`,
  ).join(', ');
  const { analyses, htmlFiles, mirrorCount } = pages;
  return {
    summary: [
      `built ${htmlFiles.length} HTML pages (${perLocale}, plus the root), ${mirrorCount * 2} mirrors, ${records.length} machine records; ${analyses.analysed} pages parsed, ${analyses.fromCache} from the page cache`,
      `${model.fixtures.length} fixtures checked at ${model.fixtureCheck.evaluatedAt}; ${linkCount} links checked; ${SITE_ORIGIN}${MANIFEST_PATH} lists ${manifest.files.length} files`,
      gates,
    ],
  };
}
