/**
 * The tokens of the claim detector: a folded sentence as offsets and word-class bits in typed
 * arrays, read once per sentence that may hold an offering. A token is a run of Han characters
 * (split into the lexicon's Chinese words, longest first, else one character each), a run of other
 * letters and digits (with English "n't"), or one punctuation character that clauses read. Each
 * token's word classes are looked up once, as bits; no string is sliced for a Han character and no
 * object is made per token.
 */
import {
  ACTORS,
  BENEFICIARY_MARKERS,
  CHINESE_WORDS,
  CONCORD_NEGATORS,
  CONTRASTS,
  COORDINATORS,
  COPULAS,
  DETERMINERS,
  NEGATED_AUXILIARIES,
  NEGATIVE_VERBS,
  NEGATORS,
  OTHER_PRONOUNS,
  PASSIVE_AGENT_MARKERS,
  PLURAL_PRONOUNS,
  REFERRING_PRONOUNS,
  STOPWORDS,
  VERBS,
  type ClaimLanguage,
} from './claimLexicon.ts';

/** Punctuation that may open a clause when a subject follows ("…, the runtime orchestrates"). */
const CLAUSE_PUNCTUATION = new Set([',', ':', '(', ')', '\u2014', '\u2013']);
/** Separators of list items: a negation made before one carries over to the next item ("not X, Y or Z"). */
const LIST_SEPARATORS = new Set([',', '\u3001']);
/** The punctuation tokens: what clauses read besides words. */
const PUNCTUATION = [',', ';', ':', '(', ')', '\u2014', '\u2013', '\u3001'];

/** The word classes of the lexicon as bits, so that each token is looked up once. */
const WORD_CLASSES = {
  negator: NEGATORS,
  negativeVerb: NEGATIVE_VERBS,
  concord: CONCORD_NEGATORS,
  negatedAuxiliary: NEGATED_AUXILIARIES,
  copula: COPULAS,
  contrast: CONTRASTS,
  coordinator: COORDINATORS,
  pronoun: REFERRING_PRONOUNS,
  pluralPronoun: PLURAL_PRONOUNS,
  otherPronoun: OTHER_PRONOUNS,
  verb: VERBS,
  actor: ACTORS,
  beneficiary: BENEFICIARY_MARKERS,
  passiveAgent: PASSIVE_AGENT_MARKERS,
  determiner: DETERMINERS,
  clausePunctuation: CLAUSE_PUNCTUATION,
  listSeparator: LIST_SEPARATORS,
  comma: [','],
  semicolon: [';'],
  enStopword: STOPWORDS.en,
  esStopword: STOPWORDS.es,
  frStopword: STOPWORDS.fr,
  zhStopword: STOPWORDS.zh,
};
export const BIT = Object.fromEntries(Object.keys(WORD_CLASSES).map((name, index) => [name, 1 << index])) as Record<
  keyof typeof WORD_CLASSES,
  number
>;
export const STOPWORD_BIT: Record<ClaimLanguage, number> = {
  en: BIT.enStopword,
  es: BIT.esStopword,
  fr: BIT.frStopword,
  zh: BIT.zhStopword,
};
const WORD_CLASS = new Map<string, number>();
for (const [name, members] of Object.entries(WORD_CLASSES))
  for (const word of members) WORD_CLASS.set(word, (WORD_CLASS.get(word) ?? 0) | BIT[name as keyof typeof BIT]);
/** The Chinese words by first code unit, longest first, with their classes: matched in place, no string sliced. */
const CHINESE_WORDS_AT = new Map<number, { word: string; bits: number }[]>();
for (const word of [...CHINESE_WORDS].sort((a, b) => b.length - a.length)) {
  const start = word.charCodeAt(0);
  if (!CHINESE_WORDS_AT.has(start)) CHINESE_WORDS_AT.set(start, []);
  CHINESE_WORDS_AT.get(start)!.push({ word, bits: WORD_CLASS.get(word) ?? 0 });
}
const NO_WORDS: readonly { word: string; bits: number }[] = [];
/** The classes of one-character tokens by code unit, so that a Han character needs no string. */
const CHAR_CLASS = new Map<number, number>();
for (const [word, bits] of WORD_CLASS) if (word.length === 1) CHAR_CLASS.set(word.charCodeAt(0), bits);

/**
 * What a code point is to the tokenizer. A token is a run of Han characters (split into words
 * below), a run of other letters and digits (with English "n't"; a Han digit such as 〇 continues
 * it), or one punctuation character that clauses read; anything else separates tokens.
 */
