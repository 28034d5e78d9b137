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
  // NUL is valid UTF-8, but Markdown turns it into U+FFFD too, and it never belongs in text.
  const nulAt = bytes.indexOf(0);
  const decoded = decodeUtf8(nulAt === -1 ? bytes : bytes.subarray(0, nulAt));
  const badAt = decoded.ok ? nulAt : decoded.offset;
  if (badAt === -1 && decoded.ok) return { ok: true, text: decoded.text };
  const { line, column } = bytePosition(bytes, badAt);
  return {
    ok: false,
    problem: {
      file,
      place: { line, column },
      message: `not UTF-8 text: ${describeBadByte(bytes[badAt]!)} at byte offset ${badAt}`,
      rule: 'content-utf8',
      hint: 'save the file as UTF-8',
    },
  };
}
