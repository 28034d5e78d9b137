/**
 * A tar archive's entries, read from its 512-byte headers (POSIX ustar, as `npm pack` and tar-stream
 * write): each header's checksum is checked and each entry's data must fit in the archive, which
 * must end with a zero block. Enough to know that a tarball opens, and to read its files' bytes.
 */
const BLOCK = 512;

/** The octal number in a header field (NUL- or space-terminated). */
function octal(header: Uint8Array, offset: number, length: number): number {
  let end = offset + length;
  while (end > offset && (header[end - 1] === 0 || header[end - 1] === 32)) end--;
  const text = new TextDecoder().decode(header.subarray(offset, end)).trim();
  return /^[0-7]+$/.test(text) ? parseInt(text, 8) : NaN;
}

function text(header: Uint8Array, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end < 0 ? field : field.subarray(0, end));
}

/** A regular file of a tar archive: its name (ustar prefix joined) and its bytes. */
export interface TarFile {
  name: string;
  bytes: Uint8Array;
}

/**
 * Walks the archive's headers in order, handing each entry's name, type flag and data to `visit`;
 * throws an Error saying where the archive breaks.
 */
function walkTar(tar: Uint8Array, visit: (name: string, type: number, data: Uint8Array) => void): void {
  for (let offset = 0; offset + BLOCK <= tar.length;) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return;
    let sum = 0;
    for (let at = 0; at < BLOCK; at++) sum += at >= 148 && at < 156 ? 0x20 : header[at];
    if (octal(header, 148, 8) !== sum) throw new Error(`the tar header at byte ${offset} has a wrong checksum`);
    const size = octal(header, 124, 12);
    if (!Number.isFinite(size)) throw new Error(`the tar header at byte ${offset} has no valid size`);
    const prefix = text(header, 345, 155);
    const name = text(header, 0, 100);
    const fullName = prefix ? `${prefix}/${name}` : name;
    const start = offset + BLOCK;
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
    if (offset > tar.length) throw new Error(`the tar entry ${fullName} is cut short`);
    visit(fullName, header[156], tar.subarray(start, start + size));
  }
  throw new Error('the tar archive ends without its closing zero block');
}

/** Every entry name (ustar prefix joined), in archive order; throws an Error saying where the archive breaks. */
export function tarEntryNames(tar: Uint8Array): string[] {
  const names: string[] = [];
  walkTar(tar, (name) => names.push(name));
  return names;
}

/** The archive's regular files (type flag `0` or NUL) with their bytes, in archive order; throws like tarEntryNames. */
export function tarFiles(tar: Uint8Array): TarFile[] {
  const files: TarFile[] = [];
  walkTar(tar, (name, type, bytes) => {
    if (type === 0x30 || type === 0) files.push({ name, bytes });
  });
  return files;
}
