/**
 * One pass over a string that tells which text checks could find anything in it: the secret rules
 * whose keywords occur, whether the high-entropy heuristic has a candidate, and whether the claim
 * detector could see a claim. A packet has about 60 string values and most of them (identifiers,
 * times, URLs, prose) pass no pre-test, so the validator screens each string once and runs a
 * check only where its bit is set. Each bit is a necessary condition of its check finding
 * something, never a verdict: a set bit runs the check itself, which decides.
 */
import { SECRET_RULES, HIGH_ENTROPY_RULE } from './secretRules.ts';
import { CLAIM_SUBJECT, CLAIM_SUBJECT_NAME_WORDS, OFFERING_STEMS } from './supportClaims.ts';
import { normalizeRuleText } from './textNormalization.ts';

/**
 * Keyword groups of the automaton, one bit each: the secret rules first, then the claim detector's
 * subject and offering stems, then each literal some secret rule `requires`. The bits after the
 * groups are the flags below. There are more secret rules than bits left for them, so some share:
 * each case-insensitive rule (a label or header word, common in text) has a bit of its own, and
 * the case-sensitive ones (token prefixes such as `AKIA` or `ghp_`, rare in text) share the bits
 * left, in turn. A shared bit runs each sharer's own keyword test, which decides.
 */
const FLAG_COUNT = 4;
const REQUIRED_LITERALS = [...new Set(SECRET_RULES.flatMap((rule) => rule.requires ?? []))];
const SECRET_BIT_COUNT = Math.min(SECRET_RULES.length, 31 - FLAG_COUNT - 2 - REQUIRED_LITERALS.length);
const SUBJECT_GROUP = SECRET_BIT_COUNT;
const STEM_GROUP = SECRET_BIT_COUNT + 1;
const GROUP_COUNT = SECRET_BIT_COUNT + 2 + REQUIRED_LITERALS.length;
const requiredBit = (literal: string) => 1 << (STEM_GROUP + 1 + REQUIRED_LITERALS.indexOf(literal));
const isAsciiText = (text: string) => [...text].every((char) => char.charCodeAt(0) < 128);
const isCaseInsensitive = SECRET_RULES.map((rule) => rule.pattern.flags.includes('i'));
const OWN_BITS = isCaseInsensitive.filter(Boolean).length;
const SHARED_BITS = SECRET_BIT_COUNT - OWN_BITS;
if (SHARED_BITS < 1 && OWN_BITS < SECRET_RULES.length)
  throw new Error(
    `the string screen has ${SECRET_BIT_COUNT} secret bits for ${OWN_BITS} case-insensitive rules and more`,
  );
/** Per rule: its screen bit (index and mask), its required literals' bits, whether all non-ASCII text runs it. */
const RULE_BIT_INDEX = (() => {
  let own = 0;
  let shared = 0;
  return isCaseInsensitive.map((insensitive) => (insensitive ? own++ : OWN_BITS + (shared++ % SHARED_BITS)));
})();
const RULE_BIT = RULE_BIT_INDEX.map((index) => 1 << index);
const RULE_REQUIRED = SECRET_RULES.map((rule) => (rule.requires ?? []).reduce((bits, l) => bits | requiredBit(l), 0));
const RULE_NEEDS_NON_ASCII = SECRET_RULES.map((rule) => !rule.keywords.every(isAsciiText));

/** The bits of `screenString` that are secret rules' keyword groups. */
export const SECRET_RULE_BITS = 2 ** SECRET_BIT_COUNT - 1;
const SUBJECT_BIT = 1 << SUBJECT_GROUP;
const STEM_BIT = 1 << STEM_GROUP;
/** The string holds a character outside ASCII (claims: normalization may change what it reads). */
const NON_ASCII_BIT = 1 << GROUP_COUNT;
/** The high-entropy heuristic has a candidate: a run of token characters long enough, with an upper-case letter. */
export const ENTROPY_CANDIDATE_BIT = 1 << (GROUP_COUNT + 1);
/** A character JSON escapes (a control character, `"` or `\\`) occurs. */
const NEEDS_ESCAPE_BIT = 1 << (GROUP_COUNT + 2);
/**
 * `normalizeRuleText` may change the text: it holds a character outside ASCII or a `%` (ASCII
 * characters normalize to themselves, and only percent runs join them). Without this bit the text
 * is what every rule reads.
 */
