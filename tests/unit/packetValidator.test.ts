/**
 * The packet validator, code by code: every non-route error code of the catalogue is produced by an
 * on-disk invalid fixture or a packet built here (the seed, mutated), at the JSON Pointer the rule
 * names, with a one-line message. The last test checks that coverage, so a new code without a test
 * fails the suite.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createPacketValidator, type PacketReport } from '../../src/uai/packetValidator.ts';
import { loadSchemaDocuments, loadFixtureTree } from '../../src/uai/node/recordFiles.ts';
import { checkFixtures, FIXTURE_EVALUATED_AT } from '../../src/uai/fixtureCheck.ts';
import { ERROR_CODES, WARNING_CODES, type UaiIssue } from '../../src/uai/errorCodes.ts';
import { DIGEST_PATTERN } from '../../src/uai/packetDigest.ts';

type Packet = Record<string, any>;

const validator = createPacketValidator(loadSchemaDocuments());
const NOW = new Date('2026-06-01T00:00:00Z');
const seedText = readFileSync(new URL('../fixtures/seeds/uai.agent.ack.v1.keyed.json', import.meta.url), 'utf8');
const SEED: Packet = JSON.parse(seedText);

/** Codes seen in reports by the assertions of this file. */
const observed = new Set<string>();

const seed = (): Packet => structuredClone(SEED);
const BOUNDARY =
  'Agent runtimes execute. UAIX records the reviewed communication, memory, trust, evidence, and handoff boundary.';

/** The seed turned into another profile, with a valid body of that profile. */
function asProfile(profile: string, body: Packet): Packet {
  const packet = seed();
  packet.profile = profile;
  packet.body = body;
  return packet;
}

const finalReport = (): Packet =>
  asProfile('uai.agent.final-report.v1', {
    task_id: 'task_uaix_test_001',
    outcome: 'completed',
    summary: 'Every fixture checked.',
    evidence: [{ kind: 'test-result', ref: 'urn:uaix:log:test:001', description: 'uaix check-fixtures exited 0.' }],
    completed_at_utc: '2026-05-31T19:00:00Z',
    support_boundary: BOUNDARY,
  });

function keyless(packet: Packet): any[] {
  const result = validator.compact(packet);
  assert.ok(result.ok, 'the base packet compacts');
  return result.value as any[];
}

function assertOneLine(issues: readonly UaiIssue[]): void {
  for (const issue of issues) {
    assert.equal(typeof issue.message, 'string');
    assert.ok(issue.message.length > 0, `${issue.code} has a message`);
    assert.doesNotMatch(
      issue.message,
      /[\r\n]/,
      `${issue.code} at ${issue.path}: the message is one line: ${JSON.stringify(issue.message)}`,
    );
    assert.ok(
      issue.path === '' || issue.path.startsWith('/'),
      `${issue.code}: ${JSON.stringify(issue.path)} is a JSON Pointer`,
    );
  }
}

/** Every report goes through here: messages are one line, codes are recorded. */
function checked(report: PacketReport): PacketReport {
  assertOneLine(report.errors);
  assertOneLine(report.warnings);
  assert.equal(report.valid, report.errors.length === 0, 'valid exactly when there are no errors');
  for (const issue of [...report.errors, ...report.warnings]) observed.add(issue.code);
  return report;
}

const validate = (value: unknown, now = NOW) => checked(validator.validateValue(value, { now }));
const validateText = (text: string, now = NOW) => checked(validator.validateText(text, { now }));

function describe(issues: readonly UaiIssue[]): string {
  return issues.map((issue) => `${issue.code} at ${issue.path || '(root)'}`).join('; ') || 'no issues';
}

/** Generic schema errors may stand beside a specific code; nothing else may. */
const GENERIC = new Set(['UAI-SCHEMA-INVALID', 'UAI-SCHEMA-MISSING']);

function assertError(report: PacketReport, code: string, path: string): UaiIssue {
  assert.equal(report.valid, false, `expected ${code} at ${path || '(root)'}, but the packet is valid`);
  const hit = report.errors.find((issue) => issue.code === code && issue.path === path);
  assert.ok(hit, `expected ${code} at ${path || '(root)'}, got ${describe(report.errors)}`);
  for (const other of report.errors) {
    assert.ok(
      other.code === code || GENERIC.has(other.code),
      `only ${code} or a generic schema error, got ${describe(report.errors)}`,
    );
  }
  return hit;
}

function assertValid(report: PacketReport): void {
  assert.equal(report.valid, true, `expected a valid packet, got ${describe(report.errors)}`);
  assert.deepEqual(report.errors, []);
}

test('the final-report base packet is valid before it is mutated', () => {
  assertValid(validate(finalReport()));
});

