/**
 * What a reader of a published file finds: the texts it holds (the whole file for a text file;
 * metadata, embedded strings and streams for a binary one), each with the place it sits at, and
 * what it could not read. The redaction rules then run over each text.
 */
import type { Problem } from '../../../uai/problem.ts';

/** A text inside a file. `place` is undefined for a text file's own text (its findings get line:column). */
export interface EmbeddedText {
  /** Where it sits, as a reader names it: `PNG tEXt chunk "Comment"`, `PDF /Author`, `tar entry "x.md"`. */
  place?: string;
  text: string;
  /** True when the text is a whole text file nested in an archive: line:column helps there. */
  positioned?: boolean;
}

/** Something the reader could not read or will not vouch for: one problem line. */
export interface Refusal {
  place?: string;
  /** Where in a text file (the published file itself, not an archive entry) the refused byte is. */
  position?: { line: number; column: number };
  message: string;
  /** `file-type` unless the name alone refuses it (`dotfile`, `key-file`). */
  rule: string;
  /** The type an allow-list entry must name to let it through unread (the unknown type, `dotfile`). */
  type?: string;
}

export interface FileContents {
  texts: EmbeddedText[];
  refusals: Refusal[];
}

/**
 * The decompressors the readers need, passed in so the readers stay pure (node:zlib in the gate).
 * Each throws on corrupt input or output past the gate's size limit.
 */
export interface Codecs {
  /** zlib (RFC 1950): PNG zTXt, iTXt and iCCP, PDF FlateDecode. */
  inflate(bytes: Uint8Array): Uint8Array;
  /** gzip (RFC 1952): .gz, .tgz and Pagefind's files. */
  gunzip(bytes: Uint8Array): Uint8Array;
}

/** The rule of a file the gate cannot read as its type says. */
export const FILE_TYPE_RULE = 'file-type';

/** A reader's refusal at `place`. */
/** A refusal as the problem the gate reports for `file`: at its line and column, or its place inside the file. */
export function refusalProblem(file: string, { place, position, message, rule }: Refusal): Problem {
  return {
    file,
    ...(position ? { place: position } : place === undefined ? {} : { place: { pointer: place } }),
    message,
    rule,
  };
}

export function refusal(place: string | undefined, message: string): Refusal {
  return place === undefined ? { message, rule: FILE_TYPE_RULE } : { place, message, rule: FILE_TYPE_RULE };
}

/**
 * Each byte's character in binary text: itself (Latin-1), but a line break for the control
 * characters, so a NUL-terminated string in a binary block ends where it ends for the rules.
 */
const BYTE_CHARACTERS = Array.from({ length: 256 }, (_, byte) =>
  byte === 0x09 || (byte >= 0x20 && byte !== 0x7f) ? String.fromCharCode(byte) : '\n',
);

/**
 * Binary bytes as text the rules can read: one character per byte (Latin-1, control bytes as line
 * breaks), so every ASCII run (where keys and tokens live) reads as itself, in linear time.
 */
export function latin1(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += 0x4000) {
    let part = '';
    const end = Math.min(bytes.length, at + 0x4000);
    for (let index = at; index < end; index++) part += BYTE_CHARACTERS[bytes[index]];
    parts.push(part);
  }
  return parts.join('');
}

/** A place inside another (`tar entry "a.png" › PNG tEXt chunk "Comment"`), or `inner` alone at the top. */
export function within(outer: string | undefined, inner: string): string {
  return outer === undefined ? inner : `${outer} › ${inner}`;
}

/** The error message of a thrown value, for a refusal line. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
