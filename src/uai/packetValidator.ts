/**
 * The UAI-1 packet validator: one object, built once from the schema documents, that reads JSON
 * text, detects the keyed or keyless form, validates against the profile schema and the policy
 * rules, verifies the integrity checksum and computes the canonical digest.
 */
import type { SchemaDocument } from './schemaRegistry.ts';
import { createSchemaRegistry, ENVELOPE_SCHEMA_ID, type SchemaRegistry } from './schemaRegistry.ts';
import { packetShape, fieldIndex, type ObjectShape } from './fieldShape.ts';
import type { CompiledSchemas, SchemaCompiler } from './schemaValidator.ts';
import { precompiledSchemas, SCHEMA_DOCUMENTS } from './precompiledSchemas.ts';
import { compactPacket, expandPacket, describeJsonType, type CodecResult } from './keyless.ts';
import { packetDigest, digestOfCanonicalText } from './packetDigest.ts';
import { passOver, passOverJsonData, digestFailure, type PassResult } from './packetPass.ts';
import type { Sha256 } from './sha256.ts';
import { readJsonText, decodeJsonBytes, resolveLimits, type JsonReadLimits } from './jsonText.ts';
import { reportIssues, MAX_ISSUES_PER_DOCUMENT, type UaiIssue } from './errorCodes.ts';
import { jsonPointer } from './jsonPointer.ts';
import { isJsonObject as isPlainObject } from './jsonObject.ts';
import { findNonJsonValues, nonJsonIssues } from './jsonValue.ts';
import { readClock, type ValidationClock } from './validationClock.ts';
import { templatedIssue } from './issueText.ts';
import {
  refusedAtRoot,
  unsafeNumberIssues,
  policyIssuesOf,
  addPolicyIssues,
  atKeylessPlaces,
  checksumIssue,
} from './packetIssues.ts';

export type PacketForm = 'keyed' | 'keyless';

export interface PacketReport {
  valid: boolean;
  profile: string | null;
  form: PacketForm | null;
  digest: string | null;
  errors: UaiIssue[];
  warnings: UaiIssue[];
  /** The keyed packet (expanded when the input was keyless), when it could be read. */
  keyed?: Record<string, unknown>;
}

/** What a report says about a packet, without the packet itself: what the CLI's JSON and the browser validator show. */
export type PacketFindings = Omit<PacketReport, 'keyed'>;

export function packetFindings(report: PacketReport): PacketFindings {
  const { valid, profile, form, digest, errors, warnings } = report;
  return { valid, profile, form, digest, errors, warnings };
}

export interface ValidateOptions {
  /**
   * The clock for UAI-EXPIRED; defaults to the current time. A Date, a UtcDateTime, an RFC 3339
   * UTC date-time as `uaix validate --now` reads it (a leap second, any fraction) or integer epoch
   * milliseconds; anything else (an invalid Date, NaN, text that is no such date-time) is the
   * error UAI-CLOCK-INVALID.
   */
  now?: ValidationClock;
}

export interface PacketValidator {
  registry: SchemaRegistry;
  profiles: readonly string[];
  shapeOf(profile?: string): ObjectShape;
  validateBytes(bytes: Uint8Array, options?: ValidateOptions): PacketReport;
  validateText(text: string, options?: ValidateOptions): PacketReport;
  validateValue(value: unknown, options?: ValidateOptions): PacketReport;
  /** Keyed → keyless for a known profile. */
  compact(keyed: unknown): CodecResult;
  /** Keyless → keyed for a known profile. */
  expand(keyless: unknown): CodecResult;
  /** Digest of either form. */
  digest(value: unknown): CodecResult;
}

export interface PacketValidatorOptions {
  /** Size and nesting limits of the JSON reader. */
  limits?: Partial<JsonReadLimits>;
  /** The SHA-256 behind every digest; defaults to the pure-JS one, Node passes node:crypto's. */
  sha256?: Sha256;
  /** Makes the schema validators: the precompiled ones unless a test passes the runtime compiler. */
  compile?: SchemaCompiler;
}

/**
 * What every stage reads, built once per validator from its schema documents and options; readonly,
 * so no call changes what a later call sees.
 */
