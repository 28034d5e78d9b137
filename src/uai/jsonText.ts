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
 */

import { jsonPointer } from './jsonPointer.ts';
import { textPosition } from './textPosition.ts';
import { bytePosition, decodeUtf8, describeBadByte, invalidUtf8Offset, utf8Length } from './utf8Text.ts';
import { unsafeNumberLiteral } from './ijsonNumbers.ts';
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

export type JsonReadErrorCode =
  'UAI-JSON-PARSE' | 'UAI-JSON-TOO-LARGE' | 'UAI-JSON-DUPLICATE-KEY' | 'UAI-JSON-NUMBER-UNSAFE';

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

/** A failure found while reading; turned into a JsonReadError once, at the top. */
class ReadFailure {
  constructor(
    readonly code: JsonReadErrorCode,
    readonly at: number,
    readonly path: string,
    readonly problem: string,
    readonly fix: string,
  ) {}
}

const CHAR_TAB = 0x09;
const CHAR_LF = 0x0a;
const CHAR_CR = 0x0d;
const CHAR_SPACE = 0x20;
const CHAR_QUOTE = 0x22;
const CHAR_APOSTROPHE = 0x27;
const CHAR_PLUS = 0x2b;
const CHAR_COMMA = 0x2c;
const CHAR_MINUS = 0x2d;
const CHAR_DOT = 0x2e;
const CHAR_SLASH = 0x2f;
const CHAR_0 = 0x30;
const CHAR_1 = 0x31;
const CHAR_9 = 0x39;
const CHAR_COLON = 0x3a;
const CHAR_E = 0x45;
const CHAR_OPEN_BRACKET = 0x5b;
const CHAR_BACKSLASH = 0x5c;
const CHAR_CLOSE_BRACKET = 0x5d;
const CHAR_LOWER_E = 0x65;
const CHAR_LOWER_F = 0x66;
const CHAR_LOWER_N = 0x6e;
const CHAR_LOWER_T = 0x74;
const CHAR_LOWER_U = 0x75;
const CHAR_OPEN_BRACE = 0x7b;
const CHAR_CLOSE_BRACE = 0x7d;

/**
 * Recursive-descent reader over UTF-16 code units. It tracks only an offset: lines and
 * columns are computed once, for the error, so the happy path pays nothing for them. `path`
 * holds the segments of the value being read and is pushed and popped in place, so a pointer
 * string is built only for an error.
 */
class Reader {
  pos = 0;
  depth = 0;
  readonly path: (string | number)[] = [];

  constructor(
    readonly text: string,
    readonly maxDepth: number,
  ) {}

  fail(at: number, problem: string, fix: string, path = jsonPointer(this.path)): ReadFailure {
    return new ReadFailure('UAI-JSON-PARSE', at, path, problem, fix);
  }

