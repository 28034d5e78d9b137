/**
 * The validation expectations that a schema cannot state: expiry against a clock, claims about
 * UAIX in free text, and secrets in memory proposals. Each rule is one function with one code.
 */
import type { UaiIssue } from './errorCodes.ts';
import { jsonPointer } from './jsonPointer.ts';
import { findUnsupportedClaim } from './supportClaims.ts';
import { findSecret } from './secretScan.ts';
import { parseUtcDateTime, compareUtcDateTimes, formatUtcDateTime, type UtcDateTime } from './utcDateTime.ts';

export const MEMORY_PROPOSAL_PROFILE = 'uai.agent.memory-proposal.v1';

/** `path` is the live stack of the walk: read it during the call (e.g. `jsonPointer(path)`), never keep it. */
type Visit = (text: string, path: readonly (string | number)[]) => void;

/** Calls `visit` for every string value in a JSON value, depth first, in document order. */
export function forEachString(value: unknown, visit: Visit, path: (string | number)[] = []): void {
  if (typeof value === 'string') visit(value, path);
  else if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      path.push(index);
      forEachString(value[index], visit, path);
      path.pop();
    }
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      path.push(key);
      forEachString((value as Record<string, unknown>)[key], visit, path);
      path.pop();
    }
  }
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

export function unsupportedClaimRule(packet: unknown): UaiIssue[] {
  const issues: UaiIssue[] = [];
  forEachString(packet, (text, path) => {
    const claim = findUnsupportedClaim(text);
    if (claim) {
      issues.push({
        code: 'UAI-UNSUPPORTED-CLAIM',
        path: jsonPointer(path),
        message: `the text claims UAIX provides ${claim.capability}; remove the claim (agent runtimes execute, UAIX records)`,
      });
    }
  });
  return issues;
}

export function memorySecretRule(packet: unknown): UaiIssue[] {
  if (member(packet, 'profile') !== MEMORY_PROPOSAL_PROFILE) return [];
  const issues: UaiIssue[] = [];
  forEachString(member(packet, 'body'), (text, path) => {
    const secret = findSecret(text);
    if (secret) {
      issues.push({
        code: 'UAI-MEMORY-SECRET',
        path: jsonPointer(['body', ...path]),
        message: `this memory proposal contains ${secret.kind}; redact it and propose the fact without the secret`,
      });
    }
  });
  return issues;
}

export function policyIssues(packet: unknown, now: UtcDateTime): UaiIssue[] {
  return [...expiredRule(packet, now), ...unsupportedClaimRule(packet), ...memorySecretRule(packet)];
}
