/**
 * `npm run build`: check the fixtures and the content, build the site with Astro, then publish the
 * machine records, write and validate the mirrors and llms.txt, index the site with Pagefind,
 * write the manifest of every file, and check every link. Any failure prints one line per problem, removes dist/ and
 * exits 1: a partial dist/ is never left looking like a build.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { formatFixtureFailure } from '../src/uai/fixtureCheck.ts';
import { createAjv } from '../src/uai/schemaCompiler.ts';
import { loadSite, ContentError } from '../src/site/siteContext.ts';
import { contentSecurityPolicy, HEADER_RULES, headersFile, machineRecordFiles, mediaTypeOf, withContentSecurityPolicy, type PublishedFile } from '../src/record/machineRecords.ts';
import type { BuiltPageMirror } from '../src/record/pageMirror.ts';
import { analysePages, PAGE_CACHE_DIR } from '../src/record/node/pageAnalysis.ts';
import { buildSiteManifest, routeMediaTypeProblems } from '../src/record/siteManifest.ts';
import { renderLlmsTxt, parseLlmsTxt } from '../src/record/llmsTxt.ts';
import { llmsSections, llmsFullText } from '../src/record/llmsSections.ts';
import { checkLinks, type LinkSource } from '../src/record/linkCheck.ts';
import { loadCheckedRouteRecords } from '../src/record/node/routeFiles.ts';
import { routeUrls } from '../src/uai/routeRecord.ts';
import { LOCALES, SITE_ORIGIN, SOURCE_LOCALE } from '../src/record/locales.ts';
import { HEADERS_PATH, LLMS_FULL_PATH, LLMS_PATH, MANIFEST_PATH, MANIFEST_SCHEMA_PATH, MIRROR_SCHEMA_PATH } from '../src/record/publicPaths.ts';
import { walkFiles } from '../src/record/node/walkFiles.ts';
import { markStage } from '../src/record/node/stageTimes.ts';
import { packPackage, PackageBuildError } from './package.ts';
import { ALLOW_LIST_FILE, RedactionGate } from '../src/record/node/redactionGate.ts';
import { claimProblems, jsonStrings } from '../src/record/claimCheck.ts';

const DIST = join(REPOSITORY_ROOT, 'dist');
const started = performance.now();

class BuildFailure extends Error {
  constructor(
    readonly stage: string,
    readonly problems: string[],
  ) {
    super(stage);
  }
}

function fail(stage: string, problems: string[]): never {
  throw new BuildFailure(stage, problems);
}


const REDACTION_HINT = `remove each value, or allow a plainly fake example in ${ALLOW_LIST_FILE} with a reason`;
const REDACTION_STAGE = `redaction (${REDACTION_HINT})`;

function writePublic(path: string, text: string): void {
  const file = join(DIST, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function publicPathOf(file: string): string {
  return `/${relative(DIST, file).split('\\').join('/')}`;
}

/**
 * Moves the previous dist/ (and any left by a build that was killed) aside and deletes it in a child
 * process while Astro builds: deleting the tens of thousands of files of a large build took longer
 * than a warm rebuild's post-render stages, and this way it runs beside Astro's single-threaded work.
 */
function removePreviousBuild(): Promise<void> {
  const cache = join(REPOSITORY_ROOT, '.cache');
  mkdirSync(cache, { recursive: true });
  if (existsSync(DIST)) renameSync(DIST, join(cache, `dist-being-removed-${process.pid}`));
  const aside = readdirSync(cache).filter((name) => name.startsWith('dist-being-removed-')).map((name) => join(cache, name));
  if (!aside.length) return Promise.resolve();
  const removal = spawn(process.execPath, ['-e', 'for (const dir of process.argv.slice(1)) require("node:fs").rmSync(dir, { recursive: true, force: true })', ...aside], { stdio: 'ignore' });
  return new Promise((resolve) => removal.on('close', () => resolve()));
}

