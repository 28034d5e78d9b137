/**
 * The language check's parse cache: the runs it gives are proseRuns' own, a later build reads them
 * from the file instead of parsing, and the file keeps only the strings the last build read.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { proseRuns } from '../../../src/record/checks/languageCheck.ts';
import { ProseRunCache } from '../../../src/record/checks/node/proseRunCache.ts';
import { readCacheFile, writeCacheFile } from '../../../src/record/node/cacheFile.ts';
import { jsonObject } from '../../../src/record/model/jsonShape.ts';

/** The cache file's entry (after its digest line). */
function stored(file: string): { code: string; runs: object } {
  const read = readCacheFile<{ code: string; runs: object }>(file, jsonObject);
  assert.ok('value' in read, JSON.stringify(read));
  return read.value;
}

const STRINGS = [
  'Un *paquete* con `code` y [un enlace](/es-us/x/) : fin.',
  '# Título\n\nPárrafo uno.\n\n| a | b |\n| --- | --- |\n| c | d |\n\nhttps://uaix.org/ en texto.',
  'Short string',
];

function withCacheFile(run: (file: string) => void): void {
  const folder = mkdtempSync(join(tmpdir(), 'uaix-prose-runs-'));
  try {
    run(join(folder, 'prose-runs.json'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('the cache gives proseRuns’ runs, and a second build reads them without parsing', () => {
  withCacheFile((file) => {
    const first = new ProseRunCache(file);
    for (const markdown of STRINGS) assert.deepEqual(first.runsOf(markdown), proseRuns(markdown));
    assert.equal(first.parsedCount, STRINGS.length);
    first.save();
    const second = new ProseRunCache(file);
    for (const markdown of STRINGS) assert.deepEqual(second.runsOf(markdown), proseRuns(markdown));
    assert.equal(second.parsedCount, 0);
  });
});

test('the file keeps only the strings the last build read, and one from other code is ignored', () => {
  withCacheFile((file) => {
    const first = new ProseRunCache(file);
    STRINGS.forEach((markdown) => first.runsOf(markdown));
    first.save();
    const second = new ProseRunCache(file);
    second.runsOf(STRINGS[0]);
    second.save();
    assert.equal(Object.keys(stored(file).runs).length, 1);

    writeCacheFile(file, { ...stored(file), code: 'another version of languageCheck.ts' });
    const third = new ProseRunCache(file);
    third.runsOf(STRINGS[0]);
    assert.equal(third.parsedCount, 1);

    writeFileSync(file, '{"code": "cut sh');
    assert.equal(new ProseRunCache(file).runsOf(STRINGS[2]).length, 1);
  });
});

test('a damaged file (cut short, null, the wrong shape, altered, no digest) is parsed again and rewritten whole', () => {
  withCacheFile((file) => {
    const good = new ProseRunCache(file);
    STRINGS.forEach((markdown) => good.runsOf(markdown));
    good.save();
    const intact = readFileSync(file);
    const { code, runs } = stored(file);
    const [firstKey] = Object.keys(runs);
    const damages: Record<string, () => void> = {
      'cut short': () => writeFileSync(file, intact.subarray(0, intact.length - 20)),
      null: () => writeCacheFile(file, null),
      'runs of the wrong shape': () => writeCacheFile(file, { code, runs: { [firstKey]: [{ value: 1 }] } }),
      'runs a string': () => writeCacheFile(file, { code, runs: { [firstKey]: 'text' } }),
      'altered, still JSON': () =>
        writeFileSync(file, intact.toString('utf8').replace(/"value":"([^"]+)"/, '"value":"$1 changed"')),
      'no digest line': () => writeFileSync(file, JSON.stringify({ code, runs })),
    };
    for (const [damage, apply] of Object.entries(damages)) {
      apply();
      assert.notDeepEqual(readFileSync(file), intact, damage);
      const cache = new ProseRunCache(file);
      for (const markdown of STRINGS) assert.deepEqual(cache.runsOf(markdown), proseRuns(markdown), damage);
      assert.equal(cache.parsedCount, STRINGS.length, `${damage}: every string parsed again`);
      cache.save();
      assert.deepEqual(readFileSync(file), intact, `${damage}: the file is rewritten as a clean build writes it`);
    }
  });
});
