/** Every file below a folder, depth first, sorted by name at each level (so output order is stable). */
import { existsSync, lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { repositoryPath } from '../../uai/node/recordFiles.ts';
import { ProblemListError } from '../../uai/problem.ts';

/** A folder tree that cannot be walked: a symbolic link that loops or points at nothing. One line, naming the link. */
export class FileTreeError extends ProblemListError {
  override readonly name = 'FileTreeError';
}

/**
 * With `skipFolder`, the folders it is true of are not entered (e.g. one another process is writing).
 * Entries are told apart with lstat: a symbolic link is followed to a file or a folder, but one
 * that points at nothing, or at a folder it is itself inside, is an error naming the link.
 */
export function walkFiles(dir: string, skipFolder?: (path: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return walkFolder(dir, [realpathSync(dir)], skipFolder);
}

/** `realFolders`: the real paths of `dir` and every folder above it in this walk, `dir`'s last. */
function walkFolder(dir: string, realFolders: string[], skipFolder?: (path: string) => boolean): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      const entry = lstatSync(path);
      let real = join(realFolders.at(-1)!, name);
      let isFolder = entry.isDirectory();
      if (entry.isSymbolicLink()) {
        isFolder = linkTarget(path).isDirectory();
        if (isFolder) {
          real = realpathSync(path);
          if (realFolders.some((folder) => folder === real || folder.startsWith(real + sep)))
            throw new FileTreeError({
              file: repositoryPath(path),
              message: 'a symbolic link to a folder it is inside, so the walk would never end',
              rule: 'file-tree',
              hint: 'remove the link',
            });
        }
      }
      if (!isFolder) return [path];
      return skipFolder?.(path) ? [] : walkFolder(path, [...realFolders, real], skipFolder);
    });
}

/** What a symbolic link points at; a loop or a missing target is a FileTreeError naming the link. */
function linkTarget(path: string) {
  try {
    return statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const what =
      code === 'ELOOP' ? 'a symbolic link that loops (ELOOP)' : `a symbolic link whose target cannot be read (${code})`;
    throw new FileTreeError({
      file: repositoryPath(path),
      message: what,
      rule: 'file-tree',
      hint: 'remove the link or point it at a file',
    });
  }
}
