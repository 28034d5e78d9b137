/**
 * The `uaix` command: its exit code, stdout and stderr, run in this process (`main(argv, io)`); the bin,
 * exit codes through a real process and a closed pipe are checked in child processes.
 * Exit codes: 0 valid / done, 1 invalid input, 2 usage error or unreadable input.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../src/uai/node/recordFiles.ts';
import { createNodePacketValidator } from '../../src/uai/node/nodeValidator.ts';
import { packetFindings } from '../../src/uai/packetValidator.ts';
import { runUaix } from '../support/uaixInProcess.ts';

const SEEDS = join(REPOSITORY_ROOT, 'tests/fixtures/seeds');
const SEED_KEYED = join(SEEDS, 'uai.agent.ack.v1.keyed.json');
const SEED_COMPACT = join(SEEDS, 'uai.agent.ack.v1.compact.json');
const EXAMPLES = 'schemas/uai-1/examples';
const VALID = `${EXAMPLES}/uai-agent-ack-v1/valid/validated.json`;
const INVALID = `${EXAMPLES}/uai-agent-ack-v1/invalid/expired.json`;
const SEED_DIGEST = 'sha256:d3600b950ea7b3556177d1271e6a5fad1400df6a173b4315ec1be19002eb9b1d';

const temp = mkdtempSync(join(tmpdir(), 'uaix-cli-test-'));
after(() => rmSync(temp, { recursive: true, force: true }));

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `uaix <args>` in this process (main with collected output): most tests. */
const uaix = runUaix;

