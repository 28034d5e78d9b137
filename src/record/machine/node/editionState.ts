/**
 * The record's edition state: the files it would freeze now as an edition (the normative machine
 * records, rendered here from the model before Astro renders, or read from a built dist/ with the
 * pages' Markdown mirrors, and the page and template sources) and its status against the latest
 * committed edition. It renders machine records, so it sits on the machine floor, above editions/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { nodeSha256 } from '../../../uai/node/nodeValidator.ts';
import type { Problem } from '../../../uai/problem.ts';
import {
  EDITIONS_FOLDER,
  editionIndex,
  frozenFiles,
  type CommittedEdition,
  type EditionContents,
  type EditionIndex,
  type EditionStatus,
} from '../../editions/editions.ts';
import { machineRecordFiles } from '../machineRecords.ts';
import {
  frozenPageInputs,
  frozenPageOf,
  normativeMachinePaths,
  normativeMirrorPath,
  normativePages,
  normativeSourceFiles,
} from '../../editions/editionContents.ts';
import {
  pageEditionStatus,
  pendingChanges,
  recordEditionStatus,
  type FrozenPageDigests,
  type PageEditionStatus,
  type PendingChanges,
} from '../../editions/pageStatus.ts';
import type { Page } from '../../pages/pageIndex.ts';
import {
  committedEditionProblems,
  readCommittedEditions,
  standardVersionOf,
  type EditionSite,
} from '../../editions/node/editionFiles.ts';
import type { RecordModel } from '../../model/recordModel.ts';
import { walkFiles } from '../../node/walkFiles.ts';
import { REQUIREMENTS_PATH } from '../../model/publicPaths.ts';
import type { ReleasedRequirements } from '../../requirements/requirementHistory.ts';

const encoder = new TextEncoder();

/**
 * The templates every page is rendered with: a change to one makes the record a draft before Astro
 * renders, as a change to a page's content does, instead of a mismatch found only after it.
 */
const TEMPLATE_FOLDERS = ['src/pages', 'src/layouts', 'src/components'];

function sourcesOf(site: EditionSite, root: string): EditionContents['sources'] {
  const templates = TEMPLATE_FOLDERS.flatMap((folder) => walkFiles(join(root, folder))).map((file) =>
    relative(root, file).split('\\').join('/'),
  );
  return [...normativeSourceFiles(normativePages(site.index), site.index, site.model), ...templates.sort()]
    .filter((file) => existsSync(join(root, file)))
    .map((file) => ({ file, bytes: readFileSync(join(root, file)) }));
}

/** The normative machine files the record would freeze now, rendered from the model (before Astro renders). */
export function machineFilesOf(site: EditionSite): EditionContents['machineFiles'] {
  const paths = normativeMachinePaths(site.model, site.routes);
  const requirements = { requirements: site.requirements, retired: site.retiredRequirements };
  return machineRecordFiles(site.model, site.fieldRegistry, [], [...site.routes], requirements)
    .filter((file) => paths.has(file.path))
    .map((file) => ({ path: file.path, bytes: encoder.encode(file.text) }));
}

/**
 * What the record would freeze now, read from a built dist/: the machine files as published and
 * the normative pages' Markdown mirrors. A missing file is a build that is not the record's.
 */
export function editionContentsFromDist(site: EditionSite, distRoot: string, root = REPOSITORY_ROOT): EditionContents {
  const read = (path: string) => {
    const file = join(distRoot, path.slice(1));
    if (!existsSync(file)) throw new Error(`${relative(root, file)}: missing from the build; run npm run build`);
    return readFileSync(file);
  };
  return {
    machineFiles: [...normativeMachinePaths(site.model, site.routes)].map((path) => ({ path, bytes: read(path) })),
    pages: normativePages(site.index).map((page) => ({
      locale: page.locale,
      path: page.path,
      bytes: read(normativeMirrorPath(page)),
    })),
    sources: sourcesOf(site, root),
  };
}

/** The committed editions and the record's status against the latest, known before Astro renders. */
export interface EditionState {
  /** The released editions, oldest first. */
  editions: EditionIndex[];
  latest: EditionIndex | undefined;
  /** The record's: released when nothing is pending (mirrors are checked after rendering). */
  status: EditionStatus;
  /** The frozen pages and machine files that differ from the latest edition. */
  pending: PendingChanges;
  /** Each page's own status (pageStatus.ts). */
  pageStatus(page: Page): PageEditionStatus;
  /** The requirements each released edition published (editions before requirement ids have none). */
  releasedRequirements: ReleasedRequirements[];
  problems: Problem[];
}