const NORMALIZES_BIT = 1 << (GROUP_COUNT + 3);

if (GROUP_COUNT + FLAG_COUNT > 31) {
  throw new Error(
    `the string screen keeps one bit per keyword group and ${FLAG_COUNT} flags, at most 31; it needs ${GROUP_COUNT + FLAG_COUNT}`,
  );
}

/** The screen reads ASCII codes (below 128) through its tables; any other code ends matches and runs. */
const ASCII = 128;
const isAsciiUpper = (code: number) => code >= 65 && code <= 90;

/**
 * Per ASCII code: 1 a character of the high-entropy candidate's runs (taken from the candidate
 * pattern itself: a character belongs when a run of it is a candidate), 2 an upper-case letter,
 * 4 a word character (what `\b` in the claim detector's `\buaix` reads), 8 a character JSON escapes,
 * 16 a character after which `normalizeRuleText` may read other text (`%`, which may start a percent run).
 */
const TOKEN_CHARACTER = 1;
const UPPER_CASE = 2;
const WORD_CHARACTER = 4;
const ESCAPED = 8;
const NORMALIZED = 16;
const CHARACTER_CLASS = new Uint8Array(ASCII);
for (let code = 0; code < ASCII; code++) {
  const char = String.fromCharCode(code);
  if (HIGH_ENTROPY_RULE.candidate.test(char.repeat(HIGH_ENTROPY_RULE.minLength)))
    CHARACTER_CLASS[code] |= TOKEN_CHARACTER;
  if (isAsciiUpper(code)) CHARACTER_CLASS[code] |= UPPER_CASE;
  if (/\w/.test(char)) CHARACTER_CLASS[code] |= WORD_CHARACTER;
  if (JSON.stringify(char) !== `"${char}"`) CHARACTER_CLASS[code] |= ESCAPED;
  if (char === '%' || normalizeRuleText(char) !== char) CHARACTER_CLASS[code] |= NORMALIZED;
}

/**
 * The keyword groups as one Aho–Corasick automaton over an alphabet of character classes: each
 * character that occurs in a keyword (letters folded to lower case) is a class of its own, and
 * every other ASCII character is class 0, which no keyword holds. The alphabet is small (under 64
 * classes), so the table of moves fits in 16-bit cells and stays in the processor's nearest cache
 * while a packet is serialized, hashed and validated around it (with one column per ASCII code it
 * was 160 KB and was read from farther away). A state is held as its row's offset, so the next state
 * is one load: `NEXT[state + class]`; the cell also carries OUTPUT_FLAG when a keyword ends in the
 * target state, so the output table is read only there. `OUTPUT[state / STRIDE]` has bit g set for
 * each group g whose keyword ends in that state, directly or by a failure link, and SUBJECT_ENDS
 * where the claim subject ends (the screen then checks the character before it). A secret rule
 * whose bit stays clear cannot pass its own keyword test: its keywords are ASCII, and a regex
 * without the u flag folds case within ASCII only. Each state's row starts as a native copy of its
 * failure state's row, so the build (at every start of the CLI) takes well under a millisecond.
 */
const SUBJECT_ENDS = 1 << 31;
/**
 * A case-sensitive rule's keyword (`SK`, `AKIA`) ends in that state, folded: the screen then reads
 * the text before it to set the keyword's bit only where the keyword stands in its own case, as the
 * rule's keyword test reads it (`task` holds `sk`, never `SK`).
 */
const CASE_CHECK = 1 << 30;
const OUTPUT_FLAG = 0x8000;
const STATE_MASK = 0x7fff;
/**
 * Bits of CHARACTER_INFO: the keyword class, the run class, "JSON escapes it", "normalization may
 * read it", "ends a sentence before white space", "white space" (as the claim detector splits sentences).
 */
