/**
 * The committed editions (`editions/<id>/` in the repository) on disk: reading them with their
 * indexes checked, their pages for the page index, and writing a new edition's folder, which never
 * replaces one that exists. What the record would freeze now (its machine records, pages and
 * sources) is machine/node/editionState.ts, a floor above: it renders the machine records.
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
  frozenFiles,
  indexProblems,
  type CommittedEdition,
  type EditionContents,
  type EditionIndex,
} from '../editions.ts';
import type { TracedRequirement } from '../../requirements/requirementTrace.ts';
import type { RecordModel } from '../../model/recordModel.ts';
import type { ContentEntry, PageIndex } from '../../pages/pageIndex.ts';
import type { LoadedContent } from '../../content/node/contentFiles.ts';
import { editionPageEntries, type UiStringsFile } from '../editionPages.ts';
import { sha256Digest } from '../../../uai/sha256.ts';
import type { FieldRegistryDocument } from '../../model/fieldRegistry.ts';
import { walkFiles } from '../../node/walkFiles.ts';

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

/** The content entries with the released editions' pages, which the page index lists like content files. */
export function withEditionPages(content: LoadedContent, uiStrings: readonly UiStringsFile[]): LoadedContent {
  return { ...content, entries: [...content.entries, ...editionPageEntriesOf(uiStrings)] };
}
