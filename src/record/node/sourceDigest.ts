/**
 * The digest of the files a cached result was computed with (code, package-lock.json): a cache
 * keyed by it is dropped whenever one of them changes.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { REPOSITORY_ROOT } from '../../uai/node/recordFiles.ts';
import { walkFiles } from './walkFiles.ts';

/** sha256 over each file's repository-relative path and bytes, in the order given. */
export function sourceDigest(files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files)
    hash.update(file.slice(REPOSITORY_ROOT.length)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

let recordCode: string | undefined;

/**
 * The digest of the record's and the core's code outside their node/ folders (what computes a
 * result from bytes: parsers, rules, diffs) and of package-lock.json (the libraries), read once per
 * process: for a cache whose results any of it may change, robust to modules moving between files.
 */
export function recordCodeDigest(): string {
  recordCode ??= sourceDigest(
    ['src/record', 'src/uai']
      .flatMap((folder) =>
        walkFiles(join(REPOSITORY_ROOT, folder), (path) => basename(path) === 'node').filter((file) =>
          file.endsWith('.ts'),
        ),
      )
      .sort()
      .concat(join(REPOSITORY_ROOT, 'package-lock.json')),
  );
  return recordCode;
}
