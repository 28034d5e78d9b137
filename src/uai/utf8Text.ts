/**
 * UTF-8 bytes to text, strictly: a byte that is not well-formed UTF-8 is an error with its place,
 * never a silent U+FFFD.
 */
import { isLead, textPosition } from './textPosition.ts';

// fatal: invalid UTF-8 is an error, not U+FFFD. ignoreBOM: keep a leading U+FEFF in the text, so
// a reader can refuse it (by default TextDecoder would silently drop it).
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** The text of `bytes`, or the offset of the first byte that does not start a well-formed UTF-8 sequence. */
export function decodeUtf8(bytes: Uint8Array): { ok: true; text: string } | { ok: false; offset: number } {
  try {
    return { ok: true, text: strictUtf8.decode(bytes) };
  } catch {
    // The decoder does not say where; find the place to report it (0 if the scan disagrees).
    return { ok: false, offset: Math.max(invalidUtf8Offset(bytes), 0) };
  }
}

/** Line and column of byte `offset` of `bytes`, counted in the well-formed text before it. */
export function bytePosition(bytes: Uint8Array, offset: number): { line: number; column: number } {
  const before = lenientUtf8.decode(bytes.subarray(0, offset));
  return textPosition(before, before.length);
}

/** A byte that stops the reading of text: NUL (valid UTF-8, but never in text) or one that is not UTF-8. */
export function describeBadByte(byte: number): string {
  return byte === 0 ? 'a NUL byte' : `invalid byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
}

/** Exact UTF-8 size of a string; lone surrogates count 3 bytes, as U+FFFD would. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char < 0x80) bytes += 1;
    else if (char < 0x800) bytes += 2;
    else if (isLead(char) && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

/** Offset of the first byte that does not start a well-formed UTF-8 sequence (Unicode table 3-7), or -1. */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index]!;
    if (lead < 0x80) {
      index++;
      continue;
    }
    let trailing: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) trailing = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      trailing = 2;
      if (lead === 0xe0) low = 0xa0; // overlong
      if (lead === 0xed) high = 0x9f; // UTF-16 surrogates
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      trailing = 3;
      if (lead === 0xf0) low = 0x90; // overlong
      if (lead === 0xf4) high = 0x8f; // beyond U+10FFFF
    } else return index;
    for (let offset = 1; offset <= trailing; offset++) {
      if (index + offset >= bytes.length) return index;
      const byte = bytes[index + offset]!;
      if (byte < (offset === 1 ? low : 0x80) || byte > (offset === 1 ? high : 0xbf)) return index;
    }
    index += trailing + 1;
  }
  return -1;
}
