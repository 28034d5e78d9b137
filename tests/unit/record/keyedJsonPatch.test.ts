/** JSON Patch by identity: records matched by key, so one record added is one `add` any consumer applies. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as jsonPatch from 'fast-json-patch/index.mjs';
import { keyedJsonPatch, type PatchOperation } from '../../../src/record/editions/keyedJsonPatch.ts';
import { committedEditionChanges } from '../../../src/record/editions/node/editionChangeFiles.ts';
import { readCommittedEditions } from '../../../src/record/editions/node/editionFiles.ts';
import { REPOSITORY_ROOT } from '../../../src/uai/node/recordFiles.ts';

/** The patch applied by the library, validating each operation, to a copy of `from`. */
function applied(from: unknown, operations: readonly PatchOperation[]): unknown {
  const copy = jsonPatch.deepClone(from);
  return jsonPatch.applyPatch(copy, operations as jsonPatch.Operation[], true, false).newDocument;
}

const fixture = (name: string, verdict = 'valid') => ({ url: `https://uaix.org/examples/${name}.json`, name, verdict });
const pack = (names: string[]) => ({ standard: 'UAI-1', fixtures: names.map((name) => fixture(name)) });

test('one record added in the middle of a keyed array is one add at its index', () => {
  const from = pack(['a', 'b', 'c', 'd', 'e']);
  const to = pack(['a', 'b', 'new', 'c', 'd', 'e']);
  const { operations, records } = keyedJsonPatch(from, to);
  assert.deepEqual(operations, [{ op: 'add', path: '/fixtures/2', value: fixture('new') }]);
  assert.deepEqual(records, [{ array: '/fixtures', key: 'url', id: fixture('new').url, change: 'added' }]);
  assert.deepEqual(applied(from, operations), to);
  // By position, the same change rewrites every record after it.
  assert.ok(jsonPatch.compare(from, to).length > 5);
});

test('removed and changed records: a tested remove, a tested replace inside the record, both listed', () => {
  const from = {
    requirements: [
      { id: 'R-1', level: 'MUST' },
      { id: 'R-2', level: 'SHOULD' },
      { id: 'R-3', level: 'MAY' },
    ],
  };
  const to = {
    requirements: [
      { id: 'R-1', level: 'MUST' },
      { id: 'R-3', level: 'MUST' },
      { id: 'R-4', level: 'MAY' },
    ],
  };
  const { operations, records } = keyedJsonPatch(from, to);
  assert.deepEqual(operations, [
    { op: 'test', path: '/requirements/1', value: { id: 'R-2', level: 'SHOULD' } },
    { op: 'remove', path: '/requirements/1' },
    { op: 'test', path: '/requirements/1/level', value: 'MAY' },
    { op: 'replace', path: '/requirements/1/level', value: 'MUST' },
    { op: 'add', path: '/requirements/2', value: { id: 'R-4', level: 'MAY' } },
  ]);
  assert.deepEqual(
    records.map((record) => `${record.change} ${record.key}=${record.id}`),
    ['removed id=R-2', 'changed id=R-3', 'added id=R-4'],
  );
  assert.deepEqual(applied(from, operations), to);
  // The tests guard the patch: it refuses a document it was not made from.
  assert.throws(() => applied({ requirements: [from.requirements[0], to.requirements[1]] }, operations));
});

test('the first identity member that is a unique string in both arrays is the key; codes by code', () => {
  const from = {
    error_codes: [
      { code: 'A', name: 'same' },
      { code: 'B', name: 'same' },
    ],
  };
  const to = { error_codes: [{ code: 'Z', name: 'same' }, ...from.error_codes] };
  const { operations, records } = keyedJsonPatch(from, to);
  assert.deepEqual(operations, [{ op: 'add', path: '/error_codes/0', value: { code: 'Z', name: 'same' } }]);
  assert.equal(records[0].key, 'code');
  // Unique strings are their own identity: one field inserted into an ordered list is one add.
  const fields = keyedJsonPatch({ required: ['a', 'b', 'c'] }, { required: ['a', 'x', 'b', 'c'] });
  assert.deepEqual(fields.operations, [{ op: 'add', path: '/required/1', value: 'x' }]);
});

