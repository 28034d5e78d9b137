/**
 * The secret scanner: every rule of the data table finds its family at the right offsets, the
 * false-positive corpus (prose, identifiers, digests, every published fixture and content file)
 * stays clean, overlapping rules report one finding, output is bounded and values are masked.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { dirname, join, relative } from 'node:path';
import {
  findSecrets,
  findSecret,
  maskSecret,
  shannonEntropy,
  classChangeRate,
  DEFAULT_MAX_FINDINGS,
  keywordRuleMask,
} from '../../src/uai/secretScan.ts';
import { SECRET_RULES, HIGH_ENTROPY_RULE } from '../../src/uai/secretRules.ts';
import { REPOSITORY_ROOT, EXAMPLES_DIR, EXPECTATIONS_FILE } from '../../src/uai/node/recordFiles.ts';
import { CONTENT_DIR } from '../../src/record/node/contentFiles.ts';
import { walkFiles } from '../../src/record/node/walkFiles.ts';

/** [text before, the secret, text after]: the finding must cover exactly the secret. */
type Example = [string, string, string];
const EXAMPLES: Record<string, Example[]> = {
  'pem-private-key': [
    ['key: ', '-----BEGIN RSA PRIVATE KEY-----', '\nMIIEowIBAAKCAQEA'],
    ['', '-----BEGIN PRIVATE KEY-----', ' MC4CAQAwBQYDK2VwBCIEI'],
    ['', '-----BEGIN PGP PRIVATE KEY BLOCK-----', ''],
  ],
  'openssh-private-key': [['id_ed25519: ', '-----BEGIN OPENSSH PRIVATE KEY-----', '\nb3BlbnNzaC1rZXktdjEAAAAA']],
  'aws-access-key-id': [
    ['aws id ', 'AKIAIOSFODNN7EXAMPLE', ' in the config'],
    ['"', 'ASIAY34FZKBOKMUTVV7A', '"'],
  ],
  'aws-secret-access-key': [['aws_secret_access_key = ', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', '\n']],
  'gcp-api-key': [['key ', 'AIzaSyA1234567890abcdefghijklmnopqrstuv', ' used']],
  'azure-connection-string-key': [
    [
      'DefaultEndpointsProtocol=https;AccountName=records;AccountKey=',
      `${'Zm9vYmFyYmF6cXV4'.repeat(5)}abcdef==`,
      ';EndpointSuffix=core.windows.net',
    ],
    [
      'Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey=',
      'abcdEFGH1234ijklMNOP5678qrstUVWX9012yzAB34=',
      '',
    ],
  ],
  'github-token': [
    ['token ', `ghp_${'a1B2c3D4e5'.repeat(3)}a1B2c3`, ''],
    ['', `gho_${'Z9y8X7w6V5'.repeat(4)}`, ' expired'],
    ['GH_TOKEN=', `ghs_${'0123456789'.repeat(4)}`, ''],
  ],
  'github-fine-grained-token': [['', `github_pat_11ABCDEFG0${'abcdefghij'.repeat(6)}_0123456789`, '']],
  'gitlab-token': [['CI: ', 'glpat-xYz12AbC34dEf56GhI78', ' (rotated)']],
  'npm-token': [['//registry.npmjs.org/:_authToken=', 'npm_0123456789abcdefghijklmnopqrstuvwxyz', '\n']],
  'pypi-token': [['password = ', `pypi-AgEIcHlwaS5vcmc${'CJDQ2ZjA5N2ZhLTEx'.repeat(4)}`, '']],
  'slack-webhook': [['POST https://hooks.slack.com/services/', 'T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX', '']],
  'discord-webhook': [
    ['https://discord.com/api/webhooks/', '123456789012345678/abcdefghijklmnopqrstuvwxyzABCDEF-_0123', ''],
  ],
  'slack-token': [
    ['', 'xoxb-123456789012-abcdefghij', ''],
    ['SLACK_APP_TOKEN=', 'xapp-1-A0123456789-0123456789', ''],
  ],
  'stripe-secret-key': [
    ['', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', ''],
    ['', 'rk_live_0123456789abcdefABCDEF', '.'],
    ['test with ', 'sk_test_26PHem9AhJZvU623DfE1x4sd', ''],
  ],
  'anthropic-api-key': [['ANTHROPIC_API_KEY: ', `sk-ant-api03-${'abcdEFGH12'.repeat(9)}AA`, '']],
  'openai-api-key': [['', 'sk-proj-abcdefghijklmnopqrstuvwxyz012345', '']],
  jwt: [
    ['token is ', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', '.'],
  ],
  'authorization-header': [
    ['Authorization: Basic ', 'dXNlcjpwYXNzd29yZA==', ''],
    ['{"authorization": "Bearer ', 'abc.def-ghi_0123', '"}'],
  ],
  'bearer-token': [['curl -H "X: Bearer ', 'abcdef0123456789abcdef', '"']],
  'url-credentials': [
    ['postgres://', 'admin:s3cret', '@db.example.com/records'],
    ['see HTTPS://', 'owner:pa:ss', '@example.invalid/'],
  ],
  'url-query-token': [
    ['https://api.example.com/v1/files?sig=', 'abcdef123456', '&x=1'],
    ['https://example.invalid/cb#access_token=', 'EXAMPLEnotArealTOKEN0000', ''],
  ],
  'credential-assignment': [
    ['api_key=', 'abcd1234efgh', ''],
    ['password: ', 'hunter22', ''],
    ['session_id="', '8f14e45fceea167a', '"'],
    ['"client_secret": "', 'c0ffee-and-tea', '"'],
  ],
  'high-entropy-token': [
    ['the value ', 'xJ8fK2mQ9pL4vR7tW1zY3bN6cD5hG0aS', ' was leaked'],
    ['', 'Kq8ZpL2vXn4RtY7bWm1cJd9HsF3gAe6U==', ''],
  ],
};

test('every rule of the table, and the entropy heuristic, has examples here; ids are unique', () => {
  const ids = [...SECRET_RULES.map((rule) => rule.id), HIGH_ENTROPY_RULE.id];
  assert.equal(new Set(ids).size, ids.length);
  assert.deepEqual(Object.keys(EXAMPLES).sort(), [...ids].sort());
  for (const rule of SECRET_RULES) {
    assert.doesNotMatch(
      rule.pattern.flags,
      /[gy]/,
      `${rule.id}: the table holds no stateful (global or sticky) pattern`,
    );
    assert.ok(rule.keywords.length > 0, rule.id);
  }
});

test('each example is found by its own rule, exactly over the secret', () => {
  const kindOf = new Map([...SECRET_RULES, HIGH_ENTROPY_RULE].map((rule) => [rule.id, rule.kind]));
  for (const [id, examples] of Object.entries(EXAMPLES)) {
    for (const [before, secret, after] of examples) {
      const text = `${before}${secret}${after}`;
      assert.deepEqual(
        findSecrets(text),
        [{ rule: id, kind: kindOf.get(id), start: before.length, end: before.length + secret.length }],
        text,
      );
      // Every match holds one of the rule's keywords, so the pre-test never hides it.
      const rule = SECRET_RULES.find((candidate) => candidate.id === id);
      if (rule) {
        const haystack = rule.pattern.flags.includes('i') ? text.toLowerCase() : text;
        assert.ok(
          rule.keywords.some((keyword) =>
            haystack.includes(rule.pattern.flags.includes('i') ? keyword.toLowerCase() : keyword),
          ),
          `${id}: ${text}`,
        );
      }
    }
  }
});

test('findSecrets lists every secret in text order; findSecret returns the first', () => {
  const text = 'a AKIAIOSFODNN7EXAMPLE b password: hunter22 c glpat-xYz12AbC34dEf56GhI78';
  assert.deepEqual(
    findSecrets(text).map((finding) => [finding.rule, text.slice(finding.start, finding.end)]),
    [
      ['aws-access-key-id', 'AKIAIOSFODNN7EXAMPLE'],
      ['credential-assignment', 'hunter22'],
      ['gitlab-token', 'glpat-xYz12AbC34dEf56GhI78'],
    ],
  );
  assert.deepEqual(findSecret(text), findSecrets(text)[0]);
  assert.equal(findSecret('nothing to see'), undefined);
});

test('where rules overlap, the more specific family is the one reported', () => {
  const token = `ghp_${'0123456789'.repeat(4)}`;
  for (const text of [`Authorization: Bearer ${token}`, `Bearer ${token}`, `api_key=${token}`, `token=${token}`]) {
    assert.deepEqual(
      findSecrets(text).map((finding) => finding.rule),
      ['github-token'],
      text,
    );
  }
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
  assert.deepEqual(
    findSecrets(`Authorization: Bearer ${jwt}`).map((finding) => finding.rule),
    ['jwt'],
  );
});

test('output is bounded: at most maxFindings (100 by default), the first ones in text order', () => {
  const text = Array.from(
    { length: 500 },
    (_, index) =>
      `AKIA${String(index)
        .padStart(16, 'A')
        .replace(/[0189]/g, 'Z')}`,
  ).join(' ');
  const all = findSecrets(text);
  assert.equal(all.length, DEFAULT_MAX_FINDINGS);
  assert.deepEqual(findSecrets(text, 3), all.slice(0, 3));
  assert.deepEqual(findSecrets(text, 0), []);
});

test('the entropy heuristic reads at most its scan limit of one string', () => {
  const token = 'xJ8fK2mQ9pL4vR7tW1zY3bN6cD5hG0aS';
  assert.equal(findSecret(`${'. '.repeat(HIGH_ENTROPY_RULE.scanLimit)}${token}`), undefined);
  assert.equal(findSecret(`${'. '.repeat(HIGH_ENTROPY_RULE.scanLimit / 4)}${token}`)?.rule, 'high-entropy-token');
  // The pattern rules read the whole string.
  assert.equal(
    findSecret(`${'. '.repeat(HIGH_ENTROPY_RULE.scanLimit)}AKIAIOSFODNN7EXAMPLE`)?.rule,
    'aws-access-key-id',
  );
});

test('maskSecret shows at most the first 4 characters (at most a quarter of the value) and the length', () => {
  assert.equal(maskSecret('AKIAIOSFODNN7EXAMPLE'), 'AKIA… (20 characters)');
  assert.equal(maskSecret('hunter22'), 'hu… (8 characters)');
  assert.equal(maskSecret('abc'), '… (3 characters)');
  assert.equal(maskSecret('😀😀😀😀😀😀😀😀'), '😀😀… (8 characters)');
});

test('prose, UAI-1 identifiers, digests and URLs without credentials are not secrets', () => {
  for (const text of [
    'the password must have twelve characters',
    'The password must have at least twelve characters and is never stored in a packet.',
    'Rotate the password regularly.',
    'The API key was rotated yesterday and no longer appears here.',
    'The secret to a good memory proposal is evidence.',
    'Use a Bearer token in the Authorization header.',
    'Basic authentication is not used by static routes.',
    'Set api_key in your runtime, never in a packet.',
    'pk_uaix_agent_standard_publication_key_0001',
    'pk_uaix_0123456789abcdefghijklmnopqrstuvwxyz',
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
    'https://uaix.org/guides/SwarmFailureAndRecovery2026Edition/',
    'MyServiceName2026ProductionConfig',
    'AgentCommunicationStandard2026Release',
    'The keyless form of uai.agent.ack.v1 has six body slots in schema order.',
    'Accepting this proposal records memory only; it starts no task.',
  ]) {
    assert.deepEqual(findSecrets(text), [], text);
  }
  assert.ok(classChangeRate('SwarmFailureAndRecovery') < 0.4);
  assert.equal(classChangeRate('aA1aA1'), 1);
  assert.equal(shannonEntropy('aaaa'), 0);
  assert.equal(shannonEntropy('abab'), 1);
});

const SECRET_CODES = new Set(['UAI-MEMORY-SECRET', 'UAI-SECRET-PRESENT', 'UAI-ROUTE-SECRET-IN-URL']);

test('every published fixture and content file is clean, except the invalid fixtures that exist to carry a secret', () => {
  const examples = walkFiles(EXAMPLES_DIR);
  const fixtures = examples.filter((file) => file.endsWith('.json') && !file.endsWith(`/${EXPECTATIONS_FILE}`));
  // The publication gate's allow-list names the invalid fixtures' fake values on purpose; it is never published.
  const content = walkFiles(CONTENT_DIR).filter(
    (file) => /\.(md|json)$/.test(file) && !file.endsWith('/redaction-allowlist.json'),
  );
  assert.ok(
    fixtures.length > 40 && content.length > 50,
    `${fixtures.length} fixtures, ${content.length} content files`,
  );
  const carriers = new Set<string>();
  for (const expectations of examples.filter((file) => file.endsWith(`/${EXPECTATIONS_FILE}`))) {
    for (const [name, entry] of Object.entries(
      JSON.parse(readFileSync(expectations, 'utf8')) as Record<string, { code: string }>,
    )) {
      if (SECRET_CODES.has(entry.code)) carriers.add(join(dirname(expectations), name));
    }
  }
  assert.ok(carriers.size >= 5, `${carriers.size} fixtures carry a secret on purpose`);
  const found = [...fixtures, ...content].flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const findings = findSecrets(text);
    if (carriers.has(file))
      return findings.length > 0 ? [] : [`${relative(REPOSITORY_ROOT, file)}: carries no secret the scanner finds`];
    return findings.map((finding) => `${relative(REPOSITORY_ROOT, file)}: ${finding.rule} at ${finding.start}`);
  });
  assert.deepEqual(found, []);
});

test('the keyword pre-test sets exactly the rules whose keywords occur, in any ASCII case, and never skips a rule whose own keyword test passes', () => {
  const keywords = SECRET_RULES.flatMap((rule) => rule.keywords);
  // Keywords, their pieces and neighbours: overlaps ("xoxapp-", "sk-sk-ant-"), case changes, and
  // non-ASCII letters that lower-case to ASCII (U+212A KELVIN SIGN → "k", U+0130 → "i̇").
  const piece = fc.oneof(
    fc.constantFrom(...keywords),
    fc.constantFrom(...keywords).map((keyword) => keyword.slice(0, Math.max(1, keyword.length - 1))),
    fc.constantFrom(...keywords).map((keyword) => keyword.slice(1)),
    fc.constantFrom(' ', '-', '_', '=', ':', '/', 'x', 'K', '\u212Aey', '\u0130', 'é', '\u200B', '😀'),
  );
  const texts = fc
    .tuple(fc.array(piece, { maxLength: 6 }), fc.array(fc.boolean(), { maxLength: 60 }))
    .map(([pieces, upper]) =>
      Array.from(pieces.join(''), (char, index) => (upper[index] ? char.toUpperCase() : char)).join(''),
    );
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  const ownTests = SECRET_RULES.map(
    (rule) => new RegExp(rule.keywords.map(escape).join('|'), rule.pattern.flags.includes('i') ? 'i' : ''),
  );
  const asciiLower = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  fc.assert(
    fc.property(texts, (text) => {
      const mask = keywordRuleMask(text);
      SECRET_RULES.forEach((rule, order) => {
        const occurs = rule.keywords.some((keyword) => asciiLower(text).includes(asciiLower(keyword)));
        assert.equal((mask & (1 << order)) !== 0, occurs, `${rule.id} in ${JSON.stringify(text)}`);
        if (ownTests[order].test(text))
          assert.ok(mask & (1 << order), `${rule.id} skipped for ${JSON.stringify(text)}`);
      });
    }),
    { numRuns: 2_000 },
  );
});
