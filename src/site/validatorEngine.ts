/**
 * The browser validator's engine: the package's library entry (`src/uai/index.ts`, the same code
 * as the `uaix` command, schemas bundled, validators precompiled). It runs inside the validator's
 * Web Worker (validatorWorker.ts), so a slow packet never blocks the page.
 */
import { createValidator } from '../uai/index.ts';
import { packetFindings, type PacketFindings } from '../uai/packetValidator.ts';
import { parseUtcDateTime, type UtcDateTime } from '../uai/utcDateTime.ts';

const validator = createValidator();

export interface ValidatorView extends PacketFindings {
  /** The keyless form of a keyed packet, or the keyed form of a keyless one. */
  otherForm: string | null;
}

/** Either a report, or why the validation time could not be read (nothing was validated). */
export type ValidatorAnswer = { view: ValidatorView } | { badTime: { value: string; reason: string } };

export function validatePacketText(text: string, now?: string): ValidatorAnswer {
  let clock: UtcDateTime | undefined;
  if (now) {
    const parsed = parseUtcDateTime(now);
    if (!parsed.ok) return { badTime: { value: now, reason: parsed.reason } };
    clock = parsed.value;
  }
  const report = validator.validateText(text, { now: clock });
  let otherForm: string | null = null;
  if (report.keyed) {
    if (report.form === 'keyless') otherForm = JSON.stringify(report.keyed, null, 2);
    else {
      const compacted = validator.compact(report.keyed);
      if (compacted.ok) otherForm = JSON.stringify(compacted.value, null, 2);
    }
  }
  return {
    view: { ...packetFindings(report), otherForm },
  };
}
