/**
 * Adversarial timings of the policy rules (`npm run bench`; not a test): one row per rule, each on
 * a 1 MiB string built to be the worst case for that rule (long runs of the quantified class
 * without the terminator, prefixes repeated back to back, a negation before every capability):
 * every secret family of `SECRET_RULES` and the high-entropy heuristic (each timed as the whole
 * scanner, `findSecrets`, on that input), the claim detector per language, the expiry rule and the
 * route-record URL rules. Target: each ≤ 50 ms. Each row is run once to warm up, then 7 times
 * with a garbage collection before each run (so no row pays for the previous row's strings); the
 * table shows the median and the fastest run, and the load average, since a shared machine's load
 * moves the median. `--size N --runs R` times N-character inputs R times instead (the test suite runs
 * it at its smallest, to see that it still runs).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SECRET_RULES, HIGH_ENTROPY_RULE } from '../src/uai/secretRules.ts';
import { findSecrets } from '../src/uai/secretScan.ts';
import { findUnsupportedClaims } from '../src/uai/supportClaims.ts';
import { expiredRule } from '../src/uai/policyRules.ts';
import { utcDateTimeOfDate } from '../src/uai/utcDateTime.ts';
import { routeRuleIssues } from '../src/uai/routeRules.ts';
import { ROUTE_FIXTURES_DIR } from '../src/uai/node/recordFiles.ts';

/** The value after `name` on the command line, as a whole number ≥ 1, or `fallback`. */
function countOption(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number ≥ 1`);
  return value;
}

/** The length of every adversarial input: 1 MiB unless `--size` says otherwise. */
const SIZE = countOption('--size', 1 << 20);
const SIZE_LABEL = SIZE === 1 << 20 ? '1 MiB' : `${SIZE.toLocaleString('en-US')}-character`;
const RUNS = countOption('--runs', 7);

// `npm run bench` passes no --expose-gc; set the flag now and take gc from a fresh context.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const TARGET_MS = 50;

/** `unit` repeated to exactly `size` characters. */
const fill = (unit: string, size = SIZE) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
/** `head` then `unit` repeated, SIZE characters in all. */
const after = (head: string, unit: string) => head + fill(unit, SIZE - head.length);

/** A deterministic pseudo-random base64url string (a linear congruential generator). */
function randomToken(size: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const chars: string[] = [];
  let state = 12345;
  for (let index = 0; index < size; index++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    chars.push(alphabet[state >>> 26]);
  }
  return chars.join('');
}

/** Adversarial inputs per secret rule id: the shapes that made a naive pattern for that family backtrack. */
const SECRET_INPUTS: Record<string, [description: string, make: () => string][]> = {
  'pem-private-key': [["'-----BEGIN ' then 'A ' repeated", () => after('-----BEGIN ', 'A ')]],
  'openssh-private-key': [["'-----BEGIN OPENSSH ' repeated", () => fill('-----BEGIN OPENSSH ')]],
  'hex-private-key': [
    ["'private_key: ' then hex without an end", () => after('private_key: ', 'a')],
    ["'privkey ' repeated", () => fill('privkey ')],
  ],
  'jwk-symmetric-key': [['\'"oct" "k": "\' then base64url without a quote', () => after('"oct" "k": "', 'a')]],
  'aws-access-key-id': [["'AKIA' repeated", () => fill('AKIA')]],
  'aws-secret-access-key': [
    ["'aws_secret_access_key' then spaces", () => after('aws_secret_access_key', ' ')],
    ["'aws_secret_key=' repeated", () => fill('aws_secret_key=')],
  ],
  'gcp-api-key': [["'AIza-' repeated", () => fill('AIza-')]],
  'azure-connection-string-key': [["'AccountKey=' then 'A' without '='", () => after('AccountKey=', 'A')]],
  'github-token': [["'ghp_' + 35 alphanumerics, repeated", () => fill(`ghp_${'a'.repeat(35)} `)]],
  'github-fine-grained-token': [["'github_pat_' repeated", () => fill('github_pat_')]],
  'gitlab-token': [["'glpat-' + 19 characters, repeated", () => fill(`glpat-${'a'.repeat(19)} `)]],
  'npm-token': [["'npm_' + 35 alphanumerics, repeated", () => fill(`npm_${'a'.repeat(35)} `)]],
  'pypi-token': [["'pypi-AgEIcHlwaS5vcmc' repeated", () => fill('pypi-AgEIcHlwaS5vcmc ')]],
  'shopify-token': [["'shpat_' repeated", () => fill('shpat_')]],
  'linear-api-key': [["'lin_api_' + 31 characters, repeated", () => fill(`lin_api_${'a'.repeat(31)} `)]],
  'onepassword-service-account-token': [["'ops_eyJ' repeated", () => fill('ops_eyJ')]],
  'huggingface-token': [["'hf_' + 33 letters, repeated", () => fill(`hf_${'a'.repeat(33)} `)]],
  'doppler-token': [["'dp.pt.' then alphanumerics without an end", () => after('dp.pt.', 'a')]],
  'databricks-token': [["'dapi' + 31 hex, repeated", () => fill(`dapi${'a'.repeat(31)} `)]],
  'digitalocean-token': [["'dop_v1_' repeated", () => fill('dop_v1_')]],
  'postman-api-key': [["'PMAK-' + 24 hex + '-', repeated", () => fill(`PMAK-${'a'.repeat(24)}-`)]],
  'vault-token': [["'hvs.' + 89 characters, repeated", () => fill(`hvs.${'a'.repeat(89)} `)]],
  'terraform-cloud-token': [["alphanumerics then '.atlasv1.', repeated", () => fill(`${'a'.repeat(14)}.atlasv1.`)]],
  'pulumi-token': [["'pul-' repeated", () => fill('pul-')]],
  'heroku-api-key': [["'HRKU-' + 59 characters, repeated", () => fill(`HRKU-${'a'.repeat(59)} `)]],
  'atlassian-api-token': [["'ATATT3' repeated", () => fill('ATATT3')]],
  'planetscale-token': [["'pscale_tkn_' + 31 characters, repeated", () => fill(`pscale_tkn_${'a'.repeat(31)} `)]],
  'grafana-token': [
    ["'glc_' + 31 characters, repeated", () => fill(`glc_${'a'.repeat(31)} `)],
    ["'glsa_' + 32 alphanumerics + '_', repeated", () => fill(`glsa_${'a'.repeat(32)}_`)],
  ],
  'new-relic-api-key': [["'NRAK-' repeated", () => fill('NRAK-')]],
  'sentry-token': [["'sntrys_eyJ' repeated", () => fill('sntrys_eyJ')]],
  'dynatrace-token': [["'dt0c01.' + 24 characters + '.', repeated", () => fill(`dt0c01.${'A'.repeat(24)}.`)]],
  'age-secret-key': [["'AGE-SECRET-KEY-1' repeated", () => fill('AGE-SECRET-KEY-1')]],
  'alibaba-access-key-id': [["'LTAI' repeated", () => fill('LTAI')]],
  'azure-ad-client-secret': [
    ["'abc8Q~' repeated", () => fill('abc8Q~')],
    ["'a' repeated (a run without 'Q~')", () => fill('a')],
  ],
  'telegram-bot-token': [
    ["digits then ':AA', repeated", () => fill('123456:AA')],
    ["'1' repeated (a run of digits)", () => fill('1')],
  ],
  'twilio-api-key': [["'SK' repeated", () => fill('SK')]],
  'mailgun-api-key': [["'key-' repeated", () => fill('key-')]],
  'brevo-api-key': [["'xkeysib-' + 64 hex + '-', repeated", () => fill(`xkeysib-${'a'.repeat(64)}-`)]],
  'square-token': [["'sq0atp-' repeated", () => fill('sq0atp-')]],
  'groq-api-key': [["'gsk_' + 51 alphanumerics, repeated", () => fill(`gsk_${'a'.repeat(51)} `)]],
  'perplexity-api-key': [["'pplx-' repeated", () => fill('pplx-')]],
  'replicate-api-token': [["'r8_' repeated", () => fill('r8_')]],
  'slack-webhook': [["'https://hooks.slack.com/services/' repeated", () => fill('https://hooks.slack.com/services/')]],
  'discord-webhook': [
    ["'https://discord.com/api/webhooks/' then digits", () => after('https://discord.com/api/webhooks/', '1')],
  ],
  'slack-token': [["'xoxb-' repeated", () => fill('xoxb-')]],
  'stripe-secret-key': [["'sk_live_' repeated", () => fill('sk_live_')]],
  'sendgrid-api-key': [["'SG.' + 16 characters, repeated", () => fill(`SG.${'a'.repeat(16)}`)]],
  'anthropic-api-key': [["'sk-ant-api03-' repeated", () => fill('sk-ant-api03-')]],
  'openai-api-key': [
    ["'sk-proj-' repeated", () => fill('sk-proj-')],
    ["'sk-' + 20 alphanumerics + 'T3BlbkFJ', repeated", () => fill(`sk-${'a'.repeat(20)}T3BlbkFJ`)],
  ],
  jwt: [
    ["'eyJ-' repeated (no dots)", () => fill('eyJ-')],
    ["'eyJaaaaa.' repeated", () => fill('eyJaaaaa.')],
  ],
  'authorization-header': [
    ["'Authorization:' then spaces", () => after('Authorization:', ' ')],
    ["'Authorization: Bearer ' repeated", () => fill('Authorization: Bearer ')],
  ],
  'bearer-token': [
    ["'Bearer ' repeated", () => fill('Bearer ')],
    ["'Bearer' then tabs", () => after('Bearer', '\t')],
  ],
  'session-cookie': [
    ["'Cookie: a=b;' repeated", () => fill('Cookie: a=b;')],
    ["'Cookie: ' then 'a=' repeated", () => after('Cookie: ', 'a=')],
    ["'PHPSESSID=' repeated", () => fill('PHPSESSID=')],
  ],
  'url-credentials': [
    ["'a' repeated (a scheme without ://)", () => fill('a')],
    // Ends in '@', the literal the rule requires, so the pattern runs over the whole string.
    ["'a://b:' repeated, then '@'", () => `${fill('a://b:', SIZE - 1)}@`],
  ],
  'url-query-token': [
    ["'?token=' repeated", () => fill('?token=')],
    ["'&key=abcde' repeated", () => fill('&key=abcde')],
  ],
  'credential-assignment': [
    ["'password' then spaces", () => after('password', ' ')],
    ["'password: ' repeated", () => fill('password: ')],
  ],
  'password-in-prose': [
    ["'password ' repeated", () => fill('password ')],
    ["'password for a b c ' repeated", () => fill('password for a b c ')],
    ["'password is ' then a word without an end", () => after('password is ', 'a')],
    ["'密码' then spaces", () => after('密码', ' ')],
  ],
  [HIGH_ENTROPY_RULE.id]: [
    ["'a' then '=' repeated then 'a'", () => `a${fill('=', SIZE - 2)}a`],
    ['random base64url', () => randomToken(SIZE)],
    ["'\u200b' then a random base64url (normalized, whole string)", () => `\u200b${randomToken(SIZE - 1)}`],
  ],
};

/** Rows for the normalization the scanner reads through: format characters and percent runs everywhere. */
const NORMALIZED_INPUTS: [description: string, make: () => string][] = [
  ["'Be\u200barer ' repeated", () => fill('Be\u200barer ')],
  ["'%41' repeated (one percent run)", () => fill('%41')],
  [
    "'ghp_' + 36 alphanumerics + '\u200b', repeated (100 findings to map back)",
    () => fill(`ghp_${'a1B2'.repeat(9)}\u200b `),
  ],
];

const CLAIM_INPUTS: [language: string, description: string, make: () => string][] = [
  ['en', "'UAIX ' then 'a-' repeated (URL-scheme shape)", () => after('UAIX ', 'a-')],
  ['en', "'UAIX provides ' then 'hosted ' repeated", () => after('UAIX provides ', 'hosted ')],
  [
    'en',
    "'UAIX does not provide ' then 'hosted messaging, ' repeated",
    () => after('UAIX does not provide ', 'hosted messaging, '),
  ],
  ['en', "'UAIX and no ' repeated (clauses and negations)", () => fill('UAIX and no ')],
  // Verb forms with bounded words before their object or adverb ("syncs your agents automatically").
  ['en', "'UAIX syncs ' then 'your ' repeated (verb, words, no adverb)", () => after('UAIX syncs ', 'your ')],
  ['en', "'UAIX keeps in ' repeated (verb forms)", () => fill('UAIX keeps in ')],
  [
    'en',
    "'https://x.example/?q=UAIX+' then 'hosts+messages&' repeated (a query string)",
    () => after('https://x.example/?q=UAIX+', 'hosts+messages&'),
  ],
  [
    'es',
    "'UAIX no ofrece ' then 'mensajería alojada, ' repeated",
    () => after('UAIX no ofrece ', 'mensajería alojada, '),
  ],
  [
    'fr',
    "'UAIX ne fournit pas ' then 'la synchronisation automatique, ' repeated",
    () => after('UAIX ne fournit pas ', 'la synchronisation automatique, '),
  ],
  ['fr', "'UAIX\u200b ' then 'é' repeated (normalization)", () => after('UAIX\u200b ', 'e\u0301')],
  ['zh', "'UAIX 不提供' then '托管消息、' repeated", () => after('UAIX 不提供', '托管消息、')],
  ['zh', "'UAIX 并不是不' repeated (negations, Han words)", () => fill('UAIX 并不是不')],
  [
    'en',
    "'Agent runtimes execute. It hosts your messages. ' repeated (pronouns)",
    () => fill('Agent runtimes execute. It hosts your messages. '),
  ],
  [
    'en',
    "'UAIX is here. ' then 'Provides hosted messaging, never fails to certify. ' repeated (dropped subjects)",
    () => after('UAIX is here. ', 'Provides hosted messaging, never fails to certify. '),
  ],
];

interface Row {
  rule: string;
  input: string;
  medianMs: number;
  fastestMs: number;
  runsMs: number[];
}

function time(rule: string, input: string, run: () => unknown): Row {
  run();
  const runsMs: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    collectGarbage();
    const start = process.hrtime.bigint();
    run();
    runsMs.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  process.stderr.write(`  measured ${rule}: ${input}\n`);
  return { rule, input, medianMs: sorted[Math.floor(RUNS / 2)], fastestMs: sorted[0], runsMs };
}

const missing = [...SECRET_RULES.map((rule) => rule.id), HIGH_ENTROPY_RULE.id].filter((id) => !SECRET_INPUTS[id]);
if (missing.length > 0) throw new Error(`no adversarial input for secret rules: ${missing.join(', ')}`);

const rows: Row[] = [];
for (const [id, inputs] of Object.entries(SECRET_INPUTS)) {
  for (const [description, make] of inputs) {
    const text = make();
    rows.push(time(`secret ${id}`, description, () => findSecrets(text)));
  }
}
for (const [description, make] of NORMALIZED_INPUTS) {
  const text = make();
  rows.push(time('secret scanner, normalized', description, () => findSecrets(text)));
}
for (const [language, description, make] of CLAIM_INPUTS) {
  const text = make();
  rows.push(time(`claims ${language}`, description, () => findUnsupportedClaims(text)));
}
const longFraction = { delivery: { expires_at: `2026-01-01T00:00:00.${fill('0', SIZE - 22)}x` } };
rows.push(
  time('expiry', `expires_at with a ${SIZE_LABEL} fraction and no Z`, () =>
    expiredRule(longFraction, utcDateTimeOfDate(new Date())),
  ),
);
const route = JSON.parse(
  readFileSync(join(ROUTE_FIXTURES_DIR, 'valid', 'live-get-with-static-snapshot.json'), 'utf8'),
) as Record<string, unknown>;
for (const [description, url] of [
  ["path 'https://' then 'a' repeated", `https://${fill('a', SIZE - 8)}`],
  ["path 'https://x/?token=' repeated", fill('https://x/?token=')],
] as const) {
  const record = { ...route, path: url };
  rows.push(time('route URL rules', description, () => routeRuleIssues(record)));
}