test('a reordered keyed array is moves, and the patch still gives the new document', () => {
  const from = pack(['a', 'b', 'c', 'd']);
  const to = { ...pack(['d', 'b', 'a', 'c']), standard: 'UAI-2' };
  to.fixtures[1].verdict = 'invalid';
  const { operations } = keyedJsonPatch(from, to);
  assert.ok(operations.some((operation) => operation.op === 'move'));
  assert.ok(!operations.some((operation) => operation.op === 'add' || operation.op === 'remove'));
  assert.deepEqual(applied(from, operations), to);
});

test('arrays without an identity (a shared or missing key, numbers) are compared by position', () => {
  const from = { tests: [{ code: 'X' }, { code: 'X' }], indexes: [0, 1, 2] };
  const to = { tests: [{ code: 'Y' }, { code: 'X' }, { code: 'X' }], indexes: [0, 2] };
  const { operations, records } = keyedJsonPatch(from, to);
  assert.deepEqual(records, []);
  const positional = jsonPatch.compare(from.tests, to.tests, true).map((operation) => `/tests${operation.path}`);
  assert.deepEqual(
    operations.filter((operation) => operation.path.startsWith('/tests/')).map((operation) => operation.path),
    positional,
  );
  assert.deepEqual(applied(from, operations), to);
});

test('random edits of keyed arrays, nested too: every patch applies and gives the new document', () => {
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const record = (id: number) => ({ id: `r${id}`, level: ['MUST', 'SHOULD'][random(2)], tags: [`t${random(4)}`] });
  for (let round = 0; round < 300; round++) {
    const from = { records: Array.from({ length: random(8) }, (_, id) => record(id)) };
    const to = { records: jsonPatch.deepClone(from.records) as ReturnType<typeof record>[] };
    for (let edit = random(5); edit > 0; edit--) {
      const kind = random(4);
      if (kind === 0) to.records.splice(random(to.records.length + 1), 0, record(100 + round * 10 + edit));
      else if (kind === 1 && to.records.length) to.records.splice(random(to.records.length), 1);
      else if (kind === 2 && to.records.length) to.records[random(to.records.length)].level = 'MAY';
      else if (to.records.length > 1) to.records.push(...to.records.splice(random(to.records.length), 1));
    }
    const { operations } = keyedJsonPatch(from, to);
    assert.deepEqual(applied(from, operations), to, `round ${round}: ${JSON.stringify({ from, to })}`);
  }
});

test("the record's editions: each patch applies to the previous file, its URLs rebased; cases match by url", () => {
  const editions = new Map(
    readCommittedEditions(REPOSITORY_ROOT).editions.map((edition) => [edition.folder, edition.files]),
  );
  const decoder = new TextDecoder();
  let patched = 0;
  for (const [id, changes] of committedEditionChanges(REPOSITORY_ROOT)) {
    for (const file of changes.changed) {
      if (!file.json_patch) continue;
      const before = decoder.decode(editions.get(changes.previous)!.get(file.path));
      const after = JSON.parse(decoder.decode(editions.get(id)!.get(file.path)));
      const rebased = JSON.parse(before.split(changes.rebase.from).join(changes.rebase.to));
      assert.deepEqual(applied(rebased, file.json_patch), after, `${id} ${file.path}`);
      if (file.edition_urls_only) assert.deepEqual(file.json_patch, [], `${id} ${file.path}`);
      patched += 1;
    }
    // Every conformance case keeps its url: a case is added only when its url is new, and no case
    // is removed, replaced or moved by position.
    const pack = changes.changed.find((file) => file.path.endsWith('/conformance.json'));
    if (!pack?.json_patch) continue;
    const urls = (files: ReadonlyMap<string, Uint8Array>) =>
      new Set(
        (JSON.parse(decoder.decode(files.get(pack.path))) as { fixtures: { url: string }[] }).fixtures.map((c) =>
          c.url.split(changes.rebase.from).join(changes.rebase.to),
        ),
      );
    const [old, next] = [urls(editions.get(changes.previous)!), urls(editions.get(id)!)];
    const added = pack.json_patch.filter((operation) => /^\/fixtures\/[0-9]+$/.test(operation.path));
    assert.deepEqual(
      added.map((operation) => operation.op === 'add' && (operation.value as { url: string }).url),
      [...next].filter((url) => !old.has(url)),
      `${id}: the cases added`,
    );
    for (const operation of pack.json_patch) assert.doesNotMatch(operation.path, /^\/fixtures\/[0-9]+\/url$/);
  }
  assert.ok(patched > 5, `${patched} patches`);
});
