/**
 * Writes that say which file failed. Node's error for a failed write (`ENOSPC: no space left on
 * device, write`) names no file; these helpers return a problem naming it (repository-relative),
 * what the system said and what to do, for the build to report.
 */
import { copyFileSync, linkSync, lstatSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { repositoryPath } from '../../uai/node/recordFiles.ts';
import type { Problem } from '../../uai/problem.ts';

/** What to do about a write the system refused, by its error code. */
const HINTS: Record<string, string> = {
  ENOSPC: 'the disk is full: free space, then build again',
  EDQUOT: 'the disk quota is used up: free space, then build again',
  EROFS: 'the file system is read-only: build on a writable one',
  EACCES: 'the folder is not writable by this user',
  EPERM: 'the folder is not writable by this user',
  EISDIR: 'a folder stands where the file goes: remove it',
  ENOTDIR: 'a file stands where a folder of the path goes: remove it',
};

/**
 * Calls that only read: their errors share codes with writes (EISDIR, EACCES, EIO), yet a failed
 * read reported as "could not be written" sends the reader to the wrong file and the wrong fix.
 * (A failed `open` can be either: readers of the record's files say theirs, `readRecordFile`.)
 */
const READ_CALLS = new Set(['read', 'scandir', 'opendir', 'lstat', 'stat', 'access', 'readlink', 'realpath']);

/** True for the error of a write the system refused (full disk, read-only or unwritable folder), as HINTS has. */
export function isWriteError(error: unknown): error is NodeJS.ErrnoException {
  const { code, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  return typeof code === 'string' && Object.hasOwn(HINTS, code) && !READ_CALLS.has(syscall ?? '');
}

/** The problem of a write of `path` that failed with `error`. */
export function writeProblem(path: string, error: unknown): Problem {
  const { code, message } = error as NodeJS.ErrnoException;
  // Node's message is "CODE: what, syscall ['path']": the part between the code and the syscall.
  const described = String(message ?? error).replace(/^[A-Z]+: /, '');
  // Cut at the quoted path, then at the last comma (before the syscall): no backtracking over the text.
  const quote = described.indexOf(" '");
  const beforePath = quote < 0 ? described : described.slice(0, quote);
  const comma = beforePath.lastIndexOf(', ');
  const said = comma < 0 ? beforePath : beforePath.slice(0, comma);
  const hint = (code && HINTS[code]) ?? 'check the folder and the disk, then build again';
  return {
    file: repositoryPath(path),
    message: `could not be written: ${code ?? 'error'}, ${said}`,
    rule: 'file-write',
    hint,
  };
}

/** Writes `data` to `path`, making its folder; returns the problem when the write failed. */
export function writeFileReporting(path: string, data: string | Uint8Array): Problem | undefined {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
    return undefined;
  } catch (error) {
    return writeProblem(path, error);
  }
}

/** Copies `from` to `to`, making its folder; returns the problem when the copy failed. */
export function copyFileReporting(from: string, to: string): Problem | undefined {
  try {
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, to);
    return undefined;
  } catch (error) {
    return writeProblem(to, error);
  }
}

/**
 * Makes `to` a second name of the file `from` when that file holds exactly `bytes`, making its
 * folder; false, with nothing left at `to`, when it does not or when the system refuses the link
 * (another file system, one without links, too many links): the caller writes the bytes instead.
 * The bytes are compared through `to` after linking, so a file replaced at `from` in between (another
 * build's swap) is never taken for the one compared. A file the build would write unchanged is then
 * not written again.
 */
export function linkIfSame(from: string, to: string, bytes: Uint8Array): boolean {
  try {
    const stats = lstatSync(from);
    if (!stats.isFile() || stats.size !== bytes.byteLength) return false;
    mkdirSync(dirname(to), { recursive: true });
    linkSync(from, to);
  } catch {
    return false;
  }
  try {
    if (lstatSync(to).isFile() && readFileSync(to).equals(bytes)) return true;
  } catch {
    // Unreadable: written instead, below.
  }
  rmSync(to, { force: true });
  return false;
}
