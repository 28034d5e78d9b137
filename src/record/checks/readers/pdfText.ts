/**
 * The text of a PDF, read by one linear pass over its bytes (no PDF library is among the record's
 * dependencies): every literal and hexadecimal string (PDFDocEncoding, or UTF-16 after its byte
 * order mark), named by the dictionary key before it (`PDF /Author`, which is how the Info
 * dictionary's fields appear), every comment, and every stream: unfiltered or FlateDecode
 * (inflated) streams are read as text, DCTDecode streams as JPEG; a stream under any other filter
 * is refused, since the gate cannot see what it holds.
 */
import { jpegTexts } from './jpegText.ts';
import { latin1, reasonOf, refusal, within, type Codecs, type FileContents } from './embeddedText.ts';

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const ENDSTREAM = [...'endstream'].map((char) => char.charCodeAt(0));
const utf16 = new TextDecoder('utf-16be');
/** `\n`, `\r`, `\t`, `\b`, `\f` in a literal string; any other escaped byte stands for itself. */
const ESCAPES: Record<number, number> = { 0x6e: 10, 0x72: 13, 0x74: 9, 0x62: 8, 0x66: 12 };

interface Tokenizer {
  bytes: Uint8Array;
  offset: number;
}

export async function pdfTexts(bytes: Uint8Array, codecs: Codecs, place?: string): Promise<FileContents> {
  const at = (inner: string) => within(place, inner);
  const contents: FileContents = { texts: [], refusals: [] };
  const tokens: Tokenizer = { bytes, offset: 0 };
  let key: string | undefined;
  let object = '';
  let filters: string[] = [];
  // After /Filter: the next name, or the names of the array that follows.
  let filterState: 'none' | 'next' | 'array' = 'none';
  const numbers: string[] = [];
  while (tokens.offset < bytes.length) {
    const start = tokens.offset;
    const byte = bytes[start];
    if (WHITESPACE.has(byte)) {
      tokens.offset++;
      continue;
    }
    if (byte === 0x25) {
      contents.texts.push({ place: at(`PDF comment at byte ${start}`), text: latin1(untilLineEnd(tokens)) });
      continue;
    }
    if (byte === 0x28 || (byte === 0x3c && bytes[start + 1] !== 0x3c)) {
      const value = byte === 0x28 ? literalString(tokens) : hexString(tokens);
      contents.texts.push({ place: at(key ? `PDF /${key}` : `PDF string at byte ${start}`), text: textString(value) });
      key = undefined;
      continue;
    }
    if (byte === 0x2f) {
      const name = nameToken(tokens);
      if (filterState !== 'none') {
        filters.push(name);
        if (filterState === 'next') filterState = 'none';
      } else if (name === 'Filter') {
        filterState = 'next';
        filters = [];
      } else key = name;
      continue;
    }
    if (DELIMITERS.has(byte)) {
      tokens.offset += (byte === 0x3c || byte === 0x3e) && bytes[start + 1] === byte ? 2 : 1;
      filterState = byte === 0x5b && filterState === 'next' ? 'array' : byte === 0x5b ? filterState : 'none';
      if (byte !== 0x5b) key = undefined;
      continue;
    }
    const word = wordToken(tokens);
    key = undefined;
    filterState = 'none';
    if (/^\d+$/.test(word)) {
      numbers.push(word);
      if (numbers.length > 2) numbers.shift();
      continue;
    }
    if (word === 'obj') {
      object = numbers.join(' ');
      filters = [];
    } else if (word === 'stream') {
      const stream = streamData(tokens);
      await readStream(stream, filters, at(`PDF stream of object ${object}`), codecs, contents);
      filters = [];
    }
    numbers.length = 0;
  }
  return contents;
}

async function readStream(data: Uint8Array, filters: string[], place: string, codecs: Codecs, contents: FileContents) {
  if (filters.length === 0) contents.texts.push({ place, text: latin1(data) });
  else if (filters.length === 1 && filters[0] === 'FlateDecode') {
    try {
      contents.texts.push({ place, text: latin1(codecs.inflate(data)) });
    } catch (error) {
      contents.refusals.push(refusal(place, `a FlateDecode stream that does not inflate (${reasonOf(error)})`));
    }
  } else if (filters.length === 1 && filters[0] === 'DCTDecode') {
    const jpeg = await jpegTexts(data, place);
    contents.texts.push(...jpeg.texts);
    contents.refusals.push(...jpeg.refusals);
  } else contents.refusals.push(refusal(place, `a stream under /${filters.join(' /')}, which the gate does not read`));
}

