/**
 * The publication redaction gate: what must never leave the build. Every text the record publishes
 * (its sources before Astro, every text file of dist/ after) is scanned with the core's secret
 * rules plus the rules only a publisher needs: private endpoints (loopback and private-network
 * addresses, internal host names, localhost URLs) and local traces (absolute local paths, stack
 * trace lines). Plainly fake documentation examples pass only through an allow-list whose entries
 * each name the files, the exact value and the reason.
 */
import { textPositions } from '../../uai/textPosition.ts';
import { findSecrets, maskSecret } from '../../uai/secretScan.ts';
import type { Problem } from '../../uai/problem.ts';
import type { EmbeddedText } from './readers/embeddedText.ts';

/** One place where something secret-looking or local was found. `value` is never printed. */
export interface RedactionFinding {
  rule: string;
  /** What the value looks like, e.g. "a JWT". Safe to print. */
  kind: string;
  start: number;
  end: number;
  value: string;
}

/**
 * A rule the publisher adds to the core's. `hint` is a cheap literal pre-test over the whole file;
 * `pattern` (global) runs only when it passes. Every pattern is linear: anchored starts
 * (look-behinds) and no two unbounded quantifiers that can match the same characters.
 */
export interface PublisherRule {
  rule: string;
  kind: string;
  hint: RegExp;
  pattern: RegExp;
}