// The code-by-code negative cases are the on-disk invalid fixtures (schemas/uai-1/examples/*/invalid/),
// so the published conformance pack carries them; each must give its expected code at its pointer, and
// nothing but generic schema errors beside it.
const fixtureTree = loadFixtureTree();
const fixtureExpectations = checkFixtures(validator, fixtureTree.fixtures, fixtureTree.expectations).fixtures;
for (const fixture of fixtureTree.fixtures.filter((candidate) => candidate.verdict === 'invalid')) {
  const expectation = fixtureExpectations.find((candidate) => candidate.file === fixture.file)?.expectation;
  test(`${expectation?.code} at ${expectation?.path || '(root)'}: ${fixture.file}`, () => {
    assert.ok(expectation, `${fixture.file} has an entry in its _expected.json`);
    assertError(
      checked(validator.validateBytes(fixture.bytes, { now: new Date(FIXTURE_EVALUATED_AT) })),
      expectation.code,
      expectation.path,
    );
  });
}

test('the seed keyed fixture validates on 2026-06-01 and warns that its checksum is unverified', () => {
  for (const report of [
    validate(seed()),
    validateText(seedText),
    checked(validator.validateBytes(new TextEncoder().encode(seedText), { now: NOW })),
  ]) {
    assertValid(report);
    assert.equal(report.profile, 'uai.agent.ack.v1');
    assert.equal(report.form, 'keyed');
    assert.match(report.digest!, DIGEST_PATTERN);
    assert.deepEqual(
      report.warnings.map(({ code, path }) => ({ code, path })),
      [{ code: 'UAI-INTEGRITY-UNVERIFIED', path: '/integrity/checksum' }],
    );
  }
});

test('a packet whose checksum is its sha256 digest validates with no warning', () => {
  const packet = seed();
  const digest = validator.digest(packet);
  assert.ok(digest.ok);
  assert.match(digest.value as string, DIGEST_PATTERN);
  packet.integrity.checksum = digest.value;
  const report = validate(packet);
  assertValid(report);
  assert.deepEqual(report.warnings, []);
  assert.equal(report.digest, digest.value);
  // The same packet in the keyless form: same digest, still no warning.
  const compacted = validate(keyless(packet));
  assertValid(compacted);
  assert.deepEqual(compacted.warnings, []);
  assert.equal(compacted.form, 'keyless');
});

test('a sha256 checksum in upper or mixed case is verified: equal passes, different is UAI-INTEGRITY-MISMATCH', () => {
  const packet = seed();
  const digest = validator.digest(packet);
  assert.ok(digest.ok);
  const hex = (digest.value as string).slice(7);
  for (const checksum of [
    `sha256:${hex.toUpperCase()}`,
    `SHA256:${hex}`,
    `sha256:${hex.slice(0, 32).toUpperCase()}${hex.slice(32)}`,
  ]) {
    packet.integrity.checksum = checksum;
    const report = validate(packet);
    assertValid(report);
    assert.deepEqual(report.warnings, [], checksum);
  }
  for (const checksum of [
    `sha256:${'A'.repeat(64)}`,
    `sha256:${hex.slice(0, 63).toUpperCase()}${hex[63] === '0' ? '1' : '0'}`,
  ]) {
    packet.integrity.checksum = checksum;
    assertError(validate(packet), 'UAI-INTEGRITY-MISMATCH', '/integrity/checksum');
  }
});

test('a checksum that is no sha256 digest is recorded, not verified, and the warning says why', () => {
  for (const [checksum, why] of [
    [`sha256:${'0'.repeat(63)}`, /63 characters follow sha256:, not 64 hexadecimal digits/],
    [`sha256:${'g'.repeat(64)}`, /the 64 characters after sha256: are not all hexadecimal digits/],
    ['md5:d41d8cd98f00b204e9800998ecf8427e', /names the algorithm "md5", and only sha256 is verified/],
    ['pending', /it is not a sha256:<64 hex> digest/],
  ] as const) {
    const packet = seed();
    packet.integrity.checksum = checksum;
    const report = validate(packet);
    assertValid(report);
    assert.deepEqual(
      report.warnings.map((issue) => issue.code),
      ['UAI-INTEGRITY-UNVERIFIED'],
      checksum,
    );
    assert.match(report.warnings[0].message, why, checksum);
    assert.match(
      report.warnings[0].message,
      /was recorded but not verified: .*; the packet's digest is sha256:[0-9a-f]{64}$/,
    );
  }
});

test('a rejected ack without rejection_reason fails; with a reason it passes', () => {
  const packet = seed();
  packet.body.status = 'rejected';
  const report = validate(packet);
  assertError(report, 'UAI-SCHEMA-MISSING', '/body/rejection_reason');
  assert.equal(report.errors.length, 1, describe(report.errors));
  packet.body.rejection_reason = 'The packet names an unknown profile.';
  assertValid(validate(packet));
  // Other statuses need no reason (the seed itself omits it).
  for (const status of ['received', 'accepted', 'validated', 'deferred', 'human-review']) {
    const other = seed();
    other.body.status = status;
    assertValid(validate(other));
  }
});

