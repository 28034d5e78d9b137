/**
 * The language check's parse cache: the runs it gives are proseRuns' own, a later build reads them
 * from the file instead of parsing, and the file keeps only the strings the last build read.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { proseRuns } from '../../../src/record/languageCheck.ts';
import { ProseRunCache } from '../../../src/record/node/proseRunCache.ts';

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
    assert.equal(Object.keys((JSON.parse(readFileSync(file, 'utf8')) as { runs: object }).runs).length, 1);

    const stored = JSON.parse(readFileSync(file, 'utf8')) as { code: string };
    writeFileSync(file, JSON.stringify({ ...stored, code: 'another version of languageCheck.ts' }));
    const third = new ProseRunCache(file);
    third.runsOf(STRINGS[0]);
    assert.equal(third.parsedCount, 1);

    writeFileSync(file, '{"code": "cut sh');
    assert.equal(new ProseRunCache(file).runsOf(STRINGS[2]).length, 1);
  });
});
