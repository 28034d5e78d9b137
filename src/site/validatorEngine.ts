/**
 * The browser validator's engine: the same core as the `uaix` command, with the published schemas
 * bundled in. Loaded on demand by validatorIsland.ts.
 */
import { createPacketValidator } from '../uai/packetValidator.ts';
import type { SchemaDocument } from '../uai/schemaRegistry.ts';
import type { UaiIssue } from '../uai/errorCodes.ts';
import { parseUtcDateTime } from '../uai/utcDateTime.ts';

const modules = import.meta.glob<SchemaDocument>('../../schemas/uai-1/*.schema.json', { eager: true, import: 'default' });
const documents = Object.keys(modules)
  .sort()
  .map((key) => modules[key]);
const validator = createPacketValidator(documents);

export interface ValidatorView {
  valid: boolean;
  profile: string | null;
  form: 'keyed' | 'keyless' | null;
  digest: string | null;
  errors: UaiIssue[];
  warnings: UaiIssue[];
  /** The keyless form of a keyed packet, or the keyed form of a keyless one. */
  otherForm: string | null;
}

export function validatePacketText(text: string, now?: string): ValidatorView {
  const parsed = now ? parseUtcDateTime(now) : undefined;
  if (parsed && !parsed.ok) {
    // A clock that cannot be read never falls back to another time: the reader gets the reason.
    const message = `the validation time ${JSON.stringify(now)} cannot be read: ${parsed.reason}; e.g. 2026-06-01T00:00:00Z`;
    return { valid: false, profile: null, form: null, digest: null, errors: [{ code: 'UAI-TIME-NOT-UTC', path: '', message }], warnings: [], otherForm: null };
  }
  const clock = parsed?.value;
  const report = validator.validateText(text, { now: clock });
  let otherForm: string | null = null;
  if (report.keyed) {
    if (report.form === 'keyless') otherForm = JSON.stringify(report.keyed, null, 2);
    else {
      const compacted = validator.compact(report.keyed);
      if (compacted.ok) otherForm = JSON.stringify(compacted.value, null, 2);
    }
  }
  return { valid: report.valid, profile: report.profile, form: report.form, digest: report.digest, errors: report.errors, warnings: report.warnings, otherForm };
}