/** The requirements an edition's requirements record lists, by id and level. */
function releasedRequirementsOf(edition: CommittedEdition, problems: Problem[]): ReleasedRequirements[] {
  const path = REQUIREMENTS_PATH.slice(1);
  const bytes = edition.files.get(path);
  if (!bytes) return [];
  const file = `${EDITIONS_FOLDER}/${edition.folder}/${path}`;
  try {
    const record = JSON.parse(new TextDecoder().decode(bytes)) as { requirements: { id: string; level: string }[] };
    const requirements = record.requirements.map(({ id, level }) => ({ id, level }));
    return [{ edition: edition.folder, file, requirements }];
  } catch (error) {
    problems.push({ file, message: `not a requirements record (${(error as Error).message})`, rule: 'editions' });
    return [];
  }
}

const states = new WeakMap<RecordModel, EditionState>();

/** The record's editions and status (read once per loaded model). */
export function editionState(site: EditionSite, root = REPOSITORY_ROOT): EditionState {
  const known = states.get(site.model);
  if (known) return known;
  const read = readCommittedEditions(root);
  const problems = committedEditionProblems(read);
  const editions = read.editions.flatMap((edition) => (edition.index ? [edition.index] : []));
  const latest = editions.at(-1);
  const releasedRequirements = read.editions.flatMap((edition) => releasedRequirementsOf(edition, problems));
  const now = wouldFreeze(site, latest?.id ?? '0000-01-01', machineFilesOf(site), root);
  const pages = pageStatuses(site, latest, now);
  const frozen = normativePages(site.index).map((page) => ({
    locale: page.locale,
    path: page.path,
    status: pages.get(page.url)!,
  }));
  const pending = pendingChanges(latest, frozen, now.files);
  const state: EditionState = {
    editions,
    latest,
    releasedRequirements,
    status: recordEditionStatus(latest, now.standard_version, pending),
    pending,
    pageStatus: (page) => pages.get(page.url) ?? { state: 'informative' },
    problems,
  };
  states.set(site.model, state);
  return state;
}

/**
 * Every page's status, by URL: a page showing a frozen page's text has that page's status, from the
 * digests of the frozen page's own inputs (`now`: the index the record would have as the latest
 * edition, machine files and sources); any other page is informative.
 */
function pageStatuses(site: EditionSite, latest: EditionIndex | undefined, now: EditionIndex) {
  const byFrozenUrl = new Map<string, PageEditionStatus>();
  const statusOf = (frozen: Page): PageEditionStatus => {
    const known = byFrozenUrl.get(frozen.url);
    if (known) return known;
    const inputs = frozenPageInputs(frozen, site.index, site.model);
    const digests: FrozenPageDigests = {
      locale: frozen.locale,
      path: frozen.path,
      sources: digestsOf(inputs.sources, now.sources),
      files: digestsOf(
        inputs.machinePaths.map((path) => path.slice(1)),
        now.files,
      ),
    };
    const status = pageEditionStatus(latest, digests);
    byFrozenUrl.set(frozen.url, status);
    return status;
  };
  const statuses = new Map<string, PageEditionStatus>();
  for (const page of site.index.pages) {
    const frozen = frozenPageOf(site.index, page);
    statuses.set(page.url, frozen ? statusOf(frozen) : { state: 'informative' });
  }
  return statuses;
}

/** The digests of `keys` in `all` (a key `all` lacks, a file that does not exist, is left out). */
function digestsOf(keys: readonly string[], all: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(keys.filter((key) => key in all).map((key) => [key, all[key]]));
}

/** The index edition `id` would have, from machine files (and pages, when given). */
function wouldFreeze(
  site: EditionSite,
  id: string,
  machineFiles: EditionContents['machineFiles'],
  root: string,
  pages: EditionContents['pages'] = [],
): EditionIndex {
  const contents = { machineFiles, pages, sources: sourcesOf(site, root) };
  return editionIndex(
    { id, previous: null, standardVersion: standardVersionOf(site.model) },
    frozenFiles(id, contents),
    contents.sources,
    nodeSha256,
  );
}

/**
 * The digests of the files the record would freeze now as its latest edition, pages included, read
 * from a built dist/ (the build compares them with the latest edition's after rendering).
 */
export function builtEditionChanges(
  site: EditionSite,
  distRoot: string,
  root = REPOSITORY_ROOT,
): Record<string, string> {
  const { latest } = editionState(site, root);
  const contents = editionContentsFromDist(site, distRoot, root);
  return wouldFreeze(site, latest?.id ?? '0000-01-01', contents.machineFiles, root, contents.pages).files;
}
