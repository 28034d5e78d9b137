/**
 * The browser validator's engine: the package's library entry (`src/uai/index.ts`, the same code
 * as the `uaix` command, schemas bundled, validators precompiled). It runs inside the validator's
 * Web Worker (validatorWorker.ts), so a slow packet never blocks the page.
 */
import { createValidator } from '../uai/index.ts';
import { packetFindings, type PacketFindings, type PacketReport } from '../uai/packetValidator.ts';
import { parseUtcDateTime, type UtcDateTime } from '../uai/utcDateTime.ts';
import type { UaiIssue } from '../uai/errorCodes.ts';
import { issueTextOf, type IssueText } from '../uai/issueText.ts';

const validator = createValidator();

/**
 * An issue as the page receives it: the report's issue and, when its message was made from a
 * template, the template's id and values, so the page writes the message in its own language.
 */
export interface ShownIssue extends UaiIssue {
  text?: IssueText;
}

export interface ValidatorView extends Omit<PacketFindings, 'errors' | 'warnings'> {
  errors: ShownIssue[];
  warnings: ShownIssue[];
  /** The keyless form of a keyed packet, or the keyed form of a keyless one. */
  otherForm: string | null;
}

const shown = (issue: UaiIssue): ShownIssue => {
  const text = issueTextOf(issue);
  return text ? { ...issue, text } : issue;
};

/** Either a report, or why the validation time could not be read (nothing was validated). */
export type ValidatorAnswer = { view: ValidatorView } | { badTime: { value: string; reason: string } };

/**
 * What is validated: a file's exact bytes (validateBytes, as `uaix validate <file>` reads a file),
 * or the text of the page's text box, a string rather than bytes (validateText).
 */
export type PacketInput = { bytes: Uint8Array } | { text: string };

export function validatePacket(input: PacketInput, now?: string): ValidatorAnswer {
  let clock: UtcDateTime | undefined;
  if (now) {
    const parsed = parseUtcDateTime(now);
    if (!parsed.ok) return { badTime: { value: now, reason: parsed.reason } };
    clock = parsed.value;
  }
  const options = { now: clock };
  const report =
    'bytes' in input ? validator.validateBytes(input.bytes, options) : validator.validateText(input.text, options);
  const findings = packetFindings(report);
  return {
    view: {
      ...findings,
      errors: findings.errors.map(shown),
      warnings: findings.warnings.map(shown),
      otherForm: otherFormOf(report),
    },
  };
}

function otherFormOf(report: PacketReport): string | null {
  if (!report.keyed) return null;
  if (report.form === 'keyless') return JSON.stringify(report.keyed, null, 2);
  const compacted = validator.compact(report.keyed);
  return compacted.ok ? JSON.stringify(compacted.value, null, 2) : null;
}
