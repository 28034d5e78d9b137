/**
 * The policy rules a schema cannot state: support-boundary claims, secrets in memory proposals,
 * and expiry against a clock.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { findUnsupportedClaim, splitSentences, UNSUPPORTED_OFFERINGS } from '../../src/uai/supportClaims.ts';
import { utcDateTimeOfDate } from '../../src/uai/utcDateTime.ts';
import { loadFixtureTree } from '../../src/uai/node/recordFiles.ts';
import {
  expiredRule,
  packetSecretRule,
  unsupportedClaimRule,
  policyIssues,
  forEachString,
} from '../../src/uai/policyRules.ts';

type Packet = Record<string, any>;
const SEED: Packet = JSON.parse(
  readFileSync(new URL('../fixtures/seeds/uai.agent.ack.v1.keyed.json', import.meta.url), 'utf8'),
);

// ---------------------------------------------------------------- support claims

const CLAIMS: Record<string, string[]> = {
  'hosted messaging': [
    'UAIX provides hosted messaging for agents.',
    'UAIX hosts the messages between your agents.',
    'Messages are hosted by UAIX.',
  ],
  'automatic sync': [
    'UAIX automatically syncs your agent memory.',
    'UAIX offers automatic sync across runtimes.',
    'With UAIX, memory syncs automatically.',
    'UAIX auto-syncs state.',
  ],
  'runtime orchestration': ['UAIX orchestrates your agent runtimes.', 'UAIX provides runtime orchestration.'],
  'repository writes': [
    'UAIX writes to your repository.',
    'UAIX performs repository writes on merge.',
    'UAIX commits to your repository.',
  ],
  'official adapters': [
    'UAIX ships official adapters for every framework.',
    'UAIX maintains an official LangChain adapter.',
  ],
  certification: [
    'UAIX certifies compliant runtimes.',
    'UAIX offers certification.',
    'Runtimes are certified by uaix.org.',
  ],
  'hosted import': ['UAIX provides hosted import of records.', 'uaix.org offers hosted imports.'],
};

test('the seven unsupported offerings are the ones the support boundary names', () => {
  assert.deepEqual(
    UNSUPPORTED_OFFERINGS.map((entry) => entry.offering),
    [
      'hosted messaging',
      'automatic sync',
      'runtime orchestration',
      'repository writes',
      'official adapters',
      'certification',
      'hosted import',
    ],
  );
  assert.deepEqual(
    Object.keys(CLAIMS),
    UNSUPPORTED_OFFERINGS.map((entry) => entry.offering),
  );
});

for (const [offering, sentences] of Object.entries(CLAIMS)) {
  test(`a sentence claiming that UAIX provides ${offering} is a claim`, () => {
    for (const sentence of sentences) {
      const finding = findUnsupportedClaim(sentence);
      assert.equal(finding?.offering, offering, sentence);
      assert.equal(finding?.sentence, sentence);
      // Inside longer text, the claim is found in its own sentence.
      const text = `Agent runtimes execute. ${sentence} Reviewers read the record.`;
      assert.equal(findUnsupportedClaim(text)?.sentence, sentence, text);
    }
  });
}

test('negated sentences are the support boundary, not claims', () => {
  for (const sentence of [
    'UAIX does not provide hosted messaging, automatic sync, runtime orchestration, repository writes, official adapters, certification or hosted import.',
    'UAIX does not provide hosted messaging.',
    "UAIX doesn't sync automatically.",
    'UAIX never orchestrates runtimes.',
    'UAIX offers no certification.',
    'UAIX is not an official adapter vendor.',
    'UAIX cannot write to your repository.',
    'Without UAIX writing to your repository, nothing changes.',
    'UAIX will not provide hosted import.',
    'Neither hosted messaging nor certification is offered by UAIX.',
  ]) {
    assert.equal(findUnsupportedClaim(sentence), undefined, sentence);
  }
});

test('sentences that do not name UAIX are not claims', () => {
  for (const sentence of [
    'The runtime provides hosted messaging.',
    'Your orchestrator automatically syncs memory.',
    'Certification is handled by the vendor.',
    'An official adapter may exist for your framework.',
    'The agent runtime writes to the repository; UAIX records the evidence.',
    'UAIX records packets; the runtime orchestrates the work.',
    'Agent runtimes execute. UAIX records the reviewed communication, memory, trust, evidence, and handoff boundary.',
    // The identifier agt_uaix.… is not the name UAIX on its own.
    'agt_uaix.orchestrator handed the task over.',
  ]) {
    assert.equal(findUnsupportedClaim(sentence), undefined, sentence);
  }
});

test('URLs and URNs are names, not claims', () => {
  for (const text of [
    'urn:uaix:ext:agent-certification',
    'See https://uaix.org/en-us/guides/orchestration/ for details.',
    'https://uaix.org/hosted-import-faq/',
  ]) {
    assert.equal(findUnsupportedClaim(text), undefined, text);
  }
  // Words outside the URL still count.
  assert.equal(
    findUnsupportedClaim('UAIX provides hosted messaging at https://uaix.org/messaging/.')?.offering,
    'hosted messaging',
  );
});

test('a claim in one sentence is found even when another sentence is negated', () => {
  const finding = findUnsupportedClaim('UAIX does not write to repositories. UAIX provides hosted messaging.');
  assert.equal(finding?.offering, 'hosted messaging');
  assert.equal(finding?.sentence, 'UAIX provides hosted messaging.');
  assert.deepEqual(splitSentences('One. Two!\nThree; four?  Five'), ['One.', 'Two!', 'Three;', 'four?', 'Five']);
});

test('unsupportedClaimRule reports every string that claims, at its pointer', () => {
  const packet = structuredClone(SEED);
  packet.body.support_boundary = 'UAIX orchestrates runtimes.';
  packet.extensions[0].purpose = 'UAIX certifies this extension.';
  packet.provenance.lineage[0].note = 'UAIX does not certify anything.';
  const issues = unsupportedClaimRule(packet);
  assert.deepEqual(
    issues.map(({ code, path }) => `${code} ${path}`),
    ['UAI-UNSUPPORTED-CLAIM /body/support_boundary', 'UAI-UNSUPPORTED-CLAIM /extensions/0/purpose'],
  );
  assert.deepEqual(unsupportedClaimRule(SEED), []);
});

// ---------------------------------------------------------------- secrets in packets
// The scanner itself (each family, false positives, offsets, masks) is tested in secretScan.test.ts.

test('packetSecretRule: a memory proposal is scanned everywhere, strings and member names, as UAI-MEMORY-SECRET', () => {
  const proposal = structuredClone(SEED);
  proposal.profile = 'uai.agent.memory-proposal.v1';
  proposal.body = { proposed_facts: [{ fact: 'ok' }, { fact: 'password: hunter22' }], note: 'AKIAIOSFODNN7EXAMPLE' };
  proposal.trust.principal = 'https://owner:s3cret-pass@uaix.org/';
  proposal.delivery.expected_output_schema = { ghp_0123456789abcdefghijABCDEFGHIJ012345: true };
  const issues = packetSecretRule(proposal);
  assert.deepEqual(
    issues.map(({ code, path }) => `${code} ${path}`),
    [
      'UAI-MEMORY-SECRET /delivery/expected_output_schema',
      'UAI-MEMORY-SECRET /trust/principal',
      'UAI-MEMORY-SECRET /body/proposed_facts/1/fact',
      'UAI-MEMORY-SECRET /body/note',
    ],
  );
  assert.match(
    issues[0].message,
    /^a member name here contains a GitHub token \(ghp_… \(40 characters\), characters 0–40\)/,
  );
  for (const issue of issues) {
    assert.doesNotMatch(
      issue.message,
      /hunter22|IOSFODNN7EXAMPLE|s3cret-pass|0123456789abcdef/,
      'the message never repeats the secret',
    );
  }
});

test('packetSecretRule: any other profile carrying a credential gets UAI-SECRET-PRESENT; a clean packet gets nothing', () => {
  assert.deepEqual(packetSecretRule(SEED), []);
  const ack = structuredClone(SEED);
  ack.body.note = 'Call it with Authorization: Basic dXNlcjpwYXNzd29yZA==';
  ack.provenance.lineage[0].note = 'npm_0123456789abcdefghijklmnopqrstuvwxyz';
  assert.deepEqual(
    packetSecretRule(ack).map(({ code, path }) => `${code} ${path}`),
    ['UAI-SECRET-PRESENT /body/note', 'UAI-SECRET-PRESENT /provenance/lineage/0/note'],
  );
  assert.deepEqual(
    packetSecretRule({ profile: 'uai.agent.unknown.v9', x: 'sk_live_0123456789abcdefABCDEF' }).map(({ code }) => code),
    ['UAI-SECRET-PRESENT'],
  );
});

test('packetSecretRule: the message counts further secrets in the same string; the scanner reads all of it', () => {
  const packet = structuredClone(SEED);
  const token = 'Kq8ZpL2vXn4RtY7bWm1cJd9HsF3gAe6U';
  packet.body.note = `glpat-abcdefghij0123456789 then ${token} and ${'x '.repeat(40_000)} ${token}`;
  const [issue] = packetSecretRule(packet);
  assert.match(
    issue.message,
    /contains a GitLab token \(glpa… \(26 characters\), characters 0–26\) and 2 more secrets;/,
  );
  assert.doesNotMatch(issue.message, /read only/);
  packet.body.note = 'glpat-abcdefghij0123456789';
  assert.doesNotMatch(packetSecretRule(packet)[0].message, /more secret|read only/);
});

test('packetSecretRule reads a member value with its member name: JSON credentials, hex keys, JWKs, cookies', () => {
  const hex = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
  const packet = structuredClone(SEED);
  packet.body.note = 'clean';
  packet.extensions = {
    login: { password: 'hunter2-Correct', passwordHint: 'required', password_policy: 'required' },
    wallet: { private_key: hex, public_key: hex },
    jwk: { kty: 'oct', alg: 'HS256', k: 'GawgguFyGrWKav7AX4VKUg' },
    rsa: { kty: 'RSA', k: 'GawgguFyGrWKav7AX4VKUg' },
    headers: { Cookie: 'session=8f14e45fceea167a5a36', 'X-Token-Type': 'bearer' },
    oauth: { token_type: 'bearer', access_token: 'AbCdEf0123456789xyz' },
  };
  assert.deepEqual(
    packetSecretRule(packet).map(({ code, path, message }) => `${code} ${path} ${message.split(' (')[0]}`),
    [
      'UAI-SECRET-PRESENT /extensions/login/password this string, read with its member name, contains a password or API key assignment',
      'UAI-SECRET-PRESENT /extensions/wallet/private_key this string, read with its member name, contains a hex-encoded private key',
      'UAI-SECRET-PRESENT /extensions/jwk/k this string, read with its member name, contains a JWK symmetric key',
      'UAI-SECRET-PRESENT /extensions/headers/Cookie this string, read with its member name, contains a session cookie',
      'UAI-SECRET-PRESENT /extensions/oauth/access_token this string, read with its member name, contains a password or API key assignment',
    ],
  );
  // The canonical pass of the validator gives the same issues.
  assert.deepEqual(
    policyIssues(packet, at('2026-06-01T00:00:00Z')).map(({ path }) => path),
    packetSecretRule(packet).map(({ path }) => path),
  );
});

test('forEachString visits every string in document order with its path, and member names when asked', () => {
  const value = { a: 'x', b: [1, 'y', { c: 'z' }], d: null };
  const seen: string[] = [];
  forEachString(value, (text, path) => seen.push(`${path.join('/')}=${text}`));
  assert.deepEqual(seen, ['a=x', 'b/1=y', 'b/2/c=z']);
  const withNames: string[] = [];
  forEachString(value, (text, path, isName) => withNames.push(`${path.join('/')}${isName ? ' name ' : '='}${text}`), {
    memberNames: true,
  });
  assert.deepEqual(withNames, [' name a', 'a=x', ' name b', 'b/1=y', 'b/2 name c', 'b/2/c=z', ' name d']);
});

// ---------------------------------------------------------------- expiry

const at = (text: string) => utcDateTimeOfDate(new Date(text));

test('expiry boundary: equal time is not expired, one millisecond later is', () => {
  const packet = structuredClone(SEED);
  packet.delivery.expires_at = '2026-06-01T00:00:00Z';
  assert.deepEqual(expiredRule(packet, at('2026-06-01T00:00:00.000Z')), []);
  assert.deepEqual(expiredRule(packet, at('2026-05-31T23:59:59.999Z')), []);
  const expired = expiredRule(packet, at('2026-06-01T00:00:00.001Z'));
  assert.deepEqual(
    expired.map(({ code, path }) => ({ code, path })),
    [{ code: 'UAI-EXPIRED', path: '/delivery/expires_at' }],
  );
  assert.match(expired[0].message, /2026-06-01T00:00:00Z \(validated at 2026-06-01T00:00:00.001Z\)/);
  // Fractional seconds in expires_at count, exactly (Date.parse would round .5004 to .500).
  packet.delivery.expires_at = '2026-06-01T00:00:00.500Z';
  assert.deepEqual(expiredRule(packet, at('2026-06-01T00:00:00.500Z')), []);
  assert.equal(expiredRule(packet, at('2026-06-01T00:00:00.501Z')).length, 1);
  packet.delivery.expires_at = '2026-06-01T00:00:00.5004Z';
  assert.deepEqual(expiredRule(packet, at('2026-06-01T00:00:00.500Z')), []);
  packet.delivery.expires_at = '2026-06-01T00:00:00.4996Z';
  assert.equal(expiredRule(packet, at('2026-06-01T00:00:00.500Z')).length, 1);
});

test('expiry at a leap second is compared in its place, not skipped', () => {
  const packet = structuredClone(SEED);
  packet.delivery.expires_at = '2016-12-31T23:59:60Z';
  assert.deepEqual(expiredRule(packet, at('2016-12-31T23:59:59.999Z')), []);
  assert.deepEqual(
    expiredRule(packet, at('2017-01-01T00:00:00Z')).map((issue) => issue.code),
    ['UAI-EXPIRED'],
  );
  assert.deepEqual(
    expiredRule(packet, at('2030-01-01T00:00:00Z')).map((issue) => issue.code),
    ['UAI-EXPIRED'],
  );
});

test('expiry: a value the reader cannot place in time counts as expired (UAI-TIME-NOT-UTC), never as valid', () => {
  for (const value of [
    '2020-01-01T00:00:00+00:00',
    '2020-01-01',
    'yesterday',
    '2020-01-01\n00:00:00Z',
    'Jan 1 2020 00:00:00Z',
    '2030-02-30T00:00:00Z',
    '2030-06-01T24:00:00Z',
    '2030-06-01T12:00:60Z',
    42,
    null,
  ]) {
    const packet = structuredClone(SEED);
    packet.delivery.expires_at = value;
    const issues = expiredRule(packet, at('2020-01-01T00:00:00Z'));
    assert.deepEqual(
      issues.map(({ code, path }) => ({ code, path })),
      [{ code: 'UAI-TIME-NOT-UTC', path: '/delivery/expires_at' }],
      String(value),
    );
    assert.doesNotMatch(issues[0].message, /\n/);
  }
  // No delivery or no expires_at: the schema reports the missing field.
  assert.deepEqual(expiredRule({}, at('2030-01-01T00:00:00Z')), []);
  assert.deepEqual(expiredRule('packet', at('2030-01-01T00:00:00Z')), []);
  assert.deepEqual(expiredRule({ delivery: [] }, at('2030-01-01T00:00:00Z')), []);
});

test('policyIssues combines the three rules', () => {
  assert.deepEqual(policyIssues(SEED, at('2026-06-01T00:00:00Z')), []);
  const packet = structuredClone(SEED);
  packet.body.support_boundary = 'UAIX provides hosted import.';
  assert.deepEqual(
    policyIssues(packet, at('2031-06-01T00:00:00Z')).map((issue) => issue.code),
    ['UAI-EXPIRED', 'UAI-UNSUPPORTED-CLAIM'],
  );
});

test('policyIssues walks a packet once and reports what the three rules report one after the other', () => {
  const mixed = structuredClone(SEED);
  mixed.body.support_boundary = 'UAIX provides hosted import.';
  mixed.body['api_key=sk_live_0123456789abcdefABCDEF'] = 'UAIX certifies runtimes.';
  // A member name is scanned for secrets and read as words for claims.
  mixed.body['UAIX provides hosted messaging'] = 'a member name';
  mixed.body.notes = ['ghp_0123456789abcdefghijklmnopqrstuvwxyzAB', 'UAIX orchestrates your agent runtimes.'];
  const decoder = new TextDecoder();
  const packets = [mixed, { ...mixed, profile: 'uai.agent.memory-proposal.v1' }];
  for (const fixture of loadFixtureTree().fixtures) {
    try {
      packets.push(JSON.parse(decoder.decode(fixture.bytes)));
    } catch {
      // Unreadable fixtures test the JSON reader, not the policy rules.
    }
  }
  const now = at('2031-06-01T00:00:00Z');
  for (const packet of packets) {
    assert.deepEqual(policyIssues(packet, now), [
      ...expiredRule(packet, now),
      ...unsupportedClaimRule(packet),
      ...packetSecretRule(packet),
    ]);
    // Clean member names are remembered across packets: a second pass reports the same.
    assert.deepEqual(policyIssues(packet, now), policyIssues(structuredClone(packet), now));
  }
  assert.deepEqual(
    policyIssues(mixed, now).map(({ code, path }) => `${code} ${path}`),
    [
      'UAI-EXPIRED /delivery/expires_at',
      'UAI-UNSUPPORTED-CLAIM /body/support_boundary',
      'UAI-UNSUPPORTED-CLAIM /body/api_key=sk_live_0123456789abcdefABCDEF',
      'UAI-UNSUPPORTED-CLAIM /body',
      'UAI-UNSUPPORTED-CLAIM /body/notes/1',
      'UAI-SECRET-PRESENT /body',
      'UAI-SECRET-PRESENT /body/notes/0',
    ],
  );
});
