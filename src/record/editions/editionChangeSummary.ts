/**
 * The summary an edition page shows before its diffs: per kind, how many were added, removed and
 * changed. Files are counted by the folder that holds them in the edition (schemas/, examples/,
 * pages/…; a file at the top by its name), records by the array that holds them in their file,
 * its indexes written `*` so that the fields of every object count together. Files that differ
 * only in the URLs naming their edition are not changes of content and are not counted.
 */
import type { EditionChanges } from './editionChanges.ts';

export type SummaryKind = { files: string } | { records: { file: string; array: string } };

export interface SummaryRow {
  kind: SummaryKind;
  added: number;
  removed: number;
  changed: number;
}

/** The folder of a path inside an edition (`schemas/`), or the path of a file at the top. */
function folderOf(path: string): string {
  const slash = path.indexOf('/');
  return slash < 0 ? path : path.slice(0, slash + 1);
}

/** An array's pointer with each index written `*`: `/objects/2/fields` → `/objects/*\/fields`. */
function arrayKind(pointer: string): string {
  return pointer
    .split('/')
    .map((segment) => (/^(0|[1-9][0-9]*)$/.test(segment) ? '*' : segment))
    .join('/');
}

/** The summary rows of an edition's changes: files by folder first, then records, each in path order. */
export function changeSummary(changes: EditionChanges): SummaryRow[] {
  const rows = new Map<string, SummaryRow>();
  const count = (name: string, kind: SummaryKind, change: 'added' | 'removed' | 'changed') => {
    const row = rows.get(name) ?? { kind, added: 0, removed: 0, changed: 0 };
    row[change] += 1;
    rows.set(name, row);
  };
  const file = (path: string, change: 'added' | 'removed' | 'changed') =>
    count(`files ${folderOf(path)}`, { files: folderOf(path) }, change);
  changes.added.forEach(({ path }) => file(path, 'added'));
  changes.removed.forEach(({ path }) => file(path, 'removed'));
  const content = changes.changed.filter((changed) => !changed.edition_urls_only);
  content.forEach(({ path }) => file(path, 'changed'));
  for (const changed of content)
    for (const record of changed.record_changes ?? []) {
      const array = arrayKind(record.array);
      count(`records ${changed.path} ${array}`, { records: { file: changed.path, array } }, record.change);
    }
  // Sorted by name: the files' rows (`files …`) before the records' (`records …`), each by path.
  return [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}
