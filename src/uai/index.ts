/**
 * `@uaix/uai-1`: the UAI-1 core as a library, for Node and browsers alike (no Node import here;
 * file helpers are in the `/node` entry). The schemas are bundled and their validators precompiled,
 * so creating a validator compiles nothing and the code runs under a CSP without `unsafe-eval`.
 */
import { createPacketValidator, type PacketValidator } from './packetValidator.ts';
import { createRouteChecker, type RouteChecker } from './routeRecord.ts';
import { SCHEMA_DOCUMENTS } from './precompiledSchemas.ts';
import type { JsonReadLimits } from './jsonText.ts';

export interface ValidatorOptions {
  /**
   * Input limits; the defaults are 4 MiB and nesting depth 64 (`DEFAULT_JSON_LIMITS`), the depth at
   * most `MAX_NESTING_DEPTH`.
   */
  limits?: Partial<JsonReadLimits>;
}

/**
 * A packet validator over the published UAI-1 schemas: `validateText`, `validateBytes` and
 * `validateValue` (each with an optional `{ now }` clock for `UAI-EXPIRED`), `compact`, `expand`
 * and `digest`. Reports have the shape of `uaix validate --json`.
 */
export function createValidator(options: ValidatorOptions = {}): PacketValidator {
  return createPacketValidator(SCHEMA_DOCUMENTS, { limits: options.limits });
}

/** A route-record checker over the published route-record schema and rules: `checkText`, `checkBytes`, `checkValue`. */
export function createRouteRecordChecker(options: ValidatorOptions = {}): RouteChecker {
  return createRouteChecker(SCHEMA_DOCUMENTS, options.limits);
}

export type { PacketValidator, PacketReport, PacketForm, ValidateOptions } from './packetValidator.ts';
export type { RouteChecker, RouteReport } from './routeRecord.ts';
export type { RouteRecord, Capability, FallbackTarget } from './routeVocabulary.ts';
export { CAPABILITIES, ROUTE_RECORD_SCHEMA_ID } from './routeVocabulary.ts';
export {
  resolveRoute,
  clientCapabilities,
  isClientKind,
  CLIENT_KINDS,
  CLIENT_PROFILES,
  UnknownClientKindError
} from './clientLadder.ts';
export type { ClientKind, ClientProfile, RouteDecision, RouteResolution, ResolveOptions } from './clientLadder.ts';
export type { CodecResult } from './keyless.ts';
export { canonicalize, canonicalBytes, CanonicalizationError } from './jcs.ts';
export { MAX_NESTING_DEPTH } from './nestingLimit.ts';
export { packetDigest, DIGEST_PATTERN } from './packetDigest.ts';
export { sha256Digest } from './sha256.ts';
export { readJsonText, decodeJsonBytes, DEFAULT_JSON_LIMITS } from './jsonText.ts';
export type { JsonReadLimits, JsonReadResult, JsonReadError } from './jsonText.ts';
export { ERROR_CODES, WARNING_CODES, errorCodeEntry } from './errorCodes.ts';
export type { UaiIssue, ErrorCodeEntry, ErrorLayer } from './errorCodes.ts';
export { ProblemListError, formatProblem } from './problem.ts';
export type { Problem, Place } from './problem.ts';
export { SCHEMA_DOCUMENTS } from './precompiledSchemas.ts';
export { SCHEMA_BASE_URL, ENVELOPE_SCHEMA_ID } from './schemaRegistry.ts';
export type { SchemaDocument } from './schemaRegistry.ts';
