/**
 * Detects text that claims UAIX provides what it does not (the offerings of `claimLexicon.ts`),
 * in English, Spanish, French or Chinese, by clause and by subject.
 *
 * The text is read as every text rule reads it (`normalizeRuleText`, then `foldForMatching`), and
 * whole: there is no reading limit, the JSON reader's size limit bounds the input. It is split into
 * sentences (at `.`, `!`, `?`, `;` or `。`, and at a blank line; a single line break is a space), and
 * a question claims nothing. An offering found in a sentence is a claim when the subject of its
 * clause is UAIX: one of its names or addresses (`UAIX_NAMES`), a pronoun that stands for the last
 * subject named (across sentences: "UAIX is simple. It hosts your messages."), the subject shared
 * by a list or a second verb ("UAIX offers: hosted messaging, …"; "UAIX records packets and
 * orchestrates runtimes"), a dropped subject (Spanish, Chinese), or UAIX in a compound
 * ("UAIX-certified") — and no other actor (the runtime, a vendor) stands between it and the
 * offering. A negation counts only inside that clause, and two negations cancel ("never fails
 * to orchestrate"), except where a language repeats one negation ("ne … pas", "no … ningún").
 * Every step is linear in the text: regular expressions without backtracking, one tokenization per
 * sentence that may hold an offering, prefix counts per clause, and a sentence before it read at
 * most once to find what a pronoun stands for.
 */
import {
  ACTORS,
  BENEFICIARY_MARKERS,
  OFFERING_STEMS,
  CHINESE_WORDS,
  CLAIM_LANGUAGES,
  CONCORD_NEGATORS,
  CONTRASTS,
  COORDINATORS,
  COPULAS,
  DETERMINERS,
  NEGATED_AUXILIARIES,
  NEGATIVE_VERBS,
  NEGATORS,
  OTHER_PRONOUNS,
  PLURAL_PRONOUNS,
  REFERRING_PRONOUNS,
  STOPWORDS,
  UAIX_NAMES,
  UNSUPPORTED_OFFERINGS,
  VERBS,
  type ClaimLanguage,
} from './claimLexicon.ts';
import { escapeRegExp } from './regExpText.ts';
import { foldForMatching, normalizeRuleText } from './textNormalization.ts';

export { OFFERING_STEMS, UNSUPPORTED_OFFERINGS, type ClaimLanguage };

export interface ClaimFinding {
  offering: string;
  /** The sentence, normalized (`normalizeRuleText`). */
  sentence: string;
  language: ClaimLanguage;
}

/** The unsupported offerings as one English list ("a, b or c"), for rule texts. */
export const UNSUPPORTED_OFFERING_LIST = ((names: string[]) => `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`)(
  UNSUPPORTED_OFFERINGS.map((entry) => entry.offering),
);

/** The short name, which every ASCII spelling of it and of its addresses contains (case aside). */
export const CLAIM_SUBJECT = UAIX_NAMES.short;
/**
 * One word of each full name of UAIX written in ASCII ("universal"): text that names UAIX by its
 * full name contains one (case aside). The string screen reads them beside `CLAIM_SUBJECT`.
 */
export const CLAIM_SUBJECT_NAME_WORDS: readonly string[] = UAIX_NAMES.fullNames
  .filter((name) => /^[\x20-\x7e]+$/.test(name))
  .map((name) => name.split(' ')[0]);

const byLength = (a: string, b: string) => b.length - a.length;
/**
 * A name of UAIX in folded text, as a word of its own: not inside an identifier (`agt_uaix.publisher`)
 * nor a record code (`UAIX-DOC-3382`). Built from `UAIX_NAMES`; claims.test checks it with recheck.
 */
export const UAIX_MENTION = new RegExp(
  `\\b(?:${[...UAIX_NAMES.hosts, UAIX_NAMES.short].sort(byLength).map(escapeRegExp).join('|')})(?![-_.]?[a-z0-9])|` +
    `${UAIX_NAMES.fullNames.map(escapeRegExp).join('|')}`,
  'g',
);
/** Before any other work: text without a possible name or stem claims nothing (non-ASCII text may fold to one). */
export const MAY_NAME_UAIX = new RegExp(
  `${[CLAIM_SUBJECT, ...CLAIM_SUBJECT_NAME_WORDS].map(escapeRegExp).join('|')}|[^\\x00-\\x7f]`,
  'i',
);
export const MAY_HOLD_STEM = new RegExp(`${OFFERING_STEMS.map(escapeRegExp).join('|')}|[^\\x00-\\x7f]`, 'i');
const HAS_STEM = new RegExp(OFFERING_STEMS.map(escapeRegExp).join('|'));

