/**
 * The digest of the files a cached result was computed with (code, package-lock.json): a cache
 * keyed by it is dropped whenever one of them changes.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../uai/node/recordFiles.ts';
import { walkFiles } from './walkFiles.ts';

/** sha256 over each file's repository-relative path and bytes, in the order given. */
export function sourceDigest(files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files)
    hash.update(file.slice(REPOSITORY_ROOT.length)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

const digestOf = (...parts: string[]) =>
  parts.reduce((hash, part) => hash.update(part), createHash('sha256')).digest('hex');

let recordCode: string | undefined;

/**
 * The digest of the record's and the core's code (every module of src/record and src/uai: what
 * computes a result from bytes, parsers, rules, diffs, archives), of package-lock.json (the
 * libraries) and of Node's version (its regular expressions' Unicode tables, its zlib), read once
 * per process: for a cache whose results any of it may change, robust to modules moving between files.
 */
export function recordCodeDigest(): string {
  recordCode ??= digestOf(
    `${process.version}\0`,
    sourceDigest(
      ['src/record', 'src/uai']
        .flatMap((folder) => walkFiles(join(REPOSITORY_ROOT, folder)).filter((file) => file.endsWith('.ts')))
        .sort()
        .concat(join(REPOSITORY_ROOT, 'package-lock.json')),
    ),
  );
  return recordCode;
}
