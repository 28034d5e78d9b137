/**
 * The catalogue of UAI-1 error codes. Codes are stable: a published code keeps its meaning.
 * The validator, the CLI, the site's catalogue and docs/error-codes.md all read this one table.
 */
import { UNSUPPORTED_OFFERING_LIST } from './supportClaims.ts';

export interface UaiIssue {
  /** Stable code, e.g. `UAI-EXPIRED`. */
  code: string;
  /** JSON Pointer (RFC 6901) into the document as given (keyed or keyless). */
  path: string;
  /** One line: what is wrong and what to change. */
  message: string;
}

export type ErrorLayer = 'json' | 'schema' | 'policy' | 'keyless' | 'integrity' | 'route' | 'report';

export interface ErrorCodeEntry {
  code: string;
  layer: ErrorLayer;
  /** The rule, as one sentence. */
  rule: string;
  /** What a producer changes to fix it. */
  fix: string;
  /**
   * Why no published fixture shows the code: it is about how the library is called, or needs a
   * file too large to publish. Every other code has an invalid fixture (the fixture check says so).
   */
  withoutFixture?: string;
}

const entries: ErrorCodeEntry[] = [
  {
    code: 'UAI-JSON-PARSE',
    layer: 'json',
    rule: 'The document is well-formed JSON text (RFC 8259) in UTF-8, within the size and nesting limits.',
    fix: 'Fix the JSON syntax at the reported line and column.',
  },
  {
    code: 'UAI-JSON-TOO-LARGE',
    layer: 'json',
    rule: 'The document is at most the size limit of the reader, in UTF-8 bytes: 4 MiB (4,194,304 bytes) unless the caller sets another; the CLI applies the default.',
    fix: 'Send a smaller document, or split it into several packets.',
    withoutFixture: 'a fixture would be a file of more than 4 MiB; the unit tests build one',
  },
  {
    code: 'UAI-JSON-DUPLICATE-KEY',
    layer: 'json',
    rule: 'No object has two members with the same name.',
    fix: 'Keep one member of that name and remove the other.',
  },
  {
    code: 'UAI-JSON-NUMBER-UNSAFE',
    layer: 'json',
    rule: 'Every number means the same to every reader (I-JSON, RFC 7493): no integer beyond `±(2^53−1)`, no number beyond the largest double, no non-zero number so small that it reads as 0.',
    fix: 'Send such a value as a string, or write the number a double holds.',
  },
  {
    code: 'UAI-VALUE-NOT-JSON',
    layer: 'json',
    rule: 'A packet handed to the library as a value (`validateValue`) is JSON data: plain objects and arrays, strings, numbers, booleans and null; no undefined, bigint, function or symbol, no Date, Map or other class instance, no symbol-keyed member, no array hole, no cycle, no member that cannot be read, and no deeper nesting than the reader allows (64 levels by default).',
    fix: 'Convert the value to JSON data first (a Date to its RFC 3339 text, a bigint to a string), or pass the JSON text to validateText.',
    withoutFixture: 'a fixture is JSON text, which always reads as JSON data',
  },
  {
    code: 'UAI-KEYLESS-SHAPE',
    layer: 'keyless',
    rule: 'A keyless packet is an array with one slot per schema property, in schema order, nested the same way; a keyed packet compacts only when its keyless form expands back to it (an explicit null has no keyless form).',
    fix: 'Rebuild the keyless form with `uaix compact` from the keyed packet; in the keyed packet, remove a member rather than set it to null.',
  },
  {
    code: 'UAI-PROFILE-UNKNOWN',
    layer: 'schema',
    rule: 'The profile names one of the published agent profiles.',
    fix: 'Use a profile listed in the registry, e.g. uai.agent.ack.v1.',
  },
  {
    code: 'UAI-SCHEMA-UNDECLARED',
    layer: 'schema',
    rule: 'Schema validation is strict: no undeclared field at any level.',
    fix: 'Remove the field, or carry the data inside a declared field or an extension.',
  },
  { code: 'UAI-SCHEMA-MISSING', layer: 'schema', rule: 'Every required field is present.', fix: 'Add the field.' },
  {
    code: 'UAI-SCHEMA-INVALID',
    layer: 'schema',
    rule: 'Every field has the type, format and value range its schema declares.',
    fix: 'Change the value to what the schema declares.',
  },
  {
    code: 'UAI-TIME-NOT-UTC',
    layer: 'schema',
    rule: 'Every date-time is RFC 3339 in UTC, ending in Z.',
    fix: 'Write the time in UTC with a trailing Z, e.g. 2026-05-31T18:01:00Z.',
  },
  {
    code: 'UAI-IDENTITY-MALFORMED',
    layer: 'schema',
    rule: 'Source and target identities are complete and agent ids follow `agt_[a-z0-9][a-z0-9._-]*`.',
    fix: 'Give type, id, label, uri and role, with an agt_ id.',
  },
  {
    code: 'UAI-CORRELATION-MALFORMED',
    layer: 'schema',
    rule: 'conversation.correlation_id is present and follows `corr_[a-z0-9][a-z0-9._-]*`.',
    fix: 'Set conversation.correlation_id to the corr_ id shared by the exchange.',
  },
  {
    code: 'UAI-IDEMPOTENCY-MISSING',
    layer: 'schema',
    rule: 'delivery.idempotency_key is present and follows `idem_[a-z0-9][a-z0-9._-]*`.',
    fix: 'Set delivery.idempotency_key to an idem_ key that stays stable across retries.',
  },
  {
    code: 'UAI-FALLBACK-MISSING',
    layer: 'schema',
    rule: 'delivery.fallback_directive says what the target does when it cannot proceed safely.',
    fix: 'Set delivery.fallback_directive, e.g. "Return a uai.agent.blocker.v1 record if the target cannot proceed safely."',
  },
  {
    code: 'UAI-EXPIRED',
    layer: 'policy',
    rule: 'delivery.expires_at is not before the time of validation.',
    fix: 'Send a new packet with a later delivery.expires_at; do not act on an expired one.',
  },
  {
    code: 'UAI-CLOCK-INVALID',
    layer: 'policy',
    rule: 'The time of validation a caller gives (`now`) is an instant: a valid Date, a UtcDateTime, an RFC 3339 UTC date-time (as `uaix validate --now` reads it, leap second and any fraction included) or integer epoch milliseconds; with any other clock the expiry cannot be checked, so the packet does not pass.',
    fix: 'Pass now as a valid Date, an RFC 3339 UTC date-time such as 2026-06-01T00:00:00Z, or epoch milliseconds; omit it for the current time.',
    withoutFixture: 'the clock is an argument of the call, not part of the packet',
  },
  {
    code: 'UAI-UNSUPPORTED-CLAIM',
    layer: 'policy',
    rule: `No text claims that UAIX provides ${UNSUPPORTED_OFFERING_LIST}.`,
    fix: 'Remove the claim: agent runtimes execute, UAIX records.',
  },
  {
    code: 'UAI-MEMORY-SECRET',
    layer: 'policy',
    rule: 'No string or member name anywhere in a memory proposal holds a secret or token-like string (private keys, API keys, bearer, JWT or session tokens, high-entropy strings).',
    fix: 'Redact the value and propose the fact without it.',
  },
  {
    code: 'UAI-SECRET-PRESENT',
    layer: 'policy',
    rule: 'No string or member name in a packet of any other profile holds a credential: private keys, cloud, source-host, package-registry, chat, payment or API keys and tokens, JWTs, Authorization header values, credentials in URLs, password or API-key assignments, high-entropy tokens.',
    fix: 'Remove the credential; refer to where an authorized reviewer can find it instead.',
  },
  {
    code: 'UAI-MEMORY-COLD-PROMOTION',
    layer: 'schema',
    rule: 'A cold-memory record is never proposed directly as current truth.',
    fix: 'Set proposed_status to candidate and keep review_required true.',
  },
  {
    code: 'UAI-REPORT-EVIDENCE',
    layer: 'schema',
    rule: 'A final report has a summary and at least one complete evidence item (kind, ref, description).',
    fix: 'Add the evidence that supports the outcome.',
  },
  {
    code: 'UAI-BLOCKER-REVIEW',
    layer: 'schema',
    rule: 'Authorization, secret, destructive-action and boundary-conflict blockers require human review.',
    fix: 'Set human_review_required to true.',
  },
  {
    code: 'UAI-ROUTE-FIELD-MISSING',
    layer: 'route',
    rule: 'A route record declares every one of the nineteen route-record fields, plus its id, path, advertised paths, title and description.',
    fix: 'Add the field; use null where the route has no such path or fallback.',
  },
  {
    code: 'UAI-ROUTE-FALLBACK-MISSING',
    layer: 'route',
    rule: 'A route whose highest path needs POST, credentials, a live dynamic GET, MCP or an MCP tool, A2A delegation, multi-agent packet exchange or URI template expansion names the matching lower safe fallback, and a restore/readback route publishes its readback URL field; no fallback needs the capability it stands in for.',
    fix: 'Name the fallback (at least the public review URL) for clients that cannot use the richer path.',
  },
  {
    code: 'UAI-ROUTE-NO-REVIEW',
    layer: 'route',
    rule: 'Every route names a public human-review URL, where every fallback chain ends; a route without a lowest safe fallback that a static GET reaches also describes its no-op behavior.',
    fix: "Set human_review_url to the route's section of the review page (`/<locale>/review/#<route_id>`) and describe no_op_behavior.",
  },
  {
    code: 'UAI-ROUTE-SECRET-IN-URL',
    layer: 'route',
    rule: 'No public URL in a route record carries credentials or tokens.',
    fix: 'Remove the credential from the URL; credentials never travel in public URLs.',
  },
  {
    code: 'UAI-ROUTE-UNSAFE-GET',
    layer: 'route',
    rule: 'A GET route with side effects is never presented as a safe read: its get_safety is side-effecting.',
    fix: 'Set get_safety to side-effecting, or move the action off GET.',
  },
  {
    code: 'UAI-ERRORS-TRUNCATED',
    layer: 'report',
    rule: 'A report lists at most 100 errors per document, then this one closing issue with the number left out, so one document cannot make a report (or the memory behind it) grow without bound.',
    fix: 'Fix the errors listed and validate again to see the rest.',
  },
  {
    code: 'UAI-INTEGRITY-MISMATCH',
    layer: 'integrity',
    rule: 'A checksum of the form `sha256:<64 hex>` (hex digits in either case) equals the packet digest (RFC 8785 bytes of the keyed packet without integrity.checksum).',
    fix: 'Recompute the checksum with `uaix digest`, or find what changed the packet.',
  },
];

