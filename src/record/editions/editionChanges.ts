/**
 * What changed between two consecutive editions, from their committed files: the files added,
 * removed and changed (by sha256, as their indexes list them), an RFC 6902 JSON Patch for each
 * changed JSON file, and a word diff of each changed Markdown page (diff's diffWordsWithSpace:
 * whitespace is a token too, so the parts give both texts back exactly). A schema's `$id` and
 * `$ref`s, a conformance case's url, name its edition, so every such string differs between two
 * editions: the patches start from the previous file with its edition URLs rebased (`rebase`), so
 * they hold the changes of content only, and the files that differ only there are marked
 * `edition_urls_only`. Arrays of records are matched by identity (keyedJsonPatch.ts): one fixture
 * added is one `add`, and the records each patch adds, removes or changes are listed.
 */
import * as jsonPatch from 'fast-json-patch/index.mjs';
import { keyedJsonPatch, type PatchOperation, type RecordChange } from './keyedJsonPatch.ts';
import { diffWordsWithSpace } from 'diff';
import { readJsonText } from '../../uai/jsonText.ts';
import { SITE_ORIGIN } from '../model/locales.ts';
import { EDITION_INDEX_FILE, editionPath, fileChanges, type EditionIndex } from './editions.ts';

/** Where the changes an edition made since the previous one are published (outside its immutable folder). */
export const EDITION_CHANGES_FOLDER = 'edition-changes';
export const EDITION_CHANGES_SCHEMA_PATH = '/schemas/site/edition-changes.schema.json';

export function editionChangesPath(id: string): string {
  return `/${EDITION_CHANGES_FOLDER}/${id}.json`;
}

export type { PatchOperation, RecordChange } from './keyedJsonPatch.ts';

export interface WordChange {
  op: 'equal' | 'insert' | 'delete';
  text: string;
}

export interface ChangedFile {
  path: string;
  from_sha256: string;
  to_sha256: string;
  /** True when the file differs only in the URLs that name its edition (`/editions/<id>/`). */
  edition_urls_only: boolean;
  /**
   * JSON files that read as JSON (no duplicate member, every number safe): the patch from the old,
   * its edition URLs rebased, to the new.
   */
  json_patch?: PatchOperation[];
  /** The records of keyed arrays (fixtures, requirements, codes…) the patch adds, removes or changes. */
  record_changes?: RecordChange[];
  /** Markdown pages: the old text and the new, word by word. */
  word_diff?: WordChange[];
}

/** The machine record of `edition-changes.schema.json`. */
export interface EditionChanges {
  $schema: string;
  edition: string;
  previous: string;
  from_index: string;
  to_index: string;
  /** Each JSON Patch applies to the previous edition's file once every `from` in its text is `to`. */
  rebase: { from: string; to: string };
  added: { path: string; sha256: string }[];
  removed: { path: string; sha256: string }[];
  changed: ChangedFile[];
}

/** One edition's index with the bytes of its files (paths inside the edition). */
export interface EditionWithFiles {
  index: EditionIndex;
  files: ReadonlyMap<string, Uint8Array>;
}

const decoder = new TextDecoder();

/** The JSON value of a file, when it reads as I-JSON; a fixture that is not JSON on purpose gets no patch. */
function jsonValueOf(text: string): { value: unknown } | undefined {
  const read = readJsonText(text);
  return read.ok ? { value: read.value } : undefined;
}

/** The word diff of two texts, adjacent parts of one kind merged. */
export function wordDiff(from: string, to: string): WordChange[] {
  return diffWordsWithSpace(from, to).map((part) => ({
    op: part.added ? 'insert' : part.removed ? 'delete' : 'equal',
    text: part.value,
  }));
}

/**
 * The JSON Patch from one JSON value to another: applying it to a copy of `from` gives `to`. Each
 * replace and remove is preceded by a `test` of the value it overwrites, so the patch applies only
 * to the document it was made from, and a reader sees the old value beside the new one.
 */
export function jsonPatchOf(from: unknown, to: unknown): PatchOperation[] {
  return keyedJsonPatch(from, to).operations;
}

/** The absolute URL every file of edition `id` starts with. */
function editionUrlPrefix(id: string): string {
  return `${SITE_ORIGIN}${editionPath(id)}`;
}

