/**
 * Each end-to-end check can fail: the same functions the real tests call (tests/support/) run on
 * small synthetic inputs that must fail, next to a corrected input that must pass, so a check that
 * silently passes everything would be caught here.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { crawl } from '../support/crawl.ts';
import { startStaticServer, type StaticServer } from '../support/staticServer.ts';
import { launchBrowser } from '../support/browser.ts';
import { runAxe } from '../support/a11y.ts';
import {
  createHtmlValidator,
  inlineStylesOutsideShiki,
  sitemapCoverageProblems,
  validateHtml,
  xmlWellFormednessProblems,
} from '../support/validity.ts';
import { checkMainContent } from '../support/mainContent.ts';
import { CONTENT_PAGE_BUDGET, KB, VALIDATOR_PAGE_BUDGET, checkBudget, measurePage } from '../support/budgets.ts';

const temp = mkdtempSync(join(tmpdir(), 'uaix-checks-'));
let browser: Browser | undefined;
let page: Page;

function writeSite(root: string, files: Record<string, string>): string {
  for (const [path, text] of Object.entries(files)) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return root;
}

const doc = (body: string, head = '') =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Synthetic page</title>${head}</head><body>${body}</body></html>`;

const PROSE =
  '<p>UAI-1 is an open message format for auditable AI-to-AI exchange. This paragraph is long enough to count as the real content of a page that a URL-only client can read without running any script at all.</p>';

before(async () => {
  browser = await launchBrowser();
  page = await (await browser.newContext()).newPage();
});

after(async () => {
  await browser?.close();
  rmSync(temp, { recursive: true, force: true });
});

test('crawler: a broken link and a broken #anchor in a two-page site are reported; the fixed site is clean', async () => {
  const site = (broken: boolean) =>
    writeSite(join(temp, broken ? 'broken-site' : 'fixed-site'), {
      'index.html': doc(
        `<main><h1>Home</h1>${PROSE}<p><a href="/b/">B</a> <a href="${broken ? '/missing/' : '/b/'}">next</a> <a href="/b/${broken ? '#nope' : '#here'}">anchor</a></p></main>`,
      ),
      'b/index.html': doc(`<main><h1 id="here">B</h1>${PROSE}<a href="/">home</a></main>`),
    });
  const run = async (root: string) => {
    const server: StaticServer = await startStaticServer(root);
    try {
      return await crawl({ origin: server.origin, seeds: ['/'] });
    } finally {
      await server.close();
    }
  };
  const broken = await run(site(true));
  assert.equal(broken.problems.length, 2, broken.problems.join('\n'));
  assert.ok(
    broken.problems.some((problem) => /\/missing\/ → 404/.test(problem)),
    broken.problems.join('\n'),
  );
  assert.ok(
    broken.problems.some((problem) => /\/b\/#nope .*no element with id "nope"/.test(problem)),
    broken.problems.join('\n'),
  );
  const fixed = await run(site(false));
  assert.deepEqual(fixed.problems, []);
  assert.ok(fixed.resources.has('/b/'));
});

test('crawler: a link that needs a redirect (/b instead of /b/) is reported', async () => {
  const root = writeSite(join(temp, 'redirect-site'), {
    'index.html': doc(`<main><h1>Home</h1>${PROSE}<a href="/b">B</a></main>`),
    'b/index.html': doc(`<main><h1>B</h1>${PROSE}</main>`),
  });
  const server = await startStaticServer(root);
  try {
    const result = await crawl({ origin: server.origin, seeds: ['/'] });
    assert.ok(
      result.problems.some((problem) => /\/b → 301 redirect to \/b\//.test(problem)),
      result.problems.join('\n'),
    );
  } finally {
    await server.close();
  }
});

test('axe: an <img> without alt is a violation; with alt it is not', async () => {
  await page.setContent(
    doc(`<main><h1>Image</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10"></main>`),
  );
  const missing = await runAxe(page, { page: 'synthetic img without alt' });
  assert.ok(
    missing.some((violation) => violation.id === 'image-alt'),
    `violations: ${missing.map((violation) => violation.id).join(', ')}`,
  );
  await page.setContent(
    doc(
      `<main><h1>Image</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10" alt="A dot"></main>`,
    ),
  );
  const fixed = await runAxe(page, { page: 'synthetic img with alt' });
  assert.deepEqual(
    fixed.map((violation) => violation.id),
    [],
  );
});

test('axe: low contrast is a violation', async () => {
  await page.setContent(
    doc(`<main><h1>Contrast</h1><p style="color:#bbb;background:#fff">Pale grey text on white.</p></main>`),
  );
  const violations = await runAxe(page, { page: 'synthetic low contrast' });
  assert.ok(
    violations.some((violation) => violation.id === 'color-contrast'),
    `violations: ${violations.map((violation) => violation.id).join(', ')}`,
  );
});

test('html-validate: <p><div></div></p> and <a><a></a></a> are errors; a valid page has none', async () => {
  const validator = createHtmlValidator();
  const nested = await validateHtml(
    validator,
    doc('<main><h1>Bad</h1><p><div>block in a paragraph</div></p></main>'),
    'p-div.html',
  );
  assert.ok(nested.length > 0, 'a <div> inside <p> passed');
  const links = await validateHtml(
    validator,
    doc('<main><h1>Bad</h1><a href="/x/">outer <a href="/y/">inner</a></a></main>'),
    'a-a.html',
  );
  assert.ok(
    links.some((finding) =>
      /element-permitted-content|element-permitted-parent|close-order|no-implicit-close/.test(finding.ruleId),
    ),
    links.map((finding) => finding.ruleId).join(', '),
  );
  const raw = await validateHtml(validator, doc('<main><h1>Bad</h1><p>a < b & c</p></main>'), 'raw.html');
  assert.ok(
    raw.some((finding) => finding.ruleId === 'no-raw-characters'),
    'a raw < in text passed',
  );
  assert.deepEqual(
    await validateHtml(validator, doc(`<main><h1>Good</h1>${PROSE}<p>a &gt; b</p></main>`), 'good.html'),
    [],
  );
});

test('inline styles: allowed inside a Shiki code block, reported elsewhere', () => {
  const shiki =
    '<pre class="shiki" style="background-color:#fff"><code><span style="color:#24292e">x</span></code></pre>';
  assert.deepEqual(inlineStylesOutsideShiki(doc(`<main>${shiki}</main>`), 'shiki.html'), []);
  assert.equal(
    inlineStylesOutsideShiki(doc(`<main><p style="color:red">styled</p>${shiki}</main>`), 'styled.html').length,
    1,
  );
});

test('main content: an empty <main> filled by a script, or an <h1> outside <main>, is reported', () => {
  const scripted = doc(
    `<main id="app"></main><script>document.getElementById('app').innerHTML = '<h1>Title</h1>${PROSE.replace(/'/g, '')}';</script>`,
  );
  const empty = checkMainContent(scripted, { page: '/scripted/' });
  assert.ok(
    empty.problems.some((problem) => /holds 0 characters/.test(problem)),
    empty.problems.join('\n'),
  );
  assert.ok(
    empty.problems.some((problem) => /no <h1>/.test(problem)),
    empty.problems.join('\n'),
  );
  const outside = checkMainContent(doc(`<header><h1>Title</h1></header><main>${PROSE}</main>`), { page: '/outside/' });
  assert.ok(
    outside.problems.some((problem) => /outside <main>/.test(problem)),
    outside.problems.join('\n'),
  );
  const good = doc(
    `<main><h1>Title</h1>${PROSE}<nav><a href="/">skip me</a></nav><section hidden><p>Shown by a script</p></section></main>`,
  );
  assert.deepEqual(
    checkMainContent(good, { page: '/good/', mirrorText: `Title ${PROSE.replace(/<[^>]+>/g, '')}` }).problems,
    [],
  );
  const differs = checkMainContent(good, { page: '/good/', mirrorText: 'Title Something else' });
  assert.ok(
    differs.problems.some((problem) => /index.json text differs/.test(problem)),
    differs.problems.join('\n'),
  );
});

test('budgets: an over-budget page (HTML, CSS, JS) is reported; the validator engine and a worker count as lazy, not startup', () => {
  const root = writeSite(join(temp, 'budget-site'), {
    'heavy/index.html': doc(
      `<main><h1>Heavy</h1>${'<p>filler text</p>'.repeat(12_000)}</main><script type="module" src="/app.js"></script>`,
      '<link rel="stylesheet" href="/big.css">',
    ),
    'big.css': `/* ${'x'.repeat(25 * KB)} */`,
    'app.js':
      'import "./dep.js"; const engine = () => import("./engine.js"); engine; const worker = () => new Worker(new URL("/worker.js", import.meta.url), { type: "module" }); worker;',
    'dep.js': `export const filler = "${'y'.repeat(12 * KB)}";`,
    'engine.js': `export const big = "${'z'.repeat(50 * KB)}";`,
    'worker.js': `export const big = "${'w'.repeat(50 * KB)}";`,
    'light/index.html': doc(`<main><h1>Light</h1>${PROSE}</main>`, '<link rel="stylesheet" href="/small.css">'),
    'small.css': 'body{color:#000}',
  });
  const heavy = measurePage(root, '/heavy/');
  assert.deepEqual(heavy.scripts, ['/app.js', '/dep.js']);
  assert.deepEqual(heavy.lazy, ['/engine.js', '/worker.js']);
  const contentProblems = checkBudget(heavy, CONTENT_PAGE_BUDGET);
  assert.ok(
    contentProblems.some((problem) => /HTML .* > 150\.0 KB/.test(problem)),
    contentProblems.join('\n'),
  );
  assert.ok(
    contentProblems.some((problem) => /CSS .* > 20\.0 KB/.test(problem)),
    contentProblems.join('\n'),
  );
  assert.ok(
    contentProblems.some((problem) => /startup JS .* > 5\.0 KB/.test(problem)),
    contentProblems.join('\n'),
  );
  assert.ok(checkBudget(heavy, VALIDATOR_PAGE_BUDGET).some((problem) => /startup JS .* > 12\.0 KB/.test(problem)));
  assert.deepEqual(checkBudget(measurePage(root, '/light/'), CONTENT_PAGE_BUDGET), []);
});

test('sitemap and XML checks: malformed XML and a page listed twice or missing are reported', () => {
  const good =
    '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"><url><loc>https://uaix.org/a/?x=1&amp;y=2</loc><xhtml:link rel="alternate" href="https://uaix.org/b/"/></url></urlset>';
  assert.deepEqual(xmlWellFormednessProblems(good), []);
  for (const bad of [
    '<urlset><url><loc>x</loc></urlset>',
    '<urlset><loc>a & b</loc></urlset>',
    '<urlset></urlset><urlset></urlset>',
    '<urlset><xhtml:link href="x"/></urlset>',
    '<urlset a="1" a="2"></urlset>',
    '<urlset><loc>x</loc>',
    ' <?xml version="1.0"?><urlset/>',
  ]) {
    assert.ok(xmlWellFormednessProblems(bad).length > 0, `accepted: ${bad}`);
  }
  const origin = 'https://uaix.org';
  assert.deepEqual(sitemapCoverageProblems([`${origin}/a/`, `${origin}/b/`], ['/a/', '/b/'], origin), []);
  const problems = sitemapCoverageProblems([`${origin}/a/`, `${origin}/a/`, `${origin}/c/`], ['/a/', '/b/'], origin);
  assert.equal(problems.length, 3, problems.join('\n'));
});
