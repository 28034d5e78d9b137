/**
 * The changes between consecutive committed editions (editionChanges.ts), read from their folders
 * once per repository root: the build publishes them and the edition pages show them. Released
 * editions never change, so each pair's changes are kept between builds (releasedPairCache.ts).
 */
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { editionChanges, type EditionChanges } from '../editionChanges.ts';
import { arrayOf, jsonObject, objectOf, string } from '../../model/jsonShape.ts';
import { readCommittedEditions } from './editionFiles.ts';
import { releasedPairResults, type ReleasedEdition } from './releasedPairCache.ts';

/** The cache file's kind (`.cache/edition-changes.json`). */
export const EDITION_CHANGES_CACHE = 'edition-changes';

const CHANGES_SHAPE = objectOf({
  edition: string,
  previous: string,
  added: arrayOf(jsonObject),
  removed: arrayOf(jsonObject),
  changed: arrayOf(objectOf({ path: string, from_sha256: string, to_sha256: string })),
});

const known = new Map<string, Map<string, EditionChanges>>();

/** The changes each released edition made since the one before it, by edition id (the first has none). */
export function committedEditionChanges(root = REPOSITORY_ROOT): ReadonlyMap<string, EditionChanges> {
  const cached = known.get(root);
  if (cached) return cached;
  const editions = readCommittedEditions(root).editions.filter((edition): edition is ReleasedEdition =>
    Boolean(edition.index),
  );
  const results = releasedPairResults<EditionChanges>(
    EDITION_CHANGES_CACHE,
    editions,
    (previous, next) => editionChanges(previous, next),
    CHANGES_SHAPE,
    root,
  );
  const changes = new Map(results.map(({ edition, result }) => [edition.index.id, result]));
  known.set(root, changes);
  return changes;
}