/** A text of edition `from` with every URL into that edition pointing into edition `to` instead. */
export function rebaseEditionUrls(text: string, from: string, to: string): string {
  return text.split(editionUrlPrefix(from)).join(editionUrlPrefix(to));
}

/** What changed in one file between the editions `from` and `to`. */
function changedFile(path: string, previous: EditionWithFiles, next: EditionWithFiles): ChangedFile {
  const oldText = decoder.decode(previous.files.get(path));
  const rebased = rebaseEditionUrls(oldText, previous.index.id, next.index.id);
  const newText = decoder.decode(next.files.get(path));
  const change: ChangedFile = {
    path,
    from_sha256: previous.index.files[path],
    to_sha256: next.index.files[path],
    edition_urls_only: rebased === newText,
  };
  if (path.endsWith('.json')) {
    const [oldJson, newJson] = [jsonValueOf(rebased), jsonValueOf(newText)];
    if (oldJson && newJson) {
      const patch = keyedJsonPatch(oldJson.value, newJson.value);
      change.json_patch = patch.operations;
      if (patch.records.length) change.record_changes = patch.records;
    }
  } else if (path.endsWith('.md')) change.word_diff = wordDiff(oldText, newText);
  return change;
}

/** The changes edition `next` made since `previous`, the edition before it. */
export function editionChanges(previous: EditionWithFiles, next: EditionWithFiles): EditionChanges {
  const { added, removed, changed } = fileChanges(previous.index.files, next.index.files);
  const indexUrl = (id: string) => `${SITE_ORIGIN}${editionPath(id, EDITION_INDEX_FILE)}`;
  return {
    $schema: `${SITE_ORIGIN}${EDITION_CHANGES_SCHEMA_PATH}`,
    edition: next.index.id,
    previous: previous.index.id,
    from_index: indexUrl(previous.index.id),
    to_index: indexUrl(next.index.id),
    rebase: { from: editionUrlPrefix(previous.index.id), to: editionUrlPrefix(next.index.id) },
    added: added.map((path) => ({ path, sha256: next.index.files[path] })),
    removed: removed.map((path) => ({ path, sha256: previous.index.files[path] })),
    changed: changed.map((path) => changedFile(path, previous, next)),
  };
}

/** Applies a JSON Patch to a copy of `document` (the library's own apply; `document` stays as it was). */
export function applyJsonPatch(document: unknown, patch: readonly PatchOperation[]): unknown {
  return jsonPatch.applyPatch(jsonPatch.deepClone(document), patch as jsonPatch.Operation[], true, false).newDocument;
}

/** A string member that a patch replaces: where, and its old and new text word by word. */
export interface StringReplacement {
  path: string;
  words: WordChange[];
}

/**
 * The string replacements of a patch made by jsonPatchOf (a `test` of the old string, then its
 * `replace`), but those `unchanged` says keep the meaning (such as a `$id` that only names the new edition).
 */
export function stringReplacements(
  patch: readonly PatchOperation[],
  unchanged: (from: string, to: string) => boolean = () => false,
): StringReplacement[] {
  const replacements: StringReplacement[] = [];
  patch.forEach((operation, position) => {
    const before = patch[position - 1];
    if (
      operation.op === 'replace' &&
      before?.op === 'test' &&
      before.path === operation.path &&
      typeof before.value === 'string' &&
      typeof operation.value === 'string' &&
      !unchanged(before.value, operation.value)
    )
      replacements.push({ path: operation.path, words: wordDiff(before.value, operation.value) });
  });
  return replacements;
}

/**
 * A word diff with the long unchanged stretches cut to `context` characters on either side of a
 * change (an ellipsis marks each cut), so a page shows what changed rather than the whole text.
 */
export function diffExcerpt(words: readonly WordChange[], context = 160): WordChange[] {
  return words.map((part, position) => {
    const first = position === 0;
    const last = position === words.length - 1;
    if (part.op !== 'equal' || part.text.length <= 2 * context + 1 || (first && last)) return part;
    const head = first ? '' : part.text.slice(0, context);
    const tail = last ? '' : part.text.slice(-context);
    return { op: 'equal', text: `${head} … ${tail}` };
  });
}