/**
 * URLs and URNs are names, not statements: `urn:uaix:ext:certification` claims nothing. A URL on a
 * host of UAIX is UAIX named (`https://uaix.org certifies…` is a claim), its path is not read. A
 * scheme starts only where a run of scheme characters begins, so a long run is read once.
 */
const URI = /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]{0,31}:\/\/[^\s"'<>]*|\burn:[^\s"'<>]*|\b(?:www\.)?uaix\.org\/[^\s"'<>]*/g;
const UAIX_HOSTS = new Set<string>(UAIX_NAMES.hosts);
function uriReplacement(uri: string): string {
  const scheme = uri.indexOf('://');
  const rest = scheme >= 0 ? uri.slice(scheme + 3) : uri;
  let hostEnd = 0;
  while (hostEnd < rest.length && !'/?#:'.includes(rest[hostEnd])) hostEnd++;
  return UAIX_HOSTS.has(rest.slice(0, hostEnd)) ? ` ${CLAIM_SUBJECT} ` : ' ';
}

/**
 * Where a sentence ends: after `.`, `!`, `?` or `;` (and any closing quotes or brackets) before a
 * space, the end or a Han character; after `。`; at a blank line. A single line break is only a space.
 */
const SENTENCE_END = /[.!?;]["'\u201d\u2019)\]]*(?=\s|$|\p{Script=Han})|\u3002|\n[^\S\n]*\n/gu;

/** The sentences of normalized text, trimmed, in order. */
export function splitSentences(text: string): string[] {
  return sentenceSpans(text).map(([start, end]) => text.slice(start, end));
}

function sentenceSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  const push = (start: number, end: number) => {
    while (start < end && /\s/.test(text[start])) start++;
    while (end > start && /\s/.test(text[end - 1])) end--;
    if (end > start) spans.push([start, end]);
  };
  let start = 0;
  SENTENCE_END.lastIndex = 0;
  for (let match = SENTENCE_END.exec(text); match; match = SENTENCE_END.exec(text)) {
    const end = match[0].startsWith('\n') ? match.index : match.index + match[0].length;
    push(start, end);
    start = match.index + match[0].length;
  }
  push(start, text.length);
  return spans;
}

