/**
 * Strict JSON reader for UAI-1 packets.
 *
 * JSON.parse is not enough for an auditable exchange: it silently keeps the last of two
 * members with the same name (so two readers can see two different packets), and its error
 * positions differ between engines. This reader accepts exactly RFC 8259 JSON, produces the
 * same values as JSON.parse for it, and reports every failure as a `UAI-JSON-PARSE` or
 * `UAI-JSON-DUPLICATE-KEY` error with a JSON Pointer, a line and a column.
 *
 * Lines and columns are 1-based. Columns count Unicode characters (code points), so a
 * character outside the BMP counts once; CR, LF and CRLF each end a line.
 *
 * This module is the reader's public face: its limits, results and entry points (text or UTF-8
 * bytes). The reading itself is `jsonReader.ts`, the characters it tells apart
 * `jsonCharacters.ts`, its error messages `jsonReadMessages.ts`.
 */

import { jsonPointer } from './jsonPointer.ts';
import { textPosition } from './textPosition.ts';
import { bytePosition, decodeUtf8, describeBadByte, invalidUtf8Offset, utf8Length } from './utf8Text.ts';
import { Reader, ReadFailure, type JsonReadErrorCode } from './jsonReader.ts';
import { describeCharAt } from './jsonReadMessages.ts';
import type { Problem } from './problem.ts';
import { MAX_NESTING_DEPTH } from './nestingLimit.ts';

export interface JsonReadLimits {
  /** Largest accepted document, in UTF-8 bytes. */
  maxBytes: number;
  /**
   * Deepest accepted nesting of objects and arrays; the top-level container is depth 1. A larger
   * value than `MAX_NESTING_DEPTH` (1,000) counts as that limit: no deeper value has a canonical form.
   */
  maxDepth: number;
}

/** Frozen so that one caller cannot change the limits every other caller relies on. */
export const DEFAULT_JSON_LIMITS: Readonly<JsonReadLimits> = Object.freeze({
  maxBytes: 4 * 1024 * 1024,
  maxDepth: 64,
});

export type { JsonReadErrorCode };

export interface JsonReadError {
  code: JsonReadErrorCode;
  /**
   * JSON Pointer of the place: for a duplicate member name, the duplicated member; for a
   * syntax error, the value being read when reading failed ("" for the whole document).
   */
  path: string;
  /** One line: what is wrong, `line L, column C`, and what to change. */
  message: string;
  line: number;
  column: number;
}

export type JsonReadResult = { ok: true; value: unknown } | { ok: false; error: JsonReadError };

/** The problem of a file that did not read as JSON, at its line and column; its rule is the error's code. */
export function jsonReadProblem(file: string, error: JsonReadError): Problem {
  return {
    file,
    place: { line: error.line, column: error.column },
    message: `not valid JSON: ${error.message}`,
    rule: error.code,
  };
}

/** Reads one JSON document from text. Never throws for bad input: failures come back as results. */
export function readJsonText(text: string, limits?: Partial<JsonReadLimits>): JsonReadResult {
  const { maxBytes, maxDepth } = resolveLimits(limits);
  // Each UTF-16 code unit takes 1 to 3 UTF-8 bytes (a surrogate pair takes 4 for 2 units), so
  // the exact byte count is only needed when the length alone cannot decide.
  if (text.length > maxBytes || (text.length * 3 > maxBytes && utf8Length(text) > maxBytes)) {
    return tooLarge(maxBytes);
  }
  return readDocument(text, maxDepth);
}

/**
 * Reads one JSON document from bytes, which must be UTF-8 (RFC 8259 section 8.1). Checks the
 * size before decoding, so an oversized input costs nothing to refuse.
 */
