/**
 * The digest of the files a cached result was computed with (code, package-lock.json): a cache
 * keyed by it is dropped whenever one of them changes.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { REPOSITORY_ROOT } from '../../uai/node/recordFiles.ts';

/** sha256 over each file's repository-relative path and bytes, in the order given. */
export function sourceDigest(files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files)
    hash.update(file.slice(REPOSITORY_ROOT.length)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}