interface ValidatorContext {
  readonly registry: SchemaRegistry;
  readonly compiled: CompiledSchemas;
  readonly envelopeShape: ObjectShape;
  readonly shapes: ReadonlyMap<string, ObjectShape>;
  /** Where the profile stands in a keyless packet's envelope. */
  readonly profileSlot: number;
  /** As the caller gave them: the JSON reader resolves the defaults itself. */
  readonly limits: Partial<JsonReadLimits> | undefined;
  readonly maxBytes: number;
  readonly maxDepth: number;
  readonly sha256: Sha256 | undefined;
}

function validatorContext(documents: readonly SchemaDocument[], options: PacketValidatorOptions): ValidatorContext {
  const { limits, sha256, compile = precompiledSchemas } = options;
  const registry = createSchemaRegistry(documents);
  const compiled = compile(registry);
  const envelopeShape = packetShape(registry);
  const shapes = new Map(registry.profiles.map((profile) => [profile, packetShape(registry, profile)]));
  const profileSlot = fieldIndex(envelopeShape, 'profile');
  const { maxBytes, maxDepth } = resolveLimits(limits);
  return { registry, compiled, envelopeShape, shapes, profileSlot, limits, maxBytes, maxDepth, sha256 };
}

/** A profile's shape; the envelope's for no profile or an unknown one. */
function shapeOf(context: ValidatorContext, profile?: string): ObjectShape {
  return (profile && context.shapes.get(profile)) || context.envelopeShape;
}

function unknownProfile(context: ValidatorContext, profile: unknown, path: string): UaiIssue {
  return templatedIssue('UAI-PROFILE-UNKNOWN', path, 'profile-unknown', {
    profile: typeof profile === 'string' ? JSON.stringify(profile) : describeJsonType(profile),
    profiles: context.registry.profiles.join(', '),
  });
}

/** Reads the profile of either form; an issue when it is not a known profile. */
function profileOf(context: ValidatorContext, value: unknown): { profile?: string; issue?: UaiIssue } {
  const { profileSlot, shapes } = context;
  const keyless = Array.isArray(value);
  const profile = keyless ? value[profileSlot] : isPlainObject(value) ? value.profile : undefined;
  if (typeof profile === 'string' && shapes.has(profile)) return { profile };
  if (!keyless && isPlainObject(value) && !('profile' in value)) return {};
  return { issue: unknownProfile(context, profile, keyless ? jsonPointer([profileSlot]) : '/profile') };
}

/** Stage "form": the keyed packet of either form (a keyless one expanded). */
function toKeyed(context: ValidatorContext, value: unknown): CodecResult & { form?: PacketForm; profile?: string } {
  if (!Array.isArray(value) && !isPlainObject(value)) {
    return refusedAtRoot(
      'UAI-SCHEMA-INVALID',
      `a packet is a JSON object (keyed form) or array (keyless form), found ${describeJsonType(value)}`,
    );
  }
  if (isPlainObject(value)) return { ok: true, value, form: 'keyed', profile: profileOf(context, value).profile };
  const { envelopeShape } = context;
  if (value.length !== envelopeShape.fields.length) {
    return {
      ...refusedAtRoot(
        'UAI-KEYLESS-SHAPE',
        `a keyless packet has ${envelopeShape.fields.length} envelope slots (uai_version … extensions), found ${value.length}`,
      ),
      form: 'keyless',
    };
  }
  const { profile, issue } = profileOf(context, value);
  if (!profile) return { ok: false, form: 'keyless', issues: [issue!] };
  const expanded = expandPacket(value, context.shapes.get(profile)!);
  return { ...expanded, form: 'keyless', profile };
}

/** The report of a document with numbers that are not I-JSON: those alone, and no digest. */
function unsafeNumberReport(context: ValidatorContext, value: unknown, unsafe: UaiIssue[]): PacketReport {
  const profile = profileOf(context, value).profile ?? null;
  const form = Array.isArray(value) ? 'keyless' : isPlainObject(value) ? 'keyed' : null;
  return { valid: false, profile, form, digest: null, errors: reportIssues(unsafe), warnings: [] };
}