export function decodeJsonBytes(bytes: Uint8Array, limits?: Partial<JsonReadLimits>): JsonReadResult {
  const { maxBytes, maxDepth } = resolveLimits(limits);
  if (bytes.length > maxBytes) return tooLarge(maxBytes);
  if (bytes.length === 0) return empty();
  // NUL is valid UTF-8 but can never appear raw in JSON (in a string it must be escaped):
  // in practice it means a binary file or UTF-16 text.
  const nulAt = bytes.indexOf(0);
  let badAt = -1;
  let text = '';
  if (nulAt === -1) {
    const decoded = decodeUtf8(bytes);
    if (decoded.ok) text = decoded.text;
    else badAt = decoded.offset;
  } else {
    // Report whichever comes first: the NUL or an invalid sequence before it.
    const invalidAt = invalidUtf8Offset(bytes.subarray(0, nulAt));
    badAt = invalidAt === -1 ? nulAt : invalidAt;
  }
  if (badAt !== -1) {
    const { line, column } = bytePosition(bytes, badAt);
    return failure(
      'UAI-JSON-PARSE',
      '',
      `not UTF-8 text (binary data?): ${describeBadByte(bytes[badAt]!)} (byte offset ${badAt})`,
      line,
      column,
      'send the document as UTF-8 JSON text',
    );
  }
  return readDocument(text, maxDepth);
}

/** The limits in force: the defaults where `limits` leaves one out, the depth at most `MAX_NESTING_DEPTH`. */
export function resolveLimits(limits: Partial<JsonReadLimits> | undefined): JsonReadLimits {
  return {
    maxBytes: limits?.maxBytes ?? DEFAULT_JSON_LIMITS.maxBytes,
    maxDepth: Math.min(limits?.maxDepth ?? DEFAULT_JSON_LIMITS.maxDepth, MAX_NESTING_DEPTH),
  };
}

function readDocument(text: string, maxDepth: number): JsonReadResult {
  if (text.charCodeAt(0) === 0xfeff) {
    return failure(
      'UAI-JSON-PARSE',
      '',
      'the document starts with a byte order mark (U+FEFF)',
      1,
      1,
      'remove the byte order mark (save the file as UTF-8 without BOM)',
    );
  }
  const reader = new Reader(text, maxDepth);
  try {
    reader.skipWhitespace();
    if (reader.pos >= text.length) return empty();
    const value = reader.readValue();
    reader.skipWhitespace();
    if (reader.pos < text.length) {
      throw reader.fail(
        reader.pos,
        `unexpected ${describeCharAt(text, reader.pos)} after the end of the JSON value`,
        'a document holds exactly one value: remove the extra text',
      );
    }
    return { ok: true, value };
  } catch (error) {
    if (error instanceof ReadFailure) {
      const { line, column } = textPosition(text, error.at);
      return failure(error.code, error.path, error.problem, line, column, error.fix);
    }
    if (isStackOverflow(error)) {
      // Only reachable when a caller raises maxDepth beyond what the runtime's stack allows.
      const { line, column } = textPosition(text, reader.pos);
      return failure(
        'UAI-JSON-PARSE',
        jsonPointer(reader.path),
        `nesting is too deep for this runtime (limit set to ${maxDepth} levels)`,
        line,
        column,
        'flatten the document or lower maxDepth',
      );
    }
    throw error;
  }
}

function isStackOverflow(error: unknown): boolean {
  // V8 and JavaScriptCore throw RangeError; SpiderMonkey throws InternalError ("too much recursion").
  return error instanceof RangeError || (error instanceof Error && error.name === 'InternalError');
}

function failure(
  code: JsonReadErrorCode,
  path: string,
  problem: string,
  line: number,
  column: number,
  fix: string,
): { ok: false; error: JsonReadError } {
  return {
    ok: false,
    error: { code, path, message: `${problem} at line ${line}, column ${column}; ${fix}`, line, column },
  };
}

function empty(): JsonReadResult {
  return failure('UAI-JSON-PARSE', '', 'the document is empty', 1, 1, 'send one JSON value, such as an object');
}

function tooLarge(maxBytes: number): JsonReadResult {
  return failure(
    'UAI-JSON-TOO-LARGE',
    '',
    `file is larger than ${maxBytes} bytes`,
    1,
    1,
    'send a smaller document, or split it into several',
  );
}
