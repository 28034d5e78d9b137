/** The summary an edition page shows first: per folder of files and per array of records, added, removed, changed. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { changeSummary } from '../../../src/record/editions/editionChangeSummary.ts';
import type { EditionChanges } from '../../../src/record/editions/editionChanges.ts';

const digest = `sha256:${'0'.repeat(64)}`;
const changed = (path: string, extra: Partial<EditionChanges['changed'][number]> = {}) => ({
  path,
  from_sha256: digest,
  to_sha256: digest,
  edition_urls_only: false,
  ...extra,
});

test('files count by folder, records by array (indexes as *), URL-only files not at all', () => {
  const changes: EditionChanges = {
    $schema: 'https://uaix.org/schemas/site/edition-changes.schema.json',
    edition: '2026-12-02',
    previous: '2026-12-01',
    from_index: 'https://uaix.org/editions/2026-12-01/edition.json',
    to_index: 'https://uaix.org/editions/2026-12-02/edition.json',
    rebase: { from: 'https://uaix.org/editions/2026-12-01/', to: 'https://uaix.org/editions/2026-12-02/' },
    added: [
      { path: 'examples/a/new.json', sha256: digest },
      { path: 'examples/b/new.json', sha256: digest },
    ],
    removed: [{ path: 'pages/en-us/gone.md', sha256: digest }],
    changed: [
      changed('schemas/a.schema.json', { edition_urls_only: true, json_patch: [] }),
      changed('registry.json', {
        json_patch: [],
        record_changes: [
          { array: '/objects/0/fields', key: 'name', id: 'x', change: 'added' },
          { array: '/objects/3/fields', key: 'name', id: 'y', change: 'changed' },
          { array: '/codes', key: 'code', id: 'C', change: 'removed' },
        ],
      }),
    ],
  };
  assert.deepEqual(changeSummary(changes), [
    { kind: { files: 'examples/' }, added: 2, removed: 0, changed: 0 },
    { kind: { files: 'pages/' }, added: 0, removed: 1, changed: 0 },
    { kind: { files: 'registry.json' }, added: 0, removed: 0, changed: 1 },
    { kind: { records: { file: 'registry.json', array: '/codes' } }, added: 0, removed: 1, changed: 0 },
    { kind: { records: { file: 'registry.json', array: '/objects/*/fields' } }, added: 1, removed: 0, changed: 1 },
  ]);
});