export const ERROR_CODES: readonly ErrorCodeEntry[] = entries;

/** Warnings do not make a packet invalid. */
export const WARNING_CODES: readonly ErrorCodeEntry[] = [
  {
    code: 'UAI-INTEGRITY-UNVERIFIED',
    layer: 'integrity',
    rule: 'A checksum that is not a digest of the form `sha256:<64 hex>` (another algorithm, or no digest at all) is recorded but not verified.',
    fix: 'Record the digest printed by `uaix digest` to make the checksum verifiable.',
  },
];

const byCode = new Map([...entries, ...WARNING_CODES].map((entry) => [entry.code, entry]));

export function errorCodeEntry(code: string): ErrorCodeEntry | undefined {
  return byCode.get(code);
}

/** The most issues of one kind (errors or warnings) a report lists for one document. */
export const MAX_ISSUES_PER_DOCUMENT = 100;

// How many issues each closing issue stands for, so that bounding twice adds the counts up.
const omittedBy = new WeakMap<UaiIssue, number>();

/** The closing issue of a bounded report: `omitted` more issues were found and not listed. */
export function truncationIssue(omitted: number): UaiIssue {
  const issue = {
    code: 'UAI-ERRORS-TRUNCATED',
    path: '',
    message: `${omitted} more issue${omitted === 1 ? '' : 's'} in this document ${omitted === 1 ? 'is' : 'are'} not listed (at most ${MAX_ISSUES_PER_DOCUMENT} per report): fix the ones above and validate again`,
  };
  omittedBy.set(issue, omitted);
  return issue;
}