const KEY_CLASS_MASK = 63;
const RUN_CLASS_SHIFT = 6;
const ESCAPED_INFO = 1 << 8;
const NORMALIZED_INFO = 1 << 9;
const SENTENCE_MARK_INFO = 1 << 10;
const SPACE_INFO = 1 << 11;

/**
 * The keyword class of each ASCII code (upper-case letters share their lower-case letter's), and how
 * many classes there are.
 */
function keywordClasses(keywords: readonly string[]): { classOf: Uint8Array; count: number } {
  const classOf = new Uint8Array(ASCII);
  let count = 1;
  for (const keyword of keywords) {
    for (let index = 0; index < keyword.length; index++) {
      let code = keyword.charCodeAt(index);
      if (code >= ASCII) throw new Error(`string screen: the keyword ${JSON.stringify(keyword)} is not ASCII`);
      if (isAsciiUpper(code)) code += 32;
      if (classOf[code] !== 0) continue;
      classOf[code] = count;
      if (code >= 97 && code <= 122) classOf[code - 32] = count;
      count++;
    }
  }
  if (count > KEY_CLASS_MASK + 1)
    throw new Error(`string screen: ${count} keyword classes, at most ${KEY_CLASS_MASK + 1}`);
  return { classOf, count };
}

/** A keyword whose bit the screen sets only where it occurs in its own case. */
interface CaseCheck {
  keyword: string;
  bit: number;
}

function buildAutomaton(
  groups: readonly (readonly string[])[],
  subjectGroup: number,
  caseSensitiveGroups: ReadonlySet<number>,
) {
  const { classOf, count: stride } = keywordClasses(groups.flat());
  // The trie: each state's children as class, child pairs.
  const edges: number[][] = [[]];
  const output: number[] = [0];
  const checks: CaseCheck[][] = [[]];
  groups.forEach((keywords, group) => {
    for (const keyword of keywords) {
      let state = 0;
      for (let index = 0; index < keyword.length; index++) {
        const keyClass = classOf[keyword.charCodeAt(index)];
        const list = edges[state];
        let at = 0;
        while (at < list.length && list[at] !== keyClass) at += 2;
        if (at === list.length) {
          list.push(keyClass, edges.length);
          edges.push([]);
          output.push(0);
          checks.push([]);
        }
        state = list[at + 1];
      }
      // The short name counts only as a word of its own, which the screen checks where it ends; a
      // case-sensitive keyword only in its own case, which the screen checks there too.
      if (caseSensitiveGroups.has(group)) {
        output[state] |= CASE_CHECK;
        checks[state].push({ keyword, bit: 1 << group });
      } else output[state] |= group === subjectGroup && keyword === CLAIM_SUBJECT ? SUBJECT_ENDS : 1 << group;
    }
  });
  if (edges.length * stride > STATE_MASK)
    throw new Error(`string screen: ${edges.length} states do not fit in 15 bits`);
  // Breadth first, so a state's failure state (shallower) is complete before the state itself: its
  // row starts as a copy of the failure state's row, and only its own children are written over it.
  const next = new Uint16Array(edges.length * stride);
  const failure = new Int32Array(edges.length);
  const queue = [0];
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head];
    const row = state * stride;
    if (state !== 0) {
      next.copyWithin(row, failure[state] * stride, failure[state] * stride + stride);
      output[state] |= output[failure[state]];
      checks[state] = [...checks[state], ...checks[failure[state]]];
    }
    const list = edges[state];
    for (let at = 0; at < list.length; at += 2) {
      const [keyClass, child] = [list[at], list[at + 1]];
      // The failure state's move, copied above (the root for the root's children).
      failure[child] = next[row + keyClass] / stride;
      next[row + keyClass] = child * stride;
      queue.push(child);
    }
  }
  // Outputs are complete only now (a state inherits its failure state's): flag the moves into them.
  for (let at = 0; at < next.length; at++) if (output[next[at] / stride] !== 0) next[at] |= OUTPUT_FLAG;
  const caseChecks = checks.map((list) => (list.length > 0 ? list : undefined));
  return { NEXT: next, OUTPUT: Int32Array.from(output), STRIDE: stride, KEY_CLASS: classOf, CASE_CHECKS: caseChecks };
}

