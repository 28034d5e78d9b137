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
  screenedRules,
  isWordOrPlaceholder,
} from '../../src/uai/secretScan.ts';
import { SECRET_RULES, HIGH_ENTROPY_RULE } from '../../src/uai/secretRules.ts';
import { normalizeRuleText } from '../../src/uai/textNormalization.ts';
import { REPOSITORY_ROOT, EXAMPLES_DIR, EXPECTATIONS_FILE } from '../../src/uai/node/recordFiles.ts';
import { CONTENT_DIR } from '../../src/record/content/node/contentFiles.ts';
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
  'hex-private-key': [
    ['{"private_key": "', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', '"}'],
    ['privkey=0x', '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318', ''],
    ['the signing key is ', `${'9f'.repeat(32)}${'0a'.repeat(32)}`, '.'],
  ],
  'jwk-symmetric-key': [
    ['{"kty":"oct","k":"', 'GawgguFyGrWKav7AX4VKUg', '"}'],
    [
      '{"alg": "HS256", "k": "',
      'AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow',
      '", "kty": "oct"}',
    ],
  ],
  'aws-access-key-id': [
    ['aws id ', 'AKIAIOSFODNN7EXAMPLE', ' in the config'],
    ['"', 'ASIAY34FZKBOKMUTVV7A', '"'],
  ],
  'aws-secret-access-key': [['aws_secret_access_key = ', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', '\n']],
  'huggingface-token': [['HF_TOKEN=', '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', '\n']],
  'doppler-token': [['DOPPLER_TOKEN=', 'dp.pt.bhPAYXui6r39ngBJeGQHvI5dFHxZSrLWd6afSoQLbQs', '']],
  'databricks-token': [['token: ', 'dapi5b277904d7b20b17c4e251e04c4861a8', '']],
  'digitalocean-token': [['"', 'dop_v1_02e6984d5097c132ec90d8dfea56c3a850769253b1de1cf767b8348a311ca8b8', '"']],
  'postman-api-key': [['x-api-key: ', 'PMAK-d3ddee75b4e8887d32bf9859-0107a834f1912d7d1555bd6359d1e1e840', '']],
  'vault-token': [
    [
      'VAULT_TOKEN=',
      'hvs.j-AXCihGBoKJ2wS4PlYZXkeyLCJjrxUUlhnDrjpfNJCrQSHpuDRTaRFygDAF7g2X8Ee-k5VO3wSVrCfFFCBVrfo48M_0d1J',
      '',
    ],
  ],
  'terraform-cloud-token': [
    ['token = "', 'tFPHgOwu8agCha.atlasv1.CjVeyQcDG43I1La8t0oXXCkVTqV8uitamABuzv2xSRA7qFqeESZVKMugl6pZO4QX', '"'],
  ],
  'pulumi-token': [['PULUMI_ACCESS_TOKEN=', 'pul-f4466533796fc77b21c51031ce3bebf5e4cd5b1b', '']],
  'heroku-api-key': [['HEROKU_API_KEY=', 'HRKU-3NdvzCbqHYpQjfZBnqobKwBHC2S1R3tsNYXdomayR7noZPlgyrjCT0vM7U5h', '']],
  'atlassian-api-token': [
    [
      'jira token ',
      'ATATT3xTQKKb9jMmFjdeUh1MQPfTpStM8zTFdhehI4D4KYUqwkJZmZTx5X1jBugC14Ixqwc3GWS8Zvdle3UC5D0B3Tr6B8KgGx8CfD6IO7W6kwymooXMVpbaXXBC6dZLTHHYTYC3XgIiaXNcL3PYwiLgjNuvAFgHMT2zDsyBZ6BU49Uw90PAqOSpuUuZZJaV',
      ' ',
    ],
  ],
  'planetscale-token': [['password: ', 'pscale_pw_0awo3DzNlq2x8y3qM3TGAJ7s9gbAfXVjE8jybTrLc6d', '']],
  'grafana-token': [
    ['key ', 'glc_WeYzqGwQtjLJ0E1Cz2S9EQ5fSPf8sIoyF1bkDt3x0G3xbFAE6BHNJ2Y9GscKMt3r', ' '],
    ['sa ', 'glsa_X00GiOnwciaXJN8P7uhoLQurtS66700b_8c059b91', ''],
  ],
  'new-relic-api-key': [['NEW_RELIC_API_KEY=', 'NRAK-HH36OYWIT4F04PXYPI4UYZK4FAI', '']],
  'sentry-token': [
    ['SENTRY_AUTH_TOKEN=', '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', ''],
  ],
  'dynatrace-token': [
    [
      'Api-Token ',
      'dt0c01.6JMVO45P322B2485UW594ZRM.BL29Z79H3AD4E9S5LD3V9P0F1TF9K2RFSFTUGWM33HSB8M79LCYUM7H9EL3N1O7R',
      '',
    ],
  ],
  'age-secret-key': [['# key\n', 'AGE-SECRET-KEY-1QGGJAS472QGLQ8FUA24QUXC7NLS74X7ANFSH8MMAG5NFR07HEF3V4JXPJP', '\n']],
  'alibaba-access-key-id': [['access key ', 'LTAIShv2u0kspBpS4zhzfQrY', '']],
  'azure-ad-client-secret': [['client secret: ', '4lq8Q~1rqnLpMc1vvTG6RJHKI1Sm~G9rFaiq6RSN', '']],
  'telegram-bot-token': [['bot ', '123456789:AAjWTvBxWh15qSRfpz5Ayx1cMr4MnkKuPWc', ' ']],
  'twilio-api-key': [['twilio ', 'SK22387e64f3e1fe5c7b2ae0e0cb3bd923', '']],
  'mailgun-api-key': [['api:', 'key-b7b22589b8106632247f3aa018c3ac27', '']],
  'brevo-api-key': [
    ['BREVO_KEY=', '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', ''],
  ],
  'square-token': [['SQUARE_TOKEN=', 'sq0atp-EyFPtbsVzMWFGljRUnGX3s', '']],
  'groq-api-key': [['GROQ_API_KEY=', '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', '']],
  'perplexity-api-key': [['PPLX_API_KEY=', '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', '']],
  'replicate-api-token': [['REPLICATE_API_TOKEN=', 'r8_gWEqrmkn9x4oXriX3pPLlPhWRTLjEc2MjytVi', '']],
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
  'shopify-token': [['SHOPIFY_TOKEN=', `shpat_${'0a1b2c3d4e5f6789'.repeat(2)}`, '']],
  'linear-api-key': [['', `lin_api_${'AbCdEf0123'.repeat(4)}`, ' (Linear)']],
  'onepassword-service-account-token': [
    ['OP_SERVICE_ACCOUNT_TOKEN=', `ops_eyJ${'c2lnbkluQWRkcmVzcyI6Im15'.repeat(5)}fQ==`, ''],
  ],
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
  'sendgrid-api-key': [
    ['key: ', `SG.${'ngeVfQFYQlKU0ufo8x5d1A'}.${'TwL2iGABf9DHoTf-09kqeF8tAmbihYzrnopKc-1s5cr'}`, ''],
  ],
  'anthropic-api-key': [['ANTHROPIC_API_KEY: ', `sk-ant-api03-${'abcdEFGH12'.repeat(9)}AA`, '']],
  'openai-api-key': [
    ['', 'sk-proj-abcdefghijklmnopqrstuvwxyz012345', ''],
    ['OPENAI_API_KEY=', `sk-${'aB3dE5gH7jK9mN1pQ2sT'}T3BlbkFJ${'uV4wX6yZ8bC0dF2hJ4kL'}`, ''],
  ],
  jwt: [
    ['token is ', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', '.'],
  ],
  'authorization-header': [
    ['Authorization: Basic ', 'dXNlcjpwYXNzd29yZA==', ''],
    ['{"authorization": "Bearer ', 'abc.def-ghi_0123', '"}'],
  ],
  'bearer-token': [['curl -H "X: Bearer ', 'abcdef0123456789abcdef', '"']],
  'session-cookie': [
    ['Cookie: session=', '8f14e45fceea167a5a36', ''],
    ['Set-Cookie: sid=', '9f86d081884c7d65', '; Path=/; HttpOnly'],
    ['Cookie: theme=dark; connect.sid=', 's%3AKq8ZpL2v.Xn4RtY7b', ''],
    ['', 'PHPSESSID=q1w2e3r4t5y6u7i8'.slice(10), ''].map((part, index) =>
      index === 0 ? 'PHPSESSID=' : part,
    ) as Example,
    ['JSESSIONID=', '1A2B3C4D5E6F7G8H', ';'],
  ],
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
    ['//registry.npmjs.org/:_authToken=', '00000000-1111-2222-3333-444444444444', ''],
    ['db_password=', 'Tr0ub4dor&3', ''],
  ],
  'password-in-prose': [
    ['the admin password is ', 'hunter2-Correct-Horse', ''],
    ['The root password was ', 'Winter2026!x', '.'],
    ['le mot de passe : ', 'Tr0ub4dor&3', ''],
    ['la contraseña es ', 'S3creta-2026', ' (temporal)'],
    ['Das Passwort für root ist ', 'geheim-42', '.'],
    ['数据库密码是', 'abc123XYZ', '。'],
    ['the password for root is\n', 'P@ssw0rd-7731', ''],
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

test('every rule and the entropy heuristic read the whole string: a token past 64 KiB, or past 1 MiB, is found', () => {
  const token = 'xJ8fK2mQ9pL4vR7tW1zY3bN6cD5hG0aS';
  for (const padding of [65_536, 1 << 20]) {
    const text = `${'. '.repeat(padding)}${token}`;
    assert.deepEqual(findSecret(text), {
      rule: 'high-entropy-token',
      kind: 'a high-entropy token',
      start: 2 * padding,
      end: 2 * padding + token.length,
    });
    assert.equal(findSecret(`${'. '.repeat(padding)}AKIAIOSFODNN7EXAMPLE`)?.rule, 'aws-access-key-id');
    // Past the cap and after normalization (a format character early in the text).
    assert.equal(findSecret(`\u200B${'. '.repeat(padding)}${token}`)?.start, 2 * padding + 1);
  }
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
    // Issue 20: labels whose value is a word, prose about passwords, tokens named but absent.
    'https://uaix.org/en-us/guides/?key=release-notes',
    'the password: required',
    'The password field is required.',
    'Set a password before the first sync.',
    'the password is stored in a vault, never in a packet',
    'The password is at least twelve characters long.',
    'password: ********',
    'password: <redacted>',
    '//registry.npmjs.org/:_authToken=${NPM_TOKEN}',
    '{"access_token_present": false, "token_type": "bearer"}',
    '"token_type": "bearer"',
    'Bearer authentication-required-for-this-route',
    'sha256: d3600b950ea7b3556177d1271e6a5fad1400df6a173b4315ec1be19002eb9b1d',
    'the public key is d3600b950ea7b3556177d1271e6a5fad1400df6a173b4315ec1be19002eb9b1d',
    'Cookie: required for the review session',
    'Le mot de passe est obligatoire.',
    'La contraseña es obligatoria.',
    '密码是必填项。',
    'The JWK has "kty": "oct" but no key here.',
    'SG.records and sk-proj notes',
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

test('the keyword pre-test lists every rule whose own keyword test passes on the text as the rules read it', () => {
  const keywords = SECRET_RULES.flatMap((rule) => rule.keywords);
  // Keywords, their pieces and neighbours: overlaps ("xoxapp-", "sk-sk-ant-"), case changes, and
  // non-ASCII letters that lower-case to ASCII (U+212A KELVIN SIGN → "k", U+0130 → "i̇"), format
  // characters, fullwidth letters and percent triplets that normalization removes or turns into ASCII.
  const piece = fc.oneof(
    fc.constantFrom(...keywords),
    fc.constantFrom(...keywords).map((keyword) => keyword.slice(0, Math.max(1, keyword.length - 1))),
    fc.constantFrom(...keywords).map((keyword) => keyword.slice(1)),
    fc.constantFrom(
      ' ',
      '-',
      '_',
      '=',
      ':',
      '/',
      'x',
      'K',
      '\u212Aey',
      '\u0130',
      'é',
      '\u200B',
      '😀',
      'ｐａｓｓ',
      '%5F',
      '%',
    ),
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
  fc.assert(
    fc.property(texts, (text) => {
      const screened = new Set(screenedRules(text));
      const normalized = normalizeRuleText(text);
      SECRET_RULES.forEach((rule, order) => {
        const required = (rule.requires ?? []).every((literal) => normalized.includes(literal));
        if (ownTests[order].test(normalized) && required)
          assert.ok(screened.has(order), `${rule.id} skipped for ${JSON.stringify(text)}`);
      });
    }),
    { numRuns: 2_000 },
  );
});

test('a word, words joined by - _ or ., a placeholder or one repeated character is no value a label gives away', () => {
  for (const value of [
    'required',
    'Required',
    'REDACTED',
    'release-notes',
    'user_name',
    'v.next',
    '<password>',
    '${NPM_TOKEN}',
    '{{secret}}',
    '%PASSWORD%',
    '********',
    'xxxxxx',
  ])
    assert.ok(isWordOrPlaceholder(value), value);
  for (const value of ['hunter22', 'hunter2-Correct', 'aBcDeFgH', 'c0ffee-and-tea', 'p@ss-word', '1234567'])
    assert.equal(isWordOrPlaceholder(value), false, value);
});
