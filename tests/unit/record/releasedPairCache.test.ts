/**
 * The cache of what the build computes from two consecutive released editions: a result is computed
 * once for the same bytes, computed again when a byte of either edition changes, the file keeps
 * only the pairs of the last build, and a damaged file is computed again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import {
  releasedPairCacheFile,
  releasedPairResults,
  type ReleasedEdition,
} from '../../../src/record/editions/node/releasedPairCache.ts';
import { readCacheFile } from '../../../src/record/node/cacheFile.ts';
import { jsonObject, objectOf, string } from '../../../src/record/model/jsonShape.ts';
import type { EditionIndex } from '../../../src/record/editions/editions.ts';
import { inTempFolder } from '../../support/tempFolder.ts';

const encoder = new TextEncoder();

function edition(id: string, text: string): ReleasedEdition {
  return {
    folder: id,
    index: { id, files: { 'a.md': id } } as unknown as EditionIndex,
    files: new Map([['a.md', encoder.encode(text)]]),
  };
}

const SHAPE = objectOf({ from: string, to: string });

const withRoot = (run: (root: string) => void) => inTempFolder('uaix-pairs-', run);

test('each pair is computed once for the same bytes, again when a byte changes, and the file keeps the last pairs', () => {
  withRoot((root) => {
    const computed: string[] = [];
    const compare = (previous: ReleasedEdition, next: ReleasedEdition) => {
      computed.push(next.folder);
      const text = (edition: ReleasedEdition) => new TextDecoder().decode(edition.files.get('a.md'));
      return { from: text(previous), to: text(next) };
    };
    const editions = [edition('2026-01-01', 'one'), edition('2026-02-01', 'two'), edition('2026-03-01', 'three')];
    const first = releasedPairResults('pairs', editions, compare, SHAPE, root);
    assert.deepEqual(
      first.map(({ edition, result }) => [edition.folder, result]),
      [
        ['2026-02-01', { from: 'one', to: 'two' }],
        ['2026-03-01', { from: 'two', to: 'three' }],
      ],
    );
    assert.deepEqual(computed, ['2026-02-01', '2026-03-01']);
    const again = releasedPairResults('pairs', editions, compare, SHAPE, root);
    assert.deepEqual(again, first);
    assert.deepEqual(computed, ['2026-02-01', '2026-03-01'], 'nothing computed again');
    const changed = [editions[0], editions[1], edition('2026-03-01', 'three, amended')];
    const third = releasedPairResults('pairs', changed, compare, SHAPE, root);
    assert.deepEqual(third[1].result, { from: 'two', to: 'three, amended' });
    assert.deepEqual(computed.slice(2), ['2026-03-01'], 'only the pair whose bytes changed');
    const read = readCacheFile<{ entries: object }>(releasedPairCacheFile('pairs', root), jsonObject);
    assert.ok('value' in read);
    assert.equal(Object.keys(read.value.entries).length, 2, 'the pairs of the last call only');
  });
});

test('a damaged file is computed again and rewritten', () => {
  withRoot((root) => {
    let computed = 0;
    const compare = () => {
      computed++;
      return { from: 'a', to: 'b' };
    };
    const editions = [edition('2026-01-01', 'one'), edition('2026-02-01', 'two')];
    releasedPairResults('pairs', editions, compare, SHAPE, root);
    const file = releasedPairCacheFile('pairs', root);
    const intact = readFileSync(file);
    writeFileSync(file, intact.toString('utf8').replace('"to":"b"', '"to":"c"'));
    assert.deepEqual(releasedPairResults('pairs', editions, compare, SHAPE, root)[0].result, { from: 'a', to: 'b' });
    assert.equal(computed, 2);
    assert.deepEqual(readFileSync(file), intact, 'rewritten whole');
  });
});