/** The report of a document that is no packet of either form. */
function unreadReport(
  context: ValidatorContext,
  value: unknown,
  keyed: CodecResult & { form?: PacketForm; ok: false },
): PacketReport {
  const { profileSlot } = context;
  const profile =
    Array.isArray(value) && typeof value[profileSlot] === 'string' ? (value[profileSlot] as string) : null;
  return {
    valid: false,
    profile,
    form: keyed.form ?? null,
    digest: null,
    errors: reportIssues(keyed.issues),
    warnings: [],
  };
}

/**
 * Stage "schema": the profile schema's issues (the envelope's when the profile is absent), the
 * profile's own first.
 */
function schemaIssues(
  context: ValidatorContext,
  packet: Record<string, unknown>,
  profile: string | undefined,
  profileIssue: UaiIssue | undefined,
  asciiText: boolean,
): UaiIssue[] {
  const schemaId = profile ? context.registry.profileSchemaId(profile)! : ENVELOPE_SCHEMA_ID;
  const errors = context.compiled.validate(schemaId, packet, shapeOf(context, profile), asciiText);
  return profileIssue ? [profileIssue, ...errors.filter((error) => error.path !== '/profile')] : errors;
}

/** Stage "report": issues sorted and bounded, in the pointers of the form the packet came in. */
function packetReport(
  context: ValidatorContext,
  packet: Record<string, unknown>,
  form: PacketForm,
  profile: string | undefined,
  digest: string | null,
  errors: UaiIssue[],
  warnings: UaiIssue[],
): PacketReport {
  const shape = form === 'keyless' ? shapeOf(context, profile) : undefined;
  return {
    valid: errors.length === 0,
    profile: profile ?? (typeof packet.profile === 'string' ? packet.profile : null),
    form,
    digest,
    errors: reportIssues(shape ? atKeylessPlaces(errors, shape) : errors),
    warnings: reportIssues(shape ? atKeylessPlaces(warnings, shape) : warnings),
    keyed: packet,
  };
}

/**
 * A value from code that is not JSON data (what no JSON text can hold, a cycle, a getter that
 * throws, more than a document's size or depth): those places alone, and no digest.
 */
function nonJsonReport(context: ValidatorContext, value: unknown): PacketReport | undefined {
  const { maxBytes, maxDepth } = context;
  const findings = findNonJsonValues(value, { maxBytes, maxDepth }, MAX_ISSUES_PER_DOCUMENT);
  if (findings.total === 0 && !findings.tooLarge) return undefined;
  const form = Array.isArray(value) ? 'keyless' : isPlainObject(value) ? 'keyed' : null;
  const errors = reportIssues(nonJsonIssues(findings, maxBytes));
  return { valid: false, profile: null, form, digest: null, errors, warnings: [] };
}

/**
 * The stages in order, on JSON data: form, numbers, the pass over the packet, schema, policy,
 * digest and checksum, report. `keyedPass` is the pass over `value`, a keyed packet, when the
 * caller has made it.
 */
function validateJson(
  context: ValidatorContext,
  value: unknown,
  options: ValidateOptions = {},
  keyedPass?: PassResult,
): PacketReport {
  const keyed = toKeyed(context, value);
  // No digest is ever computed over a number two readers may read differently. The numbers of a
  // keyed packet are checked on the pass that writes the digest's text; those of any other
  // document, as given, before anything else.
  if (!keyed.ok || keyed.form === 'keyless') {
    const unsafe = unsafeNumberIssues(value);
    if (unsafe.length) return unsafeNumberReport(context, value, unsafe);
    if (!keyed.ok) return unreadReport(context, value, keyed);
  }
  const packet = keyed.value as Record<string, unknown>;
  const form = keyed.form!;
  const pass = keyedPass ?? passOver(packet);
  if (form === 'keyed' && pass.covered?.unsafeNumber !== false) {
    const unsafe = unsafeNumberIssues(value);
    if (unsafe.length) return unsafeNumberReport(context, value, unsafe);
  }
  const { profile, issue: profileIssue } = profileOf(context, packet);
  const errors = schemaIssues(context, packet, profile, profileIssue, pass.covered?.asciiText === true);
  addPolicyIssues(errors, policyIssuesOf(packet, pass, readClock(options.now)));
  const warnings: UaiIssue[] = [];
  let digest: string | null = null;
  if (pass.text === undefined) errors.push(pass.failure!);
  else {
    // Stage "digest", then the checksum against it.
    digest = digestOfCanonicalText(pass.text, context.sha256);
    const { error, warning } = checksumIssue(packet, digest);
    if (error) errors.push(error);
    if (warning) warnings.push(warning);
  }
  return packetReport(context, packet, form, profile, digest, errors, warnings);
}

