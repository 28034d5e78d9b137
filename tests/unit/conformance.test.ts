/**
 * `uaix conformance --exec`, run as a user runs it: two implementations over the whole pack and the
 * generated cases (ours, `uaix conformance-peer`, and the independent Python one on Debian's
 * python3-jsonschema), their reports checked against the published report schema by ajv and by
 * Python's jsonschema; expected failures and stale entries; implementations that hang, exit or answer
 * wrongly, on a small pack; an edition's frozen pack still runs. The peers that try to game the
 * harness are in conformanceHarness.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gone } from '../fixtures/peers/processState.ts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { judgeAnswer, readAnswer, type ConformanceCase } from '../../src/uai/conformanceProtocol.ts';
import { referenceAnswer } from '../../src/uai/conformanceAnswer.ts';
import { createNodePacketValidator } from '../../src/uai/node/nodeValidator.ts';
import { createRouteChecker } from '../../src/uai/routeRecord.ts';
import { readExpectedFailures } from '../../src/uai/conformanceRun.ts';
import { walkFiles } from '../../src/record/node/walkFiles.ts';
import { formatProblem } from '../../src/uai/problem.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REPORT_SCHEMA = join(ROOT, 'schemas/site/conformance-report.schema.json');
const PYTHON_IMPLEMENTATION = 'implementations/python/uai1_schema_only.py';
const PYTHON_EXPECTED = 'implementations/python/expected-failures.json';
const EDITION_PACK = 'editions/2026-12-01/examples/uai-1/conformance.json';
const OURS = `"${process.execPath}" bin/uaix.mjs conformance-peer`;

const work = mkdtempSync(join(tmpdir(), 'uaix-conformance-'));
test.after(() => rmSync(work, { recursive: true, force: true }));

function uaix(args: string[]) {
  // The time limit turns a harness that would hang into a failure.
  const run = spawnSync(process.execPath, ['bin/uaix.mjs', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 90_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Runs uaix asynchronously, so several runs share the machine's cores. */
function uaixAsync(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/uaix.mjs', ...args], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const validateReport = new Ajv2020({ strict: true, allErrors: true }).compile(
  JSON.parse(readFileSync(REPORT_SCHEMA, 'utf8')),
);

function assertReportValid(file: string): Record<string, any> {
  const report: Record<string, any> = JSON.parse(readFileSync(file, 'utf8'));
  assert.ok(validateReport(report), JSON.stringify(validateReport.errors, null, 2));
  return report;
}

/** The interpreter with jsonschema (installed with apt-get when missing and root, as in CI). */
execFileSync('bash', [join(ROOT, 'scripts/ensure-debian-packages.sh'), 'python3-jsonschema'], { stdio: 'inherit' });
const python = process.env.UAIX_PYTHON ?? '/usr/bin/python3';

/** The second validator of the report schema: Python's jsonschema, over the same report. */
function pythonValidates(reportFile: string): string {
  const script = `import json,sys,jsonschema
schema=json.load(open(sys.argv[1])); report=json.load(open(sys.argv[2]))
cls=jsonschema.validators.validator_for(schema); cls.check_schema(schema)
errors=[e.message for e in cls(schema).iter_errors(report)]
print("\\n".join(errors) if errors else "valid")`;
  return execFileSync(python, ['-c', script, REPORT_SCHEMA, reportFile], { encoding: 'utf8' }).trim();
}

/** A pack of a few entries of the edition's pack, with their fixture files (and keyless files) beside it. */
function smallPack(names: string[]): string {
  const folder = mkdtempSync(join(work, 'pack-'));
  const source = join(ROOT, dirname(EDITION_PACK));
  const pack = JSON.parse(readFileSync(join(ROOT, EDITION_PACK), 'utf8'));
  pack.fixtures = pack.fixtures.filter((entry: { name: string }) => names.includes(entry.name));
  for (const entry of pack.fixtures) {
    for (const url of [entry.url, entry.keyless_url].filter(Boolean)) {
      const relative = new URL(url).pathname.split('/examples/uai-1/')[1];
      mkdirSync(dirname(join(folder, relative)), { recursive: true });
      cpSync(join(source, relative), join(folder, relative));
    }
  }
  writeFileSync(join(folder, 'conformance.json'), JSON.stringify(pack));
  return join(folder, 'conformance.json');
}

