/**
 * The validator's messages that a reader in another language sees translated: each is a template
 * with named placeholders (`{field}`), its English text the one every report prints. An issue made
 * from a template remembers its template and parameters beside it (never inside it: a report's
 * JSON, the CLI's output and the package's API stay as they are), so the browser validator can
 * render the message from the record's catalog in the page's language (`issueTextOf`).
 */
import type { UaiIssue } from './errorCodes.ts';

/** The English template of each structured message, by message id. */
export const ISSUE_MESSAGES = {
  expired:
    'the packet expired at {expires_at} (validated at {now}); do not act on it, send a new packet with a later expires_at',
  'required-field': 'add the required field "{field}" to {where}',
  'required-field-top': 'add the required field "{field}" to the top level',
  'undeclared-field': 'remove the undeclared field {field} from {where} (declared: {declared})',
  'undeclared-field-top': 'remove the undeclared field {field} from the top level (declared: {declared})',
  'empty-value': '{where} is empty: write a value',
  'blank-value': '{where} holds only white space or invisible characters, which counts as absent: write a value',
  'enum-value': '{where} is {value}: use one of {allowed}',
  'profile-unknown': '{profile} is not a published profile; use one of {profiles}',
  'integrity-mismatch':
    "the checksum is {checksum} but the packet's digest is {digest}; the packet changed after it was signed, or recompute with uaix digest",
} as const;

export type IssueMessageId = keyof typeof ISSUE_MESSAGES;

/** A structured message: which template, with which values. */
export interface IssueText {
  id: IssueMessageId;
  params: Readonly<Record<string, string>>;
}

/** Fills `{name}` placeholders; a placeholder without a value stays as written. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

const textOf = new WeakMap<UaiIssue, IssueText>();

/** An issue whose message is the English template `id` filled with `params`. */
export function templatedIssue(
  code: string,
  path: string,
  id: IssueMessageId,
  params: Readonly<Record<string, string>>,
): UaiIssue {
  const issue = { code, path, message: fillTemplate(ISSUE_MESSAGES[id], params) };
  textOf.set(issue, { id, params });
  return issue;
}

/** The template and values an issue's message was made from, when it was made from one. */
export function issueTextOf(issue: UaiIssue): IssueText | undefined {
  return textOf.get(issue);
}

/** `issue` at another place (the keyless pointer of a keyed one), keeping its structured message. */
export function issueAt(issue: UaiIssue, path: string): UaiIssue {
  const moved = { ...issue, path };
  const text = textOf.get(issue);
  if (text) textOf.set(moved, text);
  return moved;
}
