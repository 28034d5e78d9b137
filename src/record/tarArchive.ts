/**
 * A tar archive's entry names, read from its 512-byte headers (POSIX ustar, as `npm pack` writes):
 * each header's checksum is checked and each entry's data must fit in the archive, which must end
 * with a zero block. Enough to know that a tarball opens, without unpacking it.
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

/** Every entry name (ustar prefix joined), in archive order; throws an Error saying where the archive breaks. */
export function tarEntryNames(tar: Uint8Array): string[] {
  const names: string[] = [];
  for (let offset = 0; offset + BLOCK <= tar.length;) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return names;
    let sum = 0;
    for (let at = 0; at < BLOCK; at++) sum += at >= 148 && at < 156 ? 0x20 : header[at];
    if (octal(header, 148, 8) !== sum) throw new Error(`the tar header at byte ${offset} has a wrong checksum`);
    const size = octal(header, 124, 12);
    if (!Number.isFinite(size)) throw new Error(`the tar header at byte ${offset} has no valid size`);
    const prefix = text(header, 345, 155);
    const name = text(header, 0, 100);
    names.push(prefix ? `${prefix}/${name}` : name);
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (offset > tar.length) throw new Error(`the tar entry ${names.at(-1)} is cut short`);
  }
  throw new Error('the tar archive ends without its closing zero block');
}