/**
 * Issues in report order (`sortIssues`), at most MAX_ISSUES_PER_DOCUMENT of them, then one closing
 * issue that counts the rest (including what earlier bounded lists left out).
 */
export function reportIssues(issues: UaiIssue[]): UaiIssue[] {
  if (issues.length === 0) return issues; // most packets are valid: no work, no allocation
  let omitted = 0;
  const listed = issues.filter((issue) => {
    const count = omittedBy.get(issue);
    if (count !== undefined) omitted += count;
    return count === undefined;
  });
  const sorted = sortIssues(listed);
  omitted += Math.max(0, sorted.length - MAX_ISSUES_PER_DOCUMENT);
  return omitted > 0 ? [...sorted.slice(0, MAX_ISSUES_PER_DOCUMENT), truncationIssue(omitted)] : sorted;
}

/** Deterministic order for reports: by path, then code, then message. */
export function sortIssues(issues: UaiIssue[]): UaiIssue[] {
  const seen = new Set<string>();
  const unique = issues.filter((issue) => {
    const key = `${issue.code}\u0000${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort((a, b) =>
    a.path < b.path
      ? -1
      : a.path > b.path
        ? 1
        : a.code < b.code
          ? -1
          : a.code > b.code
            ? 1
            : a.message < b.message
              ? -1
              : a.message > b.message
                ? 1
                : 0,
  );
}
