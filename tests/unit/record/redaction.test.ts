/**
 * Issue 13, gate 1: the redaction rules the publisher adds to the core's (private endpoints and
 * local traces), the masking, the allow-list and the claims gate's reading of block text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  PUBLISHER_RULES,
  findRedactionProblems,
  parseAllowList,
  redactionProblems,
  type AllowEntry,
} from '../../../src/record/checks/redaction.ts';
import { claimProblems } from '../../../src/record/checks/claimCheck.ts';
import { formatProblem } from '../../../src/uai/problem.ts';
import { SUPPORT_BOUNDARY } from '../../../src/record/machine/siteManifest.ts';

const rulesOf = (text: string) => findRedactionProblems(text).map((finding) => `${finding.rule} ${finding.value}`);

test('private endpoints: loopback and private-network addresses, internal host names, localhost URLs', () => {
  const found = [
    ['see http://10.20.30.40:8080/hook', 'private-ipv4 10.20.30.40'],
    ['127.0.0.1', 'private-ipv4 127.0.0.1'],
    ['host 172.16.0.9 or 172.31.255.1', 'private-ipv4 172.16.0.9'],
    ['192.168.1.20', 'private-ipv4 192.168.1.20'],
    ['169.254.169.254 (metadata)', 'private-ipv4 169.254.169.254'],
    ['[::1]:3000', 'private-ipv6 ::1'],
    ['fd00::1', 'private-ipv6 fd00::1'],
    ['fe80::1ff:fe23:4567:890a%eth0', 'private-ipv6 fe80::1ff:fe23:4567:890a'],
    ['https://build.corp/job', 'internal-host build.corp'],
    ['db-1.eu.internal:5432', 'internal-host db-1.eu.internal'],
    ['printer.local', 'internal-host printer.local'],
    ['open http://localhost:4321/en-us/', 'localhost-url //localhost:4321/en-us/'],
    ['listening on localhost:8080', 'localhost-url localhost:8080'],
  ];
  for (const [text, expected] of found) assert.equal(rulesOf(text)[0], expected, text);
});

test('local traces: absolute local paths and stack trace lines', () => {
  const found = [
    ['logs in /home/builder/uaix/dist', 'local-path /home/builder/uaix/dist'],
    ['/root/.npmrc', 'local-path /root/.npmrc'],
    ['/Users/ana/Desktop/packet.json', 'local-path /Users/ana/Desktop/packet.json'],
    ['/tmp/uaix-build-x1/dist', 'local-path /tmp/uaix-build-x1/dist'],
    ['/work/wt-guard/src/x.ts', 'local-path /work/wt-guard/src/x.ts'],
    ['file:///srv/site/index.html', 'local-path file:///srv/site/index.html'],
    ['C:\\Users\\ana\\uaix', 'local-path C:\\Users\\ana\\uaix'],
    ['"C:\\\\Users\\\\ana\\\\uaix"', 'local-path C:\\\\Users\\\\ana\\\\uaix'],
    [
      'Error\n    at loadSite (/srv/uaix/src/site.ts:40:11)',
      'stack-trace     at loadSite (/srv/uaix/src/site.ts:40:11)',
    ],
    ['    at node:internal/modules/run_main:123:12', 'stack-trace     at node:internal/modules/run_main:123:12'],
  ];
  for (const [text, expected] of found) assert.equal(rulesOf(text)[0], expected, text);
});

test('what the record legitimately says passes: public addresses, versions, URL paths, JSON Pointers, digests', () => {
  const clean = [
    'width: 10.5rem; version 1.10.2.3 and 10.1.3',
    'https://uaix.org/work/notes/ and https://uaix.org/home/',
    'the JSON Pointer /body/evidence/0/digest and /tmp is a folder name',
    'documentation addresses 192.0.2.1, 198.51.100.7, 203.0.113.9 and 2001:db8::1',
    'std::string and a::b, fade: 1s, feed: 2',
    'a host named example.localhost.org, the word local, a .locale file',
    'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    "style-src-attr 'unsafe-hashes' 'sha256-UtfrClQZ2r4kAWcywGTAYRsyX/s2pkl4siMRQYgPck4='",
    'it is at the top (see line 4)',
  ];
  for (const text of clean) assert.deepEqual(rulesOf(text), [], text);
});

test('the core secret rules run through the gate, and a secret inside a subresource digest is not one', () => {
  assert.deepEqual(
    findRedactionProblems('key AKIAIOSFODNN7EXAMPLE here').map((finding) => `${finding.kind}: ${finding.value}`),
    ['an AWS access key id: AKIAIOSFODNN7EXAMPLE'],
  );
  for (const algorithm of ['sha256', 'sha384', 'sha512']) {
    const digest = `${algorithm}-${createHash(algorithm).update('uaix').digest('base64')}`;
    assert.deepEqual(rulesOf(`integrity ${digest}`), [], digest);
  }
});

test('every publisher rule and its pre-test stay linear on adversarial input (1 MiB in well under a second)', () => {
  const adversarial = [
    'a.'.repeat(1 << 19),
    '1.'.repeat(1 << 19),
    `${' '.repeat(1 << 19)}at ${'/1:'.repeat(1 << 17)}`,
    'fc00:'.repeat(1 << 18),
    '/home/'.repeat(1 << 17),
    'localhost'.repeat(1 << 17),
    `    at ${'x'.repeat(1 << 20)}`,
    'FC'.repeat(1 << 19),
    `fe8${'0'.repeat(1 << 20)}`,
  ];
  for (const { rule, pattern, hint } of PUBLISHER_RULES) {
    for (const text of adversarial) {
      const started = performance.now();
      hint.test(text);
      for (const _match of text.matchAll(pattern));
      const milliseconds = performance.now() - started;
      assert.ok(
        milliseconds < 1000,
        `${rule} took ${milliseconds.toFixed(0)} ms on ${JSON.stringify(text.slice(0, 12))}…`,
      );
    }
  }
});

test('a finding is a problem with file, line, column, kind and rule, and the value masked', () => {
  const text = 'line one\nthe key: AKIAIOSFODNN7EXAMPLE\n';
  const problems = redactionProblems('content/guides/en-us/x.md', text, [], new Set());
  assert.equal(problems.length, 1);
  assert.deepEqual(problems[0].place, { line: 2, column: 10 });
  assert.match(
    formatProblem(problems[0]),
    /^content\/guides\/en-us\/x\.md:2:10: an AWS access key id: AKIA… \(20 characters\) \[[a-z0-9-]+\]$/,
  );
  assert.ok(!JSON.stringify(problems[0]).includes('IOSFODNN7EXAMPLE'), 'the value is printed unmasked');
});

test('the allow-list: only the exact value, only in the files named; used entries are recorded; malformed entries are problems', () => {
  const entry: AllowEntry = {
    files: ['schemas/x.json'],
    value: 'token AKIAIOSFODNN7EXAMPLE (fake)',
    reason: 'documentation example from the provider',
  };
  const text = '{\n  "a": "token AKIAIOSFODNN7EXAMPLE (fake)",\n  "b": "AKIAIOSFODNN7EXAMPLE"\n}';
  const used = new Set<AllowEntry>();
  const problems = redactionProblems('schemas/x.json', text, [entry], used);
  assert.equal(problems.length, 1, 'the second, bare occurrence is not inside the allowed value');
  assert.deepEqual(problems[0].place, { line: 3, column: 9 });
  assert.ok(used.has(entry));
  assert.equal(
    redactionProblems('schemas/y.json', text, [entry], new Set()).length,
    2,
    'another file gets no allowance',
  );

  // A content-hashed file name: one * for part of one path segment.
  const hashed: AllowEntry = {
    files: ['/_astro/engine.*.js'],
    value: 'AKIAIOSFODNN7EXAMPLE',
    reason: 'the rule source text, not a key',
  };
  assert.equal(redactionProblems('/_astro/engine.Ab12.js', 'x AKIAIOSFODNN7EXAMPLE', [hashed], new Set()).length, 0);
  assert.equal(
    redactionProblems('/_astro/sub/engine.Ab12.js', 'x AKIAIOSFODNN7EXAMPLE', [hashed], new Set()).length,
    1,
  );
  assert.deepEqual(
    parseAllowList(JSON.stringify({ entries: [{ ...hashed, files: ['/*/x.*.js'] }] }), 'a.json').problems.map(
      formatProblem,
    ),
    ['a.json /entries/0/files: at most one * per file name [redaction allow-list]'],
  );

  const parsed = parseAllowList(
    JSON.stringify({
      entries: [
        entry,
        { files: [], value: 'x', reason: 'long enough reason' },
        { files: ['a'], value: 'x', reason: '' },
      ],
    }),
    'allow.json',
  );
  assert.equal(parsed.entries.length, 1);
  assert.deepEqual(parsed.problems.map(formatProblem), [
    'allow.json /entries/1/files: must name at least one file [redaction allow-list]',
    'allow.json /entries/2/reason: must say why the value is safe to publish [redaction allow-list]',
  ]);
  assert.match(formatProblem(parseAllowList('{', 'allow.json').problems[0]), /^allow\.json: not JSON/);
});

test('claims gate: a claim is found and named; the support boundary passes; no sentence runs across table cells', () => {
  assert.match(
    formatProblem(claimProblems('/en-us/about/', 'Intro.\nUAIX provides hosted messaging for every agent.')[0]),
    /^\/en-us\/about\/: claims that UAIX provides hosted messaging \(en\): "UAIX provides hosted messaging.*" \[UAI-UNSUPPORTED-CLAIM\]$/,
  );
  assert.deepEqual(claimProblems('/en-us/about/', SUPPORT_BOUNDARY), []);
  assert.match(
    claimProblems('/fr-fr/x/', 'UAIX fournit une messagerie hébergée.')[0]?.message ?? '',
    /hosted messaging \(fr\)/,
  );
  assert.deepEqual(claimProblems('/fr-fr/x/', 'UAIX ne fournit pas de messagerie hébergée.'), []);
  // Two cells of a table row: "UAIX" in one, "certification" in the next.
  assert.deepEqual(claimProblems('/en-us/x/', 'Record UAIX\tcertification of runtimes happens elsewhere'), []);
});