const table = [
  ['rule', `adversarial ${SIZE_LABEL} input`, 'median ms', 'fastest ms', `median ≤ ${TARGET_MS} ms`],
  ...rows.map((row) => [
    row.rule,
    row.input,
    row.medianMs.toFixed(1),
    row.fastestMs.toFixed(1),
    row.medianMs <= TARGET_MS ? 'yes' : 'NO',
  ]),
];
const widths = table[0].map((_, column) => Math.max(...table.map((line) => line[column].length)));
const format = (line: string[]) =>
  line
    .map((cell, column) => (column === 2 || column === 3 ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
    .join('  ');
const over = rows.filter((row) => row.medianMs > TARGET_MS);

console.log('');
console.log(
  `Policy rules on ${SIZE_LABEL} adversarial strings: ${RUNS} runs after warm-up, Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
console.log('');
console.log(format(table[0]));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const line of table.slice(1)) console.log(format(line));
console.log('');
console.log(
  `${rows.length} rows, ${over.length} over ${TARGET_MS} ms; slowest ${Math.max(...rows.map((row) => row.medianMs)).toFixed(1)} ms`,
);
console.log(
  JSON.stringify({
    bench: 'uai-rules-adversarial',
    node: process.version,
    cpus: cpus().length,
    inputChars: SIZE,
    runs: RUNS,
    targetMs: TARGET_MS,
    loadAverage: loadavg().map((load) => Number(load.toFixed(2))),
    results: rows.map((row) => ({
      rule: row.rule,
      input: row.input,
      medianMs: Number(row.medianMs.toFixed(2)),
      fastestMs: Number(row.fastestMs.toFixed(2)),
      runsMs: row.runsMs.map((ms) => Number(ms.toFixed(2))),
    })),
  }),
);
