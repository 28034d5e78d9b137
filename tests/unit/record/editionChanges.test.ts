/** The changes between two editions, over small fixtures: file lists, JSON Patch, word diff, edition URLs. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  applyJsonPatch,
  diffExcerpt,
  editionChanges,
  rebaseEditionUrls,
  stringReplacements,
  wordDiff,
  type EditionWithFiles,
} from '../../../src/record/editions/editionChanges.ts';
import { sha256Digest } from '../../../src/uai/sha256.ts';
import { createAjv } from '../../../src/uai/schemaCompiler.ts';
import type { EditionIndex } from '../../../src/record/editions/editions.ts';

const encoder = new TextEncoder();

function edition(id: string, previous: string | null, texts: Record<string, string>): EditionWithFiles {
  const files = new Map(Object.entries(texts).map(([path, text]) => [path, encoder.encode(text)]));
  const index: EditionIndex = {
    $schema: 'https://uaix.org/schemas/site/edition.schema.json',
    id,
    date: id.slice(0, 10),
    standard: 'UAI-1',
    standard_version: '1.0',
    previous,
    sources: {},
    files: Object.fromEntries([...files].map(([path, bytes]) => [path, sha256Digest(bytes)])),
  };
  return { index, files };
}

const schema = (id: string, description: string) =>
  `${JSON.stringify(
    {
      $id: `https://uaix.org/editions/${id}/schemas/a.schema.json`,
      description,
      required: ['a', 'b', 'c'],
      properties: { ref: { $ref: `https://uaix.org/editions/${id}/schemas/b.schema.json#/$defs/x` } },
    },
    null,
    2,
  )}\n`;

const first = edition('2026-12-01', null, {
  'schemas/a.schema.json': schema('2026-12-01', 'Acknowledges receipt of a message.'),
  'schemas/b.schema.json': schema('2026-12-01', 'Unchanged.'),
  'examples/gone.json': '{"gone": true}\n',
  'examples/not-json.json': '{"a": 1, "a": 2}\n',
  'pages/en-us/spec.md': '# Spec\n\nA packet MUST carry an envelope.\n',
  'same.json': '{"same": true}\n',
});
const second = edition('2026-12-02', '2026-12-01', {
  'schemas/a.schema.json': schema('2026-12-02', 'Acknowledges, in the second edition, receipt of a message.'),
  'schemas/b.schema.json': schema('2026-12-02', 'Unchanged.'),
  'examples/new.json': '{"new": true}\n',
  'examples/not-json.json': '{"a": 1, "a": 3}\n',
  'pages/en-us/spec.md': '# Spec\n\nA packet  MUST carry a complete\nenvelope.\n',
  'same.json': '{"same": true}\n',
});
const changes = editionChanges(first, second);
const changed = (path: string) => changes.changed.find((file) => file.path === path)!;

test('files added, removed and changed are listed by digest, in path order', () => {
  assert.deepEqual(changes.added, [{ path: 'examples/new.json', sha256: second.index.files['examples/new.json'] }]);
  assert.deepEqual(changes.removed, [{ path: 'examples/gone.json', sha256: first.index.files['examples/gone.json'] }]);
  assert.deepEqual(
    changes.changed.map((file) => file.path),
    ['examples/not-json.json', 'pages/en-us/spec.md', 'schemas/a.schema.json', 'schemas/b.schema.json'],
  );
  assert.equal(changes.edition, '2026-12-02');
  assert.equal(changes.previous, '2026-12-01');
  assert.equal(changes.to_index, 'https://uaix.org/editions/2026-12-02/edition.json');
});

test('a file that differs only in its edition URLs is marked so; one with other edits is not', () => {
  assert.equal(changed('schemas/b.schema.json').edition_urls_only, true);
  assert.equal(changed('schemas/a.schema.json').edition_urls_only, false);
  assert.equal(changed('pages/en-us/spec.md').edition_urls_only, false);
  assert.equal(
    rebaseEditionUrls(
      '"https://uaix.org/editions/2026-12-01/x" https://uaix.org/editions/2026-12-011/',
      '2026-12-01',
      '2026-12-02',
    ),
    '"https://uaix.org/editions/2026-12-02/x" https://uaix.org/editions/2026-12-011/',
  );
});

test("each changed JSON file's patch, applied with the library to the old value with its edition URLs rebased, gives the new one", () => {
  assert.deepEqual(changes.rebase, {
    from: 'https://uaix.org/editions/2026-12-01/',
    to: 'https://uaix.org/editions/2026-12-02/',
  });
  for (const path of ['schemas/a.schema.json', 'schemas/b.schema.json']) {
    const patch = changed(path).json_patch!;
    const oldText = new TextDecoder().decode(first.files.get(path));
    const before = JSON.parse(oldText.split(changes.rebase.from).join(changes.rebase.to));
    const after = JSON.parse(new TextDecoder().decode(second.files.get(path)));
    assert.deepEqual(applyJsonPatch(before, patch), after, path);
    assert.notDeepEqual(JSON.parse(oldText), after);
  }
  // A file that differs only in its edition URLs has an empty patch: no change of content.
  assert.deepEqual(changed('schemas/b.schema.json').json_patch, []);
  // Each replace is guarded by a test of the value it overwrites: the patch refuses another document.
  const patch = changed('schemas/a.schema.json').json_patch!;
  const other = { $id: 'x', description: 'other', required: ['a'], properties: { ref: { $ref: 'y' } } };
  assert.throws(() => applyJsonPatch(other, patch), /Test operation failed/);
  // A fixture that is not JSON on purpose (a duplicate member) gets no patch, only its digests.
  assert.equal(changed('examples/not-json.json').json_patch, undefined);
});

test('string replacements come word by word; the URLs that only name the new edition are not among them', () => {
  const patch = changed('schemas/a.schema.json').json_patch!;
  const all = stringReplacements(patch);
  assert.deepEqual(
    all.map((replacement) => replacement.path),
    ['/description'],
  );
  const inserted = all[0].words.filter((part) => part.op === 'insert').map((part) => part.text);
  assert.equal(inserted.join(''), ',in the second edition, ');
  // The filter still drops what a caller says keeps the meaning.
  assert.deepEqual(
    stringReplacements(patch, () => true),
    [],
  );
});

test('a word diff gives both texts back exactly: the equal and deleted parts the old, equal and inserted the new', () => {
  const words = changed('pages/en-us/spec.md').word_diff!;
  const text = (ops: string[]) =>
    words
      .filter((part) => ops.includes(part.op))
      .map((part) => part.text)
      .join('');
  assert.equal(text(['equal', 'delete']), '# Spec\n\nA packet MUST carry an envelope.\n');
  assert.equal(text(['equal', 'insert']), '# Spec\n\nA packet  MUST carry a complete\nenvelope.\n');
  assert.ok(words.some((part) => part.op === 'delete' && part.text.includes('an')));
  assert.ok(words.some((part) => part.op === 'insert' && part.text.includes('complete')));
});

test('an excerpt cuts long unchanged stretches around each change and keeps the changes whole', () => {
  const long = 'word '.repeat(200);
  const parts = wordDiff(`${long}old ${long}`, `${long}new ${long}`);
  const excerpt = diffExcerpt(parts, 20);
  assert.deepEqual(
    excerpt.filter((part) => part.op !== 'equal'),
    parts.filter((part) => part.op !== 'equal'),
  );
  for (const part of excerpt.filter((part) => part.op === 'equal')) assert.ok(part.text.length <= 2 * 20 + 3);
  assert.ok(excerpt[0].text.startsWith(' … '), 'the first stretch keeps only its end');
  // Nothing to cut in a short text.
  assert.deepEqual(diffExcerpt(wordDiff('a b', 'a c'), 20), wordDiff('a b', 'a c'));
});

test('the changes record follows schemas/site/edition-changes.schema.json', () => {
  const validate = createAjv().compile(
    JSON.parse(readFileSync(join(import.meta.dirname, '../../../schemas/site/edition-changes.schema.json'), 'utf8')),
  );
  assert.ok(validate(changes), JSON.stringify(validate.errors));
  assert.ok(
    !validate({ ...changes, changed: [{ ...changes.changed[0], json_patch: [{ op: 'replace', path: '/x' }] }] }),
  );
});