test('a negated support-boundary sentence is not a claim', () => {
  for (const sentence of [
    'UAIX does not provide hosted messaging, automatic sync, runtime orchestration, repository writes, official adapters, certification or hosted import.',
    'UAIX never orchestrates runtimes. Agent runtimes execute; UAIX records.',
    'Agent runtimes execute. UAIX is not a hosted messaging service and offers no certification.',
  ]) {
    const packet = seed();
    packet.body.support_boundary = sentence;
    const report = validate(packet);
    assertValid(report);
  }
});

test('expiry: equal to the clock is not expired, one millisecond later is', () => {
  const packet = seed();
  packet.delivery.expires_at = '2026-06-01T00:00:00Z';
  assertValid(validate(packet));
  assertValid(validate(packet, new Date('2025-01-01T00:00:00Z')));
  assertError(validate(packet, new Date('2026-06-01T00:00:00.001Z')), 'UAI-EXPIRED', '/delivery/expires_at');
  // The seed expires at the end of 2030.
  assertError(validate(seed(), new Date('2031-01-01T00:00:00Z')), 'UAI-EXPIRED', '/delivery/expires_at');
});

test('keyless input: errors and warnings carry keyless pointers', () => {
  const base = keyless(seed());
  const cases: [string, (packet: any[]) => void, string, string][] = [
    ['conversation.correlation_id malformed', (p) => (p[5][5] = 'bad'), 'UAI-CORRELATION-MALFORMED', '/5/5'],
    ['conversation.correlation_id absent (null)', (p) => (p[5][5] = null), 'UAI-CORRELATION-MALFORMED', '/5/5'],
    ['source.id malformed', (p) => (p[3][1] = 'bad'), 'UAI-IDENTITY-MALFORMED', '/3/1'],
    ['source.capability_ref not a URI', (p) => (p[3][4] = 'not a uri'), 'UAI-IDENTITY-MALFORMED', '/3/4'],
    ['delivery.retry_count a string', (p) => (p[6][7] = '0'), 'UAI-SCHEMA-INVALID', '/6/7'],
    ['delivery.idempotency_key absent', (p) => (p[6][6] = null), 'UAI-IDEMPOTENCY-MISSING', '/6/6'],
    ['body.received_at_utc with an offset', (p) => (p[8][2] = '2026-05-31T20:01:00+02:00'), 'UAI-TIME-NOT-UTC', '/8/2'],
    ['body.status rejected without a reason', (p) => (p[8][1] = 'rejected'), 'UAI-SCHEMA-MISSING', '/8/3'],
    ['lineage[0].stage absent', (p) => (p[9][7][0][0] = null), 'UAI-SCHEMA-MISSING', '/9/7/0/0'],
    ['lineage[0].actor_id malformed', (p) => (p[9][7][0][1] = 'bad'), 'UAI-IDENTITY-MALFORMED', '/9/7/0/1'],
    ['extensions[0].critical a string', (p) => (p[11][0][2] = 'no'), 'UAI-SCHEMA-INVALID', '/11/0/2'],
    ['delivery.expires_at in the past', (p) => (p[6][2] = '2026-01-01T00:00:00Z'), 'UAI-EXPIRED', '/6/2'],
    [
      'body.support_boundary claims sync',
      (p) => (p[8][5] = 'UAIX automatically syncs agent memory.'),
      'UAI-UNSUPPORTED-CLAIM',
      '/8/5',
    ],
    ['integrity.checksum mismatch', (p) => (p[10][3] = `sha256:${'f'.repeat(64)}`), 'UAI-INTEGRITY-MISMATCH', '/10/3'],
    ['conversation as an object', (p) => (p[5] = {}), 'UAI-KEYLESS-SHAPE', '/5'],
    ['lineage entry with 5 values', (p) => p[9][7][0].push('extra'), 'UAI-KEYLESS-SHAPE', '/9/7/0'],
  ];
  for (const [name, mutate, code, path] of cases) {
    const packet = structuredClone(base);
    mutate(packet);
    const report = validate(packet);
    assert.equal(report.form, 'keyless', name);
    assertError(report, code, path);
  }
  const warned = validate(base);
  assertValid(warned);
  assert.equal(warned.form, 'keyless');
  assert.deepEqual(
    warned.warnings.map(({ code, path }) => ({ code, path })),
    [{ code: 'UAI-INTEGRITY-UNVERIFIED', path: '/10/3' }],
  );
});

