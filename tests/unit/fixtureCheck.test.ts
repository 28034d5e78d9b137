/**
 * The fixture check passes on the real tree, and fails, naming the file, the pointer and the rule,
 * on in-memory copies broken in each way it guards against.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createPacketValidator } from '../../src/uai/packetValidator.ts';
import { loadSchemaDocuments, loadFixtureTree } from '../../src/uai/node/recordFiles.ts';
import { formatProblem } from '../../src/uai/problem.ts';
import {
  checkFixtures,
  profileSlug,
  fixtureProblem,
  FIXTURE_EVALUATED_AT,
  type FixtureFailure,
  type FixtureInput,
  type ExpectationInput,
} from '../../src/uai/fixtureCheck.ts';

const validator = createPacketValidator(loadSchemaDocuments());
const tree = loadFixtureTree();
const utf8 = new TextEncoder();
const SEED_TEXT = readFileSync(new URL('../fixtures/seeds/uai.agent.ack.v1.keyed.json', import.meta.url), 'utf8');

// The packet folders: the envelope and one per profile. (Route records have their own folder,
// schema and rules; the in-memory cases below break packet fixtures only.)
const profileGroups = new Set(validator.profiles.map((profile) => profileSlug(profile)));
const isPacketGroup = (group: string) => group === 'envelope' || profileGroups.has(group);

const ACK = 'uai-agent-ack-v1';
/**
 * Counted from the folders, so a new fixture does not need a test edit; the checks below compare
 * the check's counts to these.
 */
const ACK_COUNTS = {
  valid: tree.fixtures.filter((fixture) => fixture.group === ACK && fixture.verdict === 'valid').length,
  invalid: tree.fixtures.filter((fixture) => fixture.group === ACK && fixture.verdict === 'invalid').length,
};
const ackFile = (verdict: string, name: string) => `schemas/uai-1/examples/${ACK}/${verdict}/${name}.json`;

/** A deep copy of the packet part of the tree, for one case to break. */
function packetTree(): { fixtures: FixtureInput[]; expectations: ExpectationInput[] } {
  return {
    fixtures: tree.fixtures
      .filter((fixture) => isPacketGroup(fixture.group))
      .map((fixture) => ({ ...fixture, bytes: fixture.bytes.slice() })),
    expectations: tree.expectations.filter((file) => isPacketGroup(file.group)).map((file) => ({ ...file })),
  };
}

function run(copy: ReturnType<typeof packetTree>) {
  return checkFixtures(validator, copy.fixtures, copy.expectations);
}

function fixtureOf(copy: ReturnType<typeof packetTree>, file: string): FixtureInput {
  const fixture = copy.fixtures.find((entry) => entry.file === file);
  assert.ok(fixture, `${file} is in the tree`);
  return fixture;
}

function setPacket(fixture: FixtureInput, edit: (packet: Record<string, any>) => void): void {
  const packet = JSON.parse(SEED_TEXT);
  edit(packet);
  fixture.bytes = utf8.encode(JSON.stringify(packet, null, 4));
}

/** The check fails with exactly these failures (file, pointer, rule), each one line that names all three. */
function assertFailures(
  failures: FixtureFailure[],
  expected: { file: string; pointer: string; rule: string; message?: RegExp }[],
): void {
  assert.deepEqual(
    failures.map(({ file, pointer, rule }) => ({ file, pointer, rule })),
    expected.map(({ file, pointer, rule }) => ({ file, pointer, rule })),
    failures.map((failure) => formatProblem(fixtureProblem(failure))).join('\n'),
  );
  failures.forEach((failure, index) => {
    if (expected[index].message) assert.match(failure.message, expected[index].message!);
    const line = formatProblem(fixtureProblem(failure));
    assert.doesNotMatch(line, /[\r\n]/, 'one line');
    assert.ok(line.startsWith(`${failure.file} `), 'the line names the file');
    assert.ok(line.includes(` ${failure.pointer || '(root)'}: `), 'the line names the pointer');
    assert.ok(line.includes(`[${failure.rule}]`), 'the line names the rule');
  });
}

test('the real fixture tree passes', () => {
  const result = checkFixtures(validator, tree.fixtures, tree.expectations);
  assert.deepEqual(
    result.failures.map((failure) => formatProblem(fixtureProblem(failure))),
    [],
  );
  assert.equal(result.ok, true);
  assert.equal(result.evaluatedAt, FIXTURE_EVALUATED_AT);
  assert.equal(result.fixtures.length, tree.fixtures.length);
  for (const profile of validator.profiles)
    assert.ok(result.counts[profileSlug(profile)]?.valid >= 1, `${profile} has a valid fixture`);
});

