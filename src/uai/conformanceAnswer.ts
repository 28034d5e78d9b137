/**
 * The reference implementation's side of the conformance line protocol: one request line in, one
 * answer line out, computed by this package's validator and route checker. `uaix conformance-peer`
 * speaks it over standard input and output; the build runs it in-process to publish its report.
 */
import { isJsonObject } from './jsonObject.ts';
import { CONFORMANCE_PROTOCOL, RETIRED_PROTOCOLS, fromBase64 } from './conformanceProtocol.ts';
import type { PacketValidator } from './packetValidator.ts';
import type { RouteChecker } from './routeRecord.ts';
import type { ConformancePeer } from './conformanceRun.ts';

export interface ReferenceCheckers {
  validator: PacketValidator;
  routeChecker: RouteChecker;
}

function errorAnswer(id: unknown, error: string): string {
  return JSON.stringify({ id: typeof id === 'string' ? id : null, error });
}

/** The answer line to one request line; a request it cannot read gets `{"id", "error"}`, which has no verdict. */
export function referenceAnswer(line: string, checkers: ReferenceCheckers): string {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return errorAnswer(null, 'the request is not a JSON text on one line');
  }
  if (!isJsonObject(request)) return errorAnswer(null, 'the request is not a JSON object');
  const { id, kind, protocol, evaluated_at: evaluatedAt, bytes_base64: base64 } = request;
  if (typeof protocol === 'string' && RETIRED_PROTOCOLS.includes(protocol))
    return errorAnswer(id, `${protocol} is retired: this implementation speaks ${CONFORMANCE_PROTOCOL} only`);
  if (protocol !== CONFORMANCE_PROTOCOL) return errorAnswer(id, `protocol must be ${CONFORMANCE_PROTOCOL}`);
  if (typeof base64 !== 'string') return errorAnswer(id, 'bytes_base64 must be a string');
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(base64);
  } catch {
    return errorAnswer(id, 'bytes_base64 is not base64');
  }
  if (kind === 'packet') {
    if (typeof evaluatedAt !== 'string') return errorAnswer(id, 'evaluated_at must be an RFC 3339 UTC date-time');
    const report = checkers.validator.validateBytes(bytes, { now: evaluatedAt });
    const errors = report.errors.map(({ code, path }) => ({ code, path }));
    return JSON.stringify({ id, verdict: report.valid ? 'valid' : 'invalid', errors, digest: report.digest ?? null });
  }
  if (kind === 'route-record') {
    const report = checkers.routeChecker.checkBytes(bytes);
    const errors = report.errors.map(({ code, path }) => ({ code, path }));
    return JSON.stringify({ id, verdict: report.valid ? 'valid' : 'invalid', errors });
  }
  return errorAnswer(id, 'kind must be "packet" or "route-record"');
}

/**
 * The reference implementation as a peer in this process: each request is answered at once by
 * referenceAnswer, so it never times out or exits. The build runs the harness over it to publish
 * the reference report; `uaix conformance-peer` is the same answers over a child process's pipes.
 */
export function referencePeer(checkers: ReferenceCheckers): ConformancePeer {
  return {
    ask: async (line) => ({ kind: 'answer', line: referenceAnswer(line, checkers) }),
    next: async () => ({ kind: 'timeout' }),
    close: async () => [],
  };
}
