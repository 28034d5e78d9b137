/**
 * The build's page analysis: worker threads give the same results as one thread, each page's full
 * analysis is handed over once, in the order of the pages, and only its facts are kept; a second run
 * with the cache reuses every page and returns the same JSON, a changed page is analysed again,
 * pruning keeps only the entries of the last run, and a page that cannot be analysed is a one-line problem.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analysePages, type PageJob } from '../../../src/record/pages/node/pageAnalysis.ts';
import { analysePage, type PageAnalysis } from '../../../src/record/pages/pageMirror.ts';
import { readCacheFile, writeCacheFile } from '../../../src/record/node/cacheFile.ts';
import { jsonObject } from '../../../src/record/model/jsonShape.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

/** A cache file's entry (after its digest line). */
function cacheEntry<T>(file: string): T {
  const read = readCacheFile<T>(file, jsonObject);
  assert.ok('value' in read, `${file}: ${JSON.stringify(read)}`);
  return read.value;
}

const page = (n: number) =>
  `<!doctype html><html lang="en-US"><head><title>T${n}</title><meta name="description" content="D${n}"></head>` +
  `<body><nav><a href="/nav/">nav</a></nav><main id="content"><h1>Page ${n}</h1><h2 id="s${n}">Section</h2>` +
  `<p>Text ${n} <a href="/en-us/p${n + 1}/">next</a> <img src="/i${n}.svg" alt=""></p></main></body></html>`;