/**
 * The pack's cases from the fixtures on disk: one per invalid fixture and valid route record, three
 * per valid packet (keyed, minified, keyless), each of those with a digest.
 */
function fixtureCounts(): { total: number; invalid: number; valid: number; digests: number } {
  const files = walkFiles(join(ROOT, 'schemas/uai-1/examples')).filter(
    (file) => file.endsWith('.json') && !file.endsWith(`${sep}_expected.json`),
  );
  const valid = files.filter((file) => file.includes(`${sep}valid${sep}`));
  const packets = valid.filter((file) => !file.includes(`${sep}routes${sep}`)).length;
  const invalid = files.filter((file) => file.includes(`${sep}invalid${sep}`)).length;
  const validCases = valid.length - packets + 3 * packets;
  return { total: invalid + validCases, invalid, valid: validCases, digests: 3 * packets };
}

test('ours and the Python implementation over the pack and generated cases: reports that validate twice', async () => {
  const counts = fixtureCounts();
  const generated = 200;
  const oursReport = join(work, 'ours.json');
  const pythonReport = join(work, 'python.json');
  const [ours, schemaOnly] = await Promise.all([
    uaixAsync(['conformance', '--exec', OURS, '--name', 'uaix', '--seed', '11', '--report', oursReport]),
    uaixAsync([
      'conformance',
      '--exec',
      `"${python}" ${PYTHON_IMPLEMENTATION}`,
      '--name',
      'python-jsonschema',
      '--seed',
      '12',
      '--expected-failures',
      PYTHON_EXPECTED,
      '--report',
      pythonReport,
    ]),
  ]);
  assert.equal(ours.code, 0, ours.stderr);
  assert.match(ours.stderr, /^uaix: conformance seed 11 \(--seed 11 replays this run\)$/m);
  const total = counts.total + generated;
  assert.match(
    ours.stdout,
    new RegExp(`^${total} cases \\(seed 11, ${generated} generated, 0 dropped\\): ${total} passed, 0 failed`, 'm'),
  );
  const oursJson = assertReportValid(oursReport);
  assert.equal(oursJson.ok, true);
  assert.equal(oursJson.seed, 11);
  assert.deepEqual(oursJson.generated, { requested: generated, made: generated, dropped: 0 });
  const invalid = counts.invalid + generated;
  assert.deepEqual(oursJson.summary.invalid, { total: invalid, caught: invalid, code_matched: invalid });
  assert.deepEqual(oursJson.summary.digests, { total: counts.digests, matched: counts.digests });
  // Every case tests at least one requirement, and every requirement it names is summarised.
  const summarised = new Set(oursJson.requirements.map((entry: { id: string }) => entry.id));
  for (const result of oursJson.results) {
    assert.ok(result.requirements.length > 0, `${result.source} (${result.form}) tests no requirement`);
    for (const id of result.requirements) assert.ok(summarised.has(id), id);
  }
  assert.ok(oursJson.requirements.every((entry: { status: string }) => entry.status === 'pass'));
  // Every valid packet goes in its three forms.
  const forms = new Set(
    oursJson.results
      .filter((result: { source: string }) => result.source === 'uai-agent-ack-v1/valid/validated')
      .map((result: { form: string }) => result.form),
  );
  assert.deepEqual([...forms].sort(), ['keyed', 'keyless', 'minified']);

  assert.equal(schemaOnly.code, 0, schemaOnly.stderr);
  const pythonJson = assertReportValid(pythonReport);
  assert.equal(pythonJson.summary.unexpected_failures, 0);
  assert.equal(pythonJson.stale_expected_failures.length, 0);
  // Every keyed and minified valid packet agrees, digest included; the keyless forms are listed failures.
  const validKeyed = pythonJson.results.filter(
    (result: { expected: { verdict: string }; form: string }) =>
      result.expected.verdict === 'valid' && result.form !== 'keyless',
  );
  assert.ok(validKeyed.every((result: { status: string }) => result.status === 'pass'));
  const misses = pythonJson.results.filter((result: { status: string }) => result.status !== 'pass');
  assert.ok(misses.every((result: { expected_failure: string | null }) => result.expected_failure));
  // The route rules the schema states with if/then are caught from the files alone.
  for (const source of [
    'routes/invalid/post-without-fallback',
    'routes/invalid/unsafe-get',
    'routes/invalid/mcp-tool-without-tool-fallback',
  ])
    assert.equal(
      pythonJson.results.find((result: { source: string }) => result.source === source).status,
      'pass',
      source,
    );

  assert.equal(pythonValidates(oursReport), 'valid');
  assert.equal(pythonValidates(pythonReport), 'valid');
});