test('the packet fixtures pass, every invalid one with its declared code at its declared place', () => {
  const copy = packetTree();
  const result = run(copy);
  assertFailures(result.failures, []);
  assert.ok(result.fixtures.length >= 40);
  for (const checked of result.fixtures) {
    if (checked.verdict === 'valid') {
      assert.equal(checked.report.valid, true, checked.file);
      assert.ok(checked.keyless === undefined || Array.isArray(checked.keyless), checked.file);
    } else {
      assert.ok(checked.expectation, checked.file);
      assert.ok(
        checked.report.errors.some(
          (error) => error.code === checked.expectation!.code && error.path === checked.expectation!.path,
        ),
        checked.file,
      );
    }
  }
  assert.ok(ACK_COUNTS.valid >= 2 && ACK_COUNTS.invalid >= 15, JSON.stringify(ACK_COUNTS));
  assert.deepEqual(result.counts[ACK], ACK_COUNTS);
});

test('fails: a valid fixture that does not validate', () => {
  const copy = packetTree();
  setPacket(fixtureOf(copy, ackFile('valid', 'validated')), (packet) => delete packet.message_id);
  const result = run(copy);
  assert.equal(result.ok, false);
  assertFailures(result.failures, [
    {
      file: ackFile('valid', 'validated'),
      pointer: '/message_id',
      rule: 'UAI-SCHEMA-MISSING',
      message: /^valid fixture fails: /,
    },
  ]);
});

test('fails: a valid fixture that is not JSON', () => {
  const copy = packetTree();
  fixtureOf(copy, ackFile('valid', 'validated')).bytes = utf8.encode('{"uai_version": "1.0",');
  assertFailures(run(copy).failures, [{ file: ackFile('valid', 'validated'), pointer: '', rule: 'UAI-JSON-PARSE' }]);
});

test('fails: a valid fixture in the folder of another profile', () => {
  const copy = packetTree();
  // Not validated.json: its expected warning would go with its bytes.
  const moved = fixtureOf(copy, ackFile('valid', 'with-rejection-reason'));
  const blockerValid = copy.fixtures.find(
    (fixture) => fixture.group === 'uai-agent-blocker-v1' && fixture.verdict === 'valid',
  )!;
  moved.bytes = blockerValid.bytes.slice();
  assertFailures(run(copy).failures, [
    {
      file: ackFile('valid', 'with-rejection-reason'),
      pointer: '/profile',
      rule: 'fixture-folder',
      message: /examples\/uai-agent-blocker-v1\//,
    },
  ]);
});

test('fails: an invalid fixture that passes', () => {
  const copy = packetTree();
  fixtureOf(copy, ackFile('invalid', 'expired')).bytes = utf8.encode(SEED_TEXT);
  assertFailures(run(copy).failures, [
    {
      file: ackFile('invalid', 'expired'),
      pointer: '/delivery/expires_at',
      rule: 'UAI-EXPIRED',
      message: /^invalid fixture passes validation$/,
    },
  ]);
});

test('fails: an invalid fixture that fails with another code', () => {
  const copy = packetTree();
  setPacket(
    fixtureOf(copy, ackFile('invalid', 'missing-message-id')),
    (packet) => delete packet.conversation.correlation_id,
  );
  assertFailures(run(copy).failures, [
    {
      file: ackFile('invalid', 'missing-message-id'),
      pointer: '/message_id',
      rule: 'UAI-SCHEMA-MISSING',
      message:
        /expected UAI-SCHEMA-MISSING at \/message_id, got UAI-CORRELATION-MALFORMED at \/conversation\/correlation_id/,
    },
  ]);
});

test('fails: an invalid fixture that fails with the right code at another place', () => {
  const copy = packetTree();
  setPacket(fixtureOf(copy, ackFile('invalid', 'missing-message-id')), (packet) => delete packet.uai_version);
  assertFailures(run(copy).failures, [
    {
      file: ackFile('invalid', 'missing-message-id'),
      pointer: '/message_id',
      rule: 'UAI-SCHEMA-MISSING',
      message: /got UAI-SCHEMA-MISSING at \/uai_version/,
    },
  ]);
});

test('fails: an invalid fixture without an expectation', () => {
  const copy = packetTree();
  copy.fixtures.push({
    group: ACK,
    verdict: 'invalid',
    name: 'new-case',
    file: ackFile('invalid', 'new-case'),
    bytes: utf8.encode('[]'),
  });
  assertFailures(run(copy).failures, [
    { file: ackFile('invalid', 'new-case'), pointer: '', rule: 'fixture-expectations', message: /_expected\.json/ },
  ]);
});

test('fails: an expectation without a fixture', () => {
  const copy = packetTree();
  copy.fixtures = copy.fixtures.filter((fixture) => fixture.file !== ackFile('invalid', 'expired'));
  assertFailures(run(copy).failures, [
    {
      file: `schemas/uai-1/examples/${ACK}/invalid/_expected.json`,
      pointer: '/expired.json',
      rule: 'fixture-expectations',
      message: /not in the invalid folder/,
    },
    // It was the only fixture for its code, so the catalogue loses its coverage too.
    {
      file: 'schemas/uai-1/examples/',
      pointer: '',
      rule: 'fixture-coverage',
      message: /^no invalid packet fixture expects UAI-EXPIRED$/,
    },
  ]);
});

