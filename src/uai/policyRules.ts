/**
 * The validation expectations that a schema cannot state: expiry against a clock, claims about
 * UAIX in free text, and secrets anywhere in a packet. Each rule is one function.
 */
import type { UaiIssue } from './errorCodes.ts';
import { jsonPointer } from './jsonPointer.ts';
import { findUnsupportedClaim, CLAIM_SCAN_LIMIT } from './supportClaims.ts';
import { findSecrets, maskSecret } from './secretScan.ts';
import { HIGH_ENTROPY_RULE } from './secretRules.ts';
import { parseUtcDateTime, compareUtcDateTimes, formatUtcDateTime, type UtcDateTime } from './utcDateTime.ts';

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
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
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
    {
      code: 'UAI-EXPIRED',
      path: '/delivery/expires_at',
      message: `the packet expired at ${expiresAt} (validated at ${formatUtcDateTime(now)}); do not act on it, send a new packet with a later expires_at`,
    },
  ];
}

const count = (value: number) => value.toLocaleString('en-US');

/** What a message adds when a bounded check read only the start of a long string. */
function readOnlyStart(check: string, limit: number, text: string): string {
  return text.length > limit ? `; the ${check} check read only the first ${count(limit)} of its ${count(text.length)} characters` : '';
}

export function unsupportedClaimRule(packet: unknown): UaiIssue[] {
  const issues: UaiIssue[] = [];
  forEachString(packet, (text, path) => {
    const claim = findUnsupportedClaim(text);
    if (claim) {
      issues.push({
        code: 'UAI-UNSUPPORTED-CLAIM',
        path: jsonPointer(path),
        message: `the text claims UAIX provides ${claim.capability}; remove the claim (agent runtimes execute, UAIX records)${readOnlyStart('claim', CLAIM_SCAN_LIMIT, text)}`,
      });
    }
  });
  return issues;
}

/** What the scanner found in one string, for a message: kind, masked value, place, and any limit hit. */
function describeSecrets(text: string, isMemberName: boolean): string | undefined {
  const findings = findSecrets(text);
  if (findings.length === 0) return undefined;
  const [first] = findings;
  const where = isMemberName ? 'a member name here' : 'this string';
  const more = findings.length > 1 ? ` and ${findings.length - 1} more secret${findings.length > 2 ? 's' : ''}` : '';
  const stopped = readOnlyStart('high-entropy', HIGH_ENTROPY_RULE.scanLimit, text);
  return `${where} contains ${first.kind} (${maskSecret(text.slice(first.start, first.end))}, characters ${first.start}–${first.end})${more}${stopped}`;
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
      const found = describeSecrets(text, isMemberName);
      if (!found) return;
      issues.push(
        memoryProposal
          ? { code: 'UAI-MEMORY-SECRET', path: jsonPointer(path), message: `${found}; redact it and propose the fact without the secret` }
          : { code: 'UAI-SECRET-PRESENT', path: jsonPointer(path), message: `${found}; remove it: packets never carry credentials (redact, or refer to where a reviewer can find it)` },
      );
    },
    { memberNames: true },
  );
  return issues;
}

export function policyIssues(packet: unknown, now: UtcDateTime): UaiIssue[] {
  return [...expiredRule(packet, now), ...unsupportedClaimRule(packet), ...packetSecretRule(packet)];
}
