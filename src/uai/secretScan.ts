/**
 * Finds secrets in text with the rule set of `secretRules.ts` plus the high-entropy heuristic, all
 * reading the whole text as `normalizeRuleText` gives it (findings are mapped back to the text as
 * given). Used by the policy rules (every string and member name of a packet), the route-record
 * rule for public URLs, and the publication gate. Findings carry offsets, never the secret.
 */
import { SECRET_RULES, HIGH_ENTROPY_RULE, type SecretRule } from './secretRules.ts';
import {
  screenString,
  secretRuleMayMatch,
  screenedRuleOrders,
  maySecret,
  mayNormalize,
  ENTROPY_CANDIDATE_BIT,
  ALL_RULES_SCREEN,
} from './stringScreen.ts';
import { normalizeRuleText } from './textNormalization.ts';
import { originalSpans } from './normalizedSpans.ts';

export interface SecretFinding {
  /** The rule's data id, e.g. 'aws-access-key-id'. */
  rule: string;
  /** Printable phrase, e.g. 'an AWS access key id'. Safe to print. */
  kind: string;
  /** UTF-16 offsets of the secret in the text as given (the rule's `secret` group when it has one). */
  start: number;
  end: number;
}

export const DEFAULT_MAX_FINDINGS = 100;

interface CompiledRule {
  rule: SecretRule;
  global: RegExp;
  /** The rule's own keyword test: an alternation of its literals, case-insensitive when its pattern is. */
  keywords: RegExp;
}

const escapeLiteral = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

// `d` gives the offsets of the `secret` group; `g` scans the whole text. The sources are the
// literals of the rule table, which the ReDoS test reads; keyword tests are escaped literals.
const COMPILED: readonly CompiledRule[] = SECRET_RULES.map((rule) => ({
  rule,
  global: new RegExp(rule.pattern.source, `${rule.pattern.flags}gd`),
  keywords: new RegExp(rule.keywords.map(escapeLiteral).join('|'), rule.pattern.flags.includes('i') ? 'i' : ''),
}));

/**
 * The secret rules that may match `text` as the rules read it (normalized), by table order: one pass
 * of the string screen, no regular expression. Every rule whose own keyword test passes is listed.
 */
export function screenedRules(text: string): number[] {
  const normalized = normalizeRuleText(text);
  const screen = screenString(normalized);
  return SECRET_RULES.flatMap((_, order) => (secretRuleMayMatch(screen, order) ? [order] : []));
}

const CANDIDATES = new RegExp(HIGH_ENTROPY_RULE.candidate.source, 'g');

/** Counts per ASCII code, reused by `shannonEntropy` (tokens are ASCII; other code units go to a map). */
const ASCII_COUNTS = new Uint32Array(128);

/** Shannon entropy in bits per character (per UTF-16 code unit), in one pass over the text. */
export function shannonEntropy(text: string): number {
  const others = new Map<number, number>();
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 128) ASCII_COUNTS[code]++;
    else others.set(code, (others.get(code) ?? 0) + 1);
  }
  let entropy = 0;
  const add = (count: number) => {
    const p = count / text.length;
    entropy -= p * Math.log2(p);
  };
  for (let code = 0; code < 128; code++) {
    if (ASCII_COUNTS[code] !== 0) add(ASCII_COUNTS[code]);
    ASCII_COUNTS[code] = 0;
  }
  for (const count of others.values()) add(count);
  return entropy;
}

/**
 * How often the character class (upper, lower, digit, other) changes from one character to the
 * next. Random tokens change class at most positions; CamelCase words ("SwarmFailureAndRecovery")
 * change only at word boundaries.
 */
export function classChangeRate(text: string): number {
  const classOf = (code: number) =>
    code >= 65 && code <= 90 ? 0 : code >= 97 && code <= 122 ? 1 : code >= 48 && code <= 57 ? 2 : 3;
  let changes = 0;
  let previous = classOf(text.charCodeAt(0));
  for (let index = 1; index < text.length; index++) {
    const current = classOf(text.charCodeAt(index));
    if (current !== previous) changes++;
    previous = current;
  }
  return text.length > 1 ? changes / (text.length - 1) : 0;
}

/** Length of `token` without trailing '=' padding (a loop: a `/=+$/` search is quadratic). */
function unpaddedLength(token: string): number {
  let end = token.length;
  while (end > 0 && token.charCodeAt(end - 1) === 61 /* = */) end--;
  return end;
}

/**
 * A random-looking token: long, mixing upper case, lower case and digits, with high entropy and
 * frequent class changes. UAI-1 identifiers (lower case), hex digests (one case) and CamelCase
 * names do not qualify.
 */
function isHighEntropyToken(candidate: string): boolean {
  const token = candidate.slice(0, unpaddedLength(candidate));
  if (token.length < HIGH_ENTROPY_RULE.minLength) return false;
  let upper = false;
  let lower = false;
  let digit = false;
  for (let index = 0; index < token.length && !(upper && lower && digit); index++) {
    const code = token.charCodeAt(index);
    if (code >= 65 && code <= 90) upper = true;
    else if (code >= 97 && code <= 122) lower = true;
    else if (code >= 48 && code <= 57) digit = true;
  }
  if (!upper || !lower || !digit) return false;
  return (
    shannonEntropy(token) >= HIGH_ENTROPY_RULE.minEntropyBits &&
    classChangeRate(token) >= HIGH_ENTROPY_RULE.minClassChangeRate
  );
}

