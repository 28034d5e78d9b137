/**
 * Finds secrets in text with the rule set of `secretRules.ts` plus the bounded high-entropy
 * heuristic. Used by the policy rules (every string and member name of a packet), the route-record
 * rule for public URLs, and the publication gate. Findings carry offsets, never the secret.
 */
import { SECRET_RULES, HIGH_ENTROPY_RULE, type SecretRule } from './secretRules.ts';

export interface SecretFinding {
  /** The rule's data id, e.g. 'aws-access-key-id'. */
  rule: string;
  /** Printable phrase, e.g. 'an AWS access key id'. Safe to print. */
  kind: string;
  /** UTF-16 offsets of the secret in the text (the rule's `secret` group when it has one). */
  start: number;
  end: number;
}

export const DEFAULT_MAX_FINDINGS = 100;

interface CompiledRule {
  rule: SecretRule;
  global: RegExp;
  /** The keyword pre-test: an alternation of literals, which the regex engine searches far faster than repeated `includes`. */
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
 * Any keyword of any rule, in lower case, tested on the lower-cased text (about twice as fast as a
 * case-insensitive alternation): most strings (prose, identifiers) fail it and skip every rule.
 */
const ANY_KEYWORD = new RegExp(
  SECRET_RULES.flatMap((rule) => rule.keywords.map((keyword) => escapeLiteral(keyword.toLowerCase()))).join('|'),
);
const CANDIDATES = new RegExp(HIGH_ENTROPY_RULE.candidate.source, 'g');
const UPPER_CASE = /[A-Z]/;

/** Shannon entropy in bits per character. */
export function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    entropy -= p * Math.log2(p);
  }
  return entropy;
}

/**
 * How often the character class (upper, lower, digit, other) changes from one character to the
 * next. Random tokens change class at most positions; CamelCase words ("SwarmFailureAndRecovery")
 * change only at word boundaries.
 */
export function classChangeRate(text: string): number {
  const classOf = (char: string) =>
    char >= 'A' && char <= 'Z' ? 0 : char >= 'a' && char <= 'z' ? 1 : char >= '0' && char <= '9' ? 2 : 3;
  let changes = 0;
  for (let index = 1; index < text.length; index++) if (classOf(text[index]) !== classOf(text[index - 1])) changes++;
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

/** True when the high-entropy heuristic read only the first `HIGH_ENTROPY_RULE.scanLimit` characters of `text`. */
export function entropyScanStoppedEarly(text: string): boolean {
  return text.length > HIGH_ENTROPY_RULE.scanLimit;
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
 * Every secret in `text`, in text order, at most `maxFindings` (each rule contributes at most that
 * many matches, so work and memory stay bounded). Where two rules match overlapping text, the
 * earlier rule in the table (the more specific family) is reported; the high-entropy heuristic
 * reports only text no rule matched.
 */
export function findSecrets(text: string, maxFindings = DEFAULT_MAX_FINDINGS): SecretFinding[] {
  if (maxFindings < 1 || text.length === 0) return [];
  const scanned = entropyScanStoppedEarly(text) ? text.slice(0, HIGH_ENTROPY_RULE.scanLimit) : text;
  // Cheap tests first: most strings hold no keyword, and no long token run with an upper-case
  // letter (a random token mixes cases; UAI-1 identifiers are lower case), and stop here.
  const mayMatch = ANY_KEYWORD.test(text.toLowerCase());
  const mayHoldToken = UPPER_CASE.test(scanned) && HIGH_ENTROPY_RULE.candidate.test(scanned);
  if (!mayMatch && !mayHoldToken) return [];
  const ranked: Ranked[] = [];
  COMPILED.forEach(({ rule, global, keywords }, order) => {
    if (!mayMatch || !keywords.test(text)) return;
    let count = 0;
    for (const match of text.matchAll(global)) {
      const [start, end] = match.indices!.groups?.secret ?? match.indices![0];
      ranked.push({ rule: rule.id, kind: rule.kind, start, end, order });
      if (++count >= maxFindings) break;
    }
  });
  let heuristicCount = 0;
  for (const match of mayHoldToken ? scanned.matchAll(CANDIDATES) : []) {
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