export const PUBLISHER_RULES: readonly PublisherRule[] = [
  {
    rule: 'private-ipv4',
    kind: 'a loopback or private-network address',
    hint: /127\.|10\.|172\.|192\.168\.|169\.254\./,
    // 127/8, 10/8, 172.16/12, 192.168/16 and link-local 169.254/16, not inside a longer number.
    pattern:
      /(?<![\w.])(?:127(?:\.\d{1,3}){3}|10(?:\.\d{1,3}){3}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2}|192\.168(?:\.\d{1,3}){2}|169\.254(?:\.\d{1,3}){2})(?!\w|\.\d)/g,
  },
  {
    rule: 'private-ipv6',
    kind: 'a loopback or private-network address',
    hint: /::|f[cde][0-9a-f]{2}:/i,
    // ::1, unique-local fc00::/7 and link-local fe80::/10. Each group ends at its colon, so the
    // repetition cannot split one run of hex digits two ways.
    pattern:
      /(?<![\w:])::1(?![\w:])|(?<![\w:.-])f(?:[cd][0-9a-f]{2}|e[89ab][0-9a-f]):(?:[0-9a-f]{0,4}:)+[0-9a-f]{0,4}(?![\w:])/gi,
  },
  {
    rule: 'internal-host',
    kind: 'an internal host name',
    hint: /\.(?:internal|local|corp)/i,
    // A dotted host name ending in .internal, .local or .corp; the look-behind makes it start at
    // the first label, so a long dotted run is read once.
    pattern: /(?<![\w.@-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:internal|local|corp)(?![\w-]|\.[a-z0-9])/gi,
  },
  {
    rule: 'localhost-url',
    kind: 'a localhost URL',
    hint: /localhost/i,
    pattern: /\/\/localhost(?![\w.-])[^\s"'<>)\]]*|(?<![\w.-])localhost:\d{1,5}(?!\d)/gi,
  },
  {
    rule: 'local-path',
    kind: 'an absolute local path',
    hint: /\/(?:home|root|Users|tmp|work|var|private)\/|file:\/\/|:\\/,
    pattern:
      /(?<![\w.~/-])\/(?:home|root|Users|tmp|work|var\/folders|private\/var)\/[^\s"'<>()[\]{}\\]+|\bfile:\/\/\/[^\s"'<>()[\]{}]+|(?<![\w\\])[A-Za-z]:(?:\\\\|\\)(?:Users|Documents and Settings)(?:\\\\|\\)[^\s"'<>]+/g,
  },
  {
    rule: 'stack-trace',
    kind: 'a stack trace line',
    hint: /[ \t]at /,
    // "    at fn (file:line:col)" or "    at file:line:col", as Node and browsers print them.
    pattern: /^[ \t]+at (?:[^\s()]+ )?\(?(?:file:\/\/|node:|\/|[A-Za-z]:\\)[^\s()]*:\d+:\d+\)?/gm,
  },
];

/**
 * A core finding as the gate reports it. The gate reads whole files, where a token ends at the
 * quote, comma or bracket that closes it: trailing punctuation is not part of the value.
 */
function coreFinding(text: string, rule: string, kind: string, start: number, end: number): RedactionFinding {
  let last = end;
  while (last > start + 1 && `"'\`,;)]}>`.includes(text[last - 1])) last--;
  return { rule, kind, start, end: last, value: text.slice(start, last) };
}

/** The core's secret rules (one rule set, as data, in src/uai/secretRules.ts) over a whole file. */
function coreSecretFindings(text: string): RedactionFinding[] {
  return findSecrets(text).map(({ rule, kind, start, end }) => coreFinding(text, rule, kind, start, end));
}

/**
 * Values that look random but are public by construction: digests of published bytes in the
 * subresource-integrity form (the CSP's style hashes, npm `integrity`). A finding inside one is
 * not a secret. Hex digests (`sha256:<hex>`) need no entry: the core never flags one-case hex.
 */
export const PUBLIC_DIGEST = /(?<![\w+/-])sha(?:256|384|512)-[A-Za-z0-9+/]{43,86}={0,2}(?![\w+/=])/g;

/** What finds a text's findings: findRedactionProblems, or a cache of its results (node/redactionFindingCache.ts). */
export type FindingsOf = (text: string) => RedactionFinding[];

/**
 * Every finding of the core's and the publisher's rules in one text, in text order; each finding's
 * `value` is the text from its `start` to its `end`.
 */
export function findRedactionProblems(text: string): RedactionFinding[] {
  const findings = coreSecretFindings(text);
  for (const { rule, kind, hint, pattern } of PUBLISHER_RULES) {
    if (!hint.test(text)) continue;
    for (const match of text.matchAll(pattern))
      findings.push({ rule, kind, start: match.index, end: match.index + match[0].length, value: match[0] });
  }
  const digests =
    findings.length && text.includes('sha')
      ? [...text.matchAll(PUBLIC_DIGEST)].map((match) => [match.index, match.index + match[0].length])
      : [];
  const sorted = findings
    .filter((finding) => !digests.some(([start, end]) => start <= finding.start && finding.end <= end))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  // One report per place: a finding inside an earlier one (the path in a stack trace line) adds nothing.
  let reachedEnd = -1;
  return sorted.filter((finding) => {
    if (finding.end <= reachedEnd) return false;
    reachedEnd = finding.end;
    return true;
  });
}

/**
 * One allow-list entry: the files (repository paths or published paths; one `*` may stand for
 * the characters of one path segment, for a content-hashed name), why, and what it allows: the
 * exact `value` a finding lies inside, or (`type`) a file of a type no reader reads, a dotfile or
 * a key file, published unread, named by the type its refusal line gives (`.bin`, `dotfile`).
 */
export type AllowEntry = { files: string[]; reason: string } & ({ value: string } | { type: string });

/** The rule a malformed or stale allow-list entry breaks. */
export const ALLOW_LIST_RULE = 'redaction allow-list';

/** Reads the allow-list document; returns a problem for each malformed entry. */
export function parseAllowList(text: string, file: string): { entries: AllowEntry[]; problems: Problem[] } {
  const problem = (pointer: string | undefined, message: string): Problem => ({
    file,
    ...(pointer === undefined ? {} : { place: { pointer } }),
    message,
    rule: ALLOW_LIST_RULE,
  });
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return { entries: [], problems: [problem(undefined, `not JSON (${(error as Error).message})`)] };
  }
  const list = (document as { entries?: unknown })?.entries;
  if (!Array.isArray(list))
    return { entries: [], problems: [problem('/entries', 'must be an array of {files, value or type, reason}')] };
  const entries: AllowEntry[] = [];
  const problems: Problem[] = [];
  list.forEach((entry: { files?: unknown; value?: unknown; type?: unknown; reason?: unknown }, index) => {
    const at = `/entries/${index}`;
    const files = entry?.files;
    if (
      !Array.isArray(files) ||
      files.length === 0 ||
      !files.every((name) => typeof name === 'string' && name.length > 0)
    )
      problems.push(problem(`${at}/files`, 'must name at least one file'));
    else if (files.some((name) => name.split('*').length > 2))
      problems.push(problem(`${at}/files`, 'at most one * per file name'));
    else if (entry.type !== undefined && entry.value !== undefined)
      problems.push(problem(at, 'allows either a value or a type, not both'));
    else if (entry.type !== undefined && (typeof entry.type !== 'string' || entry.type.length === 0))
      problems.push(problem(`${at}/type`, 'must be the file type its refusal names (such as .bin or dotfile)'));
    else if (entry.type === undefined && (typeof entry.value !== 'string' || entry.value.length === 0))
      problems.push(problem(`${at}/value`, 'must be the exact allowed value'));
    else if (typeof entry.reason !== 'string' || entry.reason.trim().length < 10)
      problems.push(problem(`${at}/reason`, 'must say why the value is safe to publish'));
    else
      entries.push(
        typeof entry.type === 'string'
          ? { files, type: entry.type, reason: entry.reason }
          : { files, value: entry.value as string, reason: entry.reason },
      );
  });
  return { entries, problems };
}