// Stems with a non-ASCII letter (dépôt) need no keyword: non-ASCII text is screened in anyway.
const ASCII_STEMS = OFFERING_STEMS.filter((stem) => [...stem].every((char) => char.charCodeAt(0) < ASCII));
/** The ASCII keywords of the rules that share each secret bit (a non-ASCII keyword is screened by NON_ASCII_BIT). */
const SECRET_GROUPS = Array.from({ length: SECRET_BIT_COUNT }, (_, bit) =>
  SECRET_RULES.flatMap((rule, order) => (RULE_BIT_INDEX[order] === bit ? rule.keywords.filter(isAsciiText) : [])),
);
/**
 * The shared secret bits: every rule of such a bit is case-sensitive (a token prefix), so its keyword
 * counts only in its own case, as the rule's own keyword test (an alternation without the i flag) reads it.
 */
const CASE_SENSITIVE_GROUPS = new Set(Array.from({ length: SHARED_BITS }, (_, shared) => OWN_BITS + shared));
const { NEXT, OUTPUT, STRIDE, KEY_CLASS, CASE_CHECKS } = buildAutomaton(
  [
    ...SECRET_GROUPS,
    [CLAIM_SUBJECT, ...CLAIM_SUBJECT_NAME_WORDS],
    ASCII_STEMS,
    ...REQUIRED_LITERALS.map((literal) => [literal]),
  ],
  SUBJECT_GROUP,
  CASE_SENSITIVE_GROUPS,
);
if (GROUP_COUNT >= 30) throw new Error('string screen: the case check flag needs group bits below 30');

/** The bits of the case-sensitive keywords that end at `end` (exclusive) in their own case. */
function caseCheckedBits(text: string, end: number, checks: readonly CaseCheck[]): number {
  let bits = 0;
  for (const { keyword, bit } of checks) if (text.startsWith(keyword, end - keyword.length)) bits |= bit;
  return bits;
}

/**
 * The high-entropy candidate as a second small automaton that runs beside the first, so the two
 * chains of loads overlap. Its input is the run class of a character: 0 not a token character, 1 a
 * token character, 2 an upper-case one. State `length * 2 + upper` counts the token characters of
 * the current run (up to `minLength`) and whether one was upper case, and FOUND, once a run of
 * `minLength` holds an upper-case letter, never leaves. States are held times 4 (one row per state).
 */
const { minLength: RUN_LENGTH } = HIGH_ENTROPY_RULE;
const FOUND = (RUN_LENGTH + 1) * 2;
const RUN_ROW = 4;
const FOUND_STATE = FOUND * RUN_ROW;
const RUN_NEXT = new Uint16Array((FOUND + 1) * RUN_ROW);
for (let state = 0; state <= FOUND; state++) {
  for (let runClass = 0; runClass < 3; runClass++) {
    const length = Math.min((state >> 1) + 1, RUN_LENGTH);
    const upper = state & 1 || (runClass === 2 ? 1 : 0);
    const target =
      state === FOUND ? FOUND : runClass === 0 ? 0 : length >= RUN_LENGTH && upper ? FOUND : length * 2 + upper;
    RUN_NEXT[state * RUN_ROW + runClass] = target * RUN_ROW;
  }
}

/**
 * Per ASCII code, all the screen reads of it in one load: keyword class, run class and the flags.
 * A sentence mark before white space always ends a sentence where the claim detector splits text
 * (`SENTENCE_END` in claimSentences.ts: `[.!?;]`, closing quotes, then `\s` or the end); the
 * screen counts only those ends, so two places it puts in one sentence are never in two of the
 * detector's, and a place in a later sentence here is in a later one there.
 */