test('undeclared fields are reported at every nested level, free-form objects excepted', () => {
  const packet = seed();
  packet.source.extra = 1;
  packet.target.extra = 1;
  packet.conversation.extra = 1;
  packet.delivery.extra = 1;
  packet.trust.extra = 1;
  packet.body.extra = 1;
  packet.provenance.extra = 1;
  packet.provenance.lineage[0].extra = 1;
  packet.integrity.extra = 1;
  packet.extensions[0].extra = 1;
  packet.delivery.expected_output_schema.anything = { nested: true }; // free-form: allowed
  const report = validate(packet);
  assert.equal(report.valid, false);
  assert.deepEqual(
    report.errors.map(({ code, path }) => `${code} ${path}`).sort(),
    [
      '/body/extra',
      '/conversation/extra',
      '/delivery/extra',
      '/extensions/0/extra',
      '/integrity/extra',
      '/provenance/extra',
      '/provenance/lineage/0/extra',
      '/source/extra',
      '/target/extra',
      '/trust/extra',
    ].map((path) => `UAI-SCHEMA-UNDECLARED ${path}`),
  );
  for (const error of report.errors) assert.match(error.message, /"extra"/);
});

test('an undeclared field whose name holds a line break still gets a one-line message', () => {
  const packet = seed();
  packet.source['evil\nname'] = 1;
  const report = validate(packet);
  assertError(report, 'UAI-SCHEMA-UNDECLARED', '/source/evil\nname');
  const compacted = validator.compact(packet);
  assert.equal(compacted.ok, false);
  if (!compacted.ok) {
    assertOneLine(compacted.issues);
    assert.deepEqual(
      compacted.issues.map(({ code, path }) => ({ code, path })),
      [{ code: 'UAI-SCHEMA-UNDECLARED', path: '/source/evil\nname' }],
    );
  }
});

test('an expires_at that only the legacy date parser reads does not produce a second, multi-line message', () => {
  const packet = seed();
  packet.delivery.expires_at = '2020-01-01\n00:00:00Z';
  const report = validate(packet);
  assertError(report, 'UAI-TIME-NOT-UTC', '/delivery/expires_at');
});

test('a top level that is neither an object nor an array is refused at the root', () => {
  for (const value of [42, 'packet', null, true, false, 0]) {
    const report = validate(value);
    assertError(report, 'UAI-SCHEMA-INVALID', '');
    assert.equal(report.errors.length, 1);
    assert.equal(report.form, null);
    assert.equal(report.digest, null);
  }
  for (const text of ['42', '"packet"', 'null', 'true', '-0.5e3']) {
    assertError(validateText(text), 'UAI-SCHEMA-INVALID', '');
  }
  for (const value of [[], [1, 2, 3]]) {
    const report = validate(value);
    assertError(report, 'UAI-KEYLESS-SHAPE', '');
    assert.equal(report.form, 'keyless');
  }
  const empty = validate({});
  assert.equal(empty.valid, false);
  assert.equal(empty.form, 'keyed');
  // Missing source and target are identity errors; everything else is missing.
  assert.deepEqual(
    empty.errors.filter((error) => error.code !== 'UAI-SCHEMA-MISSING').map(({ code, path }) => `${code} ${path}`),
    ['UAI-PROFILE-UNKNOWN /profile', 'UAI-IDENTITY-MALFORMED /source', 'UAI-IDENTITY-MALFORMED /target'],
  );
  assert.equal(empty.errors.length, 12, 'one error per envelope field');
});

test('a __proto__ member is an undeclared field and never pollutes a prototype', () => {
  const text = seedText
    .replace('{\n    "uai_version"', '{\n    "__proto__": {"polluted": "top"},\n    "uai_version"')
    .replace('"type": "agent",', '"__proto__": {"polluted": "source"}, "type": "agent",')
    .replace(
      '"profile": "uai.agent.ack.v1"\n',
      '"profile": "uai.agent.ack.v1", "__proto__": {"polluted": "free-form"}\n',
    );
  assert.notEqual(text, seedText);
  const report = validateText(text);
  assert.deepEqual(
    report.errors.map(({ code, path }) => `${code} ${path}`),
    ['UAI-SCHEMA-UNDECLARED /__proto__', 'UAI-SCHEMA-UNDECLARED /source/__proto__'],
  );
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal((Object.prototype as Record<string, unknown>).polluted, undefined);
  const keyed = report.keyed!;
  assert.equal(Object.getPrototypeOf(keyed), Object.prototype);
  assert.ok(Object.prototype.hasOwnProperty.call(keyed, '__proto__'), 'kept as an own member');
  assert.equal(Object.getPrototypeOf(keyed.source), Object.prototype);
  // The free-form expected_output_schema may hold one; it stays data through compact and expand.
  const packet = JSON.parse(seedText);
  Object.defineProperty(packet.delivery.expected_output_schema, '__proto__', {
    value: { polluted: 'x' },
    enumerable: true,
    configurable: true,
    writable: true,
  });
  const compacted = validator.compact(packet);
  assert.ok(compacted.ok);
  const expanded = validator.expand(compacted.value);
  assert.ok(expanded.ok);
  const schema = (expanded.value as Packet).delivery.expected_output_schema;
  assert.equal(Object.getPrototypeOf(schema), Object.prototype);
  assert.deepEqual(Object.keys(schema).sort(), ['__proto__', 'profile']);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  // A keyless packet with a __proto__ member in a free-form slot: the digest covers it.
  const withMember = validator.digest(packet);
  const without = validator.digest(JSON.parse(seedText));
  assert.ok(withMember.ok && without.ok);
  assert.notEqual(withMember.value, without.value);
});