test('fails: an expectation entry without a reason, and an expectation file that is not JSON', () => {
  const copy = packetTree();
  const file = copy.expectations.find((entry) => entry.group === ACK && entry.verdict !== 'valid')!;
  const entries = JSON.parse(file.text);
  entries['expired.json'].why = ' ';
  file.text = JSON.stringify(entries);
  const failures = run(copy).failures;
  // The entry is refused, so the fixture also has no expectation.
  assertFailures(failures, [
    { file: file.file, pointer: '/expired.json', rule: 'fixture-expectations' },
    { file: ackFile('invalid', 'expired'), pointer: '', rule: 'fixture-expectations' },
    { file: 'schemas/uai-1/examples/', pointer: '', rule: 'fixture-coverage', message: /UAI-EXPIRED/ },
  ]);
  const broken = packetTree();
  const brokenFile = broken.expectations.find((entry) => entry.group === ACK && entry.verdict !== 'valid')!;
  brokenFile.text = '{"expired.json": ';
  const brokenFailures = run(broken).failures;
  assert.deepEqual(brokenFailures[0] && { file: brokenFailures[0].file, rule: brokenFailures[0].rule }, {
    file: brokenFile.file,
    rule: 'UAI-JSON-PARSE',
  });
  const coverage = brokenFailures.filter((failure) => failure.rule === 'fixture-coverage');
  assert.equal(
    brokenFailures.length - coverage.length,
    1 + ACK_COUNTS.invalid,
    'the file, then each invalid ack fixture without expectation',
  );
  assert.ok(
    coverage.length > 0 && coverage.every((failure) => /^no invalid packet fixture expects UAI-/.test(failure.message)),
    'codes only the ack fixtures covered lose their coverage',
  );
});

test('fails: an error code that no invalid fixture expects', () => {
  const copy = packetTree();
  copy.fixtures = copy.fixtures.filter(
    (fixture) => fixture.group !== 'uai-agent-blocker-v1' || fixture.verdict === 'valid',
  );
  const file = copy.expectations.find((entry) => entry.group === 'uai-agent-blocker-v1')!;
  file.text = '{}';
  assertFailures(run(copy).failures, [
    {
      file: 'schemas/uai-1/examples/',
      pointer: '',
      rule: 'fixture-coverage',
      message: /^no invalid packet fixture expects UAI-BLOCKER-REVIEW$/,
    },
  ]);
});

test('fails: a profile without a valid fixture', () => {
  const copy = packetTree();
  copy.fixtures = copy.fixtures.filter(
    (fixture) => !(fixture.group === 'uai-agent-blocker-v1' && fixture.verdict === 'valid'),
  );
  assertFailures(run(copy).failures, [
    {
      file: 'schemas/uai-1/examples/uai-agent-blocker-v1/valid/',
      pointer: '',
      rule: 'fixture-coverage',
      message: /^uai\.agent\.blocker\.v1 has no valid fixture$/,
    },
  ]);
});

test('fails: a valid fixture whose expected warning is missing, or that gives a warning no entry expects', () => {
  const MESSAGE = 'uai-agent-message-v1';
  const warningFile = `schemas/uai-1/examples/${MESSAGE}/valid/checksum-not-a-digest.json`;
  const copy = packetTree();
  // The fixture's checksum made a real digest: the warning it is expected to give is gone.
  const fixture = fixtureOf(copy, warningFile);
  const packet = JSON.parse(new TextDecoder().decode(fixture.bytes));
  const digest = validator.digest(packet);
  assert.ok(digest.ok);
  packet.integrity.checksum = digest.value;
  fixture.bytes = utf8.encode(JSON.stringify(packet));
  assertFailures(run(copy).failures, [
    { file: warningFile, pointer: '/integrity/checksum', rule: 'UAI-INTEGRITY-UNVERIFIED', message: /got none$/ },
  ]);
  // No valid fixture expects the warning any more: the catalogue's warning has no fixture.
  copy.expectations = copy.expectations.filter((file) => file.verdict !== 'valid');
  copy.fixtures = copy.fixtures.filter(
    (entry) => entry.file !== warningFile && entry.file !== ackFile('valid', 'validated'),
  );
  assertFailures(run(copy).failures, [
    {
      file: 'schemas/uai-1/examples/',
      pointer: '',
      rule: 'fixture-coverage',
      message: /^no valid packet fixture expects the warning UAI-INTEGRITY-UNVERIFIED$/,
    },
  ]);
  const unexpected = packetTree();
  unexpected.expectations = unexpected.expectations.filter(
    (file) => !(file.group === MESSAGE && file.verdict === 'valid'),
  );
  assertFailures(run(unexpected).failures, [
    { file: warningFile, pointer: '/integrity/checksum', rule: 'UAI-INTEGRITY-UNVERIFIED', message: /no entry/ },
  ]);
});

test('every case above leaves the real tree untouched', () => {
  const again = loadFixtureTree();
  assert.deepEqual(
    tree.fixtures
      .filter((fixture) => isPacketGroup(fixture.group))
      .map((fixture) => [fixture.file, Buffer.from(fixture.bytes).toString('base64')]),
    again.fixtures
      .filter((fixture) => isPacketGroup(fixture.group))
      .map((fixture) => [fixture.file, Buffer.from(fixture.bytes).toString('base64')]),
  );
});