/** `node bin/uaix.mjs <args>` in a child process: for what only a process shows. */
function uaixProcess(args: string[], input?: string | Uint8Array): Run {
  const result = spawnSync(process.execPath, ['bin/uaix.mjs', ...args], {
    cwd: REPOSITORY_ROOT,
    input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 60_000,
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** No stack trace anywhere, and no internal error. */
function assertNoStack(run: Run): void {
  for (const stream of [run.stdout, run.stderr]) {
    assert.doesNotMatch(stream, /^\s{4}at /m, `no stack trace:\n${stream}`);
    assert.doesNotMatch(stream, /internal error|TypeError|RangeError|Maximum call stack/);
  }
}

function lines(text: string): string[] {
  return text.split('\n').filter((line) => line !== '');
}

function tempFile(name: string, content: string | Uint8Array): string {
  const path = join(temp, name);
  writeFileSync(path, content);
  return path;
}

test('validate (through the bin, in a process): a valid packet exits 0 and prints one summary line and the warning', () => {
  const run = uaixProcess(['validate', VALID]);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, '');
  const out = lines(run.stdout);
  assert.equal(out[0], `${VALID}: valid (uai.agent.ack.v1, keyed) ${SEED_DIGEST}`);
  assert.match(out[1], /^ {2}warning UAI-INTEGRITY-UNVERIFIED \/integrity\/checksum: /);
  assert.equal(out.length, 2);
  assertNoStack(run);
});

test('validate: an invalid packet exits 1 with one line per error', async () => {
  const run = await uaix(['validate', '--now', '2026-06-01T00:00:00Z', INVALID]);
  assert.equal(run.status, 1);
  const out = lines(run.stdout);
  assert.match(out[0], new RegExp(`^${INVALID}: invalid \\(uai\\.agent\\.ack\\.v1, keyed\\) sha256:[0-9a-f]{64}$`));
  assert.match(out[1], /^ {2}error UAI-EXPIRED \/delivery\/expires_at: the packet expired at 2026-01-01T00:00:00Z/);
  assertNoStack(run);
});

test('validate: several files print a total; any invalid file makes the exit 1; an unreadable one makes it 2', async () => {
  const both = await uaix(['validate', VALID, INVALID]);
  assert.equal(both.status, 1);
  assert.match(lines(both.stdout).at(-1)!, /^2 files: 1 valid, 1 invalid$/);
  const missing = await uaix(['validate', VALID, join(temp, 'missing.json')]);
  assert.equal(missing.status, 2);
  assert.match(missing.stdout, /validated\.json: valid/, 'the readable file is still validated');
  assert.equal(lines(missing.stderr).length, 1);
  assert.match(missing.stderr, /^uaix: cannot read .*missing\.json: no such file\n$/);
});

test('validate --json: exactly {file, valid, profile, form, digest, errors: [{code, path, message}], warnings}', async () => {
  const run = await uaix(['validate', '--json', '--now', '2026-06-01T00:00:00Z', VALID, INVALID]);
  assert.equal(run.status, 1);
  assert.equal(run.stderr, '');
  const reports = JSON.parse(run.stdout);
  assert.ok(Array.isArray(reports));
  assert.equal(reports.length, 2);
  for (const report of reports) {
    assert.deepEqual(Object.keys(report), ['file', 'valid', 'profile', 'form', 'digest', 'errors', 'warnings']);
    assert.equal(typeof report.file, 'string');
    assert.equal(typeof report.valid, 'boolean');
    assert.match(report.digest, /^sha256:[0-9a-f]{64}$/);
    for (const issue of [...report.errors, ...report.warnings]) {
      assert.deepEqual(Object.keys(issue), ['code', 'path', 'message']);
      assert.equal(typeof issue.message, 'string');
    }
  }
  assert.deepEqual(reports[0], {
    file: VALID,
    valid: true,
    profile: 'uai.agent.ack.v1',
    form: 'keyed',
    digest: SEED_DIGEST,
    errors: [],
    warnings: [reports[0].warnings[0]],
  });
  assert.equal(reports[0].warnings[0].code, 'UAI-INTEGRITY-UNVERIFIED');
  assert.deepEqual(
    reports[1].errors.map(({ code, path }: { code: string; path: string }) => ({ code, path })),
    [{ code: 'UAI-EXPIRED', path: '/delivery/expires_at' }],
  );
  // Unreadable JSON in --json mode: still the same shape.
  const bad = await uaix(['validate', '--json', tempFile('json-shape-bad.json', '{')]);
  assert.equal(bad.status, 1);
  const [report] = JSON.parse(bad.stdout);
  assert.deepEqual(report, {
    file: report.file,
    valid: false,
    profile: null,
    form: null,
    digest: null,
    errors: [report.errors[0]],
    warnings: [],
  });
  assert.deepEqual(Object.keys(report.errors[0]), ['code', 'path', 'message']);
  assert.equal(report.errors[0].code, 'UAI-JSON-PARSE');
});

test('validate --now pins the clock', async () => {
  assert.equal(
    (await uaix(['validate', '--now', '2030-12-31T23:59:00Z', VALID])).status,
    0,
    'equal to expires_at: not expired',
  );
  const later = await uaix(['validate', '--now=2030-12-31T23:59:01Z', VALID]);
  assert.equal(later.status, 1);
  assert.match(later.stdout, /error UAI-EXPIRED \/delivery\/expires_at/);
  assert.equal(
    (await uaix(['validate', '--now', '2025-12-31T00:00:00Z', INVALID])).status,
    0,
    'before the fixture expired',
  );
  for (const bad of [
    'yesterday',
    '2026-06-01T00:00:00+02:00',
    '2026-06-01',
    '2026-02-30T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-06-01T12:00:60Z',
  ]) {
    const run = await uaix(['validate', '--now', bad, VALID]);
    assert.equal(run.status, 2, bad);
    assert.match(lines(run.stderr)[0], /^uaix: --now takes an RFC 3339 UTC date-time ending in Z/);
    assertNoStack(run);
  }
  assert.match(
    lines((await uaix(['validate', '--now', '2026-02-30T00:00:00Z', VALID])).stderr)[0],
    /day 30 does not exist: February 2026 has 28 days/,
  );
  // A leap second is a time the clock can be pinned to (Date.parse cannot read it).
  const leap = await uaix(['validate', '--now', '2030-12-31T23:59:60Z', VALID]);
  assert.equal(leap.status, 1, leap.stderr);
  assert.match(leap.stdout, /error UAI-EXPIRED \/delivery\/expires_at: .*validated at 2030-12-31T23:59:60Z/);
  const missingValue = await uaix(['validate', VALID, '--now']);
  assert.equal(missingValue.status, 2);
  assert.match(lines(missingValue.stderr)[0], /^uaix: --now needs a value$/);
});

test('validate -: reads standard input, keyed or keyless', async () => {
  const keyed = await uaix(['validate', '-'], readFileSync(SEED_KEYED));
  assert.equal(keyed.status, 0, keyed.stderr);
  assert.equal(lines(keyed.stdout)[0], `<stdin>: valid (uai.agent.ack.v1, keyed) ${SEED_DIGEST}`);
  const keyless = await uaix(['validate', '--json', '-'], readFileSync(SEED_COMPACT));
  assert.equal(keyless.status, 0);
  const [report] = JSON.parse(keyless.stdout);
  assert.equal(report.file, '<stdin>');
  assert.equal(report.form, 'keyless');
  assert.equal(report.digest, SEED_DIGEST);
  assert.deepEqual(
    report.warnings.map((issue: { path: string }) => issue.path),
    ['/10/3'],
    'keyless pointer',
  );
  const empty = await uaix(['validate', '-'], '');
  assert.equal(empty.status, 1);
  assert.match(empty.stdout, /error UAI-JSON-PARSE \(root\): the document is empty/);
});

test('compact, expand, digest and canonicalize', async () => {
  const compact = await uaix(['compact', SEED_KEYED]);
  assert.equal(compact.status, 0, compact.stderr);
  assert.deepEqual(JSON.parse(compact.stdout), JSON.parse(readFileSync(SEED_COMPACT, 'utf8')));
  assert.equal(
    compact.stdout,
    `${readFileSync(SEED_COMPACT, 'utf8').replace(/\n$/, '')}\n`,
    'the seed keyless text to the byte',
  );

  const expand = await uaix(['expand', SEED_COMPACT]);
  assert.equal(expand.status, 0, expand.stderr);
  assert.deepEqual(JSON.parse(expand.stdout), JSON.parse(readFileSync(SEED_KEYED, 'utf8')));

  const keyedDigest = await uaix(['digest', SEED_KEYED]);
  const keylessDigest = await uaix(['digest', SEED_COMPACT]);
  const stdinDigest = await uaix(['digest', '-'], JSON.stringify(JSON.parse(readFileSync(SEED_KEYED, 'utf8'))));
  assert.equal(keyedDigest.status, 0);
  assert.equal(keyedDigest.stdout, `${SEED_DIGEST}\n`);
  assert.equal(keylessDigest.stdout, keyedDigest.stdout, 'keyed and keyless share a digest');
  assert.equal(stdinDigest.stdout, keyedDigest.stdout, 'minified keyed too');

  const canonical = await uaix(['canonicalize', SEED_KEYED]);
  assert.equal(canonical.status, 0);
  assert.ok(!canonical.stdout.endsWith('\n'), 'exactly the canonical bytes');
  assert.match(canonical.stdout, /^\{"body":\{"acknowledged_message_id":/);
  assert.deepEqual(JSON.parse(canonical.stdout), JSON.parse(readFileSync(SEED_KEYED, 'utf8')));
  const numbers = await uaix(['canonicalize', '-'], '{"b": 1.50, "a": [1e2, -0, "\\u00e9"]}');
  assert.equal(numbers.stdout, '{"a":[100,0,"é"],"b":1.5}');

  // Codec errors: one line on stderr each, exit 1.
  const expandKeyed = await uaix(['expand', SEED_KEYED]);
  assert.equal(expandKeyed.status, 1);
  assert.match(expandKeyed.stderr, /^uaix: UAI-KEYLESS-SHAPE \(root\): expand takes a keyless packet/);
  const compactKeyless = await uaix(['compact', SEED_COMPACT]);
  assert.equal(compactKeyless.status, 1);
  assert.equal(lines(compactKeyless.stderr).length, 1);
  const shortKeyless = await uaix(
    ['digest', '-'],
    JSON.stringify(JSON.parse(readFileSync(SEED_COMPACT, 'utf8')).slice(0, 11)),
  );
  assert.equal(shortKeyless.status, 1);
  assert.match(shortKeyless.stderr, /^uaix: UAI-KEYLESS-SHAPE \(root\): /);
  const withNull = JSON.parse(readFileSync(SEED_KEYED, 'utf8'));
  withNull.conversation.parent_message_id = null;
  const compactNull = await uaix(['compact', '-'], JSON.stringify(withNull));
  assert.equal(compactNull.status, 1, 'an explicit null has no keyless form');
  assert.equal(compactNull.stdout, '');
  assert.match(
    compactNull.stderr,
    /^uaix: UAI-KEYLESS-SHAPE \/conversation\/parent_message_id: an explicit null has no keyless form/,
  );
  for (const run of [expandKeyed, compactKeyless, shortKeyless, compactNull]) assertNoStack(run);
  const twoFiles = await uaix(['digest', SEED_KEYED, SEED_COMPACT]);
  assert.equal(twoFiles.status, 2);
  assert.match(lines(twoFiles.stderr)[0], /^uaix: digest takes exactly one file/);
});

test('check-fixtures: exit 0, every fixture as expected; --json has ok, evaluated_at, counts, failures', async () => {
  const run = await uaix(['check-fixtures']);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, '');
  assert.match(lines(run.stdout).at(-1)!, /^\d+ fixtures checked at 2026-06-01T00:00:00Z: all as expected$/);
  const json = await uaix(['check-fixtures', '--json']);
  assert.equal(json.status, 0);
  const result = JSON.parse(json.stdout);
  assert.equal(result.ok, true);
  assert.equal(result.evaluated_at, '2026-06-01T00:00:00Z');
  assert.deepEqual(result.failures, []);
  const jsonFiles = (verdict: string) =>
    readdirSync(join(REPOSITORY_ROOT, EXAMPLES, 'uai-agent-ack-v1', verdict)).filter(
      (name) => name.endsWith('.json') && name !== '_expected.json',
    ).length;
  assert.deepEqual(result.counts['uai-agent-ack-v1'], { valid: jsonFiles('valid'), invalid: jsonFiles('invalid') });
  const withFile = await uaix(['check-fixtures', VALID]);
  assert.equal(withFile.status, 2);
});

/** An input that cannot be read as a packet: the exit code, and one error line naming the problem. */
async function assertBadInput(
  path: string,
  expected: { status: number; message: RegExp },
  description: string,
): Promise<void> {
  // validate: the report goes to stdout (exit 1), or an unreadable file to stderr (exit 2).
  const validate = await uaix(['validate', path]);
  assert.equal(validate.status, expected.status, `validate ${description}: ${validate.stdout}${validate.stderr}`);
  assertNoStack(validate);
  if (expected.status === 1) {
    const errors = lines(validate.stdout).filter((line) => line.startsWith('  error '));
    assert.equal(errors.length, 1, `${description}: one error line`);
    assert.match(errors[0], expected.message, description);
    assert.match(lines(validate.stdout)[0], /: invalid$/);
    assert.equal(validate.stderr, '');
  } else {
    assert.equal(lines(validate.stderr).length, 1, `${description}: one line on stderr`);
    assert.match(lines(validate.stderr)[0], expected.message, description);
    assert.equal(validate.stdout, '');
  }
  // digest: the same problem, as exactly one line on stderr.
  const digest = await uaix(['digest', path]);
  assert.equal(digest.status, expected.status, `digest ${description}`);
  assertNoStack(digest);
  assert.equal(digest.stdout, '');
  assert.equal(lines(digest.stderr).length, 1, `digest ${description}: one line on stderr: ${digest.stderr}`);
  assert.match(lines(digest.stderr)[0], expected.message, `digest ${description}`);
}

test('bad input: not JSON', async () => {
  await assertBadInput(
    tempFile('not-json.json', '{"uai_version": "1.0",\n "profile": '),
    { status: 1, message: /UAI-JSON-PARSE .*line 2/ },
    'not JSON',
  );
  await assertBadInput(tempFile('trailing.json', '{} {}'), { status: 1, message: /UAI-JSON-PARSE/ }, 'two documents');
});

test('bad input: an empty file', async () => {
  await assertBadInput(
    tempFile('empty.json', ''),
    { status: 1, message: /UAI-JSON-PARSE \(root\): the document is empty/ },
    'empty file',
  );
});

test('bad input: a directory', async () => {
  await assertBadInput(temp, { status: 2, message: /^uaix: cannot read .*: it is a directory/ }, 'a directory');
});

test('a file one byte over 4 MiB is invalid (UAI-JSON-TOO-LARGE, exit 1), named or on standard input, as in the library', async () => {
  const limit = 4 * 1024 * 1024;
  const atLimit = `["${'a'.repeat(limit - 4)}"]`;
  assert.equal(atLimit.length, limit);
  // At the limit exactly, the file is read as JSON (and is no packet).
  assert.doesNotMatch((await uaix(['validate', tempFile('at-limit.json', atLimit)])).stdout, /UAI-JSON-TOO-LARGE/);
  const over = `${atLimit} `;
  const path = tempFile('over.json', over);
  await assertBadInput(
    path,
    { status: 1, message: /UAI-JSON-TOO-LARGE \(root\): file is larger than 4194304 bytes/ },
    'over',
  );
  const viaStdin = await uaix(['validate', '-'], over);
  assert.equal(viaStdin.status, 1);
  assert.equal(viaStdin.stderr, '');
  assert.match(
    viaStdin.stdout,
    /^<stdin>: invalid\n {2}error UAI-JSON-TOO-LARGE \(root\): file is larger than 4194304 bytes/,
  );
  assertNoStack(viaStdin);
  // Far over the limit, the CLI reads no more than one byte past it and says the same.
  const huge = await uaix(['validate', tempFile('huge.json', new Uint8Array(3 * limit))]);
  assert.equal(huge.status, 1);
  assert.match(huge.stdout, /error UAI-JSON-TOO-LARGE/);
  // --json carries the library's own report for the same bytes.
  const json = JSON.parse((await uaix(['validate', '--json', path])).stdout);
  const library = createNodePacketValidator().validateBytes(new TextEncoder().encode(over));
  assert.deepEqual(json, [{ file: path, ...packetFindings(library) }]);
});

test('bad input: nesting 10,000 deep', async () => {
  const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
  await assertBadInput(
    tempFile('deep.json', deep),
    { status: 1, message: /UAI-JSON-PARSE .*nested deeper than the limit of 64 levels/ },
    'deep arrays',
  );
  const deepObjects = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
  await assertBadInput(
    tempFile('deep-objects.json', deepObjects),
    { status: 1, message: /nested deeper than the limit/ },
    'deep objects',
  );
  const canonical = await uaix(['canonicalize', join(temp, 'deep.json')]);
  assert.equal(canonical.status, 1);
  assertNoStack(canonical);
});

test('bad input: binary bytes', async () => {
  const bytes = new Uint8Array(512);
  for (let index = 0; index < bytes.length; index++) bytes[index] = (index * 151 + 7) % 256;
  await assertBadInput(
    tempFile('binary.json', bytes),
    { status: 1, message: /UAI-JSON-PARSE .*(not UTF-8|binary)/ },
    'binary',
  );
  const utf16 = Buffer.from('\ufeff{"a":1}', 'utf16le');
  await assertBadInput(tempFile('utf16.json', utf16), { status: 1, message: /UAI-JSON-PARSE/ }, 'UTF-16 text');
});

test('bad input: a nonexistent file', async () => {
  await assertBadInput(
    join(temp, 'does-not-exist.json'),
    { status: 2, message: /^uaix: cannot read .*does-not-exist\.json: no such file$/ },
    'nonexistent',
  );
});

/** Usage errors: exit 2, the one-line error first, then the usage text; no stack. */
test('standard input can be named once: a second - is a usage error, before anything is read', async () => {
  for (const args of [
    ['validate', '-', '-'],
    ['validate', VALID, '-', '--json', '-'],
    ['route', 'check', '-', '-'],
  ]) {
    const run = await uaix(args, readFileSync(SEED_KEYED));
    assert.equal(run.status, 2, args.join(' '));
    assert.equal(run.stdout, '');
    assert.match(lines(run.stderr)[0], /^uaix: standard input \(-\) can be named only once/);
    assertNoStack(run);
  }
  // After --, a - is still standard input, and "--json" is a file name.
  const run = await uaix(['validate', '--', '-', '--json'], readFileSync(SEED_KEYED));
  assert.equal(run.status, 2);
  assert.match(run.stdout, /^<stdin>: valid/);
  assert.match(run.stderr, /^uaix: cannot read --json: no such file$/m);
});

test("a closed pipe (uaix … | head -1) ends quietly, with the command's own exit code", async () => {
  const many = Array(300).fill(`${EXAMPLES}/uai-agent-ack-v1/invalid/more-than-100-errors.json`).join(' ');
  const result = spawnSync(
    'bash',
    ['-c', `node bin/uaix.mjs validate ${many} | head -1; echo "uaix exit $\{PIPESTATUS[0]}" >&2`],
    {
      cwd: REPOSITORY_ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  assert.equal(lines(result.stdout).length, 1);
  assert.match(result.stdout, /more-than-100-errors\.json: invalid/);
  assert.equal(result.stderr, 'uaix exit 1\n', 'no EPIPE error, no stack trace');
});

async function assertUsageError(args: string[], message: RegExp): Promise<void> {
  const run = await uaix(args);
  assert.equal(run.status, 2, args.join(' '));
  assertNoStack(run);
  assert.equal(run.stdout, '');
  const [first, ...rest] = lines(run.stderr);
  assert.match(first, message);
  assert.match(rest[0], /^usage: uaix <command> \[options\]$/, 'the usage follows the error line');
}

test('usage errors: unknown command, unknown option, no command, missing operand', async () => {
  await assertUsageError(['frobnicate'], /^uaix: unknown command "frobnicate"$/);
  await assertUsageError(['validate', '--bogus', VALID], /^uaix: unknown option --bogus$/);
  await assertUsageError(['compact', '--json', SEED_KEYED], /^uaix: unknown option --json$/);
  await assertUsageError([], /^uaix: no command given$/);
  await assertUsageError(['validate'], /^uaix: validate needs at least one file/);
  await assertUsageError(['validate', '--json=yes', VALID], /^uaix: --json takes no value$/);
  await assertUsageError(['validate', '--now', '--json', VALID], /^uaix: --now needs a value$/);
  await assertUsageError(['validate', '-x', VALID], /^uaix: unknown option -x$/);
  await assertUsageError(['route', 'resolve', VALID, '--client'], /^uaix: --client needs a value$/);
  const help = await uaix(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^usage: uaix <command> \[options\]/);
  assert.match(help.stdout, /Exit codes: 0 valid \/ done, 1 invalid input, 2 usage error or unreadable input\./);
});
