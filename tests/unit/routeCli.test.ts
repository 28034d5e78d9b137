/**
 * `uaix route check` and `uaix route resolve`: report
 * shapes, human output and exit codes (0 valid / done, 1 invalid input, 2 usage or unreadable), run in
 * this process (tests/unit/cli.test.ts runs the bin in a child process).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLIENT_KINDS } from '../../src/uai/clientLadder.ts';
import { runUaix } from '../support/uaixInProcess.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SITE = 'content/routes';
const FIXTURES = 'schemas/uai-1/examples/routes';

async function uaix(args: string[], input?: string) {
  const run = await runUaix(args, input);
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

test('route check: the site records are valid (exit 0), one headline per file and a summary', async () => {
  const run = await uaix(['route', 'check', `${SITE}/route_validator.json`, `${SITE}/route_review.json`]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /route_validator\.json: valid \(route_validator\)/);
  assert.match(run.stdout, /2 files: 2 valid, 0 invalid/);
});

test('route check --json: the validate report shape, exit 1 for an invalid record', async () => {
  const run = await uaix([
    'route',
    'check',
    '--json',
    `${SITE}/route_review.json`,
    `${FIXTURES}/invalid/post-without-fallback.json`,
  ]);
  assert.equal(run.code, 1, run.stderr);
  const reports = JSON.parse(run.stdout);
  assert.deepEqual(
    reports.map((report: object) => Object.keys(report)),
    [
      ['file', 'valid', 'route', 'errors', 'warnings'],
      ['file', 'valid', 'route', 'errors', 'warnings'],
    ],
  );
  assert.equal(reports[0].valid, true);
  assert.deepEqual(
    reports[1].errors.map(({ code, path }: { code: string; path: string }) => [code, path]),
    [['UAI-ROUTE-FALLBACK-MISSING', '/post_blocked_fallback']],
  );
  assert.deepEqual(Object.keys(reports[1].errors[0]), ['code', 'path', 'message']);
});

test('route check: standard input, unreadable files and missing operands', async () => {
  assert.equal((await uaix(['route', 'check', '-'], '{"route_id": "route_x"}')).code, 1);
  const missing = await uaix(['route', 'check', 'no-such-route.json']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot read no-such-route\.json: no such file/);
  assert.equal((await uaix(['route', 'check'])).code, 2);
  assert.equal((await uaix(['route', 'frobnicate'])).code, 2);
});

test('route resolve --json: exactly route, client, decision, target, via, needs, reason', async () => {
  const run = await uaix([
    'route',
    'resolve',
    `${SITE}/route_validator.json`,
    '--client',
    'url-only-chatbot',
    '--json',
  ]);
  assert.equal(run.code, 0, run.stderr);
  const result = JSON.parse(run.stdout);
  assert.deepEqual(Object.keys(result), ['route', 'client', 'decision', 'target', 'via', 'needs', 'reason']);
  assert.deepEqual([result.route, result.client, result.decision], ['route_validator', 'url-only-chatbot', 'fallback']);
  assert.deepEqual([result.via, result.needs], ['lowest_safe_fallback', ['static-get']]);
  assert.equal(
    result.target,
    JSON.parse(readFileSync(`${ROOT}${SITE}/route_validator.json`, 'utf8')).lowest_safe_fallback.url,
  );
  assert.match(result.reason, /JavaScript/);
});

test('route resolve --json: a client that cannot fill a URI template gets the concrete listing, never the template', async () => {
  for (const [client, target] of [
    ['url-only-chatbot', '/en-us/schemas/'],
    ['mcp-client', '/schemas/uai-1/{name}.schema.json'],
  ]) {
    const run = await uaix(['route', 'resolve', `${SITE}/route_schema_fetch.json`, '--client', client, '--json']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(JSON.parse(run.stdout).target, target, client);
  }
});

test('route resolve: human form, from standard input, and the no-op', async () => {
  const run = await uaix(
    ['route', 'resolve', '-', '--client=indexed-fetcher'],
    readFileSync(`${ROOT}${FIXTURES}/valid/script-only-no-op.json`, 'utf8'),
  );
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stdout,
    /^route_diagram_editor, indexed-fetcher: no-op -> https:\/\/example\.invalid\/review\/#route_diagram_editor \(human_review_url\)\n {2}The highest path needs JavaScript/,
  );
});

test('route resolve: an unknown client kind exits 2 and lists the ten kinds', async () => {
  const run = await uaix(['route', 'resolve', `${SITE}/route_review.json`, '--client', 'telepathic-agent']);
  assert.equal(run.code, 2);
  for (const kind of CLIENT_KINDS) assert.ok(run.stderr.includes(kind), `lists ${kind}`);
  assert.equal((await uaix(['route', 'resolve', `${SITE}/route_review.json`])).code, 2, '--client is required');
});

test('route resolve: a malformed record exits 1 with its issues; bad JSON too', async () => {
  const run = await uaix(['route', 'resolve', `${FIXTURES}/invalid/no-review-url.json`, '--client', 'browser-agent']);
  assert.equal(run.code, 1);
  assert.equal(run.stdout, '');
  assert.match(run.stderr, /UAI-ROUTE-NO-REVIEW \/human_review_url/);
  const notJson = await uaix(['route', 'resolve', '-', '--client', 'browser-agent'], '{"route_id": ');
  assert.equal(notJson.code, 1);
  assert.match(notJson.stderr, /UAI-JSON-PARSE/);
});

test('check-fixtures checks the route fixtures with the route checker', async () => {
  const run = await uaix(['check-fixtures']);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^routes: \d+ valid, \d+ invalid$/m);
});
