/**
 * A tar archive's entries, read with tar-stream (ustar, pax and GNU long names): each entry's
 * name, type, bytes and pax records, in archive order. The one tar reader of the record: the
 * published-file checks, the package tarball and the edition bundles read archives with it. Throws
 * tar-stream's error for a broken archive (a header whose checksum is wrong, an entry cut short),
 * and refuses one that does not end with a zero block, so a tarball cut between two entries
 * does not read as whole.
 */
import { extract } from 'tar-stream';

const BLOCK = 512;

export interface TarEntry {
  name: string;
  /** tar-stream's type: `file`, `directory`, `symlink`, `link`, … */
  type: string;
  bytes: Uint8Array;
  /** The pax extended header's records, when the entry has one (beyond the path and size they replace). */
  pax: Record<string, string>;
  linkname?: string;
}

/** Whether the archive's last block is zeros: the end-of-archive marker a cut tarball lacks. */
function endsWithZeroBlock(tar: Uint8Array): boolean {
  if (tar.length < BLOCK || tar.length % BLOCK !== 0) return false;
  for (let at = tar.length - BLOCK; at < tar.length; at++) if (tar[at] !== 0) return false;
  return true;
}

export function tarEntries(tar: Uint8Array): Promise<TarEntry[]> {
  return new Promise((resolve, reject) => {
    const entries: TarEntry[] = [];
    const archive = extract();
    archive.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
      stream.on('error', reject);
      stream.on('end', () => {
        entries.push({
          name: header.name,
          type: header.type ?? 'file',
          bytes: Buffer.concat(chunks),
          pax: (header.pax as Record<string, string> | undefined) ?? {},
          ...(header.linkname ? { linkname: header.linkname } : {}),
        });
        next();
      });
    });
    archive.on('finish', () =>
      endsWithZeroBlock(tar)
        ? resolve(entries)
        : reject(new Error('the tar archive ends without its closing zero block')),
    );
    archive.on('error', reject);
    archive.end(Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength));
  });
}

/** The archive's regular files (tar-stream's `file`), by name, in archive order; rejects like tarEntries. */
export async function tarFiles(tar: Uint8Array): Promise<Map<string, Uint8Array>> {
  const entries = await tarEntries(tar);
  return new Map(entries.filter((entry) => entry.type === 'file').map((entry) => [entry.name, entry.bytes]));
}
