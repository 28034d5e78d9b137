/**
 * The classified changes (changeClassification.ts) of each committed edition since the one before
 * it, read from their folders once per repository root, for the changelog page, changelog.json and
 * the feeds. The build compares the fixtures only: the generated packets run in `npm run edition`,
 * where they decide the release (a few seconds each; the build would pay them for every edition).
 */
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { nodeSha256 } from '../../../uai/node/nodeValidator.ts';
import { classifyChanges } from '../changeClassification.ts';
import type { ClassifiedChange } from '../changeRules.ts';
import { readCommittedEditions } from './editionFiles.ts';

const known = new Map<string, Map<string, ClassifiedChange[]>>();

/** Each released edition's classified changes since the one before it, by edition id (the first has none). */
export function committedClassifiedChanges(root = REPOSITORY_ROOT): ReadonlyMap<string, ClassifiedChange[]> {
  const cached = known.get(root);
  if (cached) return cached;
  const editions = readCommittedEditions(root).editions.flatMap((edition) =>
    edition.index
      ? [{ id: edition.folder, standardVersion: edition.index.standard_version, files: edition.files }]
      : [],
  );
  const classified = new Map<string, ClassifiedChange[]>();
  editions.forEach((edition, position) => {
    if (position > 0)
      classified.set(
        edition.id,
        classifyChanges(editions[position - 1], edition, { generated: 0, sha256: nodeSha256 }).changes,
      );
  });
  known.set(root, classified);
  return classified;
}
