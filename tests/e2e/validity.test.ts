/**
 * Validity of what dist/ publishes: every HTML page passes html-validate's recommended preset (the pages
 * spread over worker threads, each page validated once: htmlValidityProblems), every
 * .json file parses, the sitemap XML files are well-formed, and the sitemap lists every HTML page
 * that is its own canonical, except the search pages, exactly once.
 */
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  DIST,
  NOT_FOUND_PAGE,
  SITE_ORIGIN,
  assertBuilt,
  htmlPagePaths,
  isSearchPage,
  pageFile,
  publicPath,
  walkFiles,
} from '../support/paths.ts';
import { sitemapLocs } from '../support/crawl.ts';
import {
  createHtmlValidator,
  formatFinding,
  htmlValidityProblems,
  sitemapCoverageProblems,
  validateHtml,
  xmlWellFormednessProblems,
} from '../support/validity.ts';

let pages: string[];
const list = (lines: string[]) => (lines.length ? `\n  ${lines.join('\n  ')}` : '');

before(() => {
  assertBuilt();
  pages = htmlPagePaths();
});

test('every HTML page passes html-validate (recommended preset), with inline styles only in Shiki code blocks', async () => {
  assert.ok(pages.length >= 100, `only ${pages.length} pages`);
  const problems = await htmlValidityProblems(
    pages.map((page) => ({ path: pageFile(page), label: `dist${page}index.html` })),
  );
  assert.deepEqual(problems, [], `html-validate findings:${list(problems)}`);
});

test('the not-found page passes html-validate too', async () => {
  const html = readFileSync(`${DIST}${NOT_FOUND_PAGE}`, 'utf8');
  const findings = (await validateHtml(createHtmlValidator(), html, `dist${NOT_FOUND_PAGE}`)).map(formatFinding);
  assert.deepEqual(findings, [], `html-validate findings:${list(findings)}`);
});

test('every .json file in dist/ parses (except the invalid fixtures whose expected error is UAI-JSON-PARSE)', () => {
  // The conformance packs (the latest alias's and each edition's, whose URLs point into the edition)
  // name the fixtures that are deliberately not JSON: a reader must reject them with UAI-JSON-PARSE.
  // They are exempt, and they must indeed fail to parse.
  const files = walkFiles(DIST).filter((file) => file.endsWith('.json'));
  const packs = files.filter((file) => publicPath(file).endsWith('/examples/uai-1/conformance.json'));
  assert.ok(
    packs.some((file) => publicPath(file) === '/examples/uai-1/conformance.json'),
    'the conformance pack',
  );
  const notJson = new Set(
    packs.flatMap((file) =>
      (
        JSON.parse(readFileSync(file, 'utf8')) as {
          fixtures: { url: string; verdict: string; expected?: { code?: string } }[];
        }
      ).fixtures
        .filter((fixture) => fixture.verdict === 'invalid' && fixture.expected?.code === 'UAI-JSON-PARSE')
        .map((fixture) => new URL(fixture.url).pathname),
    ),
  );
  assert.ok(files.length >= 150, `only ${files.length} JSON files`);
  const problems: string[] = [];
  for (const file of files) {
    const path = publicPath(file);
    let error: Error | undefined;
    try {
      JSON.parse(readFileSync(file, 'utf8'));
    } catch (caught) {
      error = caught as Error;
    }
    if (notJson.has(path)) {
      if (!error) problems.push(`${path}: the conformance pack expects UAI-JSON-PARSE, but the file parses`);
    } else if (error) problems.push(`${path}: ${error.message}`);
  }
  for (const path of notJson)
    if (!files.some((file) => publicPath(file) === path))
      problems.push(`${path}: listed in the conformance pack, not in dist/`);
  assert.deepEqual(problems, []);
});

test('the sitemap XML files are well-formed and list every HTML page that is its own canonical, except search, exactly once', () => {
  const index = readFileSync(pageFile('/sitemap-index.xml'), 'utf8');
  assert.deepEqual(
    xmlWellFormednessProblems(index).map((problem) => `/sitemap-index.xml ${problem}`),
    [],
  );
  const sitemaps = sitemapLocs(index);
  assert.ok(sitemaps.length >= 1, 'the sitemap index lists no sitemap');
  const locs: string[] = [];
  for (const loc of sitemaps) {
    assert.ok(loc.startsWith(`${SITE_ORIGIN}/`), `${loc} is not on ${SITE_ORIGIN}`);
    const path = new URL(loc).pathname;
    const xml = readFileSync(pageFile(path), 'utf8');
    assert.deepEqual(
      xmlWellFormednessProblems(xml).map((problem) => `${path} ${problem}`),
      [],
    );
    assert.match(xml, /<urlset[\s>]/, `${path} is not a urlset`);
    locs.push(...sitemapLocs(xml));
  }
  // Left out: the search pages (not records), and every page whose canonical names another page
  // (the root language chooser, the es-es fallback pages); every other page once.
  const isOwnCanonical = (page: string) => {
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(readFileSync(pageFile(page), 'utf8'))?.[1];
    return canonical === undefined || canonical === `${SITE_ORIGIN}${page}`;
  };
  const expected = pages.filter((page) => !isSearchPage(page) && isOwnCanonical(page));
  assert.ok(pages.length - expected.length >= 30, 'the es-es fallback pages name another canonical');
  assert.equal(pages.filter(isSearchPage).length, 5, 'one search page per locale');
  assert.deepEqual(sitemapCoverageProblems(locs, expected, SITE_ORIGIN), []);
});
