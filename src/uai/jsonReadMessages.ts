/**
 * The messages of the strict JSON reader's errors: how it names a character, a word or a place
 * for a reader of the message, and, where reading stopped, the likeliest mistake and its fix.
 */
import { jsonPointer } from './jsonPointer.ts';
import { textPosition } from './textPosition.ts';
import {
  CHAR_APOSTROPHE,
  CHAR_CLOSE_BRACE,
  CHAR_CLOSE_BRACKET,
  CHAR_COMMA,
  CHAR_DOT,
  CHAR_LF,
  CHAR_PLUS,
  CHAR_SLASH,
  SHORT_ESCAPE_NAMES,
  isDigit,
} from './jsonCharacters.ts';

/** What went wrong at offset `at` of the text, and what to change: an error before its line and column. */
export interface Diagnosis {
  at: number;
  problem: string;
  fix: string;
}

function diagnosis(at: number, problem: string, fix: string): Diagnosis {
  return { at, problem, fix };
}

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

/** The identifier-like word at `at` (letters, digits, '_', '$'), at most 32 characters. */
export function wordAt(text: string, at: number): string {
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

export function describeEscape(text: string, at: number): string {
  if (at + 1 >= text.length) return 'at the end of the document';
  const codePoint = text.codePointAt(at + 1)!;
  return codePoint > 0x20 && codePoint < 0x7f
    ? `'\\${String.fromCharCode(codePoint)}'`
    : `'\\' + ${describeChar(codePoint)}`;
}

export function describeCharAt(text: string, at: number): string {
  if (at >= text.length) return 'the end of the document';
  return describeChar(text.codePointAt(at)!);
}

/** Printable ASCII as itself in quotes; anything else as U+XXXX, so messages stay one printable line. */
export function describeChar(codePoint: number): string {
  if (codePoint > 0x20 && codePoint < 0x7f) return `'${String.fromCharCode(codePoint)}'`;
  const hex = 'U+' + codePoint.toString(16).toUpperCase().padStart(4, '0');
  const name = CHAR_NAMES[codePoint];
  return name === undefined ? hex : `${hex} (${name})`;
}

/** A member name or token for a message: JSON-quoted (so one printable line) and shortened. */
export function quoteForMessage(text: string): string {
  return JSON.stringify(text.length > 40 ? text.slice(0, 40) + '…' : text);
}

export function describeObject(path: readonly (string | number)[]): string {
  return path.length === 0 ? 'the top-level object' : `the object at ${JSON.stringify(jsonPointer(path))}`;
}

/** No value starts at `at`: explain the likeliest mistake. */
export function missingValue(text: string, at: number): Diagnosis {
  const char = text.charCodeAt(at);
  if (at >= text.length) {
    return diagnosis(
      at,
      'the document ends where a value was expected',
      'complete the document or remove the dangling separator',
    );
  }
  if (char === CHAR_APOSTROPHE) {
    return diagnosis(at, 'a string is in single quotes', 'use double quotes (") around strings');
  }
  if (char === CHAR_SLASH) {
    return diagnosis(at, 'a comment (JSON has no comments)', 'remove the comment');
  }
  if (char === CHAR_PLUS) {
    return diagnosis(at, "a number starts with '+'", "remove the '+' sign");
  }
  if (char === CHAR_DOT) {
    return diagnosis(at, "a number starts with '.'", 'write a digit before the decimal point (0.5, not .5)');
  }
  if (char === CHAR_CLOSE_BRACKET || char === CHAR_CLOSE_BRACE || char === CHAR_COMMA) {
    return diagnosis(
      at,
      `a value is missing before ${describeCharAt(text, at)}`,
      'write a value or remove the extra separator',
    );
  }
  const word = wordAt(text, at);
  if (word !== '') {
    if (word === 'NaN' || word === 'Infinity') {
      return diagnosis(at, `${word} is not a JSON number`, 'use a finite number or null');
    }
    if (word === 'undefined') {
      return diagnosis(at, 'undefined is not a JSON value', 'use null or remove the member');
    }
    return diagnosis(
      at,
      `unknown word ${quoteForMessage(word)} where a value was expected`,
      'write true, false or null in lowercase, or put text in double quotes',
    );
  }
  return diagnosis(
    at,
    `unexpected ${describeCharAt(text, at)} where a value was expected`,
    'write an object, array, string, number, true, false or null',
  );
}

/** No member name starts at `at`, after the '{' at `openAt` or the ',' at `commaAt`. */
export function missingName(text: string, at: number, commaAt: number, openAt: number): Diagnosis {
  const char = text.charCodeAt(at);
  if (char === CHAR_CLOSE_BRACE && commaAt !== -1) {
    return diagnosis(commaAt, "trailing comma before '}'", 'remove the comma after the last member');
  }
  if (at >= text.length) return unclosed(text, at, openAt, 'object', '}', '');
  if (char === CHAR_APOSTROPHE) {
    return diagnosis(at, 'a member name is in single quotes', 'use double quotes (") around member names');
  }
  if (char === CHAR_SLASH) {
    return diagnosis(at, 'a comment (JSON has no comments)', 'remove the comment');
  }
  const word = wordAt(text, at);
  if (word !== '') {
    return diagnosis(at, `the member name ${word} is not in double quotes`, `write "${word}"`);
  }
  return diagnosis(
    at,
    `expected a member name in double quotes, found ${describeCharAt(text, at)}`,
    'write "name": value, or close the object with }',
  );
}

/** At `at`, after an element or member, neither ',' nor the closing bracket came. */
export function unclosed(
  text: string,
  at: number,
  openAt: number,
  kind: 'object' | 'array',
  close: string,
  followedBy: string,
): Diagnosis {
  if (at >= text.length) {
    const open = textPosition(text, openAt);
    return diagnosis(
      at,
      `the document ends before the ${kind} is closed`,
      `add the missing '${close}' for the ${kind} opened at line ${open.line}, column ${open.column}`,
    );
  }
  if (followedBy !== '') {
    return diagnosis(at, `a ',' is missing before this ${followedBy}`, `separate ${followedBy}s with ','`);
  }
  return diagnosis(
    at,
    `expected ',' or '${close}' in the ${kind}, found ${describeCharAt(text, at)}`,
    `separate ${kind === 'object' ? 'members' : 'elements'} with ',' and close the ${kind} with '${close}'`,
  );
}

/** A raw control character `char` at `at`, inside a string. */
export function controlCharacter(at: number, char: number): Diagnosis {
  const short = SHORT_ESCAPE_NAMES[char];
  const escape = short ?? '\\u' + char.toString(16).padStart(4, '0');
  return diagnosis(
    at,
    `a string contains the raw control character ${describeChar(char)}`,
    `write it as ${escape}${char === CHAR_LF ? ', or close the string before the line break' : ''}`,
  );
}
