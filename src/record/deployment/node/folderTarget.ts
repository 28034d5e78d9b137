/**
 * A built folder read the way a static host serves it: `/x/` is `/x/index.html`, a path outside
 * the folder is a 404. Its inventory is taken with lstat and follows no link: only regular files and
 * folders are publishable; a symbolic link (a host may follow it anywhere, or not at all) and any
 * other entry (a FIFO, a socket, a device) is refused, each named once. A refused link's target is
 * still read when a listed file is fetched, as a host that follows it would serve it, so a link to an
 * identical copy costs one line, the link's.
 */
import { existsSync, lstatSync, readFileSync, readdirSync, statSync, type Stats } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { Fetch, RefusedEntry, TargetFiles } from '../verifyDeployment.ts';

const notFound = { status: 404, bytes: new Uint8Array() };

/** Reads `root` (an absolute folder path) by public path. */
export function folderFetch(root: string): Fetch {
  return async (path) => {
    const file = resolve(root, `.${decodeURIComponent(path.endsWith('/') ? `${path}index.html` : path)}`);
    if (file !== root && !file.startsWith(root + sep)) return notFound;
    if (!existsSync(file) || !statSync(file).isFile()) return notFound;
    return { status: 200, bytes: new Uint8Array(readFileSync(file)) };
  };
}

/** What an entry that is neither a regular file nor a folder is. */
function refusedKind(entry: Stats): RefusedEntry['kind'] {
  if (entry.isSymbolicLink()) return 'a symbolic link';
  if (entry.isFIFO()) return 'a FIFO';
  if (entry.isSocket()) return 'a socket';
  if (entry.isCharacterDevice()) return 'a character device';
  if (entry.isBlockDevice()) return 'a block device';
  return 'an entry of unknown type';
}

/** Every entry below `root` by public path, sorted by name at each level; links are not followed. */
export function folderFiles(root: string): TargetFiles {
  const listing: TargetFiles = { files: [], refused: [] };
  const walk = (folder: string, publicFolder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      const publicPath = `${publicFolder}/${name}`;
      const entry = lstatSync(path);
      if (entry.isDirectory()) walk(path, publicPath);
      else if (entry.isFile()) listing.files.push(publicPath);
      else listing.refused.push({ path: publicPath, kind: refusedKind(entry) });
    }
  };
  walk(root, '');
  return listing;
}
