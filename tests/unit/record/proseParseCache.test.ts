/**
 * The prose checks' parse cache: the runs and URLs it gives are proseRuns' and markdownUrls' own,
 * from one parse of each string; a later build reads them from the file instead of parsing, and the
 * file keeps only the strings the last build read.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { proseRuns } from '../../../src/record/checks/languageCheck.ts';
import { ProseParseCache } from '../../../src/record/checks/node/proseParseCache.ts';
import { markdownUrls } from '../../../src/record/checks/sourceLinks.ts';
import { parseProse } from '../../../src/record/checks/proseParse.ts';
import { readCacheFile, writeCacheFile } from '../../../src/record/node/cacheFile.ts';
import { jsonObject } from '../../../src/record/model/jsonShape.ts';
import { inTempFolder } from '../../support/tempFolder.ts';

/** The cache file's entry (after its digest line). */
function stored(file: string): { code: string; entries: object } {
  const read = readCacheFile<{ code: string; entries: object }>(file, jsonObject);
  assert.ok('value' in read, JSON.stringify(read));
  return read.value;
}

const STRINGS = [
  'Un *paquete* con `code` y [un enlace](/es-us/x/) : fin.',
  '# Título\n\nPárrafo uno.\n\n| a | b |\n| --- | --- |\n| c | d |\n\nhttps://uaix.org/ en texto.',
  'Short string',
];

const withCacheFile = (run: (file: string) => void) =>
  inTempFolder('uaix-prose-parses-', (folder) => run(join(folder, 'prose-parses.json')));

test('the cache gives proseRuns’ runs and markdownUrls’ URLs from one parse; a second build parses nothing', () => {
  withCacheFile((file) => {
    const first = new ProseParseCache(file);
    for (const markdown of STRINGS) {
      assert.deepEqual(first.runsOf(markdown), proseRuns(markdown));
      assert.deepEqual(first.urlsOf(markdown), markdownUrls(markdown));
    }
    // One parse per string for both checks.
    assert.equal(first.parsedCount, STRINGS.length);
    assert.deepEqual(
      first.urlsOf(STRINGS[0]).map(({ url }) => url),
      ['/es-us/x/'],
    );
    first.save();
    const second = new ProseParseCache(file);
    for (const markdown of STRINGS) {
      assert.deepEqual(second.urlsOf(markdown), markdownUrls(markdown));
      assert.deepEqual(second.runsOf(markdown), proseRuns(markdown));
    }
    assert.equal(second.parsedCount, 0);
  });
});

test('one parse gives what proseRuns and markdownUrls give, each parsing for itself', () => {
  for (const markdown of STRINGS)
    assert.deepEqual(parseProse(markdown), { runs: proseRuns(markdown), urls: markdownUrls(markdown) });
});

test('a text that cannot link is not parsed for its URLs', () => {
  withCacheFile((file) => {
    const cache = new ProseParseCache(file);
    assert.deepEqual(cache.urlsOf('Short string'), []);
    assert.equal(cache.parsedCount, 0);
  });
});

test('the file keeps only the strings the last build read, and one from other code is ignored', () => {
  withCacheFile((file) => {
    const first = new ProseParseCache(file);
    STRINGS.forEach((markdown) => first.runsOf(markdown));
    first.save();
    const second = new ProseParseCache(file);
    second.runsOf(STRINGS[0]);
    second.save();
    assert.equal(Object.keys(stored(file).entries).length, 1);

    writeCacheFile(file, { ...stored(file), code: 'another version of languageCheck.ts' });
    const third = new ProseParseCache(file);
    third.runsOf(STRINGS[0]);
    assert.equal(third.parsedCount, 1);

    writeFileSync(file, '{"code": "cut sh');
    assert.equal(new ProseParseCache(file).runsOf(STRINGS[2]).length, 1);
  });
});

test('a damaged file (cut short, null, the wrong shape, altered, no digest) is parsed again and rewritten whole', () => {
  withCacheFile((file) => {
    const good = new ProseParseCache(file);
    STRINGS.forEach((markdown) => good.runsOf(markdown));
    good.save();
    const intact = readFileSync(file);
    const { code, entries } = stored(file);
    const [firstKey] = Object.keys(entries);
    const damages: Record<string, () => void> = {
      'cut short': () => writeFileSync(file, intact.subarray(0, intact.length - 20)),
      null: () => writeCacheFile(file, null),
      'runs of the wrong shape': () =>
        writeCacheFile(file, { code, entries: { [firstKey]: { runs: [{ value: 1 }], urls: [] } } }),
      'URLs missing': () => writeCacheFile(file, { code, entries: { [firstKey]: { runs: [] } } }),
      'a parse a string': () => writeCacheFile(file, { code, entries: { [firstKey]: 'text' } }),
      'altered, still JSON': () =>
        writeFileSync(file, intact.toString('utf8').replace(/"value":"([^"]+)"/, '"value":"$1 changed"')),
      'no digest line': () => writeFileSync(file, JSON.stringify({ code, entries })),
    };
    for (const [damage, apply] of Object.entries(damages)) {
      apply();
      assert.notDeepEqual(readFileSync(file), intact, damage);
      const cache = new ProseParseCache(file);
      for (const markdown of STRINGS) assert.deepEqual(cache.runsOf(markdown), proseRuns(markdown), damage);
      assert.equal(cache.parsedCount, STRINGS.length, `${damage}: every string parsed again`);
      cache.save();
      assert.deepEqual(readFileSync(file), intact, `${damage}: the file is rewritten as a clean build writes it`);
    }
  });
});