test("an edition's frozen pack (no requirement ids, keyless files beside it) still runs in every form", () => {
  const report = join(work, 'edition.json');
  const run = uaix([
    'conformance',
    '--exec',
    OURS,
    '--pack',
    EDITION_PACK,
    '--seed',
    '3',
    '--generated',
    '20',
    '--report',
    report,
  ]);
  assert.equal(run.code, 0, run.stderr);
  const json = assertReportValid(report);
  assert.ok(json.results.some((result: { form: string }) => result.form === 'keyless'));
  assert.ok(json.results.every((result: { requirements: string[] }) => result.requirements.length > 0));
});

test('the old protocol is refused in one line, by our peer and by the harness', () => {
  const checkers = { validator: createNodePacketValidator(), routeChecker: createRouteChecker() };
  const old = JSON.stringify({ protocol: 'uaix-conformance/1', id: 'x', kind: 'packet', bytes_base64: '' });
  assert.deepEqual(JSON.parse(referenceAnswer(old, checkers)), {
    id: 'x',
    error: 'uaix-conformance/1 is retired: this implementation speaks uaix-conformance/2 only',
  });
  // An implementation of version 1 refuses the first request: the rest are not run, in one line.
  const oldPeer = `${JSON.stringify(process.execPath)} -e "require('readline').createInterface({input: process.stdin}).on('line', (l) => console.log(JSON.stringify({id: JSON.parse(l).id, error: 'protocol must be uaix-conformance/1'})))"`;
  const run = uaix(['conformance', '--exec', oldPeer, '--generated', '0']);
  assert.equal(run.code, 1);
  const lines = run.stderr.trim().split('\n');
  assert.match(
    lines[1],
    /^uaix: c0001 \(.*\): bad-answer: the implementation refused the request: protocol must be uaix-conformance\/1$/,
  );
  assert.match(
    lines[2],
    /^uaix: [0-9]+ case\(s\) not run: the implementation refused the request: protocol must be uaix-conformance\/1$/,
  );
  assert.equal(lines.length, 3);
});

test('the report schema rejects a report that breaks it, in both validators', () => {
  const broken = join(work, 'broken.json');
  const report = JSON.parse(readFileSync(join(work, 'ours.json'), 'utf8'));
  report.results[0].status = 'pass';
  report.results[0].problem = 'a pass with a problem';
  report.results[1].id = 'uai-agent-ack-v1/valid/validated';
  report.results[2].requirements = [];
  delete report.summary.digests;
  writeFileSync(broken, JSON.stringify(report));
  assert.equal(validateReport(report), false);
  assert.notEqual(pythonValidates(broken), 'valid');
});