const SENTENCE_MARKS = '.!?;';
const CHARACTER_INFO = new Uint16Array(ASCII);
for (let code = 0; code < ASCII; code++) {
  const character = CHARACTER_CLASS[code];
  const runClass = character & TOKEN_CHARACTER ? (character & UPPER_CASE ? 2 : 1) : 0;
  CHARACTER_INFO[code] =
    KEY_CLASS[code] |
    (runClass << RUN_CLASS_SHIFT) |
    (character & ESCAPED ? ESCAPED_INFO : 0) |
    (character & NORMALIZED ? NORMALIZED_INFO : 0) |
    (SENTENCE_MARKS.includes(String.fromCharCode(code)) ? SENTENCE_MARK_INFO : 0) |
    (/\s/.test(String.fromCharCode(code)) ? SPACE_INFO : 0);
}
/** The run automaton's class of a character, from its CHARACTER_INFO entry (small enough for V8 to inline). */
const runClassOf = (info: number) => (info >>> RUN_CLASS_SHIFT) & 3;

/** White space (ASCII) stands at `at`: a sentence mark just before it ends a sentence. */
function spaceAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at); // NaN past the end
  return code < ASCII && (CHARACTER_INFO[code] & SPACE_INFO) !== 0;
}

/** The subject ending at `end` (exclusive) is a word of its own: no word character before it (claims read `\buaix`). */
function subjectStartsWord(text: string, end: number): boolean {
  const before = end - CLAIM_SUBJECT.length - 1;
  if (before < 0) return true;
  const code = text.charCodeAt(before);
  return code < ASCII && (CHARACTER_CLASS[code] & WORD_CHARACTER) === 0;
}

/**
 * The screen of `text`, one pass, no allocation:
 * - a secret bit (`secretRuleMayMatch` reads them): an ASCII keyword of a rule of that bit occurs,
 *   ASCII letters in either case;
 * - ENTROPY_CANDIDATE_BIT: a run of at least `minLength` token characters holds an upper-case
 *   letter (a high-entropy token mixes cases);
 * - `mayNormalize(screen)`: `normalizeRuleText` may change the text (then the rules screen and read
 *   the normalized text, and the bits above say nothing);
 * - `mayClaim(screen)`: the text names UAIX (its short name as a word, or a word of its full name)
 *   and holds an offering stem in the sentence of that first name or after it (a claim's offering
 *   is in a sentence that names UAIX or follows one that does: a pronoun or a dropped subject
 *   stands for a subject before it), or normalization may change the text (a `%`, a character
 *   outside ASCII: then the sentences counted here are not the detector's);
 * - `needsNoEscape(screen)`: the text is ASCII and JSON escapes none of its characters.
 */
export function screenString(text: string): number {
  let state = 0;
  let run = 0;
  let bits = 0;
  let seen = 0;
  // Sentences as counted here (SENTENCE_MARK_INFO): the current one, that of the first name of
  // UAIX, and that of the last offering stem.
  let sentence = 0;
  let subjectSentence = -1;
  let stemSentence = -1;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= ASCII) {
      // No keyword holds a non-ASCII character, so one ends every partial match and every run.
      state = 0;
      if (run !== FOUND_STATE) run = 0;
      bits |= NON_ASCII_BIT | NORMALIZES_BIT;
      continue;
    }
    const info = CHARACTER_INFO[code];
    const move = NEXT[state + (info & KEY_CLASS_MASK)];
    run = RUN_NEXT[run + runClassOf(info)];
    seen |= info;
    state = move & STATE_MASK;
    if (move & OUTPUT_FLAG) {
      const output = OUTPUT[state / STRIDE];
      bits |= output & ~(SUBJECT_ENDS | CASE_CHECK);
      if (output & CASE_CHECK) bits |= caseCheckedBits(text, index + 1, CASE_CHECKS[state / STRIDE]!);
      if (output & SUBJECT_ENDS && subjectStartsWord(text, index + 1)) bits |= SUBJECT_BIT;
      if (output & STEM_BIT) stemSentence = sentence;
      if (subjectSentence < 0 && bits & SUBJECT_BIT) subjectSentence = sentence;
    }
    if (info & SENTENCE_MARK_INFO && spaceAt(text, index + 1)) sentence++;
  }
  // Every stem stands in a sentence before the first name of UAIX: no claim can use it.
  if (stemSentence < subjectSentence) bits &= ~STEM_BIT;
  if (seen & ESCAPED_INFO) bits |= NEEDS_ESCAPE_BIT;
  if (seen & NORMALIZED_INFO) bits |= NORMALIZES_BIT;
  if (run === FOUND_STATE) bits |= ENTROPY_CANDIDATE_BIT;
  return bits;
}

