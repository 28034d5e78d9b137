/**
 * Editions: dated, immutable publications of the record. The standard version (`uai_version`, such
 * as `1.0`) changes only when the normative rules do; an edition (`2026-12-01`, or `2026-12-01.2`
 * for a second one that day) names the standard version it publishes and never changes once
 * released. This module holds the rules as pure functions: the id grammar and order, the frozen
 * files (schemas whose `$id` and absolute `$ref`s are rewritten to the edition's URL), the edition
 * index (`edition.json`) with the sha256 of every file and the check of an index against its files
 * (pageStatus.ts decides what of the record as built differs from its latest edition).
 */
import { sha256Digest, type Sha256 } from '../../uai/sha256.ts';
import { SITE_ORIGIN, pageUrl } from '../model/locales.ts';
import { problemAtPointer, type Problem } from '../../uai/problem.ts';
import { escapeRegExp } from '../../uai/regExpText.ts';

/** Where editions are published and committed: `/editions/<id>/…` and `editions/<id>/` in the repository. */
export const EDITIONS_FOLDER = 'editions';
export const EDITION_INDEX_FILE = 'edition.json';
export const EDITION_SCHEMA_PATH = '/schemas/site/edition.schema.json';
/** The rule a committed edition's problems break: a released edition never changes. */
const EDITION_RULE = 'editions';

/** `YYYY-MM-DD`, optionally `.N` (N ≥ 2) for a further edition on the same day. */
const EDITION_ID = /^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:\.([2-9]|[1-9][0-9]+))?$/;

/** The edition index as schemas/site/edition.schema.json declares it. */
export interface EditionIndex {
  $schema: string;
  id: string;
  date: string;
  standard: 'UAI-1';
  standard_version: string;
  previous: string | null;
  /** sha256 of the repository files the frozen pages are rendered from (the draft check before rendering). */
  sources: Record<string, string>;
  /** sha256 of every file of the edition folder but edition.json, by path inside the folder. */
  files: Record<string, string>;
}

/** Why an id is not an edition id, or undefined when it is one (a real calendar date, optional `.N`). */
export function editionIdProblem(id: string): string | undefined {
  const match = EDITION_ID.exec(id);
  if (!match) return `${JSON.stringify(id)} is not an edition id (YYYY-MM-DD, or YYYY-MM-DD.N with N ≥ 2)`;
  const [year, month, day] = match.slice(1, 4).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return `${JSON.stringify(id)} is not a calendar date`;
  return undefined;
}

/** The date an edition id names (the id without its `.N`). */
export function editionDateOf(id: string): string {
  return id.split('.')[0];
}

/** Orders edition ids by date, then by their `.N` (none first). Both must be valid ids. */
export function compareEditionIds(a: string, b: string): number {
  const [dateA, nA = '1'] = a.split('.');
  const [dateB, nB = '1'] = b.split('.');
  if (dateA !== dateB) return dateA < dateB ? -1 : 1;
  return Number(nA) - Number(nB);
}

/** The public path of a file of an edition (`/editions/<id>/<file>`), or of its folder when `file` is empty. */
export function editionPath(id: string, file = ''): string {
  return `/${EDITIONS_FOLDER}/${id}/${file}`;
}

/** Where a normative page's Markdown mirror is kept inside an edition. */
export function frozenPagePath(locale: string, path: string): string {
  return `pages/${locale}/${path}.md`;
}

/** What an edition freezes, as the build publishes it at the latest alias. */
export interface EditionContents {
  /** Machine files (schemas, fixtures, keyless twins, conformance pack, field registry, route records) by path. */
  machineFiles: readonly { path: string; bytes: Uint8Array }[];
  /** The Markdown mirror (`index.md`) of each normative page in each translated locale. */
  pages: readonly { locale: string; path: string; bytes: Uint8Array }[];
  /** The repository files the frozen pages are rendered from, with their bytes. */
  sources: readonly { file: string; bytes: Uint8Array }[];
}

