/**
 * The strings of a CBOR document (RFC 8949), as Pagefind writes its index and metadata: one pass
 * over the data items' heads, in order, taking every text string (UTF-8) and byte string. Arrays,
 * maps and tags are only heads, their items follow in line, so no nesting needs to be tracked.
 * Returns the strings, or throws an Error naming the byte where the document breaks.
 */
import { latin1 } from './embeddedText.ts';

const utf8 = new TextDecoder();

export function cborStrings(bytes: Uint8Array): string[] {
  const strings: string[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const head = bytes[offset];
    const major = head >> 5;
    const info = head & 0x1f;
    const start = offset;
    offset++;
    if (head === 0xff) continue; // the break of an indefinite-length item
    if (info === 0x1f) {
      if (major === 0 || major === 1 || major === 6) throw new Error(`a malformed CBOR head at byte ${start}`);
      continue; // an indefinite-length string, array or map: its chunks or items follow
    }
    if (info > 27) throw new Error(`a malformed CBOR head at byte ${start}`);
    let argument = info;
    if (info >= 24) {
      const size = 1 << (info - 24);
      if (offset + size > bytes.length) throw new Error(`a CBOR head at byte ${start} runs past the end`);
      argument = 0;
      for (let at = 0; at < size; at++) argument = argument * 256 + bytes[offset + at];
      offset += size;
    }
    if (major === 2 || major === 3) {
      if (offset + argument > bytes.length) throw new Error(`a CBOR string at byte ${start} runs past the end`);
      const data = bytes.subarray(offset, offset + argument);
      strings.push(major === 3 ? utf8.decode(data) : latin1(data));
      offset += argument;
    }
  }
  return strings;
}
