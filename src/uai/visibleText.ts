/**
 * What counts as text in a required text field: at least one character that is not white space,
 * not a control or format character and not a default-ignorable code point (zero-width spaces and
 * joiners, bidirectional marks, variation selectors, Hangul fillers, tag characters). A field made
 * only of those shows nothing, so it says nothing and counts as absent.
 *
 * The schemas state the rule (`envelope.schema.json#/$defs/requiredText`) as a pattern any JSON
 * Schema validator reads the same way, ECMAScript or Python `re`: one negated class of `\uXXXX`
 * ranges, no `\p{…}`. Such a class cannot name code points beyond U+FFFF portably, so the core
 * adds the rest (`hasVisibleText`): a required text of only astral ignorables (tag characters,
 * musical format controls, shorthand format controls) passes the pattern and fails the core.
 */

/**
 * The invisible code points of the Basic Multilingual Plane, as inclusive ranges: White_Space,
 * General_Category Cc and Cf, and Default_Ignorable_Code_Point (Unicode 17).
 */
export const INVISIBLE_BMP_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x0020],
  [0x007f, 0x00a0],
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x0600, 0x0605],
  [0x061c, 0x061c],
  [0x06dd, 0x06dd],
  [0x070f, 0x070f],
  [0x0890, 0x0891],
  [0x08e2, 0x08e2],
  [0x115f, 0x1160],
  [0x1680, 0x1680],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x2000, 0x200f],
  [0x2028, 0x202f],
  [0x205f, 0x206f],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfffb],
];

const escape = (codePoint: number) => `\\u${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/** The pattern of `envelope.schema.json#/$defs/requiredText`: one character outside the invisible ranges. */
export const REQUIRED_TEXT_PATTERN = `[^${INVISIBLE_BMP_RANGES.map(([first, last]) =>
  first === last ? escape(first) : `${escape(first)}-${escape(last)}`,
).join('')}]`;

const REQUIRED_TEXT_SYNTAX = new RegExp(REQUIRED_TEXT_PATTERN, 'u');

// The same set by Unicode property, astral planes included (the schema's class cannot name those).
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/** True when the text has a character a reader can see: what a required text field must hold. */
export function hasVisibleText(text: string): boolean {
  return VISIBLE.test(text);
}

/** True when the schema's pattern accepts the text but the text shows nothing (astral ignorables only). */
export function passesPatternInvisibly(text: string): boolean {
  return REQUIRED_TEXT_SYNTAX.test(text) && !hasVisibleText(text);
}
