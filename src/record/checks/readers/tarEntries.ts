/**
 * A tar archive's entries, read with tar-stream (ustar, pax and GNU long names): each entry's
 * name, type, bytes and pax records, in archive order. Throws tar-stream's error for a broken archive.
 */
import { extract } from 'tar-stream';

export interface TarEntry {
  name: string;
  /** tar-stream's type: `file`, `directory`, `symlink`, `link`, … */
  type: string;
  bytes: Uint8Array;
  /** The pax extended header's records, when the entry has one (beyond the path and size they replace). */
  pax: Record<string, string>;
  linkname?: string;
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
    archive.on('finish', () => resolve(entries));
    archive.on('error', reject);
    archive.end(Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength));
  });
}