test('a packet without a profile is checked against the envelope', () => {
  const packet = seed();
  delete packet.profile;
  const report = validate(packet);
  assertError(report, 'UAI-PROFILE-UNKNOWN', '/profile');
  assert.equal(report.profile, null);
});

test('validateBytes refuses bytes that are not UTF-8 JSON', () => {
  const report = checked(validator.validateBytes(new Uint8Array([0x7b, 0xff, 0xfe, 0x00, 0x7d]), { now: NOW }));
  assertError(report, 'UAI-JSON-PARSE', '');
});

test('every report is deterministic: errors sorted by path then code', () => {
  const packet = seed();
  packet.source.id = 'bad';
  packet.body.status = 'nope';
  delete packet.message_id;
  packet.zzz = 1;
  const first = validate(packet);
  const second = validate(structuredClone(packet));
  assert.deepEqual(first, second);
  const paths = first.errors.map((error) => error.path);
  assert.deepEqual(paths, [...paths].sort());
});

test('numbers that are not I-JSON are UAI-JSON-NUMBER-UNSAFE at their pointer, before any digest, in every form', () => {
  const packet = seed();
  packet.delivery.expected_output_schema = { limit: 2 ** 53, nested: [1, Number.POSITIVE_INFINITY] };
  const keyedReport = validate(packet);
  assert.equal(keyedReport.valid, false);
  assert.equal(keyedReport.digest, null);
  assert.deepEqual(
    keyedReport.errors.map(({ code, path }) => [code, path]),
    [
      ['UAI-JSON-NUMBER-UNSAFE', '/delivery/expected_output_schema/limit'],
      ['UAI-JSON-NUMBER-UNSAFE', '/delivery/expected_output_schema/nested/1'],
    ],
  );
  assert.match(keyedReport.errors[0].message, /the integer 9007199254740992 is beyond ±\(2\^53−1\)/);
  // The keyless form reports the same numbers at their keyless places (free-form objects stay objects).
  const compacted = keyless({
    ...seed(),
    delivery: { ...seed().delivery, expected_output_schema: { limit: 2 ** 53 } },
  });
  const keylessReport = validate(compacted);
  assert.deepEqual(
    keylessReport.errors.map(({ code }) => code),
    ['UAI-JSON-NUMBER-UNSAFE'],
  );
  assert.match(keylessReport.errors[0].path, /^\/6\/\d+\/limit$/);
  // A float literal the reader accepts (1e22 is integral, beyond 2^53-1) gets the same verdict from
  // text as from the value.
  const text = seedText.replace('"sequence": 2', '"sequence": 1e22');
  assert.notEqual(text, seedText);
  assert.deepEqual(
    validateText(text).errors.map(({ code, path }) => [code, path]),
    [['UAI-JSON-NUMBER-UNSAFE', '/conversation/sequence']],
  );
  // No digest of such a packet either.
  const digest = validator.digest(packet);
  assert.equal(digest.ok, false);
  assert.deepEqual(!digest.ok && digest.issues.map((issue) => issue.code), [
    'UAI-JSON-NUMBER-UNSAFE',
    'UAI-JSON-NUMBER-UNSAFE',
  ]);
  // The largest safe integer is fine, and a sequence that large is allowed by the schema.
  const largest = seed();
  largest.conversation.sequence = Number.MAX_SAFE_INTEGER;
  assertValid(validate(largest));
});

test('integer fields have the maxima their meaning implies', () => {
  for (const [field, value, ok] of [
    ['timeout_ms', 2_147_483_647, true],
    ['timeout_ms', 2_147_483_648, false],
    ['retry_count', 100, true],
    ['retry_count', 101, false],
  ] as const) {
    const packet = seed();
    packet.delivery[field] = value;
    const report = validate(packet);
    if (ok) assertValid(report);
    else assertError(report, 'UAI-SCHEMA-INVALID', `/delivery/${field}`);
  }
});

