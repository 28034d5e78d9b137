/**
 * The characters the strict JSON reader (`jsonReader.ts`) tells apart, by UTF-16 code unit: the
 * structural characters, the starts of values, the escapes a string may hold.
 */

export const CHAR_TAB = 0x09;
export const CHAR_LF = 0x0a;
export const CHAR_CR = 0x0d;
export const CHAR_SPACE = 0x20;
export const CHAR_QUOTE = 0x22;
export const CHAR_APOSTROPHE = 0x27;
export const CHAR_PLUS = 0x2b;
export const CHAR_COMMA = 0x2c;
export const CHAR_MINUS = 0x2d;
export const CHAR_DOT = 0x2e;
export const CHAR_SLASH = 0x2f;
export const CHAR_0 = 0x30;
export const CHAR_1 = 0x31;
export const CHAR_9 = 0x39;
export const CHAR_COLON = 0x3a;
export const CHAR_E = 0x45;
export const CHAR_OPEN_BRACKET = 0x5b;
export const CHAR_BACKSLASH = 0x5c;
export const CHAR_CLOSE_BRACKET = 0x5d;
export const CHAR_LOWER_E = 0x65;
export const CHAR_LOWER_F = 0x66;
export const CHAR_LOWER_N = 0x6e;
export const CHAR_LOWER_T = 0x74;
export const CHAR_LOWER_U = 0x75;
export const CHAR_OPEN_BRACE = 0x7b;
export const CHAR_CLOSE_BRACE = 0x7d;

/** Decoded value of each one-character escape, indexed by the code unit after the backslash. */
export const SIMPLE_ESCAPES: (string | undefined)[] = [];
SIMPLE_ESCAPES[CHAR_QUOTE] = '"';
SIMPLE_ESCAPES[CHAR_BACKSLASH] = '\\';
SIMPLE_ESCAPES[CHAR_SLASH] = '/';
SIMPLE_ESCAPES[0x62] = '\b';
SIMPLE_ESCAPES[CHAR_LOWER_F] = '\f';
SIMPLE_ESCAPES[CHAR_LOWER_N] = '\n';
SIMPLE_ESCAPES[0x72] = '\r';
SIMPLE_ESCAPES[CHAR_LOWER_T] = '\t';

/** The escape to suggest for a raw control character that has a short form. */
export const SHORT_ESCAPE_NAMES: (string | undefined)[] = [];
SHORT_ESCAPE_NAMES[0x08] = '\\b';
SHORT_ESCAPE_NAMES[CHAR_TAB] = '\\t';
SHORT_ESCAPE_NAMES[CHAR_LF] = '\\n';
SHORT_ESCAPE_NAMES[0x0c] = '\\f';
SHORT_ESCAPE_NAMES[CHAR_CR] = '\\r';

export function isDigit(char: number): boolean {
  return char >= CHAR_0 && char <= CHAR_9;
}

export function isValueStart(char: number): boolean {
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
export function readHex4(text: string, at: number): number {
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
