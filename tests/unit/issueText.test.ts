/**
 * The validator's structured messages (issueText.ts): an issue made from a template carries, beside
 * it, the template's id and the values, and its message is the English template filled with them;
 * a report's issues are plain { code, path, message } objects (the CLI's JSON is unchanged), and
 * an issue moved to its keyless pointer keeps its template.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createValidator } from '../../src/uai/index.ts';
import { fillTemplate, ISSUE_MESSAGES, issueTextOf } from '../../src/uai/issueText.ts';
import { REPOSITORY_ROOT } from '../../src/uai/node/recordFiles.ts';

const validator = createValidator();
const expired = readFileSync(
  join(REPOSITORY_ROOT, 'schemas/uai-1/examples/uai-agent-ack-v1/invalid/expired.json'),
  'utf8',
);

test('an expired packet: the issue names the template "expired" and its values; its message is the English filled', () => {
  const report = validator.validateText(expired, { now: '2026-06-01T00:00:00Z' });
  const issue = report.errors.find((error) => error.code === 'UAI-EXPIRED')!;
  assert.deepEqual(issueTextOf(issue), {
    id: 'expired',
    params: { expires_at: '2026-01-01T00:00:00Z', now: '2026-06-01T00:00:00Z' },
  });
  assert.equal(issue.message, fillTemplate(ISSUE_MESSAGES.expired, issueTextOf(issue)!.params));
  assert.deepEqual(Object.keys(issue), ['code', 'path', 'message']);
});

test('a missing required field, in the keyed and in the keyless form, keeps its template', () => {
  const packet = JSON.parse(expired);
  delete packet.delivery.idempotency_key;
  const keyed = validator.validateValue(packet, { now: '2026-01-01T00:00:00Z' });
  const missing = keyed.errors.find(
    (error) => error.code === 'UAI-SCHEMA-MISSING' || error.code === 'UAI-IDEMPOTENCY-MISSING',
  );
  assert.ok(missing, JSON.stringify(keyed.errors));
  assert.deepEqual(issueTextOf(missing), {
    id: 'required-field',
    params: { field: 'idempotency_key', where: '/delivery' },
  });
  // The keyless form: the issue is moved to its keyless pointer and keeps its template.
  const compacted = validator.compact(JSON.parse(expired));
  assert.ok(compacted.ok);
  const keyless = validator.validateValue(compacted.value, { now: '2026-06-01T00:00:00Z' });
  const moved = keyless.errors.find((error) => error.code === 'UAI-EXPIRED')!;
  assert.notEqual(moved.path, '/delivery/expires_at');
  assert.equal(issueTextOf(moved)?.id, 'expired');
  const profileless = validator.validateValue({ ...packet, profile: 'uai.agent.nothing.v1' });
  const unknown = profileless.errors.find((error) => error.code === 'UAI-PROFILE-UNKNOWN')!;
  assert.equal(issueTextOf(unknown)?.id, 'profile-unknown');
});
