/**
 * Detects text that claims UAIX provides what it does not (the offerings of `claimLexicon.ts`),
 * in English, Spanish, French or Chinese, by clause and by subject.
 *
 * The text is read as every text rule reads it (`normalizeRuleText`, then `foldForMatching`), and
 * whole: there is no reading limit, the JSON reader's size limit bounds the input. It is read by
 * sentence (`claimSentences.ts`) and by token (`claimTokens.ts`); a question claims nothing. An offering
 * found in a sentence is a claim when the subject of its clause is UAIX: one of its names or addresses
 * (`UAIX_NAMES`), a pronoun that stands for the last
 * subject named (across sentences: "UAIX is simple. It hosts your messages."), the subject shared
 * by a list or a second verb ("UAIX offers: hosted messaging, …"; "UAIX records packets and
 * orchestrates runtimes"), a dropped subject (Spanish, Chinese), or UAIX in a compound
 * ("UAIX-certified"), or UAIX after the offering as a passive's agent ("hosted by UAIX") — and no
 * other actor (the runtime, a vendor, a server, a broker) stands between it and the offering.
 * That is the subject rule: an offering pattern (a noun, or a verb with its object: "hosts your
 * messaging") names the offering only, and the offering is UAIX's only where its clause's subject is
 * UAIX; "the agent runtime hosts the messaging" has another subject, and a clause whose subject is
 * none the lexicon knows ("the relay hosts messages") claims nothing. A negation counts only inside
 * that clause, and two negations cancel ("never fails to orchestrate"), except where a language
 * repeats one negation ("ne … pas", "no … ningún").
 * Every step is linear in the text: regular expressions without backtracking, one tokenization per
 * sentence that may hold an offering, prefix counts per clause, and a sentence before it read at
 * most once to find what a pronoun stands for.
 */
import {
  OFFERING_STEMS,
  CLAIM_LANGUAGES,
  UAIX_NAMES,
  UNSUPPORTED_OFFERINGS,
  type ClaimLanguage,
} from './claimLexicon.ts';
import { isQuestion, readable, sentenceSpans } from './claimSentences.ts';
import { BIT, lowerBound, resizeTokens, STOPWORD_BIT, tokenAt, tokenize, type Tokens } from './claimTokens.ts';
import { escapeRegExp } from './regExpText.ts';
import { normalizeRuleText } from './textNormalization.ts';

export { OFFERING_STEMS, UNSUPPORTED_OFFERINGS, type ClaimLanguage };
export { splitSentences } from './claimSentences.ts';

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

const NEGATING = BIT.negator | BIT.negativeVerb | BIT.concord;

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
  resizeTokens(sentence.tokens, size);
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
 * Step 1 of `analyse`: which tokens lie in an offering match (`found`), and each token's role: UAIX
 * where it is mentioned, a pronoun, or another actor (not one the offering is for: "for your runtime").
 */
function markRoles(folded: string, sentence: Sentence, found: readonly number[]): void {
  const { tokens, inCapability, role } = sentence;
  const { count, cls } = tokens;
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
}

/**
 * Step 2 of `analyse`: the clauses, where each takes its subject from, and the negation in force
 * and the actors named before each token.
 */
function markClauses(sentence: Sentence): void {
  const { tokens, role, clauseOf, clauseStart, subjectFrom, negatedBefore, actorsBefore } = sentence;
  const { count, cls } = tokens;
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
  sentence.clauseCount = clauseCount;
}

/**
 * Step 3 of `analyse`: what each role token stands for; a clause's first one is its subject, which
 * later pronouns stand for.
 */
function resolveRoles(sentence: Sentence): void {
  const { tokens, role, clauseOf, roleTokens, subjectOf } = sentence;
  let roleCount = 0;
  const ending: Ending = { subject: Role.None, named: Role.None };
  let subjectClause = -1;
  for (let index = 0; index < tokens.count; index++) {
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
  sentence.roleCount = roleCount;
  sentence.ending = ending;
}

/**
 * The clauses, subjects and negations of a folded sentence, into `sentence` (its arrays are reused:
 * read them before the next call with the same one); `found` holds its offering matches.
 */
function analyse(folded: string, sentence: Sentence, found: readonly number[] = []): Sentence {
  reserve(sentence, folded.length);
  tokenize(folded, sentence.tokens);
  markRoles(folded, sentence, found);
  markClauses(sentence);
  resolveRoles(sentence);
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
 * UAIX as the agent of a passive after the offering's `last` token in the same clause (before
 * `to`), right after "by" (`PASSIVE_AGENT_MARKERS`), no other actor between: "Messages are hosted
 * by UAIX." ("the messages that UAIX describes" names UAIX after the offering, as no agent of it.)
 */
function passiveByUaix(sentence: Sentence, last: number, to: number): boolean {
  const { roleTokens, roleCount, role } = sentence;
  const next = lowerBound(roleTokens, roleCount, last + 1);
  const mention = next < roleCount && roleTokens[next] < to ? roleTokens[next] : undefined;
  return (
    mention !== undefined &&
    role[mention] === Role.Uaix &&
    (sentence.tokens.cls[mention - 1] & BIT.passiveAgent) !== 0 &&
    !actorsBetween(sentence, last, mention)
  );
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