test('blank text counts as absent: every required text field, white space or invisible characters alone, gets the code its absence gets', () => {
  const blanks = [
    ' ',
    '\t\n',
    '\u00a0\u2003\u2028',
    // Zero-width space, word joiner and BOM, soft hyphen, Mongolian vowel separator, joiners, controls.
    '\u200b',
    '\u2060\ufeff',
    '\u00ad',
    '\u180e',
    ' \u200d\u200c ',
    '\u0001\u007f',
    // Beyond U+FFFF, where the schema's pattern cannot look: tag characters, a musical format control.
    '\u{E0001}\u{E0041}',
    '\u{1D173}',
  ];
  const cases: { make: () => Packet; set: (packet: Packet, blank: string) => void; path: string }[] = [
    { make: seed, set: (p, b) => (p.delivery.fallback_directive = b), path: '/delivery/fallback_directive' },
    { make: seed, set: (p, b) => (p.source.label = b), path: '/source/label' },
    { make: seed, set: (p, b) => (p.trust.principal = b), path: '/trust/principal' },
    { make: seed, set: (p, b) => (p.body.support_boundary = b), path: '/body/support_boundary' },
    { make: finalReport, set: (p, b) => (p.body.summary = b), path: '/body/summary' },
    { make: finalReport, set: (p, b) => (p.body.evidence[0].description = b), path: '/body/evidence/0/description' },
    { make: finalReport, set: (p, b) => (p.body.evidence[0].ref = b), path: '/body/evidence/0/ref' },
  ];
  for (const { make, set, path } of cases) {
    const absent = make();
    const segments = path.slice(1).split('/');
    let parent: any = absent;
    for (const segment of segments.slice(0, -1)) parent = parent[segment];
    delete parent[segments.at(-1)!];
    const absentCodes = validate(absent)
      .errors.filter((issue) => issue.path === path)
      .map((issue) => issue.code);
    assert.equal(absentCodes.length, 1, `${path} absent: ${absentCodes}`);
    for (const blank of blanks) {
      const packet = make();
      set(packet, blank);
      const report = validate(packet);
      assert.deepEqual(
        report.errors.map((issue) => [issue.code, issue.path]),
        [[absentCodes[0], path]],
        `${path} = ${JSON.stringify(blank)}`,
      );
      assert.match(report.errors[0].message, /holds only white space or invisible characters, which counts as absent/);
    }
  }
  // Text with something in it passes, surrounding white space or invisible characters or not.
  for (const text of ['  Return a blocker.  ', '\u200bx\u200b', '\u{E0001}\u{1F6D1}', '\u0600\u0661']) {
    const packet = seed();
    packet.delivery.fallback_directive = text;
    assertValid(validate(packet));
  }
});

test('bounded output: at most 100 errors per document, then one closing issue with the count', () => {
  const packet = seed();
  for (let index = 0; index < 250; index++) packet.body[`extra_${index}`] = index;
  const report = validate(packet);
  assert.equal(report.errors.length, 101);
  assert.deepEqual(
    report.errors.slice(0, 100).map((issue) => issue.code),
    Array(100).fill('UAI-SCHEMA-UNDECLARED'),
  );
  assert.deepEqual(report.errors[100], {
    code: 'UAI-ERRORS-TRUNCATED',
    path: '',
    message:
      '150 more issues in this document are not listed (at most 100 per report): fix the ones above and validate again',
  });
  // Counts add up across layers: 120 unsafe numbers are listed 100, counted 20.
  const numbers = seed();
  numbers.delivery.expected_output_schema = { many: Array.from({ length: 120 }, () => 2 ** 60) };
  const numbersReport = validate(numbers);
  assert.equal(numbersReport.errors.length, 101);
  assert.match(numbersReport.errors[100].message, /^20 more issues/);
});