/** A question asserts nothing: "Does UAIX provide hosted messaging?" */
const isQuestion = (sentence: string) => /[?\uff1f]["'\u201d\u2019)\]]*$/.test(sentence) || sentence.startsWith('¿');

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
const BIT = Object.fromEntries(Object.keys(WORD_CLASSES).map((name, index) => [name, 1 << index])) as Record<
  keyof typeof WORD_CLASSES,
  number
>;
const STOPWORD_BIT: Record<ClaimLanguage, number> = {
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
const NEGATING = BIT.negator | BIT.negativeVerb | BIT.concord;

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
interface Tokens {
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
function tokenize(folded: string, tokens: Tokens): void {
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

/** Who a token names, when it may be a clause's subject. */
const enum Role {
  None,
  Uaix,
  Other,
  Pronoun,
  PluralPronoun,
}
/** What a subject turned out to be; `Role.None` is what the sentence before ended on (inherited). */
type Subject = Role.None | Role.Uaix | Role.Other;
/** What a sentence ends on: its last clause subject (for "it"), its last subject or object named (for "they"). */
interface Ending {
  subject: Subject;
  named: Subject;
}

interface Sentence {
  tokens: Tokens;
  /** Whether token i is part of an offering match (1): there an actor word names the offering. */
  inCapability: Uint8Array;
  role: Uint8Array;
  clauseOf: Int32Array;
  /** The first token of each clause, `clauseCount` of them. */
  clauseStart: Int32Array;
  clauseCount: number;
  /** Where the subject of each clause is looked for: its start, or the start of the clause whose subject it shares. */
  subjectFrom: Int32Array;
  /** Whether a negation is in force at token i (1), from the tokens of its clause before it. */
  negatedBefore: Uint8Array;
  /** Acting others among tokens[0..i). */
  actorsBefore: Int32Array;
  /** Token indices with a role, ascending, `roleCount` of them. */
  roleTokens: Int32Array;
  roleCount: number;
  /** For each role token, what it stands for (a pronoun: the subject before it). */
  subjectOf: Uint8Array;
  /** What the sentence ends on, for a pronoun in the next one. */
  ending: Ending;
}

/** Index of the first token that ends after `offset` (binary search). */
function tokenAt(tokens: Tokens, offset: number): number {
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
function lowerBound(list: Int32Array, count: number, value: number): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Folded sentence with URLs replaced: the text the patterns read. */
function readable(sentence: string): string {
  const folded = foldForMatching(sentence);
  // Each form of `URI` holds one of these: text without them has no URI to replace.
  const mayHoldUri = folded.includes('://') || folded.includes('urn:') || folded.includes('uaix.org/');
  return mayHoldUri ? folded.replace(URI, uriReplacement) : folded;
}

/**
 * The offering matches of a folded sentence, in pattern order, as one flat list of
 * (offering, language index, start, end), so that many matches make no objects.
 */
const MATCH_FIELDS = 4;

/** A sentence's arrays, to be filled by `analyse`; they grow as longer sentences come, never shrink. */
function scratchSentence(): Sentence {
  return {
    tokens: { count: 0, start: new Int32Array(0), end: new Int32Array(0), cls: new Uint32Array(0) },
    inCapability: new Uint8Array(0),
    role: new Uint8Array(0),
    clauseOf: new Int32Array(0),
    clauseStart: new Int32Array(0),
    clauseCount: 0,
    subjectFrom: new Int32Array(0),
    negatedBefore: new Uint8Array(0),
    actorsBefore: new Int32Array(0),
    roleTokens: new Int32Array(0),
    roleCount: 0,
    subjectOf: new Uint8Array(0),
    ending: { subject: Role.None, named: Role.None },
  };
}

/** Makes room in `sentence` for a text of `length` code units (a token holds one at least). */
function reserve(sentence: Sentence, length: number): void {
  if (sentence.role.length > length) return;
  const size = Math.max(64, 2 ** Math.ceil(Math.log2(length + 1)));
  sentence.tokens.start = new Int32Array(size);
  sentence.tokens.end = new Int32Array(size);
  sentence.tokens.cls = new Uint32Array(size);
  sentence.inCapability = new Uint8Array(size);
  sentence.role = new Uint8Array(size);
  sentence.clauseOf = new Int32Array(size);
  sentence.clauseStart = new Int32Array(size);
  sentence.subjectFrom = new Int32Array(size);
  sentence.negatedBefore = new Uint8Array(size);
  sentence.actorsBefore = new Int32Array(size);
  sentence.roleTokens = new Int32Array(size);
  sentence.subjectOf = new Uint8Array(size);
}

/**
 * What follows a conjunction or punctuation at `at`: its own subject, a verb sharing the previous
 * subject, or neither. After a comma or a conjunction, "runtime" in "runtime orchestration" is
 * read as the runtime acting ("…，运行时编排工作"); after `:` or `(`, as the offering listed.
 */
function predicateAfter(sentence: Sentence, at: number): 'subject' | 'verb' | undefined {
  const { role } = sentence;
  const { cls, count } = sentence.tokens;
  const actorMayStart = cls[at] & BIT.comma || !(cls[at] & BIT.clausePunctuation);
  for (let next = at + 1; next <= at + 2 && next < count; next++) {
    if (role[next] !== Role.None || (actorMayStart && cls[next] & BIT.actor)) return 'subject';
    if (cls[next] & (BIT.verb | BIT.negator)) return 'verb';
  }
  return undefined;
}

/**
 * The clauses, subjects and negations of a folded sentence, into `sentence` (its arrays are reused:
 * read them before the next call with the same one); `found` holds its offering matches.
 */
function analyse(folded: string, sentence: Sentence, found: readonly number[] = []): Sentence {
  reserve(sentence, folded.length);
  const { tokens } = sentence;
  tokenize(folded, tokens);
  const { count, cls } = tokens;
  const { inCapability, role, clauseOf, clauseStart, subjectFrom, negatedBefore, actorsBefore } = sentence;
  const { roleTokens, subjectOf } = sentence;
  inCapability.fill(0, 0, count);
  role.fill(0, 0, count);
  for (let match = 0; match < found.length; match += MATCH_FIELDS)
    for (
      let token = tokenAt(tokens, found[match + 2]), last = tokenAt(tokens, found[match + 3] - 1);
      token <= last;
      token++
    )
      inCapability[token] = 1;
  UAIX_MENTION.lastIndex = 0;
  for (let match = UAIX_MENTION.exec(folded); match; match = UAIX_MENTION.exec(folded))
    role[tokenAt(tokens, match.index)] = Role.Uaix;
  for (let index = 0; index < count; index++) {
    if (role[index] !== Role.None) continue;
    const c = cls[index];
    if (c & BIT.pronoun) role[index] = Role.Pronoun;
    else if (c & BIT.pluralPronoun) role[index] = Role.PluralPronoun;
    else if (c & BIT.otherPronoun) role[index] = Role.Other;
    else if (c & BIT.actor && !inCapability[index]) {
      const previous = index > 0 ? cls[index - 1] : 0;
      const beforePrevious = index > 1 ? cls[index - 2] : 0;
      const beneficiary = previous & BIT.beneficiary || (previous & BIT.determiner && beforePrevious & BIT.beneficiary);
      if (!beneficiary) role[index] = Role.Other;
    }
  }
  clauseStart[0] = 0;
  subjectFrom[0] = 0;
  let clauseCount = 1;
  negatedBefore[0] = 0;
  actorsBefore[0] = 0;
  // The negation in force, and how many negators the current list item holds so far.
  let negated = false;
  let negatorsInItem = 0;
  for (let index = 0; index < count; index++) {
    const c = cls[index];
    const conjunction = (c & (BIT.contrast | BIT.coordinator)) !== 0;
    const next = index > 0 && (conjunction || c & BIT.clausePunctuation) ? predicateAfter(sentence, index) : undefined;
    const opensClause =
      index > 0 &&
      ((c & (BIT.semicolon | BIT.contrast)) !== 0 ||
        (c & BIT.coordinator && next !== undefined) ||
        (c & BIT.clausePunctuation && next === 'subject'));
    if (opensClause) {
      // "UAIX records packets and orchestrates runtimes": a verb without its own subject shares the previous clause's.
      subjectFrom[clauseCount] = conjunction && next === 'verb' ? subjectFrom[clauseCount - 1] : index;
      clauseStart[clauseCount++] = index;
      negated = false;
      negatorsInItem = 0;
    }
    clauseOf[index] = clauseCount - 1;
    if (c & BIT.listSeparator || (c & BIT.coordinator && !opensClause)) negatorsInItem = 0;
    else if (c & NEGATING) {
      // The first negator of a list item negates it ("no X, no Y"); a second one cancels it
      // ("never fails to"), unless it only repeats the first ("ne … pas", "neither … nor").
      if (negatorsInItem === 0) negated = true;
      else if (!(c & BIT.concord)) negated = !negated;
      negatorsInItem++;
    }
    negatedBefore[index + 1] = negated ? 1 : 0;
    actorsBefore[index + 1] = actorsBefore[index] + (role[index] === Role.Other && c & BIT.actor ? 1 : 0);
  }
  // What each role token stands for; a clause's first one is its subject, which later pronouns stand for.
  let roleCount = 0;
  const ending: Ending = { subject: Role.None, named: Role.None };
  let subjectClause = -1;
  for (let index = 0; index < count; index++) {
    if (role[index] === Role.None) continue;
    roleTokens[roleCount++] = index;
    const stands: Subject =
      role[index] === Role.Pronoun
        ? ending.subject
        : role[index] === Role.PluralPronoun
          ? ending.named
          : (role[index] as Role.Uaix | Role.Other);
    subjectOf[index] = stands;
    ending.named = stands;
    if (clauseOf[index] !== subjectClause) {
      subjectClause = clauseOf[index];
      ending.subject = stands;
    }
  }
  sentence.clauseCount = clauseCount;
  sentence.roleCount = roleCount;
  sentence.ending = ending;
  return sentence;
}

/**
 * Whether UAIX claims the offering in tokens `first` to `last`: true, false, or the track of the
 * sentence before that decides (a pronoun or a dropped subject that the sentence itself does not
 * resolve). `compound`: UAIX in a compound just before it ("UAIX-certified").
 */
function claimedByUaix(sentence: Sentence, first: number, last: number, compound: boolean): boolean | keyof Ending {
  const { tokens, role, clauseOf, clauseStart, clauseCount, subjectFrom, negatedBefore } = sentence;
  const { roleTokens, roleCount, subjectOf } = sentence;
  const { cls } = tokens;
  const clause = clauseOf[first];
  const from = clauseStart[clause];
  const to = clause + 1 < clauseCount ? clauseStart[clause + 1] : tokens.count;
  let negated = negatedBefore[first] === 1;
  // A negation right after the offering, in a passive or a copula: "is not offered", "n'est pas fournie".
  const next = last + 1 < to ? cls[last + 1] : 0;
  const second = last + 2 < to ? cls[last + 2] : 0;
  if (
    next & BIT.negatedAuxiliary ||
    (next & BIT.copula && second & BIT.negator) ||
    (next & BIT.negator && second & BIT.copula)
  )
    negated = !negated;
  if (negated) return false;
  if (compound) return true;
  // The subject nearest before the offering, within the clause or the one whose subject it shares.
  const at = lowerBound(roleTokens, roleCount, first);
  const before = at > 0 && roleTokens[at - 1] >= subjectFrom[clause] ? roleTokens[at - 1] : undefined;
  if (before !== undefined) {
    if (actorsBetween(sentence, before, first)) return false;
    const stands = subjectOf[before];
    if (stands === Role.Uaix || passiveByUaix(sentence, last, to)) return true;
    if (stands === Role.Other) return false;
    return role[before] === Role.PluralPronoun ? 'named' : 'subject';
  }
  if (passiveByUaix(sentence, last, to)) return true;
  // A dropped subject: the clause (after the word that opened it) starts with a verb.
  const opening = from === 0 ? 0 : from + 1;
  return opening < tokens.count && cls[opening] & BIT.verb ? 'subject' : false;
}

/** Whether an acting other stands strictly between tokens `a` and `b`. */
function actorsBetween(sentence: Sentence, a: number, b: number): boolean {
  return sentence.actorsBefore[b] - sentence.actorsBefore[a + 1] > 0;
}

/**
 * UAIX after the offering's `last` token in the same clause (before `to`), no other actor
 * between: "Messages are hosted by UAIX."
 */
function passiveByUaix(sentence: Sentence, last: number, to: number): boolean {
  const { roleTokens, roleCount, role } = sentence;
  const next = lowerBound(roleTokens, roleCount, last + 1);
  const mention = next < roleCount && roleTokens[next] < to ? roleTokens[next] : undefined;
  return mention !== undefined && role[mention] === Role.Uaix && !actorsBetween(sentence, last, mention);
}

function languageOf(tokens: Tokens, candidates: readonly ClaimLanguage[]): ClaimLanguage {
  if (candidates.length === 1) return candidates[0];
  let best = candidates[0];
  let bestScore = -1;
  for (const language of candidates) {
    const bit = STOPWORD_BIT[language];
    let score = 0;
    for (let token = 0; token < tokens.count; token++) if (tokens.cls[token] & bit) score++;
    if (score > bestScore) [best, bestScore] = [language, score];
  }
  return best;
}

const GLOBAL_PATTERNS = UNSUPPORTED_OFFERINGS.map(({ offering, patterns }) => ({
  offering,
  patterns: CLAIM_LANGUAGES.map((language) => new RegExp(patterns[language].source, `${patterns[language].flags}g`)),
}));

/** The offering matches of a folded sentence, in pattern order (`MATCH_FIELDS` numbers each). */
function offeringMatches(folded: string): number[] {
  const found: number[] = [];
  for (let offering = 0; offering < GLOBAL_PATTERNS.length; offering++) {
    const { patterns } = GLOBAL_PATTERNS[offering];
    for (let language = 0; language < patterns.length; language++) {
      const pattern = patterns[language];
      pattern.lastIndex = 0;
      for (let match = pattern.exec(folded); match; match = pattern.exec(folded))
        found.push(offering, language, match.index, match.index + match[0].length);
    }
  }
  return found;
}

const COMPOUND_PREFIX = `${CLAIM_SUBJECT}-`;
/** "UAIX-certified": the short name, as a word, joined to the offering by a hyphen. */
function isCompound(folded: string, start: number): boolean {
  const prefixStart = start - COMPOUND_PREFIX.length;
  return (
    prefixStart >= 0 &&
    folded.startsWith(COMPOUND_PREFIX, prefixStart) &&
    (prefixStart === 0 || !/[\p{L}\p{N}_.-]/u.test(folded[prefixStart - 1]))
  );
}

/**
 * The arrays of the sentence being read and of a sentence before it read for its ending (what a
 * pronoun stands for), reused from sentence to sentence so that short sentences allocate nothing.
 */
const SENTENCE_READ = scratchSentence();
const SENTENCE_BEFORE = scratchSentence();

/**
 * Every claim in `text`: at most one per offering per sentence, in sentence order.
 */
export function findUnsupportedClaims(text: string): ClaimFinding[] {
  const normalized = normalizeRuleText(text);
  if (!MAY_NAME_UAIX.test(normalized) || !MAY_HOLD_STEM.test(normalized)) return [];
  const spans = sentenceSpans(normalized);
  /** What each sentence ends on, once read; then, per track, what that resolves to through the sentences before. */
  const endings: (Ending | undefined)[] = new Array(spans.length);
  const resolved: Record<keyof Ending, (Subject | undefined)[]> = { subject: [], named: [] };
  const endingOf = (index: number) =>
    (endings[index] ??= analyse(readable(normalized.slice(spans[index][0], spans[index][1])), SENTENCE_BEFORE).ending);
  /** What sentence `index` ends on in `track`, through the sentences before it that end on `Role.None`. */
  const resolvedEnding = (index: number, track: keyof Ending): Subject => {
    let back = index;
    while (back >= 0 && resolved[track][back] === undefined && endingOf(back)[track] === Role.None) back--;
    const subject = back < 0 ? Role.None : (resolved[track][back] ?? endingOf(back)[track]);
    // Each sentence walked over resolves to the same subject: keep it, so none is walked twice.
    for (let fill = Math.max(back, 0); fill <= index; fill++) resolved[track][fill] = subject;
    return subject;
  };
  const findings: ClaimFinding[] = [];
  for (let index = 0; index < spans.length; index++) {
    const sentence = normalized.slice(spans[index][0], spans[index][1]);
    if (!MAY_HOLD_STEM.test(sentence)) continue;
    const folded = readable(sentence);
    if (!HAS_STEM.test(folded)) continue;
    const found = offeringMatches(folded);
    if (found.length === 0) continue;
    const parsed = analyse(folded, SENTENCE_READ, found);
    endings[index] = parsed.ending;
    if (isQuestion(sentence)) continue;
    const claimed = new Map<number, { first: number; languages: ClaimLanguage[] }>();
    for (let match = 0; match < found.length; match += MATCH_FIELDS) {
      const offering = found[match];
      const start = found[match + 2];
      const first = tokenAt(parsed.tokens, start);
      const last = tokenAt(parsed.tokens, found[match + 3] - 1);
      const verdict = claimedByUaix(parsed, first, last, isCompound(folded, start));
      const byUaix =
        typeof verdict === 'boolean' ? verdict : index > 0 && resolvedEnding(index - 1, verdict) === Role.Uaix;
      if (!byUaix) continue;
      const entry = claimed.get(offering);
      const name = CLAIM_LANGUAGES[found[match + 1]];
      if (!entry || first < entry.first) claimed.set(offering, { first, languages: [name] });
      else if (first === entry.first && !entry.languages.includes(name)) entry.languages.push(name);
    }
    for (let offering = 0; offering < GLOBAL_PATTERNS.length; offering++) {
      const entry = claimed.get(offering);
      if (entry)
        findings.push({
          offering: GLOBAL_PATTERNS[offering].offering,
          sentence,
          language: languageOf(parsed.tokens, entry.languages),
        });
    }
  }
  return findings;
}

/** The first claim in `text`, if any. */
export function findUnsupportedClaim(text: string): ClaimFinding | undefined {
  return findUnsupportedClaims(text)[0];
}

const WORD_JOINS = /[_-]+|(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/gu;
/** A member name as text: `_`, `-` and camelCase humps split into words (`UAIXCertified` reads "UAIX Certified"). */
export function memberNameText(name: string): string {
  return name.replace(WORD_JOINS, ' ');
}