test('a stale expected failure (it passes now, or names no fixture) fails the run with one line each', () => {
  const pack = smallPack(['unsafe-get', 'validated']);
  const stale = join(work, 'stale.json');
  writeFileSync(
    stale,
    JSON.stringify({
      expected_failures: [
        { id: 'routes/invalid/unsafe-get', reason: 'was missed once' },
        { id: 'routes/invalid/no-such-fixture', reason: 'removed' },
      ],
    }),
  );
  const run = uaix(['conformance', '--exec', OURS, '--pack', pack, '--expected-failures', stale]);
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stderr, /^uaix: routes\/invalid\/unsafe-get: stale expected failure: it passes now/m);
  assert.match(run.stderr, /^uaix: routes\/invalid\/no-such-fixture: stale expected failure: no fixture/m);
  const accepted = join(work, 'accepted.json');
  writeFileSync(accepted, JSON.stringify({ expected_failures: [] }));
  assert.equal(uaix(['conformance', '--exec', OURS, '--pack', pack, '--expected-failures', accepted]).code, 0);
});

test('a hung implementation is reported per case, killed, and never hangs the harness', async () => {
  const pack = smallPack(['unsafe-get', 'validated', 'post-without-fallback', 'no-review-url']);
  const pids = join(work, 'pids');
  const hang = `${JSON.stringify(process.execPath)} -e "require('fs').appendFileSync(process.argv[1], process.pid + '\\n'); setInterval(() => {}, 1000)" ${pids}`;
  const started = Date.now();
  const report = join(work, 'hung.json');
  const run = uaix([
    'conformance',
    '--exec',
    hang,
    '--pack',
    pack,
    '--timeout',
    '2000',
    '--generated',
    '0',
    '--report',
    report,
  ]);
  assert.equal(run.code, 1);
  assert.ok(Date.now() - started < 20_000);
  const results = assertReportValid(report).results;
  // unsafe-get, post-without-fallback, no-review-url, and validated in three forms: six cases.
  assert.deepEqual(
    results.map((result: { status: string }) => result.status),
    ['timeout', 'timeout', 'timeout', 'not-run', 'not-run', 'not-run'],
  );
  assert.match(results[3].problem, /not run: the implementation timed out 3 times in a row/);
  assert.match(run.stderr, /^uaix: 3 case\(s\) not run: the implementation timed out 3 times in a row$/m);
  for (const pid of readFileSync(pids, 'utf8').trim().split('\n').map(Number)) {
    assert.ok(await gone(pid), `process ${pid} was left running`);
  }
});

test('an implementation that exits or answers wrongly: crashed (the rest not run) and bad-answer, with the reason', () => {
  const pack = smallPack(['unsafe-get', 'validated']);
  const exits = uaix([
    'conformance',
    '--exec',
    'echo broken >&2; exit 3',
    '--pack',
    pack,
    '--generated',
    '0',
    '--json',
  ]);
  assert.equal(exits.code, 1);
  assert.match(
    exits.stderr,
    /crashed: the implementation exited \(exit code 3\) without answering; its last error line: broken/,
  );
  assert.deepEqual(
    JSON.parse(exits.stdout).results.map((result: { status: string }) => result.status),
    ['crashed', 'not-run', 'not-run', 'not-run'],
  );
  const wrongId = `${JSON.stringify(process.execPath)} -e "process.stdin.on('data', () => console.log(JSON.stringify({ id: 'x', verdict: 'valid' })))"`;
  const wrong = uaix(['conformance', '--exec', wrongId, '--pack', pack, '--generated', '0', '--json']);
  assert.equal(wrong.code, 1);
  const report: Record<string, any> = JSON.parse(wrong.stdout);
  assert.ok(validateReport(report));
  assert.equal(report.results[0].status, 'bad-answer');
  assert.match(report.results[0].problem, /the answer names "x", a request that was not sent/);
});

