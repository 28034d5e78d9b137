/**
 * The validation expectations that a schema cannot state: expiry against a clock, claims about
 * UAIX in free text, and secrets anywhere in a packet. Each rule is one function.
 */
import type { UaiIssue } from './errorCodes.ts';
import { jsonPointer } from './jsonPointer.ts';
import { findUnsupportedClaim, memberNameText } from './supportClaims.ts';
import { isOneUrn } from './claimSentences.ts';
import { findSecrets, maskSecret, type SecretFinding } from './secretScan.ts';
import { SECRET_RULES } from './secretRules.ts';
import { screenString, mayClaim, maySecret, mayNormalize, SECRET_RULE_BITS } from './stringScreen.ts';
import { parseUtcDateTime, compareUtcDateTimes, formatUtcDateTime, type UtcDateTime } from './utcDateTime.ts';
import { templatedIssue } from './issueText.ts';

export const MEMORY_PROPOSAL_PROFILE = 'uai.agent.memory-proposal.v1';

/**
 * `path` is the live stack of the walk: read it during the call (e.g. `jsonPointer(path)`), never
 * keep it. For a member name, `path` is the object that holds the member.
 */
type Visit = (text: string, path: readonly (string | number)[], isMemberName: boolean) => void;

/**
 * Calls `visit` for every string value in a JSON value, depth first, in document order; with
 * `memberNames`, also for every member name, just before its value.
 */
export function forEachString(value: unknown, visit: Visit, options: { memberNames?: boolean } = {}): void {
  const path: (string | number)[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') visit(node, path, false);
    else if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        path.push(index);
        walk(node[index]);
        path.pop();
      }
    } else if (node !== null && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        if (options.memberNames) visit(key, path, true);
        path.push(key);
        walk((node as Record<string, unknown>)[key]);
        path.pop();
      }
    }
  };
  walk(value);
}

