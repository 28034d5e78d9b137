/**
 * The claims gate's findings cache: the findings it gives are blockClaims' own, a later build reads
 * them from the file instead of running the detector, and a damaged file, or one from other code,
 * is read again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { blockClaims } from '../../../src/record/checks/claimCheck.ts';
import { CLAIM_FINDINGS_FILE, claimFindingCache } from '../../../src/record/checks/node/claimFindingCache.ts';
import { writeCacheFile } from '../../../src/record/node/cacheFile.ts';
import { inTempFolder } from '../../support/tempFolder.ts';

const TEXTS = [
  'A page title\nUAIX certifies runtimes.\tUAIX offers hosted imports and automatic sync.',
  'UAI-1 packets name their sender and their evidence.',
  '',
];

const withRoot = (run: (root: string) => void) => inTempFolder('uaix-claims-', run);

test('the cache gives blockClaims’ findings, and a second build reads them without the detector', () => {
  withRoot((root) => {
    const first = claimFindingCache(root);
    for (const text of TEXTS) assert.deepEqual(first.of(text), blockClaims(text));
    assert.ok(blockClaims(TEXTS[0]).length >= 2, 'the planted claims are findings');
    assert.equal(first.computedCount, TEXTS.length);
    first.save();
    const second = claimFindingCache(root);
    for (const text of TEXTS) assert.deepEqual(second.of(text), blockClaims(text));
    assert.equal(second.computedCount, 0);
  });
});

test('a damaged file, or one from other code, is of no use: every text is read again', () => {
  withRoot((root) => {
    const good = claimFindingCache(root);
    TEXTS.forEach((text) => good.of(text));
    good.save();
    const file = join(root, CLAIM_FINDINGS_FILE);
    const intact = readFileSync(file);
    const damages: Record<string, () => void> = {
      'cut short': () => writeFileSync(file, intact.subarray(0, intact.length - 20)),
      'altered, its digest line kept': () =>
        writeFileSync(file, intact.toString('utf8').replace('"offering":"', '"offering":"x')),
      'of the wrong shape': () => writeCacheFile(file, { code: 'x', entries: { a: [{ offering: 1 }] } }),
      'from other code': () => writeCacheFile(file, { code: 'another detector', entries: {} }),
    };
    for (const [name, damage] of Object.entries(damages)) {
      damage();
      const cache = claimFindingCache(root);
      for (const text of TEXTS) assert.deepEqual(cache.of(text), blockClaims(text), name);
      assert.equal(cache.computedCount, TEXTS.length, name);
    }
  });
});