/**
 * The report of a value from code. A keyed packet's pass also proves it JSON data (most values
 * from code are), so the walk that names what is not JSON data runs only where the pass cannot.
 */
function validateFromCode(context: ValidatorContext, value: unknown, options?: ValidateOptions): PacketReport {
  const keyedPass = isPlainObject(value) ? passOverJsonData(value, context) : undefined;
  if (keyedPass) return validateJson(context, value, options, keyedPass);
  return nonJsonReport(context, value) ?? validateJson(context, value, options);
}

/** The report of JSON text: the reader's one error, or the stages on what it read. */
function fromRead(
  context: ValidatorContext,
  read: ReturnType<typeof readJsonText>,
  options?: ValidateOptions,
): PacketReport {
  if (!read.ok) {
    const { code, path, message } = read.error;
    return { valid: false, profile: null, form: null, digest: null, errors: [{ code, path, message }], warnings: [] };
  }
  // What the reader gives is JSON data by construction.
  return validateJson(context, read.value, options);
}

/** Keyed → keyless for a known profile. */
function compactWith(context: ValidatorContext, keyed: unknown): CodecResult {
  const { profile, issue } = profileOf(context, keyed);
  if (!isPlainObject(keyed))
    return refusedAtRoot(
      'UAI-SCHEMA-INVALID',
      `compact takes a keyed packet (a JSON object), found ${describeJsonType(keyed)}`,
    );
  if (!profile) return { ok: false, issues: [issue ?? unknownProfile(context, undefined, '/profile')] };
  return compactPacket(keyed, context.shapes.get(profile)!);
}

/** Keyless → keyed for a known profile. */
function expandWith(context: ValidatorContext, keyless: unknown): CodecResult {
  if (!Array.isArray(keyless))
    return refusedAtRoot(
      'UAI-KEYLESS-SHAPE',
      `expand takes a keyless packet (a JSON array), found ${describeJsonType(keyless)}`,
    );
  const result = toKeyed(context, keyless);
  return result.ok ? { ok: true, value: result.value } : { ok: false, issues: result.issues };
}

/** Digest of either form, refused for what is not JSON data or holds a number that is not I-JSON. */
function digestWith(context: ValidatorContext, value: unknown): CodecResult {
  const notJson = nonJsonReport(context, value);
  if (notJson) return { ok: false, issues: notJson.errors };
  const unsafe = unsafeNumberIssues(value);
  if (unsafe.length) return { ok: false, issues: unsafe };
  const result = toKeyed(context, value);
  if (!result.ok) return result;
  try {
    return { ok: true, value: packetDigest(result.value as Record<string, unknown>, context.sha256) };
  } catch (error) {
    return { ok: false, issues: [digestFailure(error)] };
  }
}

/** Builds the validator from the schema documents (by default the published ones, bundled). */
export function createPacketValidator(
  documents: readonly SchemaDocument[] = SCHEMA_DOCUMENTS,
  options: PacketValidatorOptions = {},
): PacketValidator {
  const context = validatorContext(documents, options);
  const { registry, limits } = context;
  return {
    registry,
    profiles: registry.profiles,
    shapeOf: (profile) => shapeOf(context, profile),
    validateBytes: (bytes, options) => fromRead(context, decodeJsonBytes(bytes, limits), options),
    validateText: (text, options) => fromRead(context, readJsonText(text, limits), options),
    validateValue: (value, options) => validateFromCode(context, value, options),
    compact: (keyed) => compactWith(context, keyed),
    expand: (keyless) => expandWith(context, keyless),
    digest: (value) => digestWith(context, value),
  };
}
