/**
 * The text a GIF carries: comment and plain-text extensions, and application extensions (an XMP
 * packet, a vendor's block), walked block by block to the trailer; bytes after it are refused.
 */
import { latin1, refusal, within, type EmbeddedText, type FileContents, type Refusal } from './embeddedText.ts';

export function gifTexts(bytes: Uint8Array, place?: string): FileContents {
  const at = (inner: string) => within(place, inner);
  const texts: EmbeddedText[] = [];
  const refusals: Refusal[] = [];
  const broken = (offset: number) => ({
    texts,
    refusals: [...refusals, refusal(at(`GIF byte ${offset}`), 'a GIF block that runs past the file')],
  });
  // Header (6), logical screen descriptor (7), then the global colour table if its flag is set.
  let offset = 13 + colourTableLength(bytes[10]);
  for (;;) {
    if (offset >= bytes.length) return broken(offset);
    const block = bytes[offset];
    if (block === 0x3b) {
      offset++;
      break;
    }
    if (block === 0x2c) {
      // Image descriptor (10), local colour table, LZW minimum code size (1), then data sub-blocks.
      const data = offset + 10 + colourTableLength(bytes[offset + 9]) + 1;
      const end = subBlocks(bytes, data);
      if (end === undefined) return broken(offset);
      offset = end.next;
      continue;
    }
    if (block !== 0x21) {
      refusals.push(refusal(at(`GIF byte ${offset}`), 'a GIF block the gate does not know'));
      return { texts, refusals };
    }
    const label = bytes[offset + 1];
    const end = subBlocks(bytes, offset + 2);
    if (end === undefined) return broken(offset);
    if (label === 0xfe) texts.push({ place: at('GIF comment'), text: latin1(end.data) });
    else if (label === 0x01) texts.push({ place: at('GIF plain text'), text: latin1(end.data.subarray(12)) });
    else if (label === 0xff)
      texts.push({ place: at(`GIF application "${latin1(end.data.subarray(0, 11))}"`), text: latin1(end.data) });
    offset = end.next;
  }
  if (offset < bytes.length)
    refusals.push(refusal(at('GIF after trailer'), `${bytes.length - offset} bytes after the trailer`));
  return { texts, refusals };
}

/** 3 × 2^(n+1) bytes when a packed field's colour-table flag (bit 7) is set. */
function colourTableLength(packed: number): number {
  return packed & 0x80 ? 3 * (1 << ((packed & 7) + 1)) : 0;
}

/** A chain of sub-blocks (length byte, data) ended by a zero length: their data joined, and where the chain ends. */
function subBlocks(bytes: Uint8Array, from: number): { data: Uint8Array; next: number } | undefined {
  const parts: Uint8Array[] = [];
  let offset = from;
  while (offset < bytes.length && bytes[offset] !== 0) {
    const end = offset + 1 + bytes[offset];
    if (end > bytes.length) return undefined;
    parts.push(bytes.subarray(offset + 1, end));
    offset = end;
  }
  if (offset >= bytes.length) return undefined;
  const data = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    data.set(part, at);
    at += part.length;
  }
  return { data, next: offset + 1 };
}
