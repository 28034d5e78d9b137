/**
 * The issues the validator's stages report, made from what a stage found (a checksum, a clock, the
 * values that are not JSON data or I-JSON numbers, the policy rules' findings). Apart from the
 * validator's stages because they read no schema and no option of it, so each stands on its own.
 */
import type { ObjectShape } from './fieldShape.ts';
import { keylessPointer } from './keyless.ts';
import { packetTextChecks, expiredRule } from './policyRules.ts';
import { CHECKSUM_DIGEST_PATTERN } from './packetDigest.ts';
import type { PassResult } from './packetPass.ts';
import { findUnsafeNumbers } from './ijsonNumbers.ts';
import { truncationIssue, MAX_ISSUES_PER_DOCUMENT, type UaiIssue } from './errorCodes.ts';
import { parsePointer } from './jsonPointer.ts';
import { isJsonObject as isPlainObject } from './jsonObject.ts';
import type { ClockResult } from './validationClock.ts';
import { issueAt, templatedIssue } from './issueText.ts';

/** A document refused as a whole: one issue at its root. */
export function refusedAtRoot(code: string, message: string): { ok: false; issues: UaiIssue[] } {
  return { ok: false, issues: [{ code, path: '', message }] };
}

/** Why a checksum was not verified: it names another algorithm, or it is no sha256 digest. */
function unverifiedChecksumMessage(checksum: string, digest: string): string {
  const shown = JSON.stringify(checksum.length > 40 ? `${checksum.slice(0, 37)}…` : checksum);
  const colon = checksum.indexOf(':');
  const why = /^sha256:/i.test(checksum)
    ? checksum.length === 71
      ? 'the 64 characters after sha256: are not all hexadecimal digits'
      : `${checksum.length - 7} characters follow sha256:, not 64 hexadecimal digits`
    : colon > 0 && colon <= 20 && /^[a-z0-9-]+$/i.test(checksum.slice(0, colon))
      ? `it names the algorithm ${JSON.stringify(checksum.slice(0, colon))}, and only sha256 is verified`
      : 'it is not a sha256:<64 hex> digest';
  return `the checksum ${shown} was recorded but not verified: ${why}; the packet's digest is ${digest}`;
}

/** The expiry rule's issues, or, when the caller's clock is not a time, why expiry cannot be checked. */
function expiryIssues(packet: Record<string, unknown>, clock: ClockResult): UaiIssue[] {
  if (clock.ok) return expiredRule(packet, clock.value);
  return [
    {
      code: 'UAI-CLOCK-INVALID',
      path: '',
      message: `the validation clock (now) is not a time: ${clock.reason}; expiry cannot be checked, so the packet does not pass`,
    },
  ];
}

/**
 * Stage "numbers": UAI-JSON-NUMBER-UNSAFE for each number that is not I-JSON, at its place in the
 * document as given.
 */
export function unsafeNumberIssues(value: unknown): UaiIssue[] {
  const { found, total } = findUnsafeNumbers(value, MAX_ISSUES_PER_DOCUMENT);
  const issues: UaiIssue[] = found.map(({ path, problem }) => ({
    code: 'UAI-JSON-NUMBER-UNSAFE',
    path,
    message: problem,
  }));
  if (total > found.length) issues.push(truncationIssue(total - found.length));
  return issues;
}

/**
 * Stage "policy": expiry, claims and secrets; the pass has done the text checks when it saw every
 * leaf. Every text check reads whole strings, so a clean result covers all of the text.
 */
export function policyIssuesOf(packet: Record<string, unknown>, pass: PassResult, clock: ClockResult): UaiIssue[] {
  const expiry = expiryIssues(packet, clock);
  const { claims, secrets } = pass.covered ?? packetTextChecks(packet);
  return expiry.length + claims.length + secrets.length === 0 ? expiry : [...expiry, ...claims, ...secrets];
}

/**
 * Adds the policy issues a schema issue does not already report (a rule may fail closed on a value
 * the schema refused).
 */
export function addPolicyIssues(errors: UaiIssue[], policy: readonly UaiIssue[]): void {
  if (policy.length === 0) return;
  const reported = new Set(errors.map((error) => `${error.code}\u0000${error.path}`));
  for (const issue of policy) if (!reported.has(`${issue.code}\u0000${issue.path}`)) errors.push(issue);
}

/** The issues of an expanded keyless packet, with pointers into the keyless form. */
export function atKeylessPlaces(issues: UaiIssue[], shape: ObjectShape): UaiIssue[] {
  return issues.map((issue) => issueAt(issue, keylessPointer(parsePointer(issue.path), shape)));
}

/** Why a checksum was not verified, or that it does not match: at most one issue, an error or a warning. */
export function checksumIssue(
  packet: Record<string, unknown>,
  digest: string,
): { error?: UaiIssue; warning?: UaiIssue } {
  const integrity = packet.integrity;
  const checksum = isPlainObject(integrity) ? integrity.checksum : undefined;
  if (typeof checksum !== 'string') return {};
  if (!CHECKSUM_DIGEST_PATTERN.test(checksum)) {
    return {
      warning: {
        code: 'UAI-INTEGRITY-UNVERIFIED',
        path: '/integrity/checksum',
        message: unverifiedChecksumMessage(checksum, digest),
      },
    };
  }
  // Hex digits are case-insensitive: SHA256:ABC… and sha256:abc… state the same digest.
  if (checksum.toLowerCase() === digest) return {};
  return {
    error: templatedIssue('UAI-INTEGRITY-MISMATCH', '/integrity/checksum', 'integrity-mismatch', { checksum, digest }),
  };
}
