/**
 * The redaction gate's findings cache: the findings it gives are findRedactionProblems' own (values
 * included), a later build reads them from the file instead of scanning, the file holds no value,
 * and a damaged file is scanned again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRedactionProblems } from '../../../src/record/checks/redaction.ts';
import {
  REDACTION_FINDINGS_FILE,
  RedactionFindingCache,
} from '../../../src/record/checks/node/redactionFindingCache.ts';
import { writeCacheFile } from '../../../src/record/node/cacheFile.ts';
import { inTempFolder } from '../../support/tempFolder.ts';

const TEXTS = [
  'key AKIAIOSFODNN7EXAMPLE here, and http://127.0.0.1:8080/admin too',
  'nothing to see',
  'a path /home/someone/project/file.ts in a trace',
];

const withRoot = (run: (root: string) => void) => inTempFolder('uaix-findings-', run);

test('the cache gives findRedactionProblems’ findings, and a second build reads them without scanning', () => {
  withRoot((root) => {
    const first = new RedactionFindingCache(root);
    for (const text of TEXTS) assert.deepEqual(first.findingsOf(text), findRedactionProblems(text));
    assert.ok(findRedactionProblems(TEXTS[0]).length >= 2, 'the planted values are findings');
    assert.equal(first.scannedCount, TEXTS.length);
    first.save();
    const file = readFileSync(join(root, REDACTION_FINDINGS_FILE), 'utf8');
    assert.ok(!file.includes('AKIAIOSFODNN7EXAMPLE') && !file.includes('/home/someone'), 'no value in the file');
    const second = new RedactionFindingCache(root);
    for (const text of TEXTS) assert.deepEqual(second.findingsOf(text), findRedactionProblems(text));
    assert.equal(second.scannedCount, 0);
  });
});

test('a damaged file, or one from other code, is of no use: every text is scanned again', () => {
  withRoot((root) => {
    const good = new RedactionFindingCache(root);
    TEXTS.forEach((text) => good.findingsOf(text));
    good.save();
    const file = join(root, REDACTION_FINDINGS_FILE);
    const intact = readFileSync(file);
    const damages: Record<string, () => void> = {
      'cut short': () => writeFileSync(file, intact.subarray(0, intact.length - 20)),
      'altered, its digest line kept': () =>
        writeFileSync(file, intact.toString('utf8').replace('"start":', '"start":1')),
      'of the wrong shape': () => writeCacheFile(file, { code: 'x', texts: { a: [{ rule: 1 }] } }),
      'from other code': () => writeCacheFile(file, { code: 'another scanner', texts: {} }),
    };
    for (const [name, damage] of Object.entries(damages)) {
      damage();
      const cache = new RedactionFindingCache(root);
      for (const text of TEXTS) assert.deepEqual(cache.findingsOf(text), findRedactionProblems(text), name);
      assert.equal(cache.scannedCount, TEXTS.length, name);
    }
  });
});
