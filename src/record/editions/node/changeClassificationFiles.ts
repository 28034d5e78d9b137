/**
 * The classified changes (changeClassification.ts) of each committed edition since the one before
 * it, read from their folders once per repository root, for the changelog page, changelog.json and
 * the feeds. The build compares the fixtures only: the generated packets run in `npm run edition`,
 * where they decide the release (a few seconds each; the build would pay them for every edition).
 * Released editions never change, so each pair's changes are kept between builds (releasedPairCache.ts).
 */
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { nodeSha256 } from '../../../uai/node/nodeValidator.ts';
import { classifyChanges } from '../changeClassification.ts';
import type { ClassifiedChange } from '../changeRules.ts';
import { arrayOf, objectOf, string } from '../../model/jsonShape.ts';
import { readCommittedEditions } from './editionFiles.ts';
import { releasedPairResults, type ReleasedEdition } from './releasedPairCache.ts';

/** The cache file's kind (`.cache/classified-changes.json`). */
export const CLASSIFIED_CHANGES_CACHE = 'classified-changes';

const CLASSIFIED_SHAPE = arrayOf(objectOf({ rule: string, class: string, subject: string, detail: string }));

const known = new Map<string, Map<string, ClassifiedChange[]>>();

/** Each released edition's classified changes since the one before it, by edition id (the first has none). */
export function committedClassifiedChanges(root = REPOSITORY_ROOT): ReadonlyMap<string, ClassifiedChange[]> {
  const cached = known.get(root);
  if (cached) return cached;
  const editions = readCommittedEditions(root).editions.filter((edition): edition is ReleasedEdition =>
    Boolean(edition.index),
  );
  const snapshot = (edition: ReleasedEdition) => ({
    id: edition.folder,
    standardVersion: edition.index.standard_version,
    files: edition.files,
  });
  const results = releasedPairResults<ClassifiedChange[]>(
    CLASSIFIED_CHANGES_CACHE,
    editions,
    (previous, next) =>
      classifyChanges(snapshot(previous), snapshot(next), { generated: 0, sha256: nodeSha256 }).changes,
    CLASSIFIED_SHAPE,
    root,
  );
  const classified = new Map(results.map(({ edition, result }) => [edition.folder, result]));
  known.set(root, classified);
  return classified;
}