function untilLineEnd(tokens: Tokenizer): Uint8Array {
  const { bytes } = tokens;
  const start = tokens.offset;
  while (tokens.offset < bytes.length && bytes[tokens.offset] !== 0x0a && bytes[tokens.offset] !== 0x0d)
    tokens.offset++;
  return bytes.subarray(start, tokens.offset);
}

/** `( … )` with balanced parentheses and backslash escapes, decoded. */
function literalString(tokens: Tokenizer): Uint8Array {
  const { bytes } = tokens;
  const out: number[] = [];
  let depth = 0;
  let at = tokens.offset;
  for (; at < bytes.length; at++) {
    const byte = bytes[at];
    if (byte === 0x5c) {
      const next = bytes[++at];
      if (next >= 0x30 && next <= 0x37) {
        let value = 0;
        let digits = 0;
        for (; digits < 3 && bytes[at] >= 0x30 && bytes[at] <= 0x37; digits++) value = value * 8 + bytes[at++] - 0x30;
        at--;
        out.push(value & 0xff);
      } else if (next === 0x0d || next === 0x0a) {
        if (next === 0x0d && bytes[at + 1] === 0x0a) at++;
      } else out.push(ESCAPES[next] ?? next);
      continue;
    }
    if (byte === 0x28 && depth++ === 0) continue;
    if (byte === 0x29 && --depth === 0) {
      at++;
      break;
    }
    out.push(byte);
  }
  tokens.offset = at;
  return Uint8Array.from(out);
}

/** `< … >`: hexadecimal digits, whitespace ignored, an odd last digit followed by 0. */
function hexString(tokens: Tokenizer): Uint8Array {
  const { bytes } = tokens;
  const end = bytes.indexOf(0x3e, tokens.offset);
  const stop = end < 0 ? bytes.length : end;
  const digits = latin1(bytes.subarray(tokens.offset + 1, stop)).replace(/[^0-9a-fA-F]/g, '');
  tokens.offset = stop + 1;
  const out = new Uint8Array(Math.ceil(digits.length / 2));
  for (let index = 0; index < out.length; index++)
    out[index] = parseInt((digits.slice(index * 2, index * 2 + 2) + '0').slice(0, 2), 16);
  return out;
}

/** A string's text: UTF-16BE after its byte order mark, else one character per byte. */
function textString(value: Uint8Array): string {
  return value[0] === 0xfe && value[1] === 0xff ? utf16.decode(value.subarray(2)) : latin1(value);
}

/** `/Name` with its `#xx` escapes decoded. */
function nameToken(tokens: Tokenizer): string {
  tokens.offset++;
  const raw = latin1(wordBytes(tokens));
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function wordToken(tokens: Tokenizer): string {
  const bytes = wordBytes(tokens);
  if (bytes.length === 0) tokens.offset++;
  return latin1(bytes);
}

function wordBytes(tokens: Tokenizer): Uint8Array {
  const { bytes } = tokens;
  const start = tokens.offset;
  while (tokens.offset < bytes.length && !WHITESPACE.has(bytes[tokens.offset]) && !DELIMITERS.has(bytes[tokens.offset]))
    tokens.offset++;
  return bytes.subarray(start, tokens.offset);
}

/** The bytes after `stream` (and its end of line) up to `endstream`, less its end of line; the tokenizer skips them. */
function streamData(tokens: Tokenizer): Uint8Array {
  const { bytes } = tokens;
  let start = tokens.offset;
  if (bytes[start] === 0x0d) start++;
  if (bytes[start] === 0x0a) start++;
  let end = indexOfBytes(bytes, ENDSTREAM, start);
  if (end < 0) end = bytes.length;
  tokens.offset = Math.min(bytes.length, end + ENDSTREAM.length);
  if (bytes[end - 1] === 0x0a) end--;
  if (bytes[end - 1] === 0x0d) end--;
  return bytes.subarray(start, Math.max(start, end));
}

function indexOfBytes(bytes: Uint8Array, pattern: readonly number[], from: number): number {
  for (let at = bytes.indexOf(pattern[0], from); at !== -1; at = bytes.indexOf(pattern[0], at + 1)) {
    if (pattern.every((byte, index) => bytes[at + index] === byte)) return at;
  }
  return -1;
}
