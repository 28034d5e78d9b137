/**
 * The committed editions (`editions/<id>/` in the repository) on disk: reading them with their
 * indexes checked, the files the record would freeze now (from the model before Astro renders, or
 * from a built dist/ with the pages' Markdown mirrors), and writing a new edition's folder, which
 * never replaces one that exists.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { nodeSha256 } from '../../../uai/node/nodeValidator.ts';
import { siteSchema } from '../../content/node/siteSchemas.ts';
import { schemaProblems, type Problem } from '../../../uai/problem.ts';
import {
  EDITION_INDEX_FILE,
  EDITION_SCHEMA_PATH,
  EDITIONS_FOLDER,
  chainProblems,
  compareEditionIds,
  editionIdProblem,
  editionIndex,
  editionStatusOf,
  frozenFiles,
  indexProblems,
  type CommittedEdition,
  type EditionContents,
  type EditionIndex,
  type EditionStatus,
} from '../editions.ts';
import { machineRecordFiles } from '../../machine/machineRecords.ts';
import type { TracedRequirement } from '../../requirements/requirementTrace.ts';
import {
  normativeMachinePaths,
  normativeMirrorPath,
  normativePages,
  normativeSourceFiles,
} from '../editionContents.ts';
import type { RecordModel } from '../../model/recordModel.ts';
import type { ContentEntry, PageIndex } from '../../pages/pageIndex.ts';
import { editionPageEntries, type UiStringsFile } from '../editionPages.ts';
import { sha256Digest } from '../../../uai/sha256.ts';
import type { FieldRegistryDocument } from '../../model/fieldRegistry.ts';
import { walkFiles } from '../../node/walkFiles.ts';
import { REQUIREMENTS_PATH } from '../../model/publicPaths.ts';
import type { ReleasedRequirements } from '../../requirements/requirementHistory.ts';

/** What of the site the editions read (a SiteContext has it). */
export interface EditionSite {
  model: RecordModel;
  index: PageIndex;
  fieldRegistry: FieldRegistryDocument;
  routes: readonly { routeId: string; text: string }[];
  requirements: readonly TracedRequirement[];
  retiredRequirements: Readonly<Record<string, string>>;
}

/** The edition index's problems against schemas/site/edition.schema.json, one per error. */
function indexSchemaProblems(file: string, value: unknown, root: string): Problem[] {
  const validateIndex = siteSchema(EDITION_SCHEMA_PATH, root);
  if (validateIndex(value)) return [];
  return schemaProblems(file, validateIndex.errors, EDITION_SCHEMA_PATH.slice(1));
}

/** The committed editions, in id order (folders whose name is not an id last), each with its files and index. */
export function readCommittedEditions(root = REPOSITORY_ROOT): { editions: CommittedEdition[]; problems: Problem[] } {
  const folder = join(root, EDITIONS_FOLDER);
  const problems: Problem[] = [];
  if (!existsSync(folder)) return { editions: [], problems };
  const editions = readdirSync(folder)
    .filter((name) => statSync(join(folder, name)).isDirectory())
    .map((name): CommittedEdition => {
      const dir = join(folder, name);
      const files = new Map<string, Uint8Array>();
      for (const file of walkFiles(dir)) files.set(relative(dir, file).split('\\').join('/'), readFileSync(file));
      const indexFile = `${EDITIONS_FOLDER}/${name}/${EDITION_INDEX_FILE}`;
      const indexBytes = files.get(EDITION_INDEX_FILE);
      files.delete(EDITION_INDEX_FILE);
      if (!indexBytes) {
        problems.push({
          file: indexFile,
          message: 'missing; every edition has an index of its files',
          rule: 'editions',
        });
        return { folder: name, index: undefined, files };
      }
      let value: unknown;
      try {
        value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(indexBytes));
      } catch (error) {
        problems.push({ file: indexFile, message: `not JSON (${(error as Error).message})`, rule: 'editions' });
        return { folder: name, index: undefined, files };
      }
      const invalid = indexSchemaProblems(indexFile, value, root);
      problems.push(...invalid);
      return { folder: name, index: invalid.length ? undefined : (value as EditionIndex), files };
    });
  editions.sort((a, b) => {
    const aValid = !editionIdProblem(a.folder);
    const bValid = !editionIdProblem(b.folder);
    if (aValid !== bValid) return aValid ? -1 : 1;
    return aValid ? compareEditionIds(a.folder, b.folder) : a.folder < b.folder ? -1 : 1;
  });
  return { editions, problems };
}

/** Every problem of the committed editions: unreadable or invalid indexes, files unlike them, a broken chain. */
export function committedEditionProblems(read: ReturnType<typeof readCommittedEditions>): Problem[] {
  return [
    ...read.problems,
    ...read.editions.flatMap((edition) => indexProblems(edition, nodeSha256)),
    ...chainProblems(read.editions),
  ];
}

/** The standard version the record publishes: the envelope's `uai_version` constant. */
export function standardVersionOf(model: RecordModel): string {
  const value = model.envelopeShape.fields.find((field) => field.name === 'uai_version')?.shape.constraints.const;
  return String(value ?? '1.0');
}

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
  return [...normativeSourceFiles(normativePages(site.index)), ...templates.sort()]
    .filter((file) => existsSync(join(root, file)))
    .map((file) => ({ file, bytes: readFileSync(join(root, file)) }));
}

function machineFilesOf(site: EditionSite): EditionContents['machineFiles'] {
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
  /** From the machine files and the pages' sources (the pages themselves are compared after rendering). */
  status: EditionStatus;
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
  const state: EditionState = {
    editions,
    latest,
    releasedRequirements,
    status: editionStatusOf(latest, wouldFreeze(site, latest?.id ?? '0000-01-01', machineFilesOf(site), root), {
      pages: false,
    }),
    problems,
  };
  states.set(site.model, state);
  return state;
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

/**
 * Writes edition `id` into `editions/<id>/`: its files and its index. Refuses a folder that exists,
 * so a released edition is never rewritten.
 */
export function writeEdition(
  id: string,
  previous: string | null,
  site: EditionSite,
  contents: EditionContents,
  root = REPOSITORY_ROOT,
): EditionIndex {
  const folder = join(root, EDITIONS_FOLDER, id);
  if (existsSync(folder)) throw new Error(`${EDITIONS_FOLDER}/${id}/: exists; a released edition is never rewritten`);
  const files = frozenFiles(id, contents);
  const index = editionIndex(
    { id, previous, standardVersion: standardVersionOf(site.model) },
    files,
    contents.sources,
    nodeSha256,
  );
  for (const [path, bytes] of files) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), bytes, { flag: 'wx' });
  }
  writeFileSync(join(folder, EDITION_INDEX_FILE), `${JSON.stringify(index, null, 2)}\n`, { flag: 'wx' });
  return index;
}

/**
 * The page index's entries of the released editions' pages (editionPages.ts), from the committed
 * editions whose index is valid; an invalid one is the editions stage's failure, not the index's.
 */
export function editionPageEntriesOf(uiStrings: readonly UiStringsFile[], root = REPOSITORY_ROOT): ContentEntry[] {
  const released = readCommittedEditions(root).editions.flatMap((edition) =>
    edition.index
      ? [
          {
            index: edition.index,
            indexDigest: sha256Digest(
              readFileSync(join(root, EDITIONS_FOLDER, edition.folder, EDITION_INDEX_FILE)),
              nodeSha256,
            ),
          },
        ]
      : [],
  );
  return editionPageEntries(released, uiStrings);
}
