/**
 * Each page's own status against the latest edition, and what of the record is pending release.
 *
 * What "a page's content" is: the files its own text is made of, known before Astro renders and
 * compared by sha256 with what the latest edition recorded: its repository files (its content
 * file, its English source, the data files only it shows) against the edition's `sources`, and the
 * normative machine files it shows (a profile's schema and example, the field registry) against
 * the edition's `files`. Templates, interface strings and the data every normative page shares
 * are the record's editorial frame, not a page's content: a change to them alone leaves every
 * page "Published", and the build compares each published page's Markdown mirror with the one the
 * edition froze after rendering, refusing a build where the frame changed a page's text
 * (pipeline/editionStages.ts). So a page says "Published in edition <id>" only when its frozen
 * text is byte for byte that edition's, and one wording fix makes only the pages it touches drafts.
 */
import { editionPath, frozenPagePath, type EditionIndex, type EditionStatus } from './editions.ts';

/** One page's status: its text as released, changed or new since the latest edition, or not in editions at all. */
export type PageEditionStatus =
  /** Its frozen text is the latest edition's; `releasedText` is that text's public path. */
  | { state: 'published'; id: string; date: string; releasedText: string }
  /** Its own files differ from the latest edition's (`changed` lists them); `releasedText` is the text as released. */
  | { state: 'changed'; since: string; releasedText: string; changed: string[] }
  /** A normative page the latest edition does not hold. */
  | { state: 'new'; since: string }
  /** A normative page of a record that has released no edition yet. */
  | { state: 'unreleased' }
  /** A page editions do not freeze (a guide, a tool, an edition's own page): nothing to release. */
  | { state: 'informative' };

/** What a frozen page (a normative page in the locale of its own text) is made of, with each file's sha256. */
export interface FrozenPageDigests {
  locale: string;
  path: string;
  /** sha256 of the repository files its own text comes from, by repository path (absent file: no key). */
  sources: Readonly<Record<string, string>>;
  /** sha256 of the frozen machine files it shows, by path inside the edition (`schemas/…`). */
  files: Readonly<Record<string, string>>;
}

type LatestEdition = Pick<EditionIndex, 'id' | 'date' | 'sources' | 'files'>;

/** Paths whose digest is not the same on both sides (a path on one side only counts). */
function differing(now: Readonly<Record<string, string>>, released: Readonly<Record<string, string>>): string[] {
  return Object.keys(now).filter((path) => released[path] !== now[path]);
}

/**
 * The status of a page whose text is the frozen page `frozen` (undefined: a page editions do not
 * freeze) against the latest edition. A file the page is made of that the edition did not record
 * counts as changed: the edition cannot vouch for it.
 */
export function pageEditionStatus(
  latest: LatestEdition | undefined,
  frozen: FrozenPageDigests | undefined,
): PageEditionStatus {
  if (!frozen) return { state: 'informative' };
  if (!latest) return { state: 'unreleased' };
  const frozenPath = frozenPagePath(frozen.locale, frozen.path);
  if (!(frozenPath in latest.files)) return { state: 'new', since: latest.id };
  const releasedText = editionPath(latest.id, frozenPath);
  const changed = [...differing(frozen.sources, latest.sources), ...differing(frozen.files, latest.files)].sort();
  return changed.length
    ? { state: 'changed', since: latest.id, releasedText, changed }
    : { state: 'published', id: latest.id, date: latest.date, releasedText };
}

/** The status in English words, as the page's JSON mirror and JSON-LD carry it (pages use their UI strings). */
export function pageEditionStatusLabel(status: PageEditionStatus): string {
  switch (status.state) {
    case 'published':
      return `edition ${status.id}`;
    case 'changed':
      return `draft: changed since ${status.since}`;
    case 'new':
      return `draft: new since ${status.since}, in no edition yet`;
    case 'unreleased':
      return 'draft: no edition released yet';
    case 'informative':
      return 'informative: not part of the editions';
  }
}

/** A frozen page whose text is not the latest edition's: changed, new, or gone from the record. */
export interface PendingPage {
  locale: string;
  path: string;
  state: 'changed' | 'new' | 'removed';
}

/** What differs between the record and its latest edition: frozen pages, and machine files by edition path. */
export interface PendingChanges {
  pages: PendingPage[];
  files: { added: string[]; removed: string[]; changed: string[] };
}

const byPlace = (a: PendingPage, b: PendingPage) =>
  a.locale === b.locale ? (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) : a.locale < b.locale ? -1 : 1;

/**
 * The pending changes: each frozen page by its status, the latest edition's pages no frozen page
 * is any more, and the machine files (`machineFiles`: path inside the edition → sha256, pages
 * apart) added, removed or changed since the edition.
 */
export function pendingChanges(
  latest: Pick<EditionIndex, 'files'> | undefined,
  pages: readonly { locale: string; path: string; status: PageEditionStatus }[],
  machineFiles: Readonly<Record<string, string>>,
): PendingChanges {
  const pending: PendingPage[] = [];
  const kept = new Set<string>();
  for (const page of pages) {
    kept.add(frozenPagePath(page.locale, page.path));
    if (page.status.state === 'changed' || page.status.state === 'new' || page.status.state === 'unreleased')
      pending.push({
        locale: page.locale,
        path: page.path,
        state: page.status.state === 'changed' ? 'changed' : 'new',
      });
  }
  const released = latest?.files ?? {};
  for (const file of Object.keys(released)) {
    const page = /^pages\/([^/]+)\/(.+)\.md$/.exec(file);
    if (page && !kept.has(file)) pending.push({ locale: page[1], path: page[2], state: 'removed' });
  }
  const releasedMachine = Object.keys(released).filter((file) => !file.startsWith('pages/'));
  const added = Object.keys(machineFiles).filter((file) => !(file in released));
  const removed = releasedMachine.filter((file) => !(file in machineFiles));
  const changed = Object.keys(machineFiles).filter((file) => file in released && released[file] !== machineFiles[file]);
  return {
    pages: pending.sort(byPlace),
    files: { added: added.sort(), removed: removed.sort(), changed: changed.sort() },
  };
}

/** The paths inside the edition the pending changes name: what the build may find different from the edition. */
export function pendingFrozenPaths(pending: PendingChanges): Set<string> {
  return new Set([
    ...pending.pages.map((page) => frozenPagePath(page.locale, page.path)),
    ...pending.files.added,
    ...pending.files.removed,
    ...pending.files.changed,
  ]);
}

/**
 * The record's status: its latest edition when nothing is pending and the standard version is the
 * edition's; a draft since that edition otherwise (or before any edition).
 */
export function recordEditionStatus(
  latest: Pick<EditionIndex, 'id' | 'date' | 'standard_version'> | undefined,
  standardVersion: string,
  pending: PendingChanges,
): EditionStatus {
  if (!latest) return { state: 'draft', since: null, standardVersion };
  const { added, removed, changed } = pending.files;
  const same =
    latest.standard_version === standardVersion &&
    pending.pages.length === 0 &&
    added.length + removed.length + changed.length === 0;
  return same
    ? { state: 'released', id: latest.id, date: latest.date, standardVersion }
    : { state: 'draft', since: latest.id, standardVersion };
}