/** Files whose URLs of other frozen files point into the edition; fixtures and route records stay verbatim. */
function isRewritten(path: string): boolean {
  return path.endsWith('.schema.json') || path.endsWith('/conformance.json') || path.endsWith('-field-registry.json');
}

const ORIGIN_URL = new RegExp(`"${escapeRegExp(SITE_ORIGIN)}(/[^"#]*)(#[^"]*)?"`, 'g');

/**
 * A JSON text with every string that is the absolute URL of a frozen file (with or without a
 * fragment: `$id`, `$ref`, a conformance pack's `url`) pointing at that file's copy in the edition.
 * Only whole JSON strings change, so every other byte stays as published.
 */
export function rewriteIntoEdition(text: string, id: string, frozenPaths: ReadonlySet<string>): string {
  return text.replace(ORIGIN_URL, (whole, path: string, fragment: string | undefined) =>
    frozenPaths.has(path) ? `"${SITE_ORIGIN}${editionPath(id, path.slice(1))}${fragment ?? ''}"` : whole,
  );
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The files of edition `id` (path inside the folder → bytes), edition.json apart, sorted by path. */
export function frozenFiles(id: string, contents: EditionContents): Map<string, Uint8Array> {
  const frozenPaths = new Set(contents.machineFiles.map((file) => file.path));
  const files: [string, Uint8Array][] = [];
  for (const file of contents.machineFiles) {
    const bytes = isRewritten(file.path)
      ? encoder.encode(rewriteIntoEdition(decoder.decode(file.bytes), id, frozenPaths))
      : file.bytes;
    files.push([file.path.slice(1), bytes]);
  }
  for (const page of contents.pages) files.push([frozenPagePath(page.locale, page.path), page.bytes]);
  files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new Map(files);
}

function digestsOf(entries: Iterable<[string, Uint8Array]>, hash?: Sha256): Record<string, string> {
  const sorted = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(sorted.map(([path, bytes]) => [path, sha256Digest(bytes, hash)]));
}

/** The index of a new edition: its id, date, standard version, previous edition and every file's digest. */
export function editionIndex(
  edition: { id: string; previous: string | null; standardVersion: string },
  files: ReadonlyMap<string, Uint8Array>,
  sources: EditionContents['sources'],
  hash?: Sha256,
): EditionIndex {
  return {
    $schema: `${SITE_ORIGIN}${EDITION_SCHEMA_PATH}`,
    id: edition.id,
    date: editionDateOf(edition.id),
    standard: 'UAI-1',
    standard_version: edition.standardVersion,
    previous: edition.previous,
    sources: digestsOf(
      sources.map((source) => [source.file, source.bytes]),
      hash,
    ),
    files: digestsOf(files, hash),
  };
}

export function editionIndexText(index: EditionIndex): string {
  return `${JSON.stringify(index, null, 2)}\n`;
}

/** A committed edition: its folder name, its parsed index (when it reads) and the bytes of its other files. */
export interface CommittedEdition {
  folder: string;
  index: EditionIndex | undefined;
  files: ReadonlyMap<string, Uint8Array>;
}

/**
 * Where an edition's files and its index disagree: a listed file missing, a file not listed, a
 * file whose bytes changed. One problem each, at `editions/<id>/<file>`.
 */
export function indexProblems(edition: CommittedEdition, hash?: Sha256): Problem[] {
  const { folder, index, files } = edition;
  if (!index) return [];
  const at = (file: string, message: string): Problem => ({
    file: `${EDITIONS_FOLDER}/${folder}/${file}`,
    message,
    rule: EDITION_RULE,
  });
  const problems: Problem[] = [];
  for (const [file, digest] of Object.entries(index.files)) {
    const bytes = files.get(file);
    if (!bytes)
      problems.push(at(file, `listed in ${EDITION_INDEX_FILE} but missing; a released edition never loses a file`));
    else if (sha256Digest(bytes, hash) !== digest)
      problems.push(
        at(file, `its sha256 is not the ${digest} ${EDITION_INDEX_FILE} lists; a released edition never changes`),
      );
  }
  for (const file of files.keys()) {
    if (!(file in index.files))
      problems.push(at(file, `not listed in ${EDITION_INDEX_FILE}; a released edition never gains a file`));
  }
  return problems;
}

/**
 * What the editions owe each other: an id that is the folder's name and a valid id, the date it
 * names, and a `previous` that is the edition before it (null for the first).
 */
export function chainProblems(editions: readonly CommittedEdition[]): Problem[] {
  const problems: Problem[] = [];
  const valid = editions.filter((edition) => {
    const problem = editionIdProblem(edition.folder);
    if (problem) problems.push({ file: `${EDITIONS_FOLDER}/${edition.folder}/`, message: problem, rule: EDITION_RULE });
    return !problem;
  });
  const ordered = [...valid].sort((a, b) => compareEditionIds(a.folder, b.folder));
  ordered.forEach((edition, position) => {
    const { index, folder } = edition;
    if (!index) return;
    const file = `${EDITIONS_FOLDER}/${folder}/${EDITION_INDEX_FILE}`;
    const at = (pointer: string, message: string) => problemAtPointer(file, pointer, message, EDITION_RULE);
    if (index.id !== folder) problems.push(at('/id', `${JSON.stringify(index.id)} is not the folder's name`));
    if (index.date !== editionDateOf(folder))
      problems.push(at('/date', `${JSON.stringify(index.date)} is not the date the id names`));
    const previous = position === 0 ? null : ordered[position - 1].folder;
    if (index.previous !== previous)
      problems.push(
        at('/previous', `${JSON.stringify(index.previous)}, but the edition before it is ${JSON.stringify(previous)}`),
      );
  });
  return problems;
}

/** Why `id` cannot be the next edition after `latest`, or undefined when it can. */
export function nextEditionProblem(id: string, existing: readonly string[]): string | undefined {
  const problem = editionIdProblem(id);
  if (problem) return problem;
  if (existing.includes(id)) return `edition ${id} exists; a released edition is never rewritten`;
  const latest = [...existing].sort(compareEditionIds).at(-1);
  if (latest !== undefined && compareEditionIds(id, latest) <= 0)
    return `edition ${id} is not after the latest edition ${latest}`;
  return undefined;
}

/** Whether the record as built is its latest edition, or a draft with changes since it (or before any edition). */
export type EditionStatus =
  | { state: 'released'; id: string; date: string; standardVersion: string }
  | { state: 'draft'; since: string | null; standardVersion: string };

/** The status in words, as pages and machine records carry it (English; pages use their UI strings). */
export function editionStatusLabel(status: EditionStatus): string {
  if (status.state === 'released') return `edition ${status.id}`;
  return status.since ? `draft: unreleased changes since ${status.since}` : 'draft: no edition released yet';
}

/** Files one index has and the other lacks, and files in both with other bytes (paths inside the edition). */
export function fileChanges(
  from: Readonly<Record<string, string>>,
  to: Readonly<Record<string, string>>,
): { added: string[]; removed: string[]; changed: string[] } {
  const added = Object.keys(to).filter((path) => !(path in from));
  const removed = Object.keys(from).filter((path) => !(path in to));
  const changed = Object.keys(to).filter((path) => path in from && from[path] !== to[path]);
  return { added: added.sort(), removed: removed.sort(), changed: changed.sort() };
}

/** The route path of an edition's page below the locale. */
export function editionPagePath(id: string): string {
  return `editions/${id}`;
}

/** The public URL of an edition's page in a locale. */
export function editionPageUrl(locale: string, id: string): string {
  return pageUrl(locale, editionPagePath(id));
}
