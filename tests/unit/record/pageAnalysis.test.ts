/**
 * The build's page analysis: worker threads give the same results as one thread, a second run with
 * the cache reuses every page and returns the same JSON, a changed page is analysed again, pruning
 * keeps only the entries of the last run, and a page that cannot be analysed is a one-line problem.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analysePages, type PageJob } from '../../../src/record/node/pageAnalysis.ts';
import { analysePage } from '../../../src/record/pageMirror.ts';

const page = (n: number) =>
  `<!doctype html><html lang="en-US"><head><title>T${n}</title><meta name="description" content="D${n}"></head>` +
  `<body><nav><a href="/nav/">nav</a></nav><main id="content"><h1>Page ${n}</h1><h2 id="s${n}">Section</h2>` +
  `<p>Text ${n} <a href="/en-us/p${n + 1}/">next</a> <img src="/i${n}.svg" alt=""></p></main></body></html>`;
// Enough pages for the analysis to start worker threads.
const jobs: PageJob[] = Array.from({ length: 700 }, (_, n) => ({
  path: `/en-us/p${n}/`,
  html: page(n),
  withMirror: true,
}));
const cacheDir = mkdtempSync(join(tmpdir(), 'uaix-page-cache-'));
after(() => rmSync(cacheDir, { recursive: true, force: true }));

test('worker threads and one thread give the same analysis, and the cache gives it back unchanged', async () => {
  const cold = await analysePages(jobs, cacheDir);
  assert.deepEqual(cold.problems, []);
  assert.equal(cold.analysed, jobs.length);
  for (const job of jobs) assert.deepEqual(cold.results.get(job.path), analysePage(job.html, job.path, true), job.path);
  const warm = await analysePages(jobs, cacheDir);
  assert.equal(warm.fromCache, jobs.length);
  assert.equal(warm.analysed, 0);
  assert.equal(JSON.stringify([...warm.results]), JSON.stringify([...cold.results]));
});

test('a changed page is analysed again, and pruning keeps only the entries of the last run', async () => {
  const changed = jobs.map((job, n) => (n === 3 ? { ...job, html: job.html.replace('Text 3', 'Text three') } : job));
  const run = await analysePages(changed, cacheDir);
  assert.equal(run.analysed, 1);
  assert.match(run.results.get('/en-us/p3/')!.mirror!.json.text, /Text three/);
  assert.deepEqual(run.results.get('/en-us/p3/')!.ids, ['content', 's3']);
  assert.deepEqual(run.results.get('/en-us/p3/')!.links, ['/nav/', '/en-us/p4/', '/i3.svg']);
  assert.match(run.results.get('/en-us/p3/')!.claims.text, /^D3\n[\s\S]*Text three/);
  run.prune();
  assert.equal(readdirSync(cacheDir).length, jobs.length);
});

test('a page that cannot be analysed is one problem naming it; a page without mirrors needs no <main>', async () => {
  const run = await analysePages([
    { path: '/en-us/broken/', html: '<p>no main</p>', withMirror: true },
    { path: '/404.html', html: '<p id="x">missing</p>', withMirror: false },
  ]);
  assert.deepEqual(run.problems, ['/en-us/broken/: the page has no <main> element']);
  assert.deepEqual(run.results.get('/404.html'), {
    ids: ['x'],
    links: [],
    styles: [],
    claims: { text: '\nmissing' },
  });
});
