/**
 * Every file below a folder, depth first, sorted by name at each level (so output order is stable),
 * and nothing but regular files: the one walk of the record's inputs and of the built output.
 */
import { accessSync, constants, existsSync, lstatSync, readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { join, sep } from 'node:path';
import { REPOSITORY_ROOT, readProblem, repositoryPath } from '../../uai/node/recordFiles.ts';
import { ProblemListError, type Problem } from '../../uai/problem.ts';

/**
 * A folder tree the build will not read: every entry that is not a regular file or a folder, every
 * name it cannot print, every entry it cannot read. One problem per entry, all of the walk's together.
 */
export class FileTreeError extends ProblemListError {
  override readonly name = 'FileTreeError';
}

/** The rule of an entry the walk refuses (one the system would not let it read is readProblem's, `file-read`). */
export const FILE_TREE_RULE = 'file-tree';

/**
 * With `skipFolder`, the folders it is true of are not entered (e.g. one another process is writing).
 * `dir` may also be a regular file, which is then the walk's one file.
 *
 * Every entry is told apart by lstat before anything opens it, and only regular files and folders
 * are walked. A FIFO would block the reader that opens it forever, a device reads what the machine
 * holds, a socket is no file: each is refused without being opened. Every symbolic link is refused
 * too, wherever it points: a link out of the repository publishes a file nobody committed (the
 * audit's /etc/hostname), and one inside it publishes one text under two names; git keeps the link's
 * text, not the target's bytes, so the dates, the translations' source digests and a frozen edition
 * would describe the link rather than what is published; and checking where a link points, then
 * reading it, leaves a window in which it can be changed. A name with a control character (C0, DEL,
 * C1) or bytes that are not UTF-8 cannot be printed in one line or used in a URL: refused, with its
 * bytes escaped. Every problem of the walk is collected, then thrown together as a FileTreeError.
 */
export function walkFiles(dir: string, skipFolder?: (path: string) => boolean): string[] {
  if (!existsSync(dir) && !isLink(dir)) return [];
  const problems: Problem[] = [];
  const files: string[] = [];
  const root = entryOf(dir, problems);
  if (root?.isFile()) files.push(dir);
  else if (root?.isDirectory()) walkFolder(dir, files, problems, skipFolder);
  if (problems.length) throw new FileTreeError(problems);
  return files;
}

function walkFolder(dir: string, files: string[], problems: Problem[], skipFolder?: (path: string) => boolean): void {
  let names: Buffer[];
  try {
    names = readdirSync(dir, { encoding: 'buffer' });
  } catch (error) {
    problems.push(readProblem(dir, error));
    return;
  }
  const printable = names.flatMap((bytes) => {
    const name = printableName(bytes);
    if (name !== undefined) return [name];
    problems.push({
      file: repositoryPath(join(dir, escapedName(bytes))),
      message: 'a name with a control character or bytes that are not UTF-8 (shown escaped)',
      rule: FILE_TREE_RULE,
      hint: 'rename it with printable UTF-8 characters',
    });
    return [];
  });
  for (const name of printable.sort()) {
    const path = join(dir, name);
    const entry = entryOf(path, problems);
    if (entry?.isFile()) files.push(path);
    else if (entry?.isDirectory() && !skipFolder?.(path)) walkFolder(path, files, problems, skipFolder);
  }
}

/** The lstat of a regular file or folder the walk may read; for anything else a problem, and undefined. */
function entryOf(path: string, problems: Problem[]): Stats | undefined {
  let entry: Stats;
  try {
    entry = lstatSync(path);
    if (entry.isFile() || entry.isDirectory()) {
      // Permission only: nothing is opened. (A process running as root may read any file.)
      accessSync(path, constants.R_OK);
      return entry;
    }
  } catch (error) {
    problems.push(readProblem(path, error));
    return undefined;
  }
  problems.push({
    file: repositoryPath(path),
    message: entry.isSymbolicLink() ? linkDescription(path) : `${kindOf(entry)}, not a regular file`,
    rule: FILE_TREE_RULE,
    hint: entry.isSymbolicLink()
      ? 'replace the link with the file itself (the build reads regular files only)'
      : 'remove it (the build reads regular files only)',
  });
  return undefined;
}

function kindOf(entry: Stats): string {
  if (entry.isFIFO()) return 'a FIFO (named pipe)';
  if (entry.isSocket()) return 'a socket';
  if (entry.isBlockDevice()) return 'a block device';
  if (entry.isCharacterDevice()) return 'a character device';
  return 'an entry of an unknown type';
}

/** What a symbolic link points at, without opening it; never a path outside the repository. */
function linkDescription(path: string): string {
  let target: Stats;
  try {
    target = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ELOOP'
      ? 'a symbolic link that loops (ELOOP)'
      : `a symbolic link whose target cannot be read (${code})`;
  }
  const what = target.isDirectory() ? 'a folder' : target.isFile() ? 'a file' : kindOf(target).replace(/^an? /, 'a ');
  const real = realpathSync(path);
  return real.startsWith(REPOSITORY_ROOT + sep)
    ? `a symbolic link to ${what} inside the repository (${repositoryPath(real)})`
    : `a symbolic link to ${what} outside the repository`;
}

/** The name as text, when it is UTF-8 without control characters (C0, DEL, C1). */
function printableName(bytes: Buffer): string | undefined {
  if (!isUtf8(bytes)) return undefined;
  const name = bytes.toString('utf8');
  for (let i = 0; i < name.length; i++) if (isControl(name.charCodeAt(i))) return undefined;
  return name;
}

const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);

/** The name with each control character and each byte of a name that is not UTF-8 as \xHH. */
function escapedName(bytes: Buffer): string {
  const hex = (code: number) => `\\x${code.toString(16).padStart(2, '0')}`;
  if (!isUtf8(bytes))
    return [...bytes].map((byte) => (byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : hex(byte))).join('');
  return [...bytes.toString('utf8')]
    .map((char) => (isControl(char.charCodeAt(0)) ? hex(char.charCodeAt(0)) : char))
    .join('');
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