const WORD_VALUE = /^(?:[A-Z]?[a-z]+|[A-Z]+)(?:[-_.](?:[A-Z]?[a-z]+|[A-Z]+))*$/;
const PLACEHOLDER = /^(?:<[^<>]*>|\[[^[\]]*\]|\{\{?[^{}]*\}?\}|\$\{[^{}]*\}|\$[A-Za-z_][A-Za-z0-9_]*|%[A-Za-z_]+%)$/;

/**
 * A value a label's free text can hold that is no secret: a word or words joined by `-`, `_`
 * or `.` (`required`, `release-notes`), a placeholder (`<password>`, `${TOKEN}`, `{{secret}}`,
 * `%PASSWORD%`), or one character repeated (`********`).
 */
export function isWordOrPlaceholder(value: string): boolean {
  if (WORD_VALUE.test(value) || PLACEHOLDER.test(value)) return true;
  for (let index = 1; index < value.length; index++) if (value[index] !== value[0]) return false;
  return true;
}

interface Ranked extends SecretFinding {
  /** Position of the rule in the table: earlier (more specific) rules win overlaps. */
  order: number;
}

/** Index of the first finding in `sorted` (by start) whose start is ≥ `start`. */
function firstAtOrAfter(sorted: readonly SecretFinding[], start: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle].start < start) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Adds the matches of compiled rule `order` in `text` to `ranked`, at most `limit`, as offsets (its
 * `secret` group when it has one).
 */
function rankMatches(ranked: Ranked[], order: number, text: string, limit: number): void {
  const { rule, global } = COMPILED[order];
  // exec on the one compiled pattern, not matchAll, which copies the RegExp on every call.
  global.lastIndex = 0;
  for (let count = 0; count < limit;) {
    const match = global.exec(text);
    if (!match) break;
    if (match[0] === '') global.lastIndex++; // no rule matches empty text; never stay on one place
    const [start, end] = match.indices!.groups?.secret ?? match.indices![0];
    // A word is skipped without counting: the limit bounds findings, and exec moves on past the match.
    if (rule.wordsAreNotSecrets && isWordOrPlaceholder(text.slice(start, end))) continue;
    ranked.push({ rule: rule.id, kind: rule.kind, start, end, order });
    count++;
  }
  global.lastIndex = 0;
}

/**
 * Every secret in `text`, in text order, at most `maxFindings` (each rule contributes at most that
 * many matches, so work and memory stay bounded). Where two rules match overlapping text, the
 * earlier rule in the table (the more specific family) is reported; the high-entropy heuristic
 * reports only text no rule matched. The rules read `normalizeRuleText(text)`; offsets are in
 * `text`. `screen` is `screenString(text)` when the caller has it.
 */
export function findSecrets(
  text: string,
  maxFindings = DEFAULT_MAX_FINDINGS,
  screen = screenString(text),
): SecretFinding[] {
  if (maxFindings < 1 || text.length === 0 || !maySecret(screen)) return [];
  if (!mayNormalize(screen)) return findInRuleText(text, maxFindings, screen);
  const normalized = normalizeRuleText(text);
  if (normalized === text) return findInRuleText(text, maxFindings, screen);
  const findings = findInRuleText(
    normalized,
    maxFindings,
    screen === ALL_RULES_SCREEN ? ALL_RULES_SCREEN : screenString(normalized),
  );
  const spans = originalSpans(
    text,
    findings.map(({ start, end }) => [start, end]),
  );
  return findings.map((finding, index) => ({ ...finding, start: spans[index][0], end: spans[index][1] }));
}

/** `findSecrets` over text the rules read as it is (normalized already); `screen` is its screen. */
function findInRuleText(text: string, maxFindings: number, screen: number): SecretFinding[] {
  // The screen first: most strings hold no rule's keyword and no candidate token (a long run of
  // token characters with an upper-case letter: UAI-1 identifiers are lower case), and stop here.
  if (!maySecret(screen)) return [];
  const ranked: Ranked[] = [];
  for (const order of screenedRuleOrders(screen)) {
    if (COMPILED[order].keywords.test(text)) rankMatches(ranked, order, text, maxFindings);
  }
  if ((screen & ENTROPY_CANDIDATE_BIT) !== 0) {
    let heuristicCount = 0;
    for (const match of text.matchAll(CANDIDATES)) {
      if (!isHighEntropyToken(match[0])) continue;
      ranked.push({
        rule: HIGH_ENTROPY_RULE.id,
        kind: HIGH_ENTROPY_RULE.kind,
        start: match.index,
        end: match.index + match[0].length,
        order: COMPILED.length,
      });
      if (++heuristicCount >= maxFindings) break;
    }
  }
  if (ranked.length === 0) return [];
  // Pushed rule by rule, each in text order: a stable sort by order keeps that.
  ranked.sort((a, b) => a.order - b.order);
  const kept: SecretFinding[] = [];
  for (const { rule, kind, start, end } of ranked) {
    const at = firstAtOrAfter(kept, start);
    const overlapsNext = at < kept.length && kept[at].start < end;
    const overlapsPrevious = at > 0 && kept[at - 1].end > start;
    if (!overlapsNext && !overlapsPrevious) kept.splice(at, 0, { rule, kind, start, end });
  }
  return kept.slice(0, maxFindings);
}

/** The first secret in `text`, if any. */
export function findSecret(text: string): SecretFinding | undefined {
  return findSecrets(text, 1)[0];
}

/**
 * A printable stand-in for a secret: at most its first 4 characters (fewer for short values, at
 * most a quarter of it) and its length, both in code points, e.g. `AKIA… (20 characters)`.
 */
export function maskSecret(value: string): string {
  const characters = Array.from(value);
  const shown = Math.min(4, Math.floor(characters.length / 4));
  return `${characters.slice(0, shown).join('')}… (${characters.length} characters)`;
}
