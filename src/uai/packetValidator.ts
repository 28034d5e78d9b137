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
import { compactPacket, expandPacket, keylessPointer, describeJsonType, type CodecResult } from './keyless.ts';
import { policyIssues } from './policyRules.ts';
import { packetDigest, DIGEST_PATTERN } from './packetDigest.ts';
import { readJsonText, decodeJsonBytes, type JsonReadLimits } from './jsonText.ts';
import { sortIssues, type UaiIssue } from './errorCodes.ts';
import { jsonPointer, parsePointer } from './jsonPointer.ts';

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

export interface ValidateOptions {
  /** The clock for UAI-EXPIRED; defaults to the current time. */
  now?: Date;
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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Builds the validator from the schema documents (by default the published ones, bundled).
 * `compile` makes the schema validators: the precompiled ones unless a test passes the runtime compiler.
 */
export function createPacketValidator(
  documents: readonly SchemaDocument[] = SCHEMA_DOCUMENTS,
  limits?: Partial<JsonReadLimits>,
  compile: SchemaCompiler = precompiledSchemas,
): PacketValidator {
  const registry = createSchemaRegistry(documents);
  const compiled: CompiledSchemas = compile(registry);
  const envelopeShape = packetShape(registry);
  const shapes = new Map(registry.profiles.map((profile) => [profile, packetShape(registry, profile)]));
  const profileSlot = fieldIndex(envelopeShape, 'profile');
  const shapeOf = (profile?: string) => (profile && shapes.get(profile)) || envelopeShape;

  function unknownProfile(profile: unknown, path: string): UaiIssue {
    return {
      code: 'UAI-PROFILE-UNKNOWN',
      path,
      message: `${typeof profile === 'string' ? JSON.stringify(profile) : describeJsonType(profile)} is not a published profile; use one of ${registry.profiles.join(', ')}`,
    };
  }

  /** Reads the profile of either form; an issue when it is not a known profile. */
  function profileOf(value: unknown): { profile?: string; issue?: UaiIssue } {
    const keyless = Array.isArray(value);
    const profile = keyless ? value[profileSlot] : isPlainObject(value) ? value.profile : undefined;
    if (typeof profile === 'string' && shapes.has(profile)) return { profile };
    if (!keyless && isPlainObject(value) && !('profile' in value)) return {};
    return { issue: unknownProfile(profile, keyless ? jsonPointer([profileSlot]) : '/profile') };
  }

  function toKeyed(value: unknown): CodecResult & { form?: PacketForm; profile?: string } {
    if (!Array.isArray(value) && !isPlainObject(value)) {
      return { ok: false, issues: [{ code: 'UAI-SCHEMA-INVALID', path: '', message: `a packet is a JSON object (keyed form) or array (keyless form), found ${describeJsonType(value)}` }] };
    }
    if (isPlainObject(value)) return { ok: true, value, form: 'keyed', profile: profileOf(value).profile };
    if (value.length !== envelopeShape.fields.length) {
      return {
        ok: false,
        form: 'keyless',
        issues: [{ code: 'UAI-KEYLESS-SHAPE', path: '', message: `a keyless packet has ${envelopeShape.fields.length} envelope slots (uai_version … extensions), found ${value.length}` }],
      };
    }
    const { profile, issue } = profileOf(value);
    if (!profile) return { ok: false, form: 'keyless', issues: [issue!] };
    const expanded = expandPacket(value, shapes.get(profile)!);
    return { ...expanded, form: 'keyless', profile };
  }

  function validateValue(value: unknown, options: ValidateOptions = {}): PacketReport {
    const now = options.now ?? new Date();
    const keyed = toKeyed(value);
    const form = keyed.form ?? null;
    if (!keyed.ok) {
      const profile = Array.isArray(value) && typeof value[profileSlot] === 'string' ? (value[profileSlot] as string) : null;
      return { valid: false, profile, form, digest: null, errors: sortIssues(keyed.issues), warnings: [] };
    }
    const packet = keyed.value as Record<string, unknown>;
    const { profile, issue: profileIssue } = profileOf(packet);
    const shape = shapeOf(profile);
    const schemaId = profile ? registry.profileSchemaId(profile)! : ENVELOPE_SCHEMA_ID;
    let errors = compiled.validate(schemaId, packet, shape);
    if (profileIssue) errors = [profileIssue, ...errors.filter((error) => error.path !== '/profile')];
    errors.push(...policyIssues(packet, now));

    const warnings: UaiIssue[] = [];
    let digest: string | null = null;
    try {
      digest = packetDigest(packet);
    } catch (error) {
      errors.push({ code: 'UAI-SCHEMA-INVALID', path: (error as { path?: string }).path ?? '', message: (error as Error).message });
    }
    const integrity = packet.integrity;
    const checksum = isPlainObject(integrity) ? integrity.checksum : undefined;
    if (digest && typeof checksum === 'string') {
      if (DIGEST_PATTERN.test(checksum)) {
        if (checksum !== digest) {
          errors.push({
            code: 'UAI-INTEGRITY-MISMATCH',
            path: '/integrity/checksum',
            message: `the checksum is ${checksum} but the packet's digest is ${digest}; the packet changed after it was signed, or recompute with uaix digest`,
          });
        }
      } else {
        warnings.push({
          code: 'UAI-INTEGRITY-UNVERIFIED',
          path: '/integrity/checksum',
          message: `the checksum ${JSON.stringify(checksum.length > 40 ? `${checksum.slice(0, 37)}…` : checksum)} is not sha256:<64 hex>, so it was not verified; the packet's digest is ${digest}`,
        });
      }
    }
    const relocate = (issue: UaiIssue): UaiIssue =>
      form === 'keyless' ? { ...issue, path: keylessPointer(parsePointer(issue.path), shape) } : issue;
    return {
      valid: errors.length === 0,
      profile: profile ?? (typeof packet.profile === 'string' ? packet.profile : null),
      form,
      digest,
      errors: sortIssues(errors.map(relocate)),
      warnings: sortIssues(warnings.map(relocate)),
      keyed: packet,
    };
  }

  function fromRead(read: ReturnType<typeof readJsonText>, options?: ValidateOptions): PacketReport {
    if (!read.ok) {
      const { code, path, message } = read.error;
      return { valid: false, profile: null, form: null, digest: null, errors: [{ code, path, message }], warnings: [] };
    }
    return validateValue(read.value, options);
  }

  return {
    registry,
    profiles: registry.profiles,
    shapeOf,
    validateBytes: (bytes, options) => fromRead(decodeJsonBytes(bytes, limits), options),
    validateText: (text, options) => fromRead(readJsonText(text, limits), options),
    validateValue,
    compact(keyed) {
      const { profile, issue } = profileOf(keyed);
      if (!isPlainObject(keyed)) return { ok: false, issues: [{ code: 'UAI-SCHEMA-INVALID', path: '', message: `compact takes a keyed packet (a JSON object), found ${describeJsonType(keyed)}` }] };
      if (!profile) return { ok: false, issues: [issue ?? unknownProfile(undefined, '/profile')] };
      return compactPacket(keyed, shapes.get(profile)!);
    },
    expand(keyless) {
      if (!Array.isArray(keyless)) return { ok: false, issues: [{ code: 'UAI-KEYLESS-SHAPE', path: '', message: `expand takes a keyless packet (a JSON array), found ${describeJsonType(keyless)}` }] };
      const result = toKeyed(keyless);
      return result.ok ? { ok: true, value: result.value } : { ok: false, issues: result.issues };
    },
    digest(value) {
      const result = toKeyed(value);
      if (!result.ok) return result;
      try {
        return { ok: true, value: packetDigest(result.value as Record<string, unknown>) };
      } catch (error) {
        return { ok: false, issues: [{ code: 'UAI-SCHEMA-INVALID', path: (error as { path?: string }).path ?? '', message: (error as Error).message }] };
      }
    },
  };
}