const enum CharKind {
  Unknown,
  Other,
  Han,
  HanDigit,
  Word,
  Punctuation,
}
const HAN = /\p{Script=Han}/uy;
const DIGIT = /\p{N}/uy;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/uy;
/** A code point's kind, told by the regular expressions above (read once per code point, then cached). */
function kindOfCodePoint(text: string, at: number): CharKind {
  if (testAt(HAN, text, at)) return testAt(DIGIT, text, at) ? CharKind.HanDigit : CharKind.Han;
  if (testAt(LETTER_OR_DIGIT, text, at)) return CharKind.Word;
  return PUNCTUATION.includes(text[at]) ? CharKind.Punctuation : CharKind.Other;
}
function testAt(sticky: RegExp, text: string, at: number): boolean {
  sticky.lastIndex = at;
  return sticky.test(text);
}
/** Kinds of the BASIC Multilingual Plane's code units, filled as they are met; astral code points in a map. */
const BMP_KIND = new Uint8Array(0x10000);
const ASTRAL_KIND = new Map<number, CharKind>();
for (let code = 0; code < 0x80; code++) BMP_KIND[code] = kindOfCodePoint(String.fromCharCode(code), 0);

/** The tokens of a folded text: offsets and word classes, in typed arrays (texts are sliced only where read). */
export interface Tokens {
  count: number;
  start: Int32Array;
  end: Int32Array;
  /** Word-class bits of each token (`BIT`). */
  cls: Uint32Array;
}

/**
 * The kind of the code point at `at` and its width in code units, as `kind | width << 3`
 * (one number, so that the tokenizer's inner loop makes no object).
 */
function kindAndWidthAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code >= 0xd800 && code <= 0xdbff && at + 1 < text.length) {
    const low = text.charCodeAt(at + 1);
    if (low >= 0xdc00 && low <= 0xdfff) {
      const point = (code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
      let known = ASTRAL_KIND.get(point);
      if (known === undefined) ASTRAL_KIND.set(point, (known = kindOfCodePoint(text, at)));
      return known | (2 << 3);
    }
  }
  let known = BMP_KIND[code] as CharKind;
  if (known === CharKind.Unknown) known = BMP_KIND[code] = kindOfCodePoint(text, at);
  return known | (1 << 3);
}
const KIND_MASK = 7;

function addToken(tokens: Tokens, from: number, to: number, bits: number): void {
  tokens.start[tokens.count] = from;
  tokens.end[tokens.count] = to;
  tokens.cls[tokens.count++] = bits;
}

/** The tokens of `folded`, into `tokens` (its arrays hold at least `folded.length` entries). */
export function tokenize(folded: string, tokens: Tokens): void {
  const length = folded.length;
  tokens.count = 0;
  for (let at = 0; at < length;) {
    let read = kindAndWidthAt(folded, at);
    const kind = read & KIND_MASK;
    if (kind === CharKind.Han || kind === CharKind.HanDigit) {
      let runEnd = at + (read >> 3);
      for (; runEnd < length; runEnd += read >> 3) {
        read = kindAndWidthAt(folded, runEnd);
        if ((read & KIND_MASK) !== CharKind.Han && (read & KIND_MASK) !== CharKind.HanDigit) break;
      }
      // Longest known word first, else one character (Chinese is written without spaces).
      while (at < runEnd) {
        const code = folded.charCodeAt(at);
        let size = 1;
        let bits = CHAR_CLASS.get(code) ?? 0;
        for (const known of CHINESE_WORDS_AT.get(code) ?? NO_WORDS) {
          if (known.word.length > 1 && known.word.length <= runEnd - at && folded.startsWith(known.word, at)) {
            size = known.word.length;
            bits = known.bits;
            break;
          }
        }
        addToken(tokens, at, at + size, bits);
        at += size;
      }
    } else if (kind === CharKind.Word) {
      let runEnd = at + (read >> 3);
      for (; runEnd < length; runEnd += read >> 3) {
        read = kindAndWidthAt(folded, runEnd);
        if ((read & KIND_MASK) !== CharKind.Word && (read & KIND_MASK) !== CharKind.HanDigit) break;
      }
      if (folded.charCodeAt(runEnd) === 0x27 /* ' */ && folded.charCodeAt(runEnd + 1) === 0x74 /* t */) runEnd += 2;
      addToken(tokens, at, runEnd, WORD_CLASS.get(folded.slice(at, runEnd)) ?? 0);
      at = runEnd;
    } else {
      if (kind === CharKind.Punctuation) addToken(tokens, at, at + 1, CHAR_CLASS.get(folded.charCodeAt(at)) ?? 0);
      at += read >> 3;
    }
  }
}

/** Makes `tokens` hold `size` entries (its contents are dropped: `tokenize` fills it anew). */
export function resizeTokens(tokens: Tokens, size: number): void {
  tokens.start = new Int32Array(size);
  tokens.end = new Int32Array(size);
  tokens.cls = new Uint32Array(size);
}

/** Index of the first token that ends after `offset` (binary search). */
export function tokenAt(tokens: Tokens, offset: number): number {
  const { end } = tokens;
  let low = 0;
  let high = tokens.count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (end[middle] <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Index of the first of the `count` ascending entries of `list` that is at least `value`. */
export function lowerBound(list: Int32Array, count: number, value: number): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
