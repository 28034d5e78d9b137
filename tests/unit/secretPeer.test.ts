/**
 * The secret scanner measured against a maintained peer: secretlint's recommended preset
 * (@secretlint/secretlint-rule-preset-recommend, a test-only dependency; the core stays free of
 * dependencies). A generated corpus (fixed seed) holds credentials of every family the preset
 * knows; every credential secretlint finds there must be found by ours, at an overlapping place.
 * And ours stays clean on the false-positive corpus: valid fixtures, ordinary packet text and the
 * content Markdown.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { extname, relative } from 'node:path';
import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import { findSecrets } from '../../src/uai/secretScan.ts';
import { seededRandom } from '../../src/uai/conformanceSeed.ts';
import { REPOSITORY_ROOT, EXAMPLES_DIR } from '../../src/uai/node/recordFiles.ts';
import { CONTENT_DIR } from '../../src/record/content/node/contentFiles.ts';
import { walkFiles } from '../../src/record/node/walkFiles.ts';

/** A deterministic generator (mulberry32, the conformance harness's), so the corpus is the same on every run. */
function generator(seed: number) {
  const random = seededRandom(seed);
  const from = (alphabet: string, length: number) =>
    Array.from({ length }, () => alphabet[random.below(alphabet.length)]).join('');
  return { next: random.next, from };
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = UPPER + LOWER + DIGITS;
const BASE32 = `${UPPER}234567`;
const HEX = '0123456789abcdef';

/**
 * Credentials per family of the preset, in the contexts where they occur (config lines, JSON,
 * URLs, shell). The AWS account id the preset also reports is an identifier, not a credential
 * (UAI-1's redaction rule names keys, credentials and tokens), so it is left out of the corpus.
 */
function peerCorpus(seed: number): { family: string; text: string }[] {
  const { from, next } = generator(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const families: Record<string, () => string> = {
    'aws access key id': () => `aws_access_key_id = ${pick(['AKIA', 'ASIA'])}${from(BASE32, 16)}`,
    'aws secret access key': () =>
      `${pick(['AWS_SECRET_ACCESS_KEY', 'aws_secret_access_key', 'SECRET_ACCESS_KEY'])}=${from(`${ALNUM}/+`, 40)}`,
    'github classic token': () => `token: ${pick(['ghp', 'gho', 'ghu', 'ghs', 'ghr'])}_${from(ALNUM, 36)}`,
    'github fine-grained token': () => `GH_TOKEN=github_pat_${from(ALNUM, 22)}_${from(ALNUM, 59)}`,
    'github x-oauth-basic URL': () => `git clone https://${from(HEX, 40)}:x-oauth-basic@github.com/uaix/record.git`,
    'npm token': () => `//registry.npmjs.org/:_authToken=npm_${from(ALNUM, 36)}`,
    'npm legacy authToken': () =>
      `//registry.npmjs.org/:_authToken=${from(HEX, 8)}-${from(HEX, 4)}-${from(HEX, 4)}-${from(HEX, 4)}-${from(HEX, 12)}`,
    'slack token': () =>
      `SLACK_TOKEN=${pick(['xoxb', 'xoxp', 'xoxa', 'xoxr'])}-${from(DIGITS, 12)}-${from(DIGITS, 12)}-${from(ALNUM, 24)}`,
    'slack app token': () => `xapp-1-A${from(UPPER + DIGITS, 10)}-${from(DIGITS, 13)}-${from(HEX, 64)}`,
    'slack incoming webhook': () =>
      `https://hooks.slack.com/services/T${from(UPPER + DIGITS, 8)}/B${from(UPPER + DIGITS, 10)}/${from(ALNUM, 24)}`,
    'sendgrid api key': () => `SENDGRID_API_KEY=SG.${from(`${ALNUM}_`, 22)}.${from(`${ALNUM}_`, 43)}`,
    'shopify token': () => `${pick(['shppa', 'shpca', 'shpat', 'shpss'])}_${from(HEX, 32)}`,
    'openai project key': () => `OPENAI_API_KEY=sk-proj-${from(ALNUM, 74)}T3BlbkFJ${from(ALNUM, 74)}`,
    'openai legacy key': () => `openai.api_key = "sk-${from(ALNUM, 20)}T3BlbkFJ${from(ALNUM, 20)}"`,
    'linear api key': () => `LINEAR_API_KEY=lin_api_${from(ALNUM, 40)}`,
    '1password service account token': () => {
      const fields = { email: `${from(LOWER, 12)}@1passwordserviceaccounts.lcl`, secretKey: from(ALNUM, 34) };
      // The token's base64 ends in "fQ" (a lone closing brace): pad the JSON to a length of 3n + 1.
      const json = [0, 1, 2]
        .map((pad) => JSON.stringify({ ...fields, pad: 'x'.repeat(pad) }))
        .find((text) => text.length % 3 === 1)!;
      return `OP_SERVICE_ACCOUNT_TOKEN=ops_${Buffer.from(json).toString('base64')}`;
    },
    'private key block': () => {
      const kind = pick(['RSA ', 'EC ', 'DSA ', 'OPENSSH ', 'ENCRYPTED ', '']);
      return `-----BEGIN ${kind}PRIVATE KEY-----\n${from(`${ALNUM}+/`, 64)}\n${from(`${ALNUM}+/`, 40)}=\n-----END ${kind}PRIVATE KEY-----`;
    },
    'gcp service account json': () =>
      JSON.stringify({
        type: 'service_account',
        private_key_id: from(HEX, 40),
        private_key: `-----BEGIN PRIVATE KEY-----\n${from(`${ALNUM}+/`, 64)}\n-----END PRIVATE KEY-----\n`,
      }),
    'basic auth in a URL': () =>
      `${pick(['https', 'http', 'ftp'])}://${from(LOWER, 8)}:${from(ALNUM, 8)}${from(DIGITS, 2)}@${from(LOWER, 6)}.example.com/`,
  };
  return Object.entries(families).flatMap(([family, make]) =>
    Array.from({ length: 6 }, () => ({ family, text: make() })),
  );
}

/** The preset with the AWS rule's id scan on (off by default): access key ids are credentials. */
const PRESET = {
  rules: [
    {
      id: recommended.meta.id,
      rule: recommended,
      rules: [{ id: '@secretlint/secretlint-rule-aws', options: { enableIDScanRule: true } }],
    },
  ],
};

async function peerFindings(
  text: string,
  name: string,
): Promise<{ ruleId: string; messageId: string; range: [number, number] }[]> {
  const result = await lintSource({
    source: { content: text, filePath: `/corpus/${name}`, ext: extname(name) || '.txt', contentType: 'text' },
    options: { config: PRESET },
  });
  return result.messages.map(({ ruleId, messageId, range }) => ({
    ruleId,
    messageId,
    range: range as [number, number],
  }));
}

test('every credential secretlint (recommended preset) finds in the generated corpus is found by our scanner', async () => {
  const corpus = peerCorpus(20_2026);
  const missed: string[] = [];
  const familiesSeen = new Set<string>();
  for (const [index, { family, text }] of corpus.entries()) {
    // Each sample in the file it lives in: the npm rule reads .npmrc files only.
    const name = family.startsWith('npm')
      ? `${index}/.npmrc`
      : family.includes('json')
        ? `sample-${index}.json`
        : `sample-${index}.txt`;
    const theirs = (await peerFindings(text, name)).filter((finding) => finding.messageId !== 'AWSAccountID');
    if (theirs.length > 0) familiesSeen.add(family);
    const ours = findSecrets(text);
    for (const { ruleId, messageId, range } of theirs) {
      // secretlint reports the GCP service account file as a whole; any finding of ours in it counts.
      const overlaps = ours.some((finding) => finding.start < range[1] && finding.end > range[0]);
      if (!overlaps) missed.push(`${family}: ${ruleId} ${messageId} in ${JSON.stringify(text.slice(0, 60))}`);
    }
  }
  assert.deepEqual(missed, []);
  // The corpus exercises the peer: each family is a credential secretlint itself reports.
  assert.deepEqual(
    [...new Set(corpus.map(({ family }) => family))].filter((family) => !familiesSeen.has(family)),
    [],
  );
});

/**
 * One sample per pattern of every rule of the preset, and per alternative inside a pattern (each AWS
 * key prefix, each Slack, Shopify and GitHub token type, each OpenAI key kind and length, each
 * private-key header, each basic-auth scheme, each spelling of the AWS secret's label and its `=>`),
 * constructed from the rules' own regular expressions (the preset ships no test fixtures), each in
 * the file it lives in.
 */
function presetSamples(): { rule: string; file: string; text: string }[] {
  const { from } = generator(38_2026);
  const base64 = `${ALNUM}+/`;
  const samples: { rule: string; file: string; text: string }[] = [];
  const add = (rule: string, text: string, file = 'sample.txt') => samples.push({ rule, file, text });
  for (const prefix of ['A3TX', 'AKIA', 'AGPA', 'AIDA', 'AROA', 'AIPA', 'ANPA', 'ANVA', 'ASIA'])
    add('aws', `id: ${prefix}${from(UPPER, 6)}0189${from(UPPER + DIGITS, 6)}`);
  for (const label of [
    'aws_secret_access_key = ',
    'AWS_SECRET_ACCESS_KEY=',
    'SECRET_ACCESS_KEY: ',
    'SecretAccessKey: ',
    '"AwsSecretAccessKey": "',
    'aws_secret_access_key => "',
  ])
    add('aws', `${label}${from(base64, 40)}"`);
  for (const kind of ['', 'RSA ', 'DSA ', 'EC ', 'PGP ', 'OPENSSH ', 'ENCRYPTED ']) {
    const block = kind === 'PGP ' ? ' BLOCK' : '';
    add(
      'privatekey',
      `-----BEGIN ${kind}PRIVATE KEY${block}-----\n${from(base64, 64)}\n-----END ${kind}PRIVATE KEY${block}-----\n`,
    );
  }
  add('npm', `//registry.npmjs.org/:_authToken=npm_${from(ALNUM, 36)}\n`, '.npmrc');
  add(
    'npm',
    `//registry.npmjs.org/:_authToken=${from(HEX, 8)}-${from(HEX, 4)}-${from(HEX, 4)}-${from(HEX, 4)}-${from(HEX, 12)}\n`,
    '.npmrc',
  );
  add('npm', `//npm.example.com/:_authToken=${from(base64, 44)}=\n`, '.npmrc');
  for (const scheme of ['http', 'https', 'ftp', 'ftps'])
    add('basicauth', `${scheme}://${from(LOWER, 6)}:${from(ALNUM, 12)}@files.example.com/`);
  for (const prefix of ['xoxb', 'xoxp', 'xoxa', 'xoxo', 'xoxr'])
    add('slack', `${prefix}-${from(DIGITS, 11)}-${from(DIGITS, 12)}-${from(ALNUM, 24)}`);
  add('slack', `xapp-1-A${from(UPPER + DIGITS, 10)}-${from(DIGITS, 13)}-${from(HEX, 64)}`);
  add(
    'slack',
    `https://hooks.slack.com/services/T${from(UPPER + DIGITS, 8)}/B${from(UPPER + DIGITS, 10)}/${from(ALNUM, 24)}`,
  );
  add('sendgrid', `SG.${from(`${ALNUM}_`, 22)}.${from(`${ALNUM}_`, 43)}`);
  for (const prefix of ['shppa', 'shpca', 'shpat', 'shpss']) add('shopify', `${prefix}_${from(HEX, 32)}`);
  for (const prefix of ['ghp', 'gho', 'ghu', 'ghs', 'ghr']) add('github', `${prefix}_${from(ALNUM, 36)}`);
  add('github', `github_pat_${from(ALNUM, 22)}_${from(ALNUM, 59)}`);
  add('github', `https://${from(HEX, 40)}:x-oauth-basic@github.com/uaix/record.git`);
  for (const kind of ['proj', 'svcacct', 'admin'])
    for (const length of [74, 58]) add('openai', `sk-${kind}-${from(ALNUM, length)}T3BlbkFJ${from(ALNUM, length)}`);
  add('openai', `sk-${from(ALNUM, 20)}T3BlbkFJ${from(ALNUM, 20)}`);
  add('linear', `lin_api_${from(ALNUM, 40)}`);
  const onePassword = [0, 1, 2]
    .map((pad) =>
      JSON.stringify({
        email: `${from(LOWER, 12)}@1passwordserviceaccounts.lcl`,
        secretKey: from(ALNUM, 34),
        pad: 'x'.repeat(pad),
      }),
    )
    .find((text) => text.length % 3 === 1)!;
  add('1password', `ops_${Buffer.from(onePassword).toString('base64')}`);
  add(
    'gcp',
    JSON.stringify({
      type: 'service_account',
      private_key_id: from(HEX, 40),
      private_key: `-----BEGIN PRIVATE KEY-----\n${from(base64, 64)}\n-----END PRIVATE KEY-----\n`,
    }),
    'service-account.json',
  );
  return samples;
}

test('one sample per pattern of every rule of the preset: secretlint finds each, and so does our scanner', async () => {
  const samples = presetSamples();
  const rulesFound = new Set<string>();
  const missed: string[] = [];
  for (const [index, { rule, file, text }] of samples.entries()) {
    const theirs = (await peerFindings(text, `${index}/${file}`)).filter(
      (finding) => finding.messageId !== 'AWSAccountID',
    );
    assert.ok(theirs.length > 0, `secretlint finds the ${rule} sample ${JSON.stringify(text.slice(0, 60))}`);
    for (const finding of theirs) rulesFound.add(finding.ruleId.replace('@secretlint/secretlint-rule-', ''));
    const ours = findSecrets(text);
    for (const { ruleId, messageId, range } of theirs)
      if (!ours.some((finding) => finding.start < range[1] && finding.end > range[0]))
        missed.push(`${rule}: ${ruleId} ${messageId} in ${JSON.stringify(text.slice(0, 70))}`);
  }
  assert.deepEqual(missed, []);
  // Every rule of the preset that finds credentials has samples (filter-comments only filters).
  const presetRules = recommended.rules.map((rule) => rule.meta.id.replace('@secretlint/secretlint-rule-', ''));
  assert.deepEqual(
    presetRules.filter((rule) => rule !== 'filter-comments' && !rulesFound.has(rule)),
    [],
  );
});

/** Ordinary UAI-1 text: identifiers, digests, URLs, times and prose as packets carry them. */
const PACKET_TEXT = [
  'idem_20260531_agent_ack_0002',
  'sha256:d3600b950ea7b3556177d1271e6a5fad1400df6a173b4315ec1be19002eb9b1d',
  'urn:uaix:log:agent-standard:20260531:ack_0002',
  '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
  'https://uaix.org/en-us/spec/agent-fallbacks/?key=release-notes#fallbacks',
  'The reviewer sets a password in the runtime; the packet records only that the password field is required.',
  'Rotate the session key in the runtime; packets never carry it.',
  '{"token_type": "bearer", "expires_in": 3600}',
  'Cookie: required for the review page only.',
  'Le mot de passe est obligatoire ; la contraseña también.',
];

test('our scanner stays clean on the false-positive corpus: valid fixtures, packet text, content Markdown', () => {
  const valid = walkFiles(EXAMPLES_DIR).filter((file) => file.includes('/valid/') && file.endsWith('.json'));
  const markdown = walkFiles(CONTENT_DIR).filter((file) => file.endsWith('.md'));
  assert.ok(valid.length > 10 && markdown.length > 20, `${valid.length} fixtures, ${markdown.length} Markdown files`);
  const found = [
    ...[...valid, ...markdown].flatMap((file) =>
      findSecrets(readFileSync(file, 'utf8')).map((finding) => `${relative(REPOSITORY_ROOT, file)}: ${finding.rule}`),
    ),
    ...PACKET_TEXT.flatMap((text) => findSecrets(text).map((finding) => `${text}: ${finding.rule}`)),
  ];
  assert.deepEqual(found, []);
});
