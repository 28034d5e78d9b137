/**
 * The policy rules a schema cannot state: support-boundary claims, secrets in memory proposals,
 * and expiry against a clock.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { findUnsupportedClaim, splitSentences, UNSUPPORTED_CAPABILITIES } from '../../src/uai/supportClaims.ts';
import { findSecret, shannonEntropy, classChangeRate } from '../../src/uai/secretScan.ts';
import { utcDateTimeOfDate } from '../../src/uai/utcDateTime.ts';
import { expiredRule, memorySecretRule, unsupportedClaimRule, policyIssues, forEachString } from '../../src/uai/policyRules.ts';

type Packet = Record<string, any>;
const SEED: Packet = JSON.parse(readFileSync(new URL('../fixtures/seeds/uai.agent.ack.v1.keyed.json', import.meta.url), 'utf8'));

// ---------------------------------------------------------------- support claims

const CLAIMS: Record<string, string[]> = {
  'hosted messaging': ['UAIX provides hosted messaging for agents.', 'UAIX hosts the messages between your agents.', 'Messages are hosted by UAIX.'],
  'automatic sync': ['UAIX automatically syncs your agent memory.', 'UAIX offers automatic sync across runtimes.', 'With UAIX, memory syncs automatically.', 'UAIX auto-syncs state.'],
  'runtime orchestration': ['UAIX orchestrates your agent runtimes.', 'UAIX provides runtime orchestration.'],
  'repository writes': ['UAIX writes to your repository.', 'UAIX performs repository writes on merge.', 'UAIX commits to your repository.'],
  'official adapters': ['UAIX ships official adapters for every framework.', 'UAIX maintains an official LangChain adapter.'],
  certification: ['UAIX certifies compliant runtimes.', 'UAIX offers certification.', 'Runtimes are certified by uaix.org.'],
  'hosted import': ['UAIX provides hosted import of records.', 'uaix.org offers hosted imports.'],
};

test('the seven unsupported capabilities are the ones the support boundary names', () => {
  assert.deepEqual(
    UNSUPPORTED_CAPABILITIES.map((entry) => entry.capability),
    ['hosted messaging', 'automatic sync', 'runtime orchestration', 'repository writes', 'official adapters', 'certification', 'hosted import'],
  );
  assert.deepEqual(Object.keys(CLAIMS), UNSUPPORTED_CAPABILITIES.map((entry) => entry.capability));
});

for (const [capability, sentences] of Object.entries(CLAIMS)) {
  test(`a sentence claiming that UAIX provides ${capability} is a claim`, () => {
    for (const sentence of sentences) {
      const finding = findUnsupportedClaim(sentence);
      assert.equal(finding?.capability, capability, sentence);
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
  assert.equal(findUnsupportedClaim('UAIX provides hosted messaging at https://uaix.org/messaging/.')?.capability, 'hosted messaging');
});

test('a claim in one sentence is found even when another sentence is negated', () => {
  const finding = findUnsupportedClaim('UAIX does not write to repositories. UAIX provides hosted messaging.');
  assert.equal(finding?.capability, 'hosted messaging');
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

// ---------------------------------------------------------------- secrets

const SECRETS: [string, string][] = [
  ['a private key block', '-----BEGIN RSA PRIVATE KEY----- MIIEowIBAAKCAQEA'],
  ['a private key block', 'key: -----BEGIN OPENSSH PRIVATE KEY-----'],
  ['an AWS access key id', 'aws id AKIAIOSFODNN7EXAMPLE in the config'],
  ['a GitHub token', `token ghp_${'a1B2c3D4e5'.repeat(4)}`],
  ['a GitHub token', `github_pat_${'11ABCDEFG0'.repeat(4)}`],
  ['a Slack token', 'xoxb-123456789012-abcdefghij'],
  ['a Google API key', `AIza${'SyA1234567890abcdefghijklmnopqrstuv'}`],
  ['an API secret key', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc'],
  ['an API secret key', 'sk-proj-abcdefghijklmnopqrstuvwxyz'],
  ['a bearer token', 'Authorization: Bearer abcdef0123456789'],
  ['a JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
  ['a credential assignment', 'api_key=abcd1234efgh'],
  ['a credential assignment', 'password: hunter22'],
  ['a credential assignment', 'session_id="8f14e45fceea167a"'],
  ['a credential in a URL', 'postgres://admin:s3cret@db.example.com/records'],
  ['a token in a URL query', 'https://api.example.com/v1/files?sig=abcdef123456&x=1'],
  ['a high-entropy token', 'the value xJ8fK2mQ9pL4vR7tW1zY3bN6cD5hG0aS was leaked'],
];

test('each secret kind is found, and the finding is only its kind', () => {
  const kinds = new Set<string>();
  for (const [kind, text] of SECRETS) {
    const finding = findSecret(text);
    assert.deepEqual(finding, { kind }, text);
    kinds.add(kind);
  }
  assert.equal(kinds.size, 12, 'every pattern kind and the entropy rule are exercised');
});

test('UAI-1 identifiers, sha256 digests, URLs without credentials and ordinary prose are not secrets', () => {
  for (const text of [
    'agt_uaix.publisher',
    'idem_20260531_agent_ack_0002',
    'msg_uaix_agent_message_0001',
    'corr_20260531_agent_standard',
    'trace_root_uaix_agent_standard',
    'mem_uaix_agent_standard_001',
    'rw-uaix-agent-standard-20260531',
    'model.uaix.standard-publication',
    'urn:uaix:log:agent-standard:20260531:ack_0002',
    '00-11111111111111111111111111111111-0000000000000002-01',
    'sha256:d3600b950ea7b3556177d1271e6a5fad1400df6a173b4315ec1be19002eb9b1d',
    'D3600B950EA7B3556177D1271E6A5FAD1400DF6A173B4315EC1BE19002EB9B1D',
    '2026-05-31T18:01:00Z',
    'UAIX-DOC-3382',
    'https://uaix.org/en-us/guides/swarm-failure-and-recovery/',
    'https://uaix.org/schemas/uai-1/uai.agent.ack.v1.schema.json',
    'https://example.invalid/runtime?page=2&sort=asc',
    'https://github.com/uaix/UAI-1/blob/main/README.md',
    'https://user@example.com/path',
    'The keyless form of uai.agent.ack.v1 has six body slots in schema order.',
    'The secret to a good memory proposal is evidence.',
    'Rotate the password regularly.',
    'The API key was rotated yesterday and no longer appears here.',
    'Use a Bearer token in the Authorization header.',
    'Set proposed_status to candidate and keep review_required true.',
    'Accepting this proposal records memory only; it starts no task.',
  ]) {
    assert.equal(findSecret(text), undefined, text);
  }
});

test('CamelCase names with digits are not tokens; random mixed-case tokens are', () => {
  for (const text of ['https://uaix.org/guides/SwarmFailureAndRecovery2026Edition/', 'MyServiceName2026ProductionConfig', 'AgentCommunicationStandard2026Release']) {
    assert.equal(findSecret(text), undefined, text);
  }
  for (const text of ['aZ3kQ9xP2mL7vB4nR8tY1wE6', 'Kq8ZpL2vXn4RtY7bWm1cJd9HsF3gAe6U']) {
    assert.deepEqual(findSecret(text), { kind: 'a high-entropy token' }, text);
  }
  assert.ok(classChangeRate('SwarmFailureAndRecovery') < 0.4);
  assert.equal(classChangeRate('aA1aA1'), 1);
});

test('shannonEntropy: one symbol is 0 bits, two equal symbols 1 bit', () => {
  assert.equal(shannonEntropy('aaaa'), 0);
  assert.equal(shannonEntropy('abab'), 1);
  assert.ok(shannonEntropy('xJ8fK2mQ9pL4vR7tW1zY3bN6cD5hG0aS') > 4.2);
});

test('memorySecretRule: only memory proposals, anywhere in the body, at the pointer', () => {
  const proposal = structuredClone(SEED);
  proposal.profile = 'uai.agent.memory-proposal.v1';
  proposal.body = { proposed_facts: [{ fact: 'ok' }, { fact: 'password: hunter22' }], note: 'AKIAIOSFODNN7EXAMPLE' };
  assert.deepEqual(
    memorySecretRule(proposal).map(({ code, path }) => `${code} ${path}`),
    ['UAI-MEMORY-SECRET /body/proposed_facts/1/fact', 'UAI-MEMORY-SECRET /body/note'],
  );
  for (const issue of memorySecretRule(proposal)) {
    assert.doesNotMatch(issue.message, /hunter22|AKIA/, 'the message never repeats the secret');
  }
  const ack = structuredClone(proposal);
  ack.profile = 'uai.agent.ack.v1';
  assert.deepEqual(memorySecretRule(ack), [], 'other profiles are not scanned for secrets');
  // Secrets outside the body are not this rule's business.
  const outside = structuredClone(SEED);
  outside.profile = 'uai.agent.memory-proposal.v1';
  outside.body = {};
  outside.trust.principal = 'password: hunter22';
  assert.deepEqual(memorySecretRule(outside), []);
});

test('forEachString visits every string in document order with its path', () => {
  const seen: string[] = [];
  forEachString({ a: 'x', b: [1, 'y', { c: 'z' }], d: null }, (text, path) => seen.push(`${path.join('/')}=${text}`));
  assert.deepEqual(seen, ['a=x', 'b/1=y', 'b/2/c=z']);
});

// ---------------------------------------------------------------- expiry

const at = (text: string) => utcDateTimeOfDate(new Date(text));

test('expiry boundary: equal time is not expired, one millisecond later is', () => {
  const packet = structuredClone(SEED);
  packet.delivery.expires_at = '2026-06-01T00:00:00Z';
  assert.deepEqual(expiredRule(packet, at('2026-06-01T00:00:00.000Z')), []);
  assert.deepEqual(expiredRule(packet, at('2026-05-31T23:59:59.999Z')), []);
  const expired = expiredRule(packet, at('2026-06-01T00:00:00.001Z'));
  assert.deepEqual(expired.map(({ code, path }) => ({ code, path })), [{ code: 'UAI-EXPIRED', path: '/delivery/expires_at' }]);
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
  assert.deepEqual(expiredRule(packet, at('2017-01-01T00:00:00Z')).map((issue) => issue.code), ['UAI-EXPIRED']);
  assert.deepEqual(expiredRule(packet, at('2030-01-01T00:00:00Z')).map((issue) => issue.code), ['UAI-EXPIRED']);
});

test('expiry: a value the reader cannot place in time counts as expired (UAI-TIME-NOT-UTC), never as valid', () => {
  for (const value of ['2020-01-01T00:00:00+00:00', '2020-01-01', 'yesterday', '2020-01-01\n00:00:00Z', 'Jan 1 2020 00:00:00Z', '2030-02-30T00:00:00Z', '2030-06-01T24:00:00Z', '2030-06-01T12:00:60Z', 42, null]) {
    const packet = structuredClone(SEED);
    packet.delivery.expires_at = value;
    const issues = expiredRule(packet, at('2020-01-01T00:00:00Z'));
    assert.deepEqual(issues.map(({ code, path }) => ({ code, path })), [{ code: 'UAI-TIME-NOT-UTC', path: '/delivery/expires_at' }], String(value));
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
