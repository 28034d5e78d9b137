/**
 * Issue 21, item 3: a damaged cache never fails a build and never reaches dist/. A copy of the
 * repository starts from the checkout's build (its `.cache/`, every kind filled, and its dist/); each
 * cache kind is damaged (page-cache packs and index, the prose cache, the packed tarball and its
 * record, the released editions' changes, classified changes and bundles, the redaction and claims
 * gates' findings, the page bodies: cut short, `null`, the wrong shape, altered but well-formed)
 * and the next build succeeds with a note naming each damaged file, and a dist/ byte-identical to
 * the checkout's. The cache readers' cases one by one are unit tests
 * (tests/unit/record/pageAnalysis.test.ts, proseParseCache.test.ts, tests/unit/packageCache.test.ts).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { publicPath, walkFiles } from './_support/site.ts';
import { copyRepository, removeCopy, runBuild, type BuildRun } from './_support/tempRepo.ts';
import { readCacheFile, writeCacheFile } from '../../src/record/node/cacheFile.ts';
import { jsonObject } from '../../src/record/model/jsonShape.ts';

let copy: string;
let builtDist = new Map<string, string>();
const damagedRuns: { name: string; run: BuildRun; dist: Map<string, string>; damaged: string[] }[] = [];

/** sha256 of every file of the copy's dist/, by public path. */
function distDigests(): Map<string, string> {
  const root = join(copy, 'dist');
  return new Map(
    walkFiles(root).map((file) => [
      publicPath(file, root),
      createHash('sha256').update(readFileSync(file)).digest('hex'),
    ]),
  );
}

const cacheFile = (...parts: string[]) => join(copy, '.cache', ...parts);
const packs = () =>
  readdirSync(cacheFile('build-pages'))
    .filter((name) => name !== 'index.json')
    .map((name) => join('build-pages', name));
const tarball = () =>
  join(
    'package',
    readdirSync(cacheFile('package')).find((name) => name.endsWith('.tgz'))!,
  );
const cut = (file: string) => {
  const bytes = readFileSync(cacheFile(file));
  writeFileSync(cacheFile(file), bytes.subarray(0, Math.floor(bytes.length / 2)));
};

/**
 * Two rounds of damage, each to every cache kind (a pack cut short is a unit test's: with the index
 * gone, as in the second round, no pack is read); each returns the cache files it damaged.
 */
const ROUNDS: Record<string, () => string[]> = {
  'packs and page bodies altered but well-formed, tarball cut short, prose parses and claim findings of the wrong shape':
    () => {
      // The mirrors' text changed, the JSON still valid and the digest line kept: a pack that, trusted,
      // publishes mirrors that disagree with the HTML.
      for (const pack of packs()) {
        const text = readFileSync(cacheFile(pack), 'utf8');
        writeFileSync(cacheFile(pack), text.replaceAll('UAI-1', 'UAI-9'));
      }
      cut(tarball());
      const prose = readCacheFile<{ code: string; entries: Record<string, unknown> }>(
        cacheFile('prose-parses.json'),
        jsonObject,
      );
      assert.ok('value' in prose);
      const entries = Object.fromEntries(Object.keys(prose.value.entries).map((key) => [key, 'not a parse']));
      writeCacheFile(cacheFile('prose-parses.json'), { code: prose.value.code, entries });
      // The edition pages and the published records both read the changes: one note all the same.
      cut('edition-changes.json');
      const findings = readFileSync(cacheFile('redaction-findings.json'), 'utf8');
      writeFileSync(cacheFile('redaction-findings.json'), findings.replace('"entries":{"', '"entries":{"x'));
      writeCacheFile(cacheFile('claim-findings.json'), { code: 'x', entries: { x: 'no findings list' } });
      // The self-links' labels changed, the digest line kept: trusted, it would publish other pages.
      const bodies = readFileSync(cacheFile('page-bodies.json'), 'utf8');
      writeFileSync(cacheFile('page-bodies.json'), bodies.replaceAll('self-link', 'self-lynk'));
      return [
        ...packs(),
        tarball(),
        'prose-parses.json',
        'edition-changes.json',
        'redaction-findings.json',
        'claim-findings.json',
        'page-bodies.json',
      ];
    },
  'page index null, prose parses, claim findings and page bodies cut short, pack record null': () => {
    writeFileSync(cacheFile('build-pages/index.json'), 'null');
    cut('prose-parses.json');
    writeCacheFile(cacheFile('package/packed.json'), null);
    writeCacheFile(cacheFile('classified-changes.json'), null);
    cut('edition-bundles.json');
    writeCacheFile(cacheFile('redaction-findings.json'), { code: 'x', entries: { x: 'no findings list' } });
    cut('claim-findings.json');
    cut('page-bodies.json');
    return [
      'build-pages/index.json',
      'prose-parses.json',
      'package/packed.json',
      'classified-changes.json',
      'redaction-findings.json',
      'edition-bundles.json',
      'claim-findings.json',
      'page-bodies.json',
    ];
  },
};

before(() => {
  // The checkout's build (cold in a fresh clone, as in CI) filled the caches the copy starts from, and
  // its dist/ is what every build of the copy must write again (determinism.test.ts).
  copy = copyRepository({ withDist: true });
  builtDist = distDigests();
  for (const [name, damage] of Object.entries(ROUNDS)) {
    const damaged = damage();
    const run = runBuild(copy, { timeoutMs: 600_000 });
    damagedRuns.push({ name, run, dist: run.status === 0 ? distDigests() : new Map(), damaged });
    if (run.status !== 0) return;
  }
});
after(() => {
  if (copy) removeCopy(copy);
});

const show = (run: BuildRun) =>
  `exit ${run.status ?? run.signal} after ${run.seconds} s\n${run.stderr}\n${run.stdout.slice(-1500)}`;

test("the copy starts from the checkout's build, with every cache kind filled", () => {
  assert.ok(builtDist.size > 100, `${builtDist.size} files in the copy's dist/`);
  assert.ok(packs().length > 0 && tarball() && readFileSync(cacheFile('prose-parses.json')).length > 0);
  for (const file of [
    'edition-changes.json',
    'classified-changes.json',
    'redaction-findings.json',
    'edition-bundles.json',
    'claim-findings.json',
    'page-bodies.json',
  ])
    assert.ok(readFileSync(cacheFile(file)).length > 0, file);
});

test('after each round of damage the build succeeds, notes each damaged file once, and dist/ is byte-identical', () => {
  assert.equal(damagedRuns.length, Object.keys(ROUNDS).length, 'a round did not run: an earlier build failed');
  for (const { name, run, dist, damaged } of damagedRuns) {
    assert.equal(run.status, 0, `${name}: ${show(run)}`);
    const notes = run.stderr.split('\n').filter((line) => line.startsWith('uaix: note: '));
    for (const file of damaged) {
      const naming = notes.filter((line) => line.startsWith(`uaix: note: .cache/${file} `));
      assert.equal(naming.length, 1, `${name}: one note naming .cache/${file}\n${run.stderr}`);
    }
    const differing = [...new Set([...builtDist.keys(), ...dist.keys()])].filter(
      (path) => builtDist.get(path) !== dist.get(path),
    );
    assert.deepEqual(differing, [], `${name}: files of dist/ that differ from the checkout's build`);
  }
});