async function run(): Promise<void> {
  markStage('build:start');
  // 1. Nothing secret or local goes in: the sources are scanned before anything reads them.
  const redaction = new RedactionGate();
  if (redaction.problems.length) fail('redaction allow-list', redaction.problems);
  const sourceScan = redaction.scanSources();
  if (sourceScan.problems.length) fail(REDACTION_STAGE, sourceScan.problems);

  // The installable package: pages print its digest and commands.
  let release;
  try {
    release = packPackage();
  } catch (error) {
    if (error instanceof PackageBuildError) fail('package', error.message.split('\n'));
    throw error;
  }

  // Fixtures and content, before anything is built.
  let site;
  try {
    site = loadSite();
  } catch (error) {
    if (error instanceof ContentError) fail('content', error.message.split('\n').slice(1).length ? error.message.split('\n').slice(1) : [error.message]);
    throw error;
  }
  const { model, index } = site;
  if (!model.fixtureCheck.ok) fail('fixtures', model.fixtureCheck.failures.map(formatFixtureFailure));
  if (!model.routeFixtureCheck.ok) fail('route fixtures', model.routeFixtureCheck.failures.map(formatFixtureFailure));
  const routes = loadCheckedRouteRecords();
  if (routes.problems.length) fail('route records', routes.problems);
  console.log(`uaix: ${model.fixtures.length} packet fixtures (${model.profiles.length} profiles) and ${model.routeFixtures.length} route fixtures checked, ${routes.files.length} route records, content of ${index.pages.length} pages checked`);

  markStage('content checked');

  // 2. Astro renders the HTML pages.
  const previousBuildRemoved = removePreviousBuild();
  const astro = spawnSync(process.execPath, [join(REPOSITORY_ROOT, 'node_modules/astro/astro.js'), 'build', '--silent'], {
    cwd: REPOSITORY_ROOT,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (astro.status !== 0) fail('astro build', [`astro build exited with ${astro.status ?? astro.signal}`]);

  markStage('astro build exited');

  // 3. Machine records.
  const siteSchemas = [MIRROR_SCHEMA_PATH, MANIFEST_SCHEMA_PATH].map((path) => ({ path, text: readFileSync(join(REPOSITORY_ROOT, path.slice(1)), 'utf8') }));
  const files: PublishedFile[] = machineRecordFiles(model, site.fieldRegistry, siteSchemas, routes.files);
  for (const file of files) writePublic(file.path, file.text);
  mkdirSync(join(DIST, dirname(release.path)), { recursive: true });
  copyFileSync(release.file, join(DIST, release.path));
  markStage('machine records');

  // 4. Mirrors beside every HTML page, validated against the published mirror schema.
  const ajv = createAjv();
  const mirrorSchema = JSON.parse(siteSchemas[0].text);
  const manifestSchema = JSON.parse(siteSchemas[1].text);
  const validateMirror = ajv.compile(mirrorSchema);
  const validateManifest = ajv.compile(manifestSchema);
  const htmlFiles = walkFiles(DIST).filter((file) => file.endsWith('/index.html') || file === join(DIST, 'index.html'));
  // Each page is parsed once, on worker threads or not at all when its HTML is unchanged since a
  // previous build: for its mirrors here, and for the link check after Pagefind. The not-found
  // page has no mirrors, but its links are checked like every page's.
  const notFound = join(DIST, '404.html');
  const pageFiles = [...htmlFiles, ...(existsSync(notFound) ? [notFound] : [])];
  const mirrors = new Map<string, Pick<BuiltPageMirror, 'body'>>();
  let mirrorCount = 0;
  const mirrorProblems: string[] = [];
  // The style attributes the pages carry (Shiki's colours), allowed one by one by the CSP.
  const styleAttributes = new Set<string>();
  // Each page's mirrors are validated and written as its analysis arrives, then dropped; only the
  // English bodies are kept, for llms-full.txt.
  const analyses = await analysePages(
    pageFiles.map((file) => ({ path: publicPathOf(file).replace(/index\.html$/, ''), file, withMirror: file !== notFound })),
    PAGE_CACHE_DIR,
    ({ path }, { mirror, styles }) => {
      if (!mirror) return;
      for (const style of styles) styleAttributes.add(style);
      if (!validateMirror(mirror.json)) {
        for (const error of validateMirror.errors ?? []) mirrorProblems.push(`${path}index.json ${error.instancePath || '(root)'}: ${error.message}`);
      }
      if (index.byUrl.get(path)?.locale === SOURCE_LOCALE) mirrors.set(path, { body: mirror.body });
      mirrorCount++;
      writePublic(`${path}index.json`, `${JSON.stringify(mirror.json, null, 2)}\n`);
      writePublic(`${path}index.md`, mirror.markdown);
    },
  );
  if (analyses.problems.length) fail('page mirrors', analyses.problems);
  if (mirrorProblems.length) fail('page mirrors', mirrorProblems);
  markStage('mirrors');
  const headers: PublishedFile = { path: HEADERS_PATH, text: headersFile(withContentSecurityPolicy(HEADER_RULES, contentSecurityPolicy(styleAttributes))) };
  writePublic(headers.path, headers.text);
  files.push(headers);

  // 5. llms.txt and llms-full.txt.
  const llms = renderLlmsTxt(readFileSync(join(REPOSITORY_ROOT, 'llms.txt'), 'utf8'), llmsSections(index, model, routes.files, release));
  try {
    parseLlmsTxt(llms);
  } catch (error) {
    fail('llms.txt', [(error as Error).message]);
  }
  writePublic(LLMS_PATH, llms);
  const full = llmsFullText(index, mirrors);
  writePublic(LLMS_FULL_PATH, full);
  markStage('llms.txt');

  // 6. Search index.
  const pagefind = spawnSync(process.execPath, [join(REPOSITORY_ROOT, 'node_modules/pagefind/lib/runner/bin.cjs'), '--site', DIST, '--silent'], { cwd: REPOSITORY_ROOT, stdio: 'inherit' });
  if (pagefind.status !== 0) fail('pagefind', [`pagefind exited with ${pagefind.status ?? pagefind.signal}`]);
  markStage('pagefind');

  // The manifest comes last, so it can list every other published file with its digest.
  const built = walkFiles(DIST).map((file) => ({ path: publicPathOf(file), bytes: new Uint8Array(readFileSync(file)) }));
  const routeTypeProblems = routeMediaTypeProblems(routes.files, built.map((file) => file.path));
  if (routeTypeProblems.length) fail('route content types', routeTypeProblems);
  const manifest = buildSiteManifest(model, index, built, routes.files, release);
  if (!validateManifest(manifest)) fail('manifest', (validateManifest.errors ?? []).map((error) => `${MANIFEST_PATH} ${error.instancePath || '(root)'}: ${error.message}`));
  writePublic(MANIFEST_PATH, `${JSON.stringify(manifest, null, 2)}\n`);
  markStage('manifest');

  // 7. Every link and anchor resolves.
  const allFiles = new Set(walkFiles(DIST).map(publicPathOf));
  const ids = new Map<string, Set<string>>();
  const links: LinkSource[] = [];
  const duplicateIds: string[] = [];
  for (const file of pageFiles) {
    const path = publicPathOf(file);
    const facts = analyses.results.get(path.replace(/index\.html$/, ''))!;
    const pageIds = new Set<string>();
    for (const id of facts.ids) {
      if (pageIds.has(id)) duplicateIds.push(`${path}: the id "${id}" is used twice; anchors must be unique`);
      pageIds.add(id);
    }
    for (const href of facts.links) links.push({ file: path, href });
    ids.set(path, pageIds);
  }
  for (const link of parseLlmsTxt(llms).sections.flatMap((section) => section.links)) links.push({ file: LLMS_PATH, href: link.url });
  const manifestUrls = JSON.stringify(manifest).match(/https:\/\/uaix\.org\/[^"\s]*/g) ?? [];
  for (const url of manifestUrls) links.push({ file: MANIFEST_PATH, href: url });
  for (const route of routes.files) {
    for (const { url } of routeUrls(route.record)) if (!url.includes('{')) links.push({ file: route.file, href: url });
  }
  // Name the source of a page's links (its content file) and report a broken link once, not once per locale.
  const sourceOf = (path: string) => {
    const page = index.byUrl.get(path.replace(/index\.html$/, ''));
    return page ? `${page.entry.file} (${page.url})` : path;
  };
  const brokenLinks = checkLinks(
    links.map((link) => (link.file.endsWith('.html') ? { ...link, label: sourceOf(link.file) } : link)),
    { has: (path) => allFiles.has(path), idsOf: (path) => ids.get(path) },
  );
  const seenBroken = new Set<string>();
  const linkProblems = [
    ...duplicateIds,
    ...brokenLinks.filter((problem) => {
      const key = problem.replace(/ \(\/[a-z]{2}-[a-z]{2}\/[^)]*\)/, '').replace(/\/[a-z]{2}-[a-z]{2}\//g, '/<locale>/');
      if (seenBroken.has(key)) return false;
      seenBroken.add(key);
      return true;
    }),
  ];
  if (linkProblems.length) fail('links', linkProblems);
  markStage('link check');

  // 8. Publication gates: no page or machine record claims what UAIX does not provide, and
  // nothing secret or local is in any published text file (whatever put it there).
  const claimsStarted = performance.now();
  const claims: string[] = [];
  for (const file of pageFiles) {
    const { text } = analyses.results.get(publicPathOf(file).replace(/index\.html$/, ''))!.claims;
    claims.push(...claimProblems(publicPathOf(file), text));
  }
  claims.push(...claimProblems(LLMS_PATH, llms));
  // Machine records, not fixtures: an invalid fixture carries a claim on purpose.
  const fixturePaths = new Set([...model.fixtures, ...model.routeFixtures].flatMap((fixture) => [fixture.url, fixture.keylessUrl ?? '']));
  for (const file of [...files.filter((record) => mediaTypeOf(record.path).includes('json') && !fixturePaths.has(record.path)), { path: MANIFEST_PATH, text: JSON.stringify(manifest) }]) {
    let strings: string[] = [];
    try {
      strings = jsonStrings(JSON.parse(file.text));
    } catch {
      continue;
    }
    claims.push(...claimProblems(file.path, strings.join('\n')));
  }
  const claimsSeconds = (performance.now() - claimsStarted) / 1000;
  const publishedScan = redaction.scanPublished(DIST);
  const gateProblems = [...claims, ...publishedScan.problems, ...redaction.unusedEntries()];
  if (gateProblems.length) fail(`publication gates (claims and redaction; ${REDACTION_HINT})`, gateProblems);
  markStage('publication gates');
  // Only a build that succeeded decides what the page cache keeps: the entries of this build's pages.
  analyses.prune();
  await previousBuildRemoved;

  // Summary.
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const perLocale = LOCALES.map((locale) => `${locale.code} ${index.pages.filter((page) => page.locale === locale.code).length}`).join(', ');
  console.log(`uaix: built ${htmlFiles.length} HTML pages (${perLocale}, plus the root), ${mirrorCount * 2} mirrors, ${files.length} machine records; ${analyses.analysed} pages parsed, ${analyses.fromCache} from the page cache`);
  console.log(`uaix: ${model.fixtures.length} fixtures checked at ${model.fixtureCheck.evaluatedAt}; ${links.length} links checked; ${SITE_ORIGIN}${MANIFEST_PATH} lists ${manifest.files.length} files`);
  const scanned = sourceScan.files + publishedScan.files;
  const megabytes = ((sourceScan.bytes + publishedScan.bytes) / 1e6).toFixed(1);
  console.log(`uaix: redaction gate scanned ${scanned} files (${sourceScan.files} sources, ${publishedScan.files} published; ${megabytes} MB) in ${((sourceScan.milliseconds + publishedScan.milliseconds) / 1000).toFixed(1)} s; claims gate read ${pageFiles.length} pages and the machine records in ${claimsSeconds.toFixed(1)} s`);
  console.log(`uaix: done in ${seconds} s`);
}

try {
  await run();
} catch (error) {
  if (existsSync(DIST)) rmSync(DIST, { recursive: true, force: true });
  if (error instanceof BuildFailure) {
    console.error(`uaix: build failed at ${error.stage} (${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}); dist/ removed`);
    for (const problem of error.problems) console.error(`  ${problem}`);
  } else {
    console.error(`uaix: build failed: ${(error as Error).message}`);
  }
  process.exitCode = 1;
}
