/**
 * Detects text that claims UAIX provides what it does not (the capabilities of `claimLexicon.ts`),
 * in English, Spanish, French or Chinese, by clause and by subject.
 *
 * The text is read as every text rule reads it (`normalizeRuleText`, then `foldForMatching`), and
 * whole: there is no reading limit, the JSON reader's size limit bounds the input. It is split into
 * sentences (at `.`, `!`, `?`, `;` or `。`, and at a blank line; a single line break is a space), and
 * a question claims nothing. A capability found in a sentence is a claim when the subject of its
 * clause is UAIX: one of its names or addresses (`UAIX_NAMES`), a pronoun that stands for the last
 * subject named (across sentences: "UAIX is simple. It hosts your messages."), the subject shared
 * by a list or a second verb ("UAIX offers: hosted messaging, …"; "UAIX records packets and
 * orchestrates runtimes"), a dropped subject (Spanish, Chinese), or UAIX in a compound
 * ("UAIX-certified") — and no other actor (the runtime, a vendor) stands between it and the
 * capability. A negation counts only inside that clause, and two negations cancel ("never fails
 * to orchestrate"), except where a language repeats one negation ("ne … pas", "no … ningún").
 * Every step is linear in the text: regular expressions without backtracking, one tokenization per
 * sentence that may hold a capability, prefix counts per clause, and a sentence before it read at
 * most once to find what a pronoun stands for.
 */
import {
  ACTORS,
  BENEFICIARY_MARKERS,
  CAPABILITY_STEMS,
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
  UNSUPPORTED_CAPABILITIES,
  VERBS,
  type ClaimLanguage,
} from './claimLexicon.ts';
import { foldForMatching, normalizeRuleText } from './textNormalization.ts';

export { CAPABILITY_STEMS, UNSUPPORTED_CAPABILITIES, type ClaimLanguage };

export interface ClaimFinding {
  capability: string;
  /** The sentence, normalized (`normalizeRuleText`). */
  sentence: string;
  language: ClaimLanguage;
}

/** The unsupported capabilities as one English list ("a, b or c"), for rule texts. */
export const UNSUPPORTED_CAPABILITY_LIST = ((names: string[]) => `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`)(
  UNSUPPORTED_CAPABILITIES.map((entry) => entry.capability),
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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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
export const MAY_HOLD_STEM = new RegExp(`${CAPABILITY_STEMS.map(escapeRegExp).join('|')}|[^\\x00-\\x7f]`, 'i');
const HAS_STEM = new RegExp(CAPABILITY_STEMS.map(escapeRegExp).join('|'));

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
  for (const match of text.matchAll(SENTENCE_END)) {
    const end = match[0].startsWith('\n') ? match.index : match.index + match[0].length;
    push(start, end);
    start = match.index + match[0].length;
  }
  push(start, text.length);
  return spans;
}