test('usage and input errors exit 2 with one line naming the file and place', () => {
  const noExec = uaix(['conformance']);
  assert.equal(noExec.code, 2);
  assert.match(noExec.stderr, /^uaix: conformance needs --exec/);
  const badPack = join(work, 'bad-pack.json');
  writeFileSync(badPack, JSON.stringify({ evaluated_at: '2026-06-01T00:00:00Z', fixtures: [{ kind: 'packet' }] }));
  const pack = uaix(['conformance', '--exec', OURS, '--pack', badPack]);
  assert.equal(pack.code, 2);
  assert.equal(pack.stderr, `uaix: ${badPack} /fixtures/0/group: must be a string\n`);
  const badList = join(work, 'bad-list.json');
  writeFileSync(badList, '{"expected_failures": [{"id": "a/valid/b"}]}');
  const list = uaix(['conformance', '--exec', OURS, '--expected-failures', badList]);
  assert.equal(list.code, 2);
  assert.match(list.stderr, /bad-list\.json \/expected_failures\/0: expected \{"id"/);
  assert.equal(uaix(['conformance', '--exec', OURS, '--timeout', 'soon']).code, 2);
});

test('the verdict on one answer: verdict, code at its place and no other, then digest', () => {
  const base: ConformanceCase = {
    source: 'g/invalid/n',
    kind: 'packet',
    form: 'keyed',
    verdict: 'invalid',
    bytes: new Uint8Array(),
    expected: { code: 'UAI-EXPIRED', path: '/delivery/expires_at' },
    digest: null,
    requirements: ['UAI1-CONF-001'],
  };
  const at = (code: string, path = '/delivery/expires_at') => ({ code, path });
  const answer = (
    verdict: 'valid' | 'invalid',
    errors: { code: string; path: string }[],
    digest: string | null = null,
  ) => ({
    verdict,
    errors,
    digest,
  });
  assert.deepEqual(judgeAnswer(base, answer('invalid', [at('UAI-EXPIRED')])), { pass: true });
  assert.equal(judgeAnswer(base, answer('valid', [])).pass, false);
  const elsewhere = judgeAnswer(base, answer('invalid', [at('UAI-EXPIRED', '/delivery')]));
  assert.ok(!elsewhere.pass && elsewhere.status === 'fail');
  assert.match(elsewhere.problem, /expected UAI-EXPIRED at \/delivery\/expires_at, got it at \/delivery$/);
  const extra = judgeAnswer(base, answer('invalid', [at('UAI-EXPIRED'), at('UAI-SCHEMA-INVALID', '')]));
  assert.ok(!extra.pass && extra.status === 'unexpected-code');
  // A truncated report's own errors are its document's: their codes are expected with it.
  const truncated = { ...base, expected: { code: 'UAI-ERRORS-TRUNCATED', path: '' } };
  assert.ok(
    judgeAnswer(truncated, answer('invalid', [at('UAI-SCHEMA-MISSING', '/x'), at('UAI-ERRORS-TRUNCATED', '')])).pass,
  );
  const valid = { ...base, verdict: 'valid' as const, expected: null, digest: 'sha256:ab' };
  const wrongDigest = judgeAnswer(valid, answer('valid', [], 'sha256:cd'));
  assert.ok(!wrongDigest.pass && wrongDigest.status === 'fail');
  assert.equal(readAnswer('{"id":"c0001","verdict":"maybe"}').ok, false);
  assert.equal(readAnswer('not json').ok, false);
  const tooMany = readAnswer(
    JSON.stringify({ id: 'c0001', verdict: 'invalid', errors: Array(201).fill(at('UAI-EXPIRED')) }),
  );
  assert.ok(!tooMany.ok && /at most 200/.test(tooMany.problem));
  const listed = readExpectedFailures(
    '{"expected_failures":[{"id":"a","reason":"r"},{"id":"a","reason":"r"}]}',
    'x.json',
  );
  assert.ok(!listed.ok);
  assert.deepEqual(listed.problems.map(formatProblem), [
    'x.json /expected_failures/1/id: a is listed twice [expected-failures]',
  ]);
});
