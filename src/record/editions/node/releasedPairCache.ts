/**
 * What the build computes from each two consecutive released editions (their changes, their
 * classified changes), kept between builds in one git-ignored file per kind under `.cache/`.
 * Released editions never change, so a result is keyed by the digest of both editions' bytes (each
 * one's folder name, index and every file with its path) and reused until those bytes or the code
 * that computes it change (the record's and the core's modules, package-lock.json, Node:
 * sourceDigest.ts `recordCodeDigest`). The word diffs of the edition pages took 18 of a warm
 * build's 70 CPU seconds, computed twice: by the edition pages in Astro's render and by the
 * published records after it; now the first build computes them once and later builds read them.
 * The file is rewritten with only this build's pairs, so it does not grow with releases. A damaged
 * file (cut short, altered, of the wrong shape: cacheFile.ts) is dropped with one note, and every
 * pair is computed again. */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import type { CommittedEdition, EditionIndex } from '../editions.ts';
import type { Shape } from '../../model/jsonShape.ts';
import { readKeptEntries, writeKeptEntries } from '../../node/cacheFile.ts';

/** A released edition with its index read. */
export type ReleasedEdition = CommittedEdition & { index: EditionIndex };

/** The cache file of one kind of result. */
export function releasedPairCacheFile(kind: string, root = REPOSITORY_ROOT): string {
  return join(root, '.cache', `${kind}.json`);
}

/** The digest of two editions' bytes: the key of the results computed from them. */
function pairKey(previous: ReleasedEdition, next: ReleasedEdition): string {
  const hash = createHash('sha256');
  for (const edition of [previous, next]) {
    hash.update(edition.folder).update('\0').update(JSON.stringify(edition.index)).update('\0');
    for (const path of [...edition.files.keys()].sort())
      hash.update(path).update('\0').update(edition.files.get(path)!).update('\0');
    hash.update('\u0001');
  }
  return hash.digest('hex');
}

/**
 * `compute(previous, next)` for each released edition after the first (`editions` in order), with
 * that edition, taken from the cache file of `kind` when an earlier build computed it from the same bytes
 * with the same code. `entry` is the shape a cached result must have.
 */
export function releasedPairResults<T>(
  kind: string,
  editions: readonly ReleasedEdition[],
  compute: (previous: ReleasedEdition, next: ReleasedEdition) => T,
  entry: Shape,
  root = REPOSITORY_ROOT,
): { edition: ReleasedEdition; result: T }[] {
  const file = releasedPairCacheFile(kind, root);
  const stored = readKeptEntries<T>(file, entry, 'every pair of editions is compared again');
  const used = new Map<string, T>();
  let computed = 0;
  const results = editions.slice(1).map((next, position) => {
    const previous = editions[position];
    const key = pairKey(previous, next);
    let result = stored.get(key);
    if (result === undefined) {
      result = compute(previous, next);
      computed++;
    }
    used.set(key, result);
    return { edition: next, result };
  });
  if (computed || stored.size !== used.size) writeKeptEntries(file, used);
  return results;
}