/**
 * Scans one file's text; a finding lying inside an occurrence of an allow-listed value for that
 * file is allowed (and the entry counted as used). Returns a problem per remaining finding, its
 * value masked.
 */
export function redactionProblems(
  file: string,
  text: string,
  allow: AllowEntry[],
  used: Set<AllowEntry>,
  find: FindingsOf = findRedactionProblems,
): Problem[] {
  const kept = unallowedFindings(file, text, allow, used, find);
  if (kept.length === 0) return [];
  const positions = textPositions(
    text,
    kept.map((finding) => finding.start),
  );
  return kept.map((finding, index) => ({
    file,
    place: positions[index],
    message: `${finding.kind}: ${maskSecret(finding.value)}`,
    rule: finding.rule,
  }));
}

/**
 * `redactionProblems` over one text a reader found in `file`: at line:column for the file's own
 * text, else at the reader's place (`PNG tEXt chunk "Comment"`), with the line:column inside it
 * when the text is a whole text file nested in an archive.
 */
export function embeddedTextProblems(
  file: string,
  { place, text, positioned }: EmbeddedText,
  allow: AllowEntry[],
  used: Set<AllowEntry>,
  find: FindingsOf = findRedactionProblems,
): Problem[] {
  if (place === undefined) return redactionProblems(file, text, allow, used, find);
  const kept = unallowedFindings(file, text, allow, used, find);
  if (kept.length === 0) return [];
  const positions = positioned
    ? textPositions(
        text,
        kept.map((finding) => finding.start),
      )
    : [];
  return kept.map((finding, index) => ({
    file,
    place: { pointer: positioned ? `${place} line ${positions[index].line}:${positions[index].column}` : place },
    message: `${finding.kind}: ${maskSecret(finding.value)}`,
    rule: finding.rule,
  }));
}

/**
 * The findings in one text of `file` that no allow-list entry for that file allows (a finding
 * lying inside an occurrence of an entry's value is allowed, and the entry counted as used).
 */
export function unallowedFindings(
  file: string,
  text: string,
  allow: readonly AllowEntry[],
  used: Set<AllowEntry>,
  find: FindingsOf = findRedactionProblems,
): RedactionFinding[] {
  const findings = find(text);
  if (findings.length === 0) return [];
  const entries = allow.filter(
    (entry): entry is AllowEntry & { value: string } =>
      'value' in entry && entry.files.some((name) => fileMatches(name, file)),
  );
  return findings.filter((finding) => {
    const entry = entries.find((candidate) => isInsideOccurrence(text, candidate.value, finding));
    if (entry) used.add(entry);
    return !entry;
  });
}

/** A file name of the allow-list against a file: exact, or with its one `*` standing for part of one segment. */
export function fileMatches(name: string, file: string): boolean {
  const star = name.indexOf('*');
  if (star === -1) return name === file;
  const prefix = name.slice(0, star);
  const suffix = name.slice(star + 1);
  return (
    file.length >= prefix.length + suffix.length &&
    file.startsWith(prefix) &&
    file.endsWith(suffix) &&
    !file.slice(prefix.length, file.length - suffix.length).includes('/')
  );
}

function isInsideOccurrence(text: string, value: string, finding: RedactionFinding): boolean {
  // The occurrence that could contain the finding starts at most value.length before it.
  for (
    let at = text.indexOf(value, Math.max(0, finding.end - value.length));
    at !== -1 && at <= finding.start;
    at = text.indexOf(value, at + 1)
  ) {
    if (at + value.length >= finding.end) return true;
  }
  return false;
}