/** A question asserts nothing: "Does UAIX provide hosted messaging?" */
const isQuestion = (sentence: string) => /[?\uff1f]["'\u201d\u2019)\]]*$/.test(sentence) || sentence.startsWith('¿');

/** Han runs (split into words below), other words (with English "n't"), and the punctuation clauses read. */
const TOKEN = /\p{Script=Han}+|(?:[^\P{L}\p{Script=Han}]|\p{N})+(?:'t)?|[,;:()\u2014\u2013\u3001]/gu;
const CHINESE_WORD_MAX = Math.max(...[...CHINESE_WORDS].map((word) => word.length));
/** First characters of the Chinese words: only there is a longer word tried. */
const CHINESE_WORD_STARTS = new Set([...CHINESE_WORDS].map((word) => word[0]));
/** Punctuation that may open a clause when a subject follows ("…, the runtime orchestrates"). */
const CLAUSE_PUNCTUATION = new Set([',', ':', '(', ')', '\u2014', '\u2013']);
/** Separators of list items: a negation made before one carries over to the next item ("not X, Y or Z"). */
const LIST_SEPARATORS = new Set([',', '\u3001']);

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
};
const BIT = Object.fromEntries(Object.keys(WORD_CLASSES).map((name, index) => [name, 1 << index])) as Record<
  keyof typeof WORD_CLASSES,
  number
>;
const WORD_CLASS = new Map<string, number>();
for (const [name, members] of Object.entries(WORD_CLASSES))
  for (const word of members) WORD_CLASS.set(word, (WORD_CLASS.get(word) ?? 0) | BIT[name as keyof typeof BIT]);
const NEGATING = BIT.negator | BIT.negativeVerb | BIT.concord;

interface Token {
  text: string;
  start: number;
  end: number;
}

function tokenize(folded: string): Token[] {
  const tokens: Token[] = [];
  for (const match of folded.matchAll(TOKEN)) {
    const text = match[0];
    if (text.charCodeAt(0) < 0x2e80 || !/^\p{Script=Han}/u.test(text)) {
      tokens.push({ text, start: match.index, end: match.index + text.length });
      continue;
    }
    // Longest known word first, else one character (Chinese is written without spaces).
    for (let at = 0; at < text.length;) {
      let length = CHINESE_WORD_STARTS.has(text[at]) ? Math.min(CHINESE_WORD_MAX, text.length - at) : 1;
      while (length > 1 && !CHINESE_WORDS.has(text.slice(at, at + length))) length--;
      tokens.push({ text: text.slice(at, at + length), start: match.index + at, end: match.index + at + length });
      at += length;
    }
  }
  return tokens;
}

/** Who a token names, when it may be a clause's subject. */
const enum Role {
  None,
  Uaix,
  Other,
  Pronoun,
  PluralPronoun,
}
/** What a subject turned out to be; 'inherited' is what the sentence before ended on. */
type Subject = Role.Uaix | Role.Other | 'inherited';
/** What a sentence ends on: its last clause subject (for "it"), its last subject or object named (for "they"). */
interface Ending {
  subject: Subject;
  named: Subject;
}

interface CapabilityMatch {
  capability: number;
  language: ClaimLanguage;
  first: number;
  last: number;
  /** UAIX in a compound just before it: "UAIX-certified". */
  compound: boolean;
}

interface Sentence {
  tokens: Token[];
  /** Word-class bits of each token (`BIT`). */
  cls: Uint32Array;
  role: Uint8Array;
  clauseOf: number[];
  clauseStart: number[];
  /** Where the subject of each clause is looked for: its start, or the start of the clause whose subject it shares. */
  subjectFrom: number[];
  /** Whether a negation is in force at token i, from the tokens of its clause before it. */
  negatedBefore: boolean[];
  /** Acting others among tokens[0..i). */
  actorsBefore: number[];
  /** Token indices with a role, ascending. */
  roleTokens: number[];
  /** For each role token, what it stands for (a pronoun: the subject before it). */
  subjectOf: Subject[];
  /** What the sentence ends on, for a pronoun in the next one. */
  ending: Ending;
}

/** Index of the first token that ends after `offset` (binary search). */
function tokenAt(tokens: Token[], offset: number): number {
  let low = 0;
  let high = tokens.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (tokens[middle].end <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Index of the first entry of the ascending `list` that is at least `value`. */
function lowerBound(list: number[], value: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Folded sentence with URLs replaced: the text the patterns read. */
function readable(sentence: string): string {
  return foldForMatching(sentence).replace(URI, uriReplacement);
}

/** The clauses, subjects and negations of a folded sentence; `capabilities` are the spans of its capability matches. */
function analyse(folded: string, capabilities: readonly { start: number; end: number }[] = []): Sentence {
  const tokens = tokenize(folded);
  const inCapability = new Uint8Array(tokens.length);
  for (const { start, end } of capabilities)
    for (let token = tokenAt(tokens, start), last = tokenAt(tokens, end - 1); token <= last; token++)
      inCapability[token] = 1;
  const cls = Uint32Array.from(tokens, (token) => WORD_CLASS.get(token.text) ?? 0);
  const role = new Uint8Array(tokens.length);
  for (const match of folded.matchAll(UAIX_MENTION)) role[tokenAt(tokens, match.index)] = Role.Uaix;
  for (let index = 0; index < tokens.length; index++) {
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
  /**
   * What follows a conjunction or punctuation at `at`: its own subject, a verb sharing the previous
   * subject, or neither. After a comma or a conjunction, "runtime" in "runtime orchestration" is
   * read as the runtime acting ("…，运行时编排工作"); after `:` or `(`, as the capability listed.
   */
  const predicateAfter = (at: number): 'subject' | 'verb' | undefined => {
    const actorMayStart = tokens[at].text === ',' || !(cls[at] & BIT.clausePunctuation);
    for (let next = at + 1; next <= at + 2 && next < tokens.length; next++) {
      if (role[next] !== Role.None || (actorMayStart && cls[next] & BIT.actor)) return 'subject';
      if (cls[next] & (BIT.verb | BIT.negator)) return 'verb';
    }
    return undefined;
  };
  const clauseOf: number[] = [];
  const clauseStart: number[] = [0];
  const subjectFrom: number[] = [0];
  const negatedBefore: boolean[] = [false];
  const actorsBefore: number[] = [0];
  // The negation in force, and how many negators the current list item holds so far.
  let negated = false;
  let negatorsInItem = 0;
  for (let index = 0; index < tokens.length; index++) {
    const c = cls[index];
    const conjunction = (c & (BIT.contrast | BIT.coordinator)) !== 0;
    const next = index > 0 && (conjunction || c & BIT.clausePunctuation) ? predicateAfter(index) : undefined;
    const opensClause =
      index > 0 &&
      (tokens[index].text === ';' ||
        (c & BIT.contrast) !== 0 ||
        (c & BIT.coordinator && next !== undefined) ||
        (c & BIT.clausePunctuation && next === 'subject'));
    if (opensClause) {
      // "UAIX records packets and orchestrates runtimes": a verb without its own subject shares the previous clause's.
      subjectFrom.push(conjunction && next === 'verb' ? subjectFrom[clauseStart.length - 1] : index);
      clauseStart.push(index);
      negated = false;
      negatorsInItem = 0;
    }
    clauseOf.push(clauseStart.length - 1);
    if (c & BIT.listSeparator || (c & BIT.coordinator && !opensClause)) negatorsInItem = 0;
    else if (c & NEGATING) {
      // The first negator of a list item negates it ("no X, no Y"); a second one cancels it
      // ("never fails to"), unless it only repeats the first ("ne … pas", "neither … nor").
      if (negatorsInItem === 0) negated = true;
      else if (!(c & BIT.concord)) negated = !negated;
      negatorsInItem++;
    }
    negatedBefore.push(negated);
    actorsBefore.push(actorsBefore[index] + (role[index] === Role.Other && c & BIT.actor ? 1 : 0));
  }
  // What each role token stands for; a clause's first one is its subject, which later pronouns stand for.
  const roleTokens: number[] = [];
  const subjectOf: Subject[] = [];
  const ending: Ending = { subject: 'inherited', named: 'inherited' };
  let subjectClause = -1;
  for (let index = 0; index < tokens.length; index++) {
    if (role[index] === Role.None) continue;
    roleTokens.push(index);
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
  return {
    tokens,
    cls,
    role,
    clauseOf,
    clauseStart,
    subjectFrom,
    negatedBefore,
    actorsBefore,
    roleTokens,
    subjectOf,
    ending,
  };
}

/**
 * Whether UAIX claims the capability: true, false, or the track of the sentence before that decides
 * (a pronoun or a dropped subject that the sentence itself does not resolve).
 */
function claimedByUaix(sentence: Sentence, match: CapabilityMatch): boolean | keyof Ending {
  const { tokens, cls, role, clauseOf, clauseStart, subjectFrom, negatedBefore, actorsBefore, roleTokens, subjectOf } =
    sentence;
  const { first, last } = match;
  const clause = clauseOf[first];
  const from = clauseStart[clause];
  const to = clause + 1 < clauseStart.length ? clauseStart[clause + 1] : tokens.length;
  let negated = negatedBefore[first];
  // A negation right after the capability, in a passive or a copula: "is not offered", "n'est pas fournie".
  const [next, second] = [last + 1 < to ? cls[last + 1] : 0, last + 2 < to ? cls[last + 2] : 0];
  if (
    next & BIT.negatedAuxiliary ||
    (next & BIT.copula && second & BIT.negator) ||
    (next & BIT.negator && second & BIT.copula)
  )
    negated = !negated;
  if (negated) return false;
  if (match.compound) return true;
  const actorsBetween = (a: number, b: number) => actorsBefore[b] - actorsBefore[a + 1] > 0;
  /** UAIX after the capability in the same clause, no other actor between: "Messages are hosted by UAIX." */
  const passiveByUaix = (): boolean => {
    const next = lowerBound(roleTokens, last + 1);
    const mention = next < roleTokens.length && roleTokens[next] < to ? roleTokens[next] : undefined;
    return mention !== undefined && role[mention] === Role.Uaix && !actorsBetween(last, mention);
  };
  // The subject nearest before the capability, within the clause or the one whose subject it shares.
  const at = lowerBound(roleTokens, first);
  const before = at > 0 && roleTokens[at - 1] >= subjectFrom[clause] ? roleTokens[at - 1] : undefined;
  if (before !== undefined) {
    if (actorsBetween(before, first)) return false;
    const stands = subjectOf[before];
    if (stands === Role.Uaix || passiveByUaix()) return true;
    if (stands === Role.Other) return false;
    return role[before] === Role.PluralPronoun ? 'named' : 'subject';
  }
  if (passiveByUaix()) return true;
  // A dropped subject: the clause (after the word that opened it) starts with a verb.
  const opening = from === 0 ? 0 : from + 1;
  return opening < tokens.length && cls[opening] & BIT.verb ? 'subject' : false;
}

function languageOf(tokens: Token[], candidates: readonly ClaimLanguage[]): ClaimLanguage {
  if (candidates.length === 1) return candidates[0];
  let best = candidates[0];
  let bestScore = -1;
  for (const language of candidates) {
    let score = 0;
    for (const token of tokens) if (STOPWORDS[language].has(token.text)) score++;
    if (score > bestScore) [best, bestScore] = [language, score];
  }
  return best;
}

const GLOBAL_PATTERNS = UNSUPPORTED_CAPABILITIES.map(({ capability, patterns }) => ({
  capability,
  patterns: CLAIM_LANGUAGES.map((language) => ({
    language,
    global: new RegExp(patterns[language].source, `${patterns[language].flags}g`),
  })),
}));

/** The capability matches of a folded sentence, in pattern order. */
function capabilityMatches(
  folded: string,
): { capability: number; language: ClaimLanguage; start: number; end: number }[] {
  const found = [];
  for (let capability = 0; capability < GLOBAL_PATTERNS.length; capability++) {
    for (const { language, global } of GLOBAL_PATTERNS[capability].patterns) {
      for (const match of folded.matchAll(global))
        found.push({ capability, language, start: match.index, end: match.index + match[0].length });
    }
  }
  return found;
}

const COMPOUND_PREFIX = `${CLAIM_SUBJECT}-`;
/** "UAIX-certified": the short name, as a word, joined to the capability by a hyphen. */
function isCompound(folded: string, start: number): boolean {
  const prefixStart = start - COMPOUND_PREFIX.length;
  return (
    prefixStart >= 0 &&
    folded.startsWith(COMPOUND_PREFIX, prefixStart) &&
    (prefixStart === 0 || !/[\p{L}\p{N}_.-]/u.test(folded[prefixStart - 1]))
  );
}

/**
 * Every claim in `text`: at most one per capability per sentence, in sentence order.
 */
export function findUnsupportedClaims(text: string): ClaimFinding[] {
  const normalized = normalizeRuleText(text);
  if (!MAY_NAME_UAIX.test(normalized) || !MAY_HOLD_STEM.test(normalized)) return [];
  const spans = sentenceSpans(normalized);
  /** What each sentence ends on, once read; then, per track, what that resolves to through the sentences before. */
  const endings: (Ending | undefined)[] = new Array(spans.length);
  const resolved: Record<keyof Ending, (Subject | undefined)[]> = { subject: [], named: [] };
  const endingOf = (index: number) =>
    (endings[index] ??= analyse(readable(normalized.slice(spans[index][0], spans[index][1]))).ending);
  /** What sentence `index` ends on in `track`, through the sentences before it that end on 'inherited'. */
  const resolvedEnding = (index: number, track: keyof Ending): Subject => {
    let back = index;
    while (back >= 0 && resolved[track][back] === undefined && endingOf(back)[track] === 'inherited') back--;
    const subject = back < 0 ? 'inherited' : (resolved[track][back] ?? endingOf(back)[track]);
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
    const found = capabilityMatches(folded);
    if (found.length === 0) continue;
    const parsed = analyse(folded, found);
    endings[index] = parsed.ending;
    if (isQuestion(sentence)) continue;
    const claimed = new Map<number, { first: number; languages: ClaimLanguage[] }>();
    for (const match of found) {
      const first = tokenAt(parsed.tokens, match.start);
      const last = tokenAt(parsed.tokens, match.end - 1);
      const verdict = claimedByUaix(parsed, {
        capability: match.capability,
        language: match.language,
        first,
        last,
        compound: isCompound(folded, match.start),
      });
      const byUaix =
        typeof verdict === 'boolean' ? verdict : index > 0 && resolvedEnding(index - 1, verdict) === Role.Uaix;
      if (!byUaix) continue;
      const entry = claimed.get(match.capability);
      if (!entry || first < entry.first) claimed.set(match.capability, { first, languages: [match.language] });
      else if (first === entry.first && !entry.languages.includes(match.language)) entry.languages.push(match.language);
    }
    for (let capability = 0; capability < GLOBAL_PATTERNS.length; capability++) {
      const entry = claimed.get(capability);
      if (entry)
        findings.push({
          capability: GLOBAL_PATTERNS[capability].capability,
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