function member(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/**
 * UAI-EXPIRED when delivery.expires_at is before `now`. Fails closed: an expires_at this reader
 * cannot place in time (an impossible date, a wrong form) is UAI-TIME-NOT-UTC, never "not expired".
 */
export function expiredRule(packet: unknown, now: UtcDateTime): UaiIssue[] {
  const expiresAt = member(member(packet, 'delivery'), 'expires_at');
  if (expiresAt === undefined) return []; // absent: the schema reports the missing field
  const parsed = typeof expiresAt === 'string' ? parseUtcDateTime(expiresAt) : undefined;
  if (!parsed?.ok) {
    const reason = parsed ? parsed.reason : 'it is not a string';
    return [
      {
        code: 'UAI-TIME-NOT-UTC',
        path: '/delivery/expires_at',
        // JSON-quoted: the value may hold a line break, and a message is one line.
        message: `the expiry ${JSON.stringify(expiresAt)?.slice(0, 80)} cannot be read, so the packet counts as expired: ${reason}`,
      },
    ];
  }
  if (compareUtcDateTimes(parsed.value, now) >= 0) return [];
  return [
    templatedIssue('UAI-EXPIRED', '/delivery/expires_at', 'expired', {
      expires_at: String(expiresAt),
      now: formatUtcDateTime(now),
    }),
  ];
}

/**
 * UAI-UNSUPPORTED-CLAIM for one string value, or one member name (read as words: `uaixCertified`
 * is "uaix Certified"), that claims what UAIX does not provide. The detector reads the whole string.
 */
function claimIssue(text: string, path: readonly (string | number)[], isMemberName = false): UaiIssue | undefined {
  const claim = findUnsupportedClaim(text);
  if (!claim) return undefined;
  return {
    code: 'UAI-UNSUPPORTED-CLAIM',
    path: jsonPointer(path),
    message: `${isMemberName ? 'a member name here claims' : 'the text claims'} UAIX provides ${claim.offering}; remove the claim (agent runtimes execute, UAIX records)`,
  };
}

/**
 * Member names are kept in bounded sets of verdicts that depend on the text alone: packets of one
 * profile share their member names, which are more than half of a packet's strings, so each name is
 * read once, not once per packet. A set is cleared when full; long names are never kept.
 */
const MEMBER_NAME_CACHE_LIMIT = 4_096;
const MEMBER_NAME_CACHE_MAX_LENGTH = 128;

export function rememberMemberName(names: Set<string>, name: string): void {
  if (name.length > MEMBER_NAME_CACHE_MAX_LENGTH) return;
  if (names.size >= MEMBER_NAME_CACHE_LIMIT) names.clear();
  names.add(name);
}

/** `rememberMemberName` for a verdict that may be either answer (one lookup instead of two sets). */
function rememberMemberNameVerdict(verdicts: Map<string, boolean>, name: string, verdict: boolean): void {
  if (name.length > MEMBER_NAME_CACHE_MAX_LENGTH) return;
  if (verdicts.size >= MEMBER_NAME_CACHE_LIMIT) verdicts.clear();
  verdicts.set(name, verdict);
}

/** Member names whose words the claim detector found clean. */
const CLAIM_FREE_MEMBER_NAMES = new Set<string>();

/** claimIssue for a member name of the object at `path`, when the screen of its words says it may claim. */
function memberNameClaimIssue(name: string, path: readonly (string | number)[]): UaiIssue | undefined {
  if (CLAIM_FREE_MEMBER_NAMES.has(name)) return undefined;
  const text = memberNameText(name);
  const issue = mayClaim(screenString(text)) ? claimIssue(text, path, true) : undefined;
  if (!issue) rememberMemberName(CLAIM_FREE_MEMBER_NAMES, name);
  return issue;
}

export function unsupportedClaimRule(packet: unknown): UaiIssue[] {
  const issues: UaiIssue[] = [];
  forEachString(
    packet,
    (text, path, isMemberName) => {
      const issue = isMemberName ? memberNameClaimIssue(text, path) : claimIssue(text, path);
      if (issue) issues.push(issue);
    },
    { memberNames: true },
  );
  return issues;
}

/** What the scanner found in one string, for a message: kind, masked value, place. */
function describeFindings(text: string, findings: readonly SecretFinding[], where: string): string | undefined {
  if (findings.length === 0) return undefined;
  const [first] = findings;
  const more = findings.length > 1 ? ` and ${findings.length - 1} more secret${findings.length > 2 ? 's' : ''}` : '';
  return `${where} contains ${first.kind} (${maskSecret(text.slice(first.start, first.end))}, characters ${first.start}–${first.end})${more}`;
}

function describeSecrets(text: string, isMemberName: boolean, screen?: number): string | undefined {
  return describeFindings(
    text,
    findSecrets(text, undefined, screen),
    isMemberName ? 'a member name here' : 'this string',
  );
}

/**
 * The text before a member's string value that the secret rules read with it, as the value stands
 * in JSON text: `"password": "` for the member `password`, so `{"password": "hunter2-Correct"}`
 * is read as that assignment, not as two harmless strings. A JSON Web Key's `k` is read after its
 * `kty` (`"kty": "oct", "k": "`), the two members that make it a symmetric key.
 */
function memberLabel(name: string, holder: unknown): string {
  const kty = name === 'k' ? member(holder, 'kty') : undefined;
  return typeof kty === 'string' ? `"kty": "${kty}", "k": "` : `"${name}": "`;
}

/**
 * Member names whose label can make a value a secret: a secret rule's keyword occurs in it (or
 * normalization may change it). Member names repeat across packets, so the answer is kept
 * (bounded, short names only). The `k` of a JWK is always read with its label.
 */
const LABEL_MATTERS = new Map<string, boolean>();

function nameMatters(name: string): boolean {
  if (name === 'k') return true;
  let matters = LABEL_MATTERS.get(name);
  if (matters === undefined) {
    const screen = screenString(`"${name}": "`);
    matters = (screen & SECRET_RULE_BITS) !== 0 || mayNormalize(screen);
    rememberMemberNameVerdict(LABEL_MATTERS, name, matters);
  }
  return matters;
}

/** The object that holds the member at `path` (the value at the path without its last step). */
function holderOf(root: unknown, path: readonly (string | number)[]): unknown {
  let node = root;
  for (let index = 0; index < path.length - 1 && node !== null && typeof node === 'object'; index++)
    node = (node as Record<string | number, unknown>)[path[index]];
  return node;
}

/**
 * The secrets a string value holds only together with its member name (`memberLabel`): findings
 * of the labelled text that lie in the value, in the value's offsets.
 */
function labelledFindings(text: string, label: string): SecretFinding[] {
  const findings = findSecrets(`${label}${text}"`);
  return findings.flatMap((finding) =>
    finding.start >= label.length && finding.end <= label.length + text.length
      ? [{ ...finding, start: finding.start - label.length, end: finding.end - label.length }]
      : [],
  );
}

/**
 * The text the framing of a value adds (its label's closing quote before it, a quote after it) can
 * complete a keyword only if the keyword holds a quote (`"oct"`): such a keyword spans the label
 * and the value where the value starts with what follows a quote in it (`oct"…`), and spans the value
 * and its closing quote where the keyword ends with a quote and the value ends with what precedes
 * it (`…"oct`). These are those pieces, per case-sensitivity.
 */
const QUOTED_KEYWORDS = SECRET_RULES.flatMap((rule) =>
  rule.keywords
    .filter((keyword) => keyword.includes('"'))
    .map((keyword) => ({
      keyword,
      insensitive: rule.pattern.flags.includes('i'),
    })),
);
const AFTER_QUOTE = QUOTED_KEYWORDS.flatMap(({ keyword, insensitive }) =>
  [...keyword].flatMap((char, at) =>
    char === '"' && at < keyword.length - 1 ? [{ piece: keyword.slice(at + 1), insensitive }] : [],
  ),
);
const BEFORE_CLOSING_QUOTE = QUOTED_KEYWORDS.flatMap(({ keyword, insensitive }) =>
  keyword.length > 1 && keyword.endsWith('"') ? [{ piece: keyword.slice(0, -1), insensitive }] : [],
);
/** `text` starts (`atEnd` false) or ends with `piece`, in the piece's own case or, for a case-insensitive rule, any. */
function hasPiece(text: string, piece: string, insensitive: boolean, atEnd: boolean): boolean {
  if (!insensitive) return atEnd ? text.endsWith(piece) : text.startsWith(piece);
  if (text.length < piece.length) return false;
  const part = atEnd ? text.slice(text.length - piece.length) : text.slice(0, piece.length);
  return part.toLowerCase() === piece.toLowerCase();
}

/**
 * A keyword that holds a quote may occur across the edges of `"<name>": "<text>"`: the text
 * starts with what follows a quote of it, or is that piece short of the closing quote, or ends with
 * what precedes its final quote, or is the end of that piece (the rest then in the label). No
 * copy of the text unless a case-insensitive keyword holds a quote.
 */
function quotedKeywordAtEdge(text: string): boolean {
  for (const { piece, insensitive } of AFTER_QUOTE) {
    if (hasPiece(text, piece, insensitive, false)) return true;
    if (piece.length === text.length + 1 && hasPiece(piece, `${text}"`, insensitive, false)) return true;
  }
  for (const { piece, insensitive } of BEFORE_CLOSING_QUOTE) {
    if (hasPiece(text, piece, insensitive, true)) return true;
    if (text.length < piece.length && hasPiece(piece, text, insensitive, true)) return true;
  }
  return false;
}

/**
 * The labelled reading of a value (`"name": "value"`) can find what the value alone does not only
 * through a keyword of some rule that occurs in the labelled text: in the label (`nameMatters`), in
 * the value (its screen lets a rule run, or normalization may change it: `maySecret`), or across an
 * edge, which only a keyword holding a quote can (`quotedKeywordAtEdge`). A rule never matches
 * text without one of its keywords (the string screen rests on that too), and no high-entropy
 * candidate crosses a quote. Elsewhere the reading is skipped: it cannot find anything.
 */
function labelMayAdd(name: string, text: string, screen: number): boolean {
  return nameMatters(name) || maySecret(screen) || quotedKeywordAtEdge(text);
}

/** Member names the secret scanner found clean (see `rememberMemberName`). */
const SECRET_FREE_MEMBER_NAMES = new Set<string>();

/**
 * UAI-MEMORY-SECRET (in a memory proposal) or UAI-SECRET-PRESENT for one string or member name
 * holding a secret. `screen` is `screenString(text)` when the caller has it. For a string value,
 * `root` is the packet: a member's value is also read after its member name (`memberLabel`).
 */
function secretIssue(
  text: string,
  path: readonly (string | number)[],
  isMemberName: boolean,
  memoryProposal: boolean,
  screen?: number,
  root?: unknown,
): UaiIssue | undefined {
  if (isMemberName && SECRET_FREE_MEMBER_NAMES.has(text)) return undefined;
  const textScreen = screen ?? screenString(text);
  let found = describeSecrets(text, isMemberName, textScreen);
  const name = path.at(-1);
  if (!found && root !== undefined && typeof name === 'string' && labelMayAdd(name, text, textScreen)) {
    const label = memberLabel(name, holderOf(root, path));
    found = describeFindings(text, labelledFindings(text, label), `this string, read with its member name,`);
  }
  if (!found) {
    if (isMemberName) rememberMemberName(SECRET_FREE_MEMBER_NAMES, text);
    return undefined;
  }
  return memoryProposal
    ? {
        code: 'UAI-MEMORY-SECRET',
        path: jsonPointer(path),
        message: `${found}; redact it and propose the fact without the secret`,
      }
    : {
        code: 'UAI-SECRET-PRESENT',
        path: jsonPointer(path),
        message: `${found}; remove it: packets never carry credentials (redact, or refer to where a reviewer can find it)`,
      };
}

/**
 * Secrets anywhere in a packet, in every string and member name: `UAI-MEMORY-SECRET` in a memory
 * proposal (a fact worth remembering must not carry a credential), `UAI-SECRET-PRESENT` in any
 * other packet. Messages mask the value.
 */
export function packetSecretRule(packet: unknown): UaiIssue[] {
  const memoryProposal = member(packet, 'profile') === MEMORY_PROPOSAL_PROFILE;
  const issues: UaiIssue[] = [];
  forEachString(
    packet,
    (text, path, isMemberName) => {
      const issue = secretIssue(text, path, isMemberName, memoryProposal, undefined, isMemberName ? undefined : packet);
      if (issue) issues.push(issue);
    },
    { memberNames: true },
  );
  return issues;
}

/**
 * The claim and secret checks of one packet, fed one string or member name at a time: by
 * `policyIssues` in document order, or by the validator's canonical pass in member-name order
 * (reports are sorted, so the order of the calls does not matter). Each string is screened once
 * (`screenString`), and a check runs only where the screen says it could find something.
 */
export class PacketTextChecks {
  /** UAI-UNSUPPORTED-CLAIM issues, in the order the strings came. */
  readonly claims: UaiIssue[] = [];
  /** UAI-MEMORY-SECRET or UAI-SECRET-PRESENT issues, in the order the strings and names came. */
  readonly secrets: UaiIssue[] = [];
  private readonly memoryProposal: boolean;
  private readonly packet: unknown;

  constructor(packet: unknown) {
    this.packet = packet;
    this.memoryProposal = member(packet, 'profile') === MEMORY_PROPOSAL_PROFILE;
  }

  /** A string value at `path`. */
  string(text: string, path: readonly (string | number)[]): void {
    this.screened(text, path, screenString(text));
  }

  /** A string value at `path` whose `screenString` the caller has. */
  protected screened(text: string, path: readonly (string | number)[], screen: number): void {
    // A string that is one URN claims nothing: the detector reads it as a name (`isOneUrn`).
    if (mayClaim(screen) && !isOneUrn(text)) {
      const claim = claimIssue(text, path);
      if (claim) this.claims.push(claim);
    }
    // secretIssue runs the scanner only where the screen allows, and reads a value with its
    // member name where the name may make it a secret: where neither holds it finds nothing.
    const name = path[path.length - 1];
    if (!maySecret(screen) && !(typeof name === 'string' && labelMayAdd(name, text, screen))) return;
    const secret = secretIssue(text, path, false, this.memoryProposal, screen, this.packet);
    if (secret) this.secrets.push(secret);
  }

  /** A member name of the object at `path`. */
  memberName(name: string, path: readonly (string | number)[]): void {
    const claim = memberNameClaimIssue(name, path);
    if (claim) this.claims.push(claim);
    const secret = secretIssue(name, path, true, this.memoryProposal);
    if (secret) this.secrets.push(secret);
  }
}

/** The claim and secret checks of a packet, fed by one walk in document order. */
export function packetTextChecks(packet: unknown): PacketTextChecks {
  const checks = new PacketTextChecks(packet);
  forEachString(
    packet,
    (text, path, isMemberName) => (isMemberName ? checks.memberName(text, path) : checks.string(text, path)),
    {
      memberNames: true,
    },
  );
  return checks;
}

/**
 * Every policy issue of a packet: expiry, then claims, then secrets, each in document order. One
 * walk feeds the claim and secret checks (the same issues as the two rules run one after the other).
 */
export function policyIssues(packet: unknown, now: UtcDateTime): UaiIssue[] {
  const checks = packetTextChecks(packet);
  return [...expiredRule(packet, now), ...checks.claims, ...checks.secrets];
}
