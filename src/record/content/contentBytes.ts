/**
 * The bytes of a content file, checked before anything parses them: no larger than a content file
 * needs to be (a parser given megabytes of Markdown runs for minutes and out of stack), and UTF-8
 * text (other bytes would reach every page, mirror and llms-full.txt as U+FFFD).
 */
import { bytePosition, decodeUtf8, describeBadByte } from '../../uai/utf8Text.ts';
import type { Problem } from '../../uai/problem.ts';

/** The largest content file the build reads: far beyond any page of the record, and cheap to parse. */
export const CONTENT_FILE_LIMIT = 1024 * 1024;

export type ContentText = { ok: true; text: string } | { ok: false; problem: Problem };

/** The text of content file `file` (repository-relative), or the problem saying why it is refused. */
export function contentText(file: string, bytes: Uint8Array, limit = CONTENT_FILE_LIMIT): ContentText {
  if (bytes.length > limit) {
    return {
      ok: false,
      problem: {
        file,
        place: { line: 1, column: 1 },
        message: `${bytes.length} bytes, over the limit of ${limit} bytes for a content file`,
        rule: 'content-size',
        hint: 'split it into smaller files',
      },
    };
  }
  const read = utf8Text(bytes);
  if ('text' in read) return { ok: true, text: read.text };
  return {
    ok: false,
    problem: { file, place: read.place, message: read.message, rule: UTF8_TEXT_RULE, hint: 'save the file as UTF-8' },
  };
}

/** The rule a text file breaks when its bytes are not UTF-8 text (content files and published text alike). */
export const UTF8_TEXT_RULE = 'content-utf8';

/**
 * `bytes` as UTF-8 text, or where and why they are not: the first byte that is not UTF-8, or a NUL
 * (valid UTF-8, but Markdown turns it into U+FFFD too, and it never belongs in text).
 */
export function utf8Text(
  bytes: Uint8Array,
): { text: string } | { offset: number; place: { line: number; column: number }; message: string } {
  const nulAt = bytes.indexOf(0);
  const decoded = decodeUtf8(nulAt === -1 ? bytes : bytes.subarray(0, nulAt));
  if (decoded.ok && nulAt === -1) return { text: decoded.text };
  const offset = decoded.ok ? nulAt : decoded.offset;
  return {
    offset,
    place: bytePosition(bytes, offset),
    message: `not UTF-8 text: ${describeBadByte(bytes[offset]!)} at byte offset ${offset}`,
  };
}