  skipWhitespace(): void {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const char = text.charCodeAt(pos);
      if (char === CHAR_SPACE || char === CHAR_LF || char === CHAR_CR || char === CHAR_TAB) pos++;
      else break;
    }
    this.pos = pos;
  }

  /** Reads the value starting at `pos`, which must not be whitespace. */
  readValue(): unknown {
    const char = this.text.charCodeAt(this.pos);
    switch (char) {
      case CHAR_OPEN_BRACE:
        return this.readObject();
      case CHAR_OPEN_BRACKET:
        return this.readArray();
      case CHAR_QUOTE:
        return this.readString();
      case CHAR_LOWER_T:
        return this.readLiteral('true', true);
      case CHAR_LOWER_F:
        return this.readLiteral('false', false);
      case CHAR_LOWER_N:
        return this.readLiteral('null', null);
      case CHAR_MINUS:
      case CHAR_0:
      case CHAR_1:
      case 0x32:
      case 0x33:
      case 0x34:
      case 0x35:
      case 0x36:
      case 0x37:
      case 0x38:
      case CHAR_9:
        return this.readNumber();
      default:
        throw this.missingValue(this.pos);
    }
  }

  private enter(at: number): void {
    if (++this.depth > this.maxDepth) {
      throw this.fail(
        at,
        `objects and arrays are nested deeper than the limit of ${this.maxDepth} levels`,
        'flatten the document',
      );
    }
  }

  private readObject(): Record<string, unknown> {
    const text = this.text;
    const openAt = this.pos;
    this.enter(openAt);
    this.pos++;
    const object: Record<string, unknown> = {};
    this.skipWhitespace();
    if (text.charCodeAt(this.pos) === CHAR_CLOSE_BRACE) {
      this.pos++;
      this.depth--;
      return object;
    }
    let commaAt = -1;
    for (;;) {
      const nameAt = this.pos;
      if (text.charCodeAt(nameAt) !== CHAR_QUOTE) throw this.missingName(nameAt, commaAt, openAt);
      const name = this.readString();
      if (Object.hasOwn(object, name)) {
        throw new ReadFailure(
          'UAI-JSON-DUPLICATE-KEY',
          nameAt,
          jsonPointer([...this.path, name]),
          `duplicate member name ${quoteForMessage(name)} in ${describeObject(this.path)}`,
          'a name may appear only once in an object: remove or rename one of the two members',
        );
      }
      this.skipWhitespace();
      if (text.charCodeAt(this.pos) !== CHAR_COLON) {
        throw this.fail(
          this.pos,
          `expected ':' after the member name ${quoteForMessage(name)}, found ${describeCharAt(text, this.pos)}`,
          "write ':' between a member name and its value",
          jsonPointer([...this.path, name]),
        );
      }
      this.pos++;
      this.skipWhitespace();
      this.path.push(name);
      const value = this.readValue();
      this.path.pop();
      if (name === '__proto__') {
        // Assignment would call the Object.prototype.__proto__ setter and replace the
        // prototype; JSON.parse makes an own data property instead, and so do we.
        Object.defineProperty(object, name, { value, writable: true, enumerable: true, configurable: true });
      } else {
        object[name] = value;
      }
      this.skipWhitespace();
      const char = text.charCodeAt(this.pos);
      if (char === CHAR_COMMA) {
        commaAt = this.pos++;
        this.skipWhitespace();
        continue;
      }
      if (char === CHAR_CLOSE_BRACE) {
        this.pos++;
        break;
      }
      throw this.unclosed(openAt, 'object', '}', char === CHAR_QUOTE ? 'member' : '');
    }
    this.depth--;
    return object;
  }

  private readArray(): unknown[] {
    const text = this.text;
    const openAt = this.pos;
    this.enter(openAt);
    this.pos++;
    const array: unknown[] = [];
    this.skipWhitespace();
    if (text.charCodeAt(this.pos) === CHAR_CLOSE_BRACKET) {
      this.pos++;
      this.depth--;
      return array;
    }
    for (let index = 0; ; index++) {
      this.path.push(index);
      array.push(this.readValue());
      this.path.pop();
      this.skipWhitespace();
      const char = text.charCodeAt(this.pos);
      if (char === CHAR_COMMA) {
        const commaAt = this.pos++;
        this.skipWhitespace();
        if (text.charCodeAt(this.pos) === CHAR_CLOSE_BRACKET) {
          throw this.fail(commaAt, "trailing comma before ']'", 'remove the comma after the last element');
        }
        continue;
      }
      if (char === CHAR_CLOSE_BRACKET) {
        this.pos++;
        break;
      }
      throw this.unclosed(openAt, 'array', ']', isValueStart(char) ? 'element' : '');
    }
    this.depth--;
    return array;
  }

  /** Reads the string whose opening quote is at `pos`. */
  private readString(): string {
    const text = this.text;
    const length = text.length;
    const start = this.pos + 1;
    let pos = start;
    // Fast path: most strings have no escapes and are one slice of the text.
    while (pos < length) {
      const char = text.charCodeAt(pos);
      if (char === CHAR_QUOTE) {
        this.pos = pos + 1;
        return text.slice(start, pos);
      }
      if (char === CHAR_BACKSLASH) break;
      if (char < CHAR_SPACE) throw this.controlCharacter(pos, char);
      pos++;
    }
    let value = '';
    let chunkStart = start;
    while (pos < length) {
      const char = text.charCodeAt(pos);
      if (char === CHAR_QUOTE) {
        this.pos = pos + 1;
        return value + text.slice(chunkStart, pos);
      }
      if (char === CHAR_BACKSLASH) {
        value += text.slice(chunkStart, pos);
        const escape = text.charCodeAt(pos + 1);
        if (escape === CHAR_LOWER_U) {
          const unit = readHex4(text, pos + 2);
          if (unit === -1) {
            throw this.fail(
              pos,
              `invalid escape ${quoteForMessage(text.slice(pos, pos + 6))}`,
              'write \\u followed by exactly four hexadecimal digits',
            );
          }
          // Surrogate pairs written as two escapes join by concatenation, as in JSON.parse.
          value += String.fromCharCode(unit);
          pos += 6;
        } else {
          const decoded = SIMPLE_ESCAPES[escape];
          if (decoded === undefined) {
            throw this.fail(
              pos,
              `invalid escape ${describeEscape(text, pos)} in a string`,
              'the valid escapes are \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX; write a backslash as \\\\',
            );
          }
          value += decoded;
          pos += 2;
        }
        chunkStart = pos;
        continue;
      }
      if (char < CHAR_SPACE) throw this.controlCharacter(pos, char);
      pos++;
    }
    throw this.fail(this.pos, 'a string that is never closed starts', "add the closing '\"' at its end");
  }

  private readNumber(): number {
    const text = this.text;
    const start = this.pos;
    let pos = start;
    if (text.charCodeAt(pos) === CHAR_MINUS) pos++;
    const first = text.charCodeAt(pos);
    if (first === CHAR_0) {
      pos++;
      if (isDigit(text.charCodeAt(pos))) {
        throw this.fail(start, 'a number has a leading zero', 'remove the leading zeros (write 7, not 07)');
      }
    } else if (first >= CHAR_1 && first <= CHAR_9) {
      pos++;
      while (isDigit(text.charCodeAt(pos))) pos++;
    } else if (text.startsWith('Infinity', pos)) {
      throw this.fail(start, '-Infinity is not a JSON number', 'use a finite number or null');
    } else {
      throw this.fail(
        pos,
        `expected a digit after '-', found ${describeCharAt(text, pos)}`,
        'write a number such as -1',
      );
    }
    let fractionAt = -1;
    let exponentAt = -1;
    if (text.charCodeAt(pos) === CHAR_DOT) {
      fractionAt = pos;
      pos++;
      if (!isDigit(text.charCodeAt(pos))) {
        throw this.fail(
          pos,
          `expected a digit after the decimal point, found ${describeCharAt(text, pos)}`,
          'write 1.0 or 1, not 1.',
        );
      }
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    const exponent = text.charCodeAt(pos);
    if (exponent === CHAR_LOWER_E || exponent === CHAR_E) {
      exponentAt = pos;
      pos++;
      const sign = text.charCodeAt(pos);
      if (sign === CHAR_PLUS || sign === CHAR_MINUS) pos++;
      if (!isDigit(text.charCodeAt(pos))) {
        throw this.fail(
          pos,
          `expected a digit in the exponent, found ${describeCharAt(text, pos)}`,
          'write an exponent such as 1e5 or 1e-5',
        );
      }
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    // Number() and JSON.parse round the same decimal text to the same double.
    const literal = text.slice(start, pos);
    const value = Number(literal);
    const unsafe = unsafeNumberLiteral(
      literal,
      value,
      fractionAt === -1 && exponentAt === -1,
      exponentAt === -1 ? -1 : exponentAt - start,
    );
    if (unsafe)
      throw new ReadFailure('UAI-JSON-NUMBER-UNSAFE', start, jsonPointer(this.path), unsafe.problem, unsafe.fix);
    this.pos = pos;
    return value;
  }

  private readLiteral<T>(word: string, value: T): T {
    if (this.text.startsWith(word, this.pos)) {
      this.pos += word.length;
      return value;
    }
    throw this.missingValue(this.pos);
  }

  /** No value starts at `at`: explain the likeliest mistake. */
  private missingValue(at: number): ReadFailure {
    const text = this.text;
    const char = text.charCodeAt(at);
    if (at >= text.length) {
      return this.fail(
        at,
        'the document ends where a value was expected',
        'complete the document or remove the dangling separator',
      );
    }
    if (char === CHAR_APOSTROPHE) {
      return this.fail(at, 'a string is in single quotes', 'use double quotes (") around strings');
    }
    if (char === CHAR_SLASH) {
      return this.fail(at, 'a comment (JSON has no comments)', 'remove the comment');
    }
    if (char === CHAR_PLUS) {
      return this.fail(at, "a number starts with '+'", "remove the '+' sign");
    }
    if (char === CHAR_DOT) {
      return this.fail(at, "a number starts with '.'", 'write a digit before the decimal point (0.5, not .5)');
    }
    if (char === CHAR_CLOSE_BRACKET || char === CHAR_CLOSE_BRACE || char === CHAR_COMMA) {
      return this.fail(
        at,
        `a value is missing before ${describeCharAt(text, at)}`,
        'write a value or remove the extra separator',
      );
    }
    const word = wordAt(text, at);
    if (word !== '') {
      if (word === 'NaN' || word === 'Infinity') {
        return this.fail(at, `${word} is not a JSON number`, 'use a finite number or null');
      }
      if (word === 'undefined') {
        return this.fail(at, 'undefined is not a JSON value', 'use null or remove the member');
      }
      return this.fail(
        at,
        `unknown word ${quoteForMessage(word)} where a value was expected`,
        'write true, false or null in lowercase, or put text in double quotes',
      );
    }
    return this.fail(
      at,
      `unexpected ${describeCharAt(text, at)} where a value was expected`,
      'write an object, array, string, number, true, false or null',
    );
  }

  /** No member name starts at `at`, after the '{' at `openAt` or the ',' at `commaAt`. */
  private missingName(at: number, commaAt: number, openAt: number): ReadFailure {
    const text = this.text;
    const char = text.charCodeAt(at);
    if (char === CHAR_CLOSE_BRACE && commaAt !== -1) {
      return this.fail(commaAt, "trailing comma before '}'", 'remove the comma after the last member');
    }
    if (at >= text.length) return this.unclosed(openAt, 'object', '}', '');
    if (char === CHAR_APOSTROPHE) {
      return this.fail(at, 'a member name is in single quotes', 'use double quotes (") around member names');
    }
    if (char === CHAR_SLASH) {
      return this.fail(at, 'a comment (JSON has no comments)', 'remove the comment');
    }
    const word = wordAt(text, at);
    if (word !== '') {
      return this.fail(at, `the member name ${word} is not in double quotes`, `write "${word}"`);
    }
    return this.fail(
      at,
      `expected a member name in double quotes, found ${describeCharAt(text, at)}`,
      'write "name": value, or close the object with }',
    );
  }

  /** After an element or member, neither ',' nor the closing bracket came. */
  private unclosed(openAt: number, kind: 'object' | 'array', close: string, followedBy: string): ReadFailure {
    const at = this.pos;
    if (at >= this.text.length) {
      const open = textPosition(this.text, openAt);
      return this.fail(
        at,
        `the document ends before the ${kind} is closed`,
        `add the missing '${close}' for the ${kind} opened at line ${open.line}, column ${open.column}`,
      );
    }
    if (followedBy !== '') {
      return this.fail(at, `a ',' is missing before this ${followedBy}`, `separate ${followedBy}s with ','`);
    }
    return this.fail(
      at,
      `expected ',' or '${close}' in the ${kind}, found ${describeCharAt(this.text, at)}`,
      `separate ${kind === 'object' ? 'members' : 'elements'} with ',' and close the ${kind} with '${close}'`,
    );
  }

  private controlCharacter(at: number, char: number): ReadFailure {
    const short = SHORT_ESCAPE_NAMES[char];
    const escape = short ?? '\\u' + char.toString(16).padStart(4, '0');
    return this.fail(
      at,
      `a string contains the raw control character ${describeChar(char)}`,
      `write it as ${escape}${char === CHAR_LF ? ', or close the string before the line break' : ''}`,
    );
  }
}

/** Decoded value of each one-character escape, indexed by the code unit after the backslash. */
const SIMPLE_ESCAPES: (string | undefined)[] = [];
SIMPLE_ESCAPES[CHAR_QUOTE] = '"';
SIMPLE_ESCAPES[CHAR_BACKSLASH] = '\\';
SIMPLE_ESCAPES[CHAR_SLASH] = '/';
SIMPLE_ESCAPES[0x62] = '\b';
SIMPLE_ESCAPES[CHAR_LOWER_F] = '\f';
SIMPLE_ESCAPES[CHAR_LOWER_N] = '\n';
SIMPLE_ESCAPES[0x72] = '\r';
SIMPLE_ESCAPES[CHAR_LOWER_T] = '\t';

/** The escape to suggest for a raw control character that has a short form. */
const SHORT_ESCAPE_NAMES: (string | undefined)[] = [];
SHORT_ESCAPE_NAMES[0x08] = '\\b';
SHORT_ESCAPE_NAMES[CHAR_TAB] = '\\t';
SHORT_ESCAPE_NAMES[CHAR_LF] = '\\n';
SHORT_ESCAPE_NAMES[0x0c] = '\\f';
SHORT_ESCAPE_NAMES[CHAR_CR] = '\\r';

const CHAR_NAMES: Record<number, string> = {
  0x00: 'NUL',
  0x09: 'tab',
  0x0a: 'line feed',
  0x0d: 'carriage return',
  0xa0: 'no-break space',
  0x2028: 'line separator',
  0x2029: 'paragraph separator',
  0xfeff: 'byte order mark',
};

function isDigit(char: number): boolean {
  return char >= CHAR_0 && char <= CHAR_9;
}

function isValueStart(char: number): boolean {
  return (
    char === CHAR_QUOTE ||
    char === CHAR_OPEN_BRACE ||
    char === CHAR_OPEN_BRACKET ||
    char === CHAR_MINUS ||
    isDigit(char) ||
    char === CHAR_LOWER_T ||
    char === CHAR_LOWER_F ||
    char === CHAR_LOWER_N
  );
}

/** The four hex digits at `at` as a code unit, or -1 if they are not four hex digits. */
function readHex4(text: string, at: number): number {
  let unit = 0;
  for (let index = at; index < at + 4; index++) {
    const char = text.charCodeAt(index);
    let digit: number;
    if (char >= CHAR_0 && char <= CHAR_9) digit = char - CHAR_0;
    else if (char >= 0x61 && char <= 0x66) digit = char - 0x57;
    else if (char >= 0x41 && char <= 0x46) digit = char - 0x37;
    else return -1;
    unit = unit * 16 + digit;
  }
  return unit;
}

/** The identifier-like word at `at` (letters, digits, '_', '$'), at most 32 characters. */
function wordAt(text: string, at: number): string {
  let end = at;
  while (end < text.length && end - at < 32) {
    const char = text.charCodeAt(end);
    const isWordChar =
      (char >= 0x61 && char <= 0x7a) ||
      (char >= 0x41 && char <= 0x5a) ||
      isDigit(char) ||
      char === 0x5f ||
      char === 0x24;
    if (!isWordChar) break;
    end++;
  }
  return text.slice(at, end);
}

function describeEscape(text: string, at: number): string {
  if (at + 1 >= text.length) return 'at the end of the document';
  const codePoint = text.codePointAt(at + 1)!;
  return codePoint > 0x20 && codePoint < 0x7f
    ? `'\\${String.fromCharCode(codePoint)}'`
    : `'\\' + ${describeChar(codePoint)}`;
}

function describeCharAt(text: string, at: number): string {
  if (at >= text.length) return 'the end of the document';
  return describeChar(text.codePointAt(at)!);
}

/** Printable ASCII as itself in quotes; anything else as U+XXXX, so messages stay one printable line. */
function describeChar(codePoint: number): string {
  if (codePoint > 0x20 && codePoint < 0x7f) return `'${String.fromCharCode(codePoint)}'`;
  const hex = 'U+' + codePoint.toString(16).toUpperCase().padStart(4, '0');
  const name = CHAR_NAMES[codePoint];
  return name === undefined ? hex : `${hex} (${name})`;
}

/** A member name or token for a message: JSON-quoted (so one printable line) and shortened. */
function quoteForMessage(text: string): string {
  return JSON.stringify(text.length > 40 ? text.slice(0, 40) + '…' : text);
}

function describeObject(path: readonly (string | number)[]): string {
  return path.length === 0 ? 'the top-level object' : `the object at ${JSON.stringify(jsonPointer(path))}`;
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