const pagesDir = mkdtempSync(join(tmpdir(), 'uaix-pages-'));
const cacheDir = mkdtempSync(join(tmpdir(), 'uaix-page-cache-'));
after(() => [pagesDir, cacheDir].forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function pageFile(name: string, html: string): string {
  mkdirSync(join(pagesDir, name), { recursive: true });
  writeFileSync(join(pagesDir, name, 'index.html'), html);
  return join(pagesDir, name, 'index.html');
}
// Enough pages for the analysis to start worker threads.
const jobs: PageJob[] = Array.from({ length: 700 }, (_, n) => ({
  path: `/en-us/p${n}/`,
  file: pageFile(`p${n}`, page(n)),
  withMirror: true,
}));

test('worker threads and one thread give the same analysis, handed over in page order; the cache gives it back unchanged', async () => {
  const handed: [string, PageAnalysis][] = [];
  const cold = await analysePages(jobs, cacheDir, (job, analysis) => handed.push([job.path, analysis]));
  assert.deepEqual(cold.problems, []);
  assert.equal(cold.analysed, jobs.length);
  assert.deepEqual(
    handed.map(([path]) => path),
    jobs.map((job) => job.path),
  );
  jobs.forEach((job, n) => {
    const expected = analysePage(page(n), job.path, true);
    assert.deepEqual(handed[n][1], expected, job.path);
    const { mirror, ...facts } = expected;
    assert.ok(mirror);
    assert.deepEqual(cold.results.get(job.path), facts, `${job.path}: only the facts are kept, not the mirrors`);
  });
  const handedWarm: [string, PageAnalysis][] = [];
  const warm = await analysePages(jobs, cacheDir, (job, analysis) => handedWarm.push([job.path, analysis]));
  assert.equal(warm.fromCache, jobs.length);
  assert.equal(warm.analysed, 0);
  assert.equal(JSON.stringify([...warm.results]), JSON.stringify([...cold.results]));
  assert.equal(JSON.stringify(handedWarm), JSON.stringify(handed));
});

test('a changed page is analysed again, and pruning keeps only the entries of the last run', async () => {
  pageFile('p3', page(3).replace('Text 3', 'Text three'));
  const mirrorTexts = new Map<string, string>();
  const run = await analysePages(jobs, cacheDir, (job, analysis) =>
    mirrorTexts.set(job.path, analysis.mirror!.json.text),
  );
  assert.equal(run.analysed, 1);
  assert.match(mirrorTexts.get('/en-us/p3/')!, /Text three/);
  assert.deepEqual(run.results.get('/en-us/p3/')!.ids, ['content', 's3']);
  assert.deepEqual(run.results.get('/en-us/p3/')!.links, ['/nav/', '/en-us/p4/', '/i3.svg']);
  assert.match(run.results.get('/en-us/p3/')!.claims.text, /^D3\n[\s\S]*Text three/);
  run.prune();
  // The index lists exactly this run's pages, and every pack on disk holds one of them: the
  // cold run's packs (one per chunk) and the changed page's.
  const index = cacheEntry<Record<string, string>>(join(cacheDir, 'index.json'));
  assert.equal(Object.keys(index).length, jobs.length);
  const packs = readdirSync(cacheDir).filter((name) => name !== 'index.json');
  assert.deepEqual(new Set(packs), new Set(Object.values(index)));
  assert.equal(packs.length, Math.ceil(jobs.length / 128) + 1);
});

test('a page that cannot be analysed is one problem naming it; a page without mirrors needs no <main>', async () => {
  const run = await analysePages([
    { path: '/en-us/broken/', file: pageFile('broken', '<p>no main</p>'), withMirror: true },
    { path: '/404.html', file: pageFile('404', '<p id="x">missing</p>'), withMirror: false },
  ]);
  assert.deepEqual(run.problems.map(formatProblem), ['/en-us/broken/: the page has no <main> element [page-mirror]']);
  assert.deepEqual(run.results.get('/404.html'), {
    ids: ['x'],
    links: [],
    styles: [],
    claims: { text: '\nmissing' },
    // No <html lang> and no <main>: nothing measured.
    language: { lang: '', total: 0, foreign: 0, unmarked: 0 },
  });
});

test('a damaged cache (index or pack cut short, null, of the wrong shape, altered, missing) costs only time', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'uaix-page-cache-damage-'));
  try {
    const few = jobs.slice(0, 10);
    const handOver = async () => {
      const handed: [string, PageAnalysis][] = [];
      const run = await analysePages(few, dir, (job, analysis) => handed.push([job.path, analysis]));
      run.prune();
      return { run, handed: JSON.stringify(handed), results: JSON.stringify([...run.results]) };
    };
    const clean = await handOver();
    const indexFile = join(dir, 'index.json');
    const packFile = join(dir, Object.values(cacheEntry<Record<string, string>>(indexFile))[0]);
    const [index, pack] = [indexFile, packFile].map((file) => readFileSync(file));
    const packEntry = cacheEntry<Record<string, PageAnalysis>>(packFile);
    const [firstKey] = Object.keys(packEntry);
    const damages: Record<string, () => void> = {
      'index cut short': () => writeFileSync(indexFile, index.subarray(0, index.length - 10)),
      'index null': () => writeCacheFile(indexFile, null),
      'index naming a path outside': () => writeCacheFile(indexFile, { [firstKey]: '../outside.json' }),
      'index without a digest line': () => writeFileSync(indexFile, JSON.stringify(cacheEntry(indexFile))),
      'pack cut short': () => writeFileSync(packFile, pack.subarray(0, pack.length / 2)),
      'pack altered, still JSON': () =>
        writeFileSync(packFile, pack.toString('utf8').replace(/"text":"([^"]*)"/, '"text":"$1 altered"')),
      'pack of the wrong shape': () =>
        writeCacheFile(packFile, { ...packEntry, [firstKey]: { ...packEntry[firstKey], links: 'not a list' } }),
      'pack missing': () => rmSync(packFile),
      'pack without a page the index names': () => writeCacheFile(packFile, { ...packEntry, [firstKey]: undefined }),
    };
    for (const [damage, apply] of Object.entries(damages)) {
      apply();
      const damaged = await handOver();
      assert.deepEqual(damaged.run.problems, [], damage);
      assert.ok(damaged.run.analysed > 0, `${damage}: the damaged entries are analysed again`);
      assert.equal(damaged.handed, clean.handed, `${damage}: the same analyses are handed over`);
      assert.equal(damaged.results, clean.results, damage);
      const healed = await handOver();
      assert.equal(healed.run.fromCache, few.length, `${damage}: the next run finds every page cached`);
      assert.equal(healed.handed, clean.handed, damage);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