test('bounded memory: a 4 MiB packet with 400,000 undeclared members gives a 101-line report and keeps no per-error garbage', () => {
  const members: string[] = [];
  let size = seedText.length;
  for (let index = 0; size < 4 * 1024 * 1024 - 64; index++) {
    const member = `"x${index.toString(36)}":0`;
    members.push(member);
    size += member.length + 1;
  }
  const text = seedText.replace(/^\{/, `{${members.join(',')},`);
  assert.ok(
    members.length > 400_000 && text.length <= 4 * 1024 * 1024,
    `${members.length} members, ${text.length} bytes`,
  );
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  const before = process.memoryUsage().heapUsed;
  const report = validator.validateText(text, { now: NOW });
  delete report.keyed; // the document itself is the caller's; what is measured is what the report and the core keep
  gc();
  const retainedMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
  assert.equal(report.valid, false);
  assert.equal(report.errors.length, 101);
  assert.equal(report.errors[100].code, 'UAI-ERRORS-TRUNCATED');
  assert.match(report.errors[100].message, new RegExp(`^${(members.length - 100).toString()} more issues`));
  // Without the bound the report alone held ~420,000 issues (about 500 MB of heap); ajv's error list is released.
  assert.ok(retainedMb < 16, `retained ${retainedMb.toFixed(1)} MB`);
});

test('an offset date-time gets a UTC rewrite as the fix, unless its date does not exist', () => {
  const packet = seed();
  packet.delivery.expires_at = '2030-06-01T02:00:00+02:00';
  assert.match(
    assertError(validate(packet), 'UAI-TIME-NOT-UTC', '/delivery/expires_at').message,
    /e\.g\. 2030-06-01T00:00:00Z$/,
  );
  // Date.parse would turn February 30 into March 2 and suggest a time that was never written.
  packet.delivery.expires_at = '2030-02-30T02:00:00+02:00';
  assert.match(
    assertError(validate(packet), 'UAI-TIME-NOT-UTC', '/delivery/expires_at').message,
    /e\.g\. 2026-05-31T18:01:00Z$/,
  );
});

test('the text checks read whole strings: a claim or a secret past 64 KiB is an error, never silently clean', () => {
  const packet = seed();
  const long = 'Agent runtimes execute. '.repeat(Math.ceil(65_536 / 24) + 10);
  // Too long for the schema too (an error); the policy errors come on top of it.
  packet.extensions[0].purpose = `${long} UAIX hosts your messages.`;
  assertError(validate(packet), 'UAI-UNSUPPORTED-CLAIM', '/extensions/0/purpose');
  packet.extensions[0].purpose = `${long} AKIAY34FZKBOKMUTVV7A`;
  assertError(validate(packet), 'UAI-SECRET-PRESENT', '/extensions/0/purpose');
  // No warning says that text was left unread (the seed's placeholder checksum is its only warning).
  assert.deepEqual(
    validate(packet).warnings.map(({ code }) => code),
    ['UAI-INTEGRITY-UNVERIFIED'],
  );
});

test('now: a Date, a UtcDateTime, RFC 3339 text (leap second, nanoseconds) or epoch milliseconds; expiry is read from each', () => {
  // The seed expires at 2030-12-31T23:59:00Z.
  const expiresAt = Date.parse('2030-12-31T23:59:00Z');
  const expired: unknown[] = [
    '2030-12-31T23:59:00.000000001Z',
    '2030-12-31T23:59:60Z',
    '2031-01-01T00:00:00Z',
    expiresAt + 1,
    new Date(expiresAt + 1),
    { epochSecond: expiresAt / 1000, leapSecond: false, fraction: '000000001' },
  ];
  for (const now of expired) {
    const report = checked(validator.validateValue(seed(), { now: now as never }));
    assertError(report, 'UAI-EXPIRED', '/delivery/expires_at');
  }
  for (const now of ['2030-12-31T23:59:00Z', '2030-12-31T23:58:59.999999999Z', expiresAt, new Date(expiresAt)])
    assertValid(checked(validator.validateValue(seed(), { now: now as never })));
  // The CLI's --now reads the same text the same way: the library expresses every clock it accepts.
  const text = JSON.stringify(seed());
  assertError(
    checked(validator.validateText(text, { now: '2030-12-31T23:59:60Z' })),
    'UAI-EXPIRED',
    '/delivery/expires_at',
  );
});

test('UAI-CLOCK-INVALID: a clock that is not a time fails closed, never "now" and never a throw', () => {
  const clocks: unknown[] = [
    new Date('not a date'),
    Number.NaN,
    Number.POSITIVE_INFINITY,
    1.5,
    9e15,
    'garbage',
    '',
    '2030-12-31',
    '2026-06-01T00:00:00+02:00',
    '2026-02-30T00:00:00Z',
    null,
    true,
    {},
    { epochSecond: Number.NaN, leapSecond: false, fraction: '' },
    { epochSecond: 1, leapSecond: false, fraction: '50' },
    1n,
    Symbol('now'),
  ];
  // An expired packet, a valid one, keyed and keyless, as a value and as text: all invalid.
  const expired = seed();
  expired.delivery.expires_at = '2020-01-01T00:00:00Z';
  for (const now of clocks) {
    for (const packet of [expired, seed()]) {
      for (const report of [
        validator.validateValue(packet, { now: now as never }),
        validator.validateValue(keyless(packet), { now: now as never }),
        validator.validateText(JSON.stringify(packet), { now: now as never }),
      ]) {
        const issue = assertError(checked(report), 'UAI-CLOCK-INVALID', '');
        assert.match(issue.message, /^the validation clock \(now\) is not a time: .+; expiry cannot be checked/);
        assert.ok(report.digest, 'the rest of the validation still runs');
      }
    }
  }
  assert.match(validator.validateValue(seed(), { now: new Date('x') }).errors[0].message, /the Date is invalid/);
  assert.match(
    validator.validateValue(seed(), { now: '2026-02-30T00:00:00Z' }).errors[0].message,
    /"2026-02-30T00:00:00Z" cannot be read: day 30 does not exist/,
  );
});

test('UAI-VALUE-NOT-JSON: validateValue and digest report what JSON cannot hold, at its place, and never throw', () => {
  type Case = [name: string, make: () => unknown, path: string, problem: RegExp];
  const inBody = (value: unknown) => () => {
    const packet = seed();
    packet.body.extra = value;
    return packet;
  };
  const cases: Case[] = [
    [
      'a cycle',
      () => {
        const p = seed();
        p.body.self = p;
        return p;
      },
      '/body/self',
      /contains itself \(a cycle\)/,
    ],
    [
      'a bigint member',
      () => {
        const p = seed();
        p.delivery.retry_count = 1n;
        return p;
      },
      '/delivery/retry_count',
      /the bigint 1n/,
    ],
    ['a function', inBody(() => 1), '/body/extra', /a function is not a JSON value/],
    ['a symbol', inBody(Symbol('s')), '/body/extra', /a symbol is not a JSON value/],
    [
      'an undefined member',
      () => {
        const p = seed();
        p.body.rejection_reason = undefined;
        return p;
      },
      '/body/rejection_reason',
      /undefined is not a JSON value/,
    ],
    [
      'a Date',
      () => {
        const p = seed();
        p.delivery.expires_at = new Date();
        return p;
      },
      '/delivery/expires_at',
      /an instance of Date/,
    ],
    ['a Map', inBody(new Map()), '/body/extra', /an instance of Map/],
    [
      'a class instance at the root',
      () => Object.assign(Object.create({ inherited: 1 }), seed()),
      '',
      /custom prototype/,
    ],
    [
      'a sparse array',
      () => {
        const p = seed();
        p.extensions = new Array(2); // two holes
        p.extensions[1] = 1;
        return p;
      },
      '/extensions/0',
      /a hole/,
    ],
    [
      'a symbol-keyed member',
      () => {
        const p = seed();
        p.body[Symbol('k')] = 1;
        return p;
      },
      '/body',
      /symbol-keyed/,
    ],
    [
      'a getter that throws',
      () => {
        const p = seed();
        Object.defineProperty(p.body, 'x', {
          enumerable: true,
          get() {
            throw new Error('boom');
          },
        });
        return p;
      },
      '/body/x',
      /reading the value threw \(boom\)/,
    ],
    ['a bigint at the root', () => 1n, '', /the bigint 1n/],
    [
      'deeper than 64 levels',
      inBody(JSON.parse('['.repeat(70) + ']'.repeat(70))),
      '/body/extra' + '/0'.repeat(62),
      /nested deeper than the limit of 64 levels/,
    ],
    [
      'a keyless cycle',
      () => {
        const k = keyless(seed());
        k[11] = [k];
        return k;
      },
      '/11/0',
      /a cycle/,
    ],
  ];
  for (const [name, make, path, problem] of cases) {
    const report = checked(validator.validateValue(make()));
    assert.deepEqual(
      report.errors.map((issue) => [issue.code, issue.path]),
      [['UAI-VALUE-NOT-JSON', path]],
      name,
    );
    assert.match(report.errors[0].message, problem, name);
    assert.equal(report.digest, null, name);
    const digest = validator.digest(make());
    assert.equal(digest.ok, false, name);
    assert.deepEqual(!digest.ok && digest.issues.map((issue) => issue.code), ['UAI-VALUE-NOT-JSON'], name);
  }
  // Every place is listed, in document order, bounded like every report.
  const many = seed();
  for (let index = 0; index < 150; index++) many.body[`x${index}`] = BigInt(index);
  const report = checked(validator.validateValue(many));
  assert.equal(report.errors.length, 101);
  assert.match(report.errors[100].message, /^50 more issues/);
});

test('UAI-JSON-TOO-LARGE: a document over the size limit, as bytes, text or a value (shared objects included)', () => {
  const small = createPacketValidator(loadSchemaDocuments(), { limits: { maxBytes: 2_000 } });
  const text = JSON.stringify(seed());
  assert.ok(text.length > 2_000);
  for (const report of [small.validateText(text), small.validateBytes(new TextEncoder().encode(text))]) {
    assert.deepEqual(
      checked(report).errors.map((issue) => [issue.code, issue.path]),
      [['UAI-JSON-TOO-LARGE', '']],
    );
  }
  assertError(checked(small.validateValue(seed())), 'UAI-JSON-TOO-LARGE', '');
  // A value that shares one object at every level is small in memory and 2^60 times larger as
  // JSON text: it is refused as too large in time proportional to the limit, not to 2^60.
  let shared: Packet = {};
  for (let level = 0; level < 60; level++) shared = { a: shared, b: shared };
  const packet = seed();
  packet.body.extra = shared;
  const started = process.hrtime.bigint();
  const report = checked(validator.validateValue(packet));
  assert.ok(Number(process.hrtime.bigint() - started) / 1e9 < 10, 'bounded by the size limit');
  assert.deepEqual(
    report.errors.map((issue) => issue.code),
    ['UAI-JSON-TOO-LARGE'],
  );
});

test('coverage: every non-route error code (and every warning code) is produced by an invalid fixture or a test in this file', () => {
  const expected = [...ERROR_CODES.filter((entry) => entry.layer !== 'route'), ...WARNING_CODES].map(
    (entry) => entry.code,
  );
  const missing = expected.filter((code) => !observed.has(code));
  assert.deepEqual(missing, [], `codes without a test: ${missing.join(', ')}`);
  // And nothing outside the catalogue was ever produced.
  const known = new Set([...ERROR_CODES, ...WARNING_CODES].map((entry) => entry.code));
  assert.deepEqual(
    [...observed].filter((code) => !known.has(code)),
    [],
  );
});
