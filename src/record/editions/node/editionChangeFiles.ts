/**
 * The changes between consecutive committed editions (editionChanges.ts), read from their folders
 * once per repository root: the build publishes them and the edition pages show them.
 */
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { editionChanges, type EditionChanges } from '../editionChanges.ts';
import { readCommittedEditions } from './editionFiles.ts';

const known = new Map<string, Map<string, EditionChanges>>();

/** The changes each released edition made since the one before it, by edition id (the first has none). */
export function committedEditionChanges(root = REPOSITORY_ROOT): ReadonlyMap<string, EditionChanges> {
  const cached = known.get(root);
  if (cached) return cached;
  const editions = readCommittedEditions(root).editions.flatMap((edition) =>
    edition.index ? [{ index: edition.index, files: edition.files }] : [],
  );
  const changes = new Map<string, EditionChanges>();
  editions.forEach((edition, position) => {
    if (position > 0) changes.set(edition.index.id, editionChanges(editions[position - 1], edition));
  });
  known.set(root, changes);
  return changes;
}