/** The text is ASCII (every UTF-16 unit below 128). */
export function isAsciiScreen(screen: number): boolean {
  return (screen & NON_ASCII_BIT) === 0;
}

/** The text is ASCII and JSON escapes none of its characters: its JSON string is the text in quotes. */
export function needsNoEscape(screen: number): boolean {
  return (screen & (NON_ASCII_BIT | NEEDS_ESCAPE_BIT)) === 0;
}

/**
 * The claim detector may find a claim: in ASCII text, UAIX as a word and an offering stem in its
 * sentence or a later one; any text normalization may change.
 */
export function mayClaim(screen: number): boolean {
  if ((screen & (NON_ASCII_BIT | NORMALIZES_BIT)) !== 0) return true; // `%55AIX` decodes to UAIX
  return (screen & SUBJECT_BIT) !== 0 && (screen & STEM_BIT) !== 0;
}

/** A screen with every bit set: `findSecrets` then runs every rule on the text, as without a screen (tests compare). */
export const ALL_RULES_SCREEN = -1;

/** `normalizeRuleText` may change the text: the secret rules then screen and read its normalized form. */
export function mayNormalize(screen: number): boolean {
  return (screen & NORMALIZES_BIT) !== 0;
}

/**
 * Secret rule `order` may match a text of this screen (the screen of the text the rule reads): a
 * keyword of its bit occurs (or the text is not ASCII and the rule has a keyword that is not), and
 * every literal it requires.
 */
export function secretRuleMayMatch(screen: number, order: number): boolean {
  return (
    ((screen & RULE_BIT[order]) !== 0 || (RULE_NEEDS_NON_ASCII[order] && (screen & NON_ASCII_BIT) !== 0)) &&
    (screen & RULE_REQUIRED[order]) === RULE_REQUIRED[order]
  );
}

/** The bits `secretRuleMayMatch` reads: the secret groups, the required literals and NON_ASCII_BIT. */
const RULE_SCREEN_BITS =
  SECRET_RULE_BITS | RULE_REQUIRED.reduce((bits, required) => bits | required, 0) | NON_ASCII_BIT;
const NO_RULES: readonly number[] = [];
/**
 * The answers of `screenedRuleOrders`, by the bits it reads. Strings share few combinations (most
 * set one group bit or none); the map is cleared when full, so adversarial text cannot grow it.
 */
const RULE_ORDERS = new Map<number, readonly number[]>();
const RULE_ORDERS_LIMIT = 1_024;

/**
 * The secret rules that may match a text of this screen (`secretRuleMayMatch`), in table order:
 * the scanner runs these instead of asking each of the table's rules in turn.
 */
export function screenedRuleOrders(screen: number): readonly number[] {
  const bits = screen & RULE_SCREEN_BITS;
  if ((bits & (SECRET_RULE_BITS | NON_ASCII_BIT)) === 0) return NO_RULES; // no rule's keyword: most strings
  let orders = RULE_ORDERS.get(bits);
  if (orders === undefined) {
    orders = SECRET_RULES.flatMap((_, order) => (secretRuleMayMatch(bits, order) ? [order] : []));
    if (RULE_ORDERS.size >= RULE_ORDERS_LIMIT) RULE_ORDERS.clear();
    RULE_ORDERS.set(bits, orders);
  }
  return orders;
}

/**
 * The secret scanner may find a secret: a rule may match, the heuristic has a candidate, or
 * normalization may change the text (whose normalized form is then screened again).
 */
export function maySecret(screen: number): boolean {
  if ((screen & (SECRET_RULE_BITS | ENTROPY_CANDIDATE_BIT | NORMALIZES_BIT)) === 0) return false; // most strings
  if ((screen & (ENTROPY_CANDIDATE_BIT | NORMALIZES_BIT)) !== 0) return true;
  return screenedRuleOrders(screen).length > 0;
}
