/**
 * Route records: the schema declares the seed's nineteen fields in the seed's order, the site's own
 * records are valid, and every route rule code is produced by a record built here (a valid record,
 * mutated) at the JSON Pointer the rule names, with a one-line message. The fixture check runs the
 * route fixtures through the same expectation comparison as the packet fixtures.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSchemaDocuments, loadRouteFixtureTree } from '../../src/uai/node/recordFiles.ts';
import { loadRouteRecordFiles } from '../../src/record/machine/node/routeFiles.ts';
import { createRouteChecker, type RouteReport } from '../../src/uai/routeRecord.ts';
import { routeRuleIssues } from '../../src/uai/routeRules.ts';
import { CAPABILITIES, ROUTE_RECORD_SCHEMA_ID, highestPathNeeds } from '../../src/uai/routeVocabulary.ts';
import { checkRouteFixtures } from '../../src/uai/fixtureCheck.ts';
import { ERROR_CODES, type UaiIssue } from '../../src/uai/errorCodes.ts';
import { SEED_ROUTE_FIELDS } from '../support/seedRouteFields.ts';

type Route = Record<string, any>;

const checker = createRouteChecker(loadSchemaDocuments());
const siteRecords = loadRouteRecordFiles();
const fixtureTree = loadRouteFixtureTree();
const decoder = new TextDecoder();

function fixture(name: string): Route {
  const entry = fixtureTree.fixtures.find((candidate) => candidate.verdict === 'valid' && candidate.name === name);
  assert.ok(entry, `valid route fixture ${name} exists`);
  return JSON.parse(decoder.decode(entry.bytes));
}

/** An authenticated JSON POST with every fallback named: valid, and the base of most cases below. */
const POST = (): Route => fixture('authenticated-post-with-fallbacks');
const static_ = (url: string, ...needs: string[]) => ({ url, needs: needs.length ? needs : ['static-get'] });

function check(record: Route): RouteReport {
  return checker.checkValue(record);
}

/** The report fails with `code` at `path`, and every message is one line. */
function assertIssue(report: RouteReport, code: string, path: string): UaiIssue {
  const hit = report.errors.find((issue) => issue.code === code && issue.path === path);
  assert.ok(
    hit,
    `expected ${code} at ${path}, got ${JSON.stringify(report.errors.map(({ code, path }) => ({ code, path })))}`,
  );
  assert.equal(report.valid, false);
  for (const issue of report.errors) assert.doesNotMatch(issue.message, /[\r\n]/, 'a message is one line');
  return hit;
}

test('schema: route_id, path, then the nineteen seed fields in the seed order, then advertises, title, description', () => {
  const names = checker.shape.fields.map((field) => field.name);
  assert.deepEqual(names, ['route_id', 'path', ...SEED_ROUTE_FIELDS, 'advertises', 'title', 'description']);
  assert.equal(
    checker.registry.documents.get(ROUTE_RECORD_SCHEMA_ID)?.$id,
    'https://uaix.org/schemas/uai-1/route-record.schema.json',
  );
});

test('schema: the capability vocabulary is the one the core uses', () => {
  const schema = checker.registry.documents.get(ROUTE_RECORD_SCHEMA_ID) as Route;
  assert.deepEqual(schema.$defs.capability.enum, [...CAPABILITIES]);
});

test('site records: each is valid, named by its route_id, and ends at its own section of the review page', () => {
  assert.deepEqual(
    siteRecords.map((file) => file.name),
    ['route_conformance_pack', 'route_fixture_fetch', 'route_review', 'route_schema_fetch', 'route_validator'],
  );
  for (const file of siteRecords) {
    const report = checker.checkBytes(file.bytes);
    assert.deepEqual(report.errors, [], file.file);
    assert.equal(report.route, file.name, `${file.file} holds route_id ${file.name}`);
    assert.equal(report.record?.human_review_url, `https://uaix.org/en-us/review/#${file.name}`);
  }
});

test('UAI-ROUTE-FIELD-MISSING: each of the nineteen fields, absent, is reported at its own pointer', () => {
  for (const field of ['route_id', 'path', ...SEED_ROUTE_FIELDS, 'advertises']) {
    const record = POST();
    delete record[field];
    const report = check(record);
    const issue = assertIssue(report, 'UAI-ROUTE-FIELD-MISSING', `/${field}`);
    assert.match(issue.message, new RegExp(field));
  }
});

test('UAI-ROUTE-FIELD-MISSING is only for absence: a wrong value is a schema error, and null is a declaration', () => {
  const wrong = POST();
  wrong.method = 'FETCH';
  assertIssue(check(wrong), 'UAI-SCHEMA-INVALID', '/method');
  assert.equal(
    check(wrong).errors.some((issue) => issue.code === 'UAI-ROUTE-FIELD-MISSING'),
    false,
  );
  const declared = POST();
  declared.write_credential_response_path = null;
  declared.required_fields = null;
  assert.deepEqual(check(declared).errors, []);
});

test('UAI-ROUTE-FALLBACK-MISSING: POST without post_blocked_fallback', () => {
  const record = POST();
  record.post_blocked_fallback = null;
  assert.match(
    assertIssue(check(record), 'UAI-ROUTE-FALLBACK-MISSING', '/post_blocked_fallback').message,
    /POST \(method POST\)/,
  );
  record.method = 'PUT';
  assertIssue(check(record), 'UAI-ROUTE-FALLBACK-MISSING', '/post_blocked_fallback');
});

test('UAI-ROUTE-FALLBACK-MISSING: authenticated mutation without auth_unavailable_fallback', () => {
  const record = POST();
  record.auth_unavailable_fallback = null;
  assert.match(
    assertIssue(check(record), 'UAI-ROUTE-FALLBACK-MISSING', '/auth_unavailable_fallback').message,
    /authenticated mutation/,
  );
});

test('UAI-ROUTE-FALLBACK-MISSING: MCP tool without mcp_unavailable_fallback, and without tool_unavailable_fallback', () => {
  const noMcp = fixture('mcp-tool-with-fallbacks');
  noMcp.mcp_unavailable_fallback = null;
  assertIssue(check(noMcp), 'UAI-ROUTE-FALLBACK-MISSING', '/mcp_unavailable_fallback');
  const noTool = fixture('mcp-tool-with-fallbacks');
  noTool.tool_unavailable_fallback = null;
  assertIssue(check(noTool), 'UAI-ROUTE-FALLBACK-MISSING', '/tool_unavailable_fallback');
  // An MCP resource needs MCP but no tool.
  const resource = fixture('mcp-tool-with-fallbacks');
  resource.advertises = ['mcp-resource'];
  resource.tool_unavailable_fallback = null;
  assert.deepEqual(check(resource).errors, []);
});

test('UAI-ROUTE-FALLBACK-MISSING: A2A delegation and packet exchange without lowest_safe_fallback', () => {
  for (const advertised of ['a2a-delegation', 'packet-exchange']) {
    const record = fixture('a2a-delegation-with-capability-statement');
    record.advertises = [advertised];
    record.lowest_safe_fallback = null;
    assertIssue(check(record), 'UAI-ROUTE-FALLBACK-MISSING', '/lowest_safe_fallback');
  }
});

test('UAI-ROUTE-FALLBACK-MISSING: restore/readback without restore_readback_url_field', () => {
  const record = fixture('restore-readback-lookup');
  record.restore_readback_url_field = null;
  assert.match(
    assertIssue(check(record), 'UAI-ROUTE-FALLBACK-MISSING', '/restore_readback_url_field').message,
    /guess a private endpoint/,
  );
});

test('UAI-ROUTE-FALLBACK-MISSING: live dynamic GET (and authenticated GET) without live_get_blocked_fallback', () => {
  const live = fixture('live-get-with-static-snapshot');
  live.live_get_blocked_fallback = null;
  assertIssue(check(live), 'UAI-ROUTE-FALLBACK-MISSING', '/live_get_blocked_fallback');
  const authenticatedRead = fixture('live-get-with-static-snapshot');
  authenticatedRead.fetch_execution_class = 'authenticated';
  authenticatedRead.auth_unavailable_fallback = static_('https://example.invalid/review/#route_status_live');
  authenticatedRead.live_get_blocked_fallback = null;
  assertIssue(check(authenticatedRead), 'UAI-ROUTE-FALLBACK-MISSING', '/live_get_blocked_fallback');
});

test('UAI-ROUTE-FALLBACK-MISSING: a fallback that needs the capability it stands in for', () => {
  const post = POST();
  post.post_blocked_fallback = static_('https://example.invalid/api/preview', 'post');
  assertIssue(check(post), 'UAI-ROUTE-FALLBACK-MISSING', '/post_blocked_fallback/needs');
  const auth = POST();
  auth.auth_unavailable_fallback = static_('https://example.invalid/owner/', 'static-get', 'credentials');
  assertIssue(check(auth), 'UAI-ROUTE-FALLBACK-MISSING', '/auth_unavailable_fallback/needs');
  const script = fixture('script-only-no-op');
  script.lowest_safe_fallback = static_('https://example.invalid/lite/', 'static-get', 'javascript');
  assertIssue(check(script), 'UAI-ROUTE-FALLBACK-MISSING', '/lowest_safe_fallback/needs');
});

test('UAI-ROUTE-NO-REVIEW: no human_review_url, whatever the fallbacks', () => {
  for (const name of ['authenticated-post-with-fallbacks', 'script-only-no-op']) {
    const record = fixture(name);
    record.human_review_url = null;
    assertIssue(check(record), 'UAI-ROUTE-NO-REVIEW', '/human_review_url');
  }
});

test('UAI-ROUTE-NO-REVIEW: no lowest safe fallback and no no_op_behavior', () => {
  const record = fixture('script-only-no-op');
  record.no_op_behavior = null;
  assertIssue(check(record), 'UAI-ROUTE-NO-REVIEW', '/no_op_behavior');
  // A static lowest safe fallback reaches every client, so the no-op text may then be null.
  record.lowest_safe_fallback = static_('https://example.invalid/diagram-editor/help/');
  assert.deepEqual(check(record).errors, []);
});

test('blank text counts as absent: a blank or invisible title, description or highest path is UAI-ROUTE-FIELD-MISSING, a blank no-op is null', () => {
  for (const field of ['highest_supported_path', 'title', 'description']) {
    for (const blank of [' ', '\t\n', '\u00a0\u2003', '\u200b\u2060', '\u{E0020}']) {
      const record = POST();
      record[field] = blank;
      const report = check(record);
      assertIssue(report, 'UAI-ROUTE-FIELD-MISSING', `/${field}`);
      assert.match(report.errors[0].message, /only white space or invisible characters, which counts as absent/);
    }
  }
  for (const blank of [' \n ', '\u200b', '\u{E0020}']) {
    const record = fixture('script-only-no-op');
    record.no_op_behavior = blank;
    assert.match(
      assertIssue(check(record), 'UAI-ROUTE-NO-REVIEW', '/no_op_behavior').message,
      /no_op_behavior is blank/,
    );
  }
});

test('bounded output: a route record with 150 undeclared members lists 100 and counts the rest', () => {
  const record = POST();
  for (let index = 0; index < 150; index++) record[`extra_${index}`] = true;
  const report = check(record);
  assert.equal(report.errors.length, 101);
  assert.equal(report.errors[100].code, 'UAI-ERRORS-TRUNCATED');
  assert.match(report.errors[100].message, /^50 more issues/);
});

test('UAI-ROUTE-SECRET-IN-URL: path, review URL and fallback URLs are scanned with the shared secret scanner', () => {
  const cases: [string, (record: Route) => void][] = [
    ['/path', (record) => (record.path = 'https://example.invalid/api/records?access_token=EXAMPLEnotArealTOKEN0000')],
    [
      '/human_review_url',
      (record) => (record.human_review_url = 'https://example.invalid/review/?session=abcdef0123456789#route_x'),
    ],
    [
      '/post_blocked_fallback/url',
      (record) => (record.post_blocked_fallback = static_('https://owner:example-password@example.invalid/diagnostic')),
    ],
    [
      '/browser_form_equivalent/url',
      (record) => (record.browser_form_equivalent.url = 'https://example.invalid/records/new?api_key=EXAMPLEonly0000'),
    ],
  ];
  for (const [path, edit] of cases) {
    const record = POST();
    edit(record);
    const issue = assertIssue(check(record), 'UAI-ROUTE-SECRET-IN-URL', path);
    assert.doesNotMatch(issue.message, /EXAMPLE|password|abcdef/, 'the message never repeats the secret');
  }
});

test('UAI-ROUTE-UNSAFE-GET: a GET with side effects presented as a safe read', () => {
  const record = fixture('live-get-with-static-snapshot');
  record.side_effect_status = 'write';
  assert.match(assertIssue(check(record), 'UAI-ROUTE-UNSAFE-GET', '/get_safety').message, /side-effecting/);
  record.get_safety = 'side-effecting';
  assert.deepEqual(check(record).errors, []);
});

test('every route-layer code of the catalogue is produced by a case above', () => {
  const routeCodes = ERROR_CODES.filter((entry) => entry.layer === 'route').map((entry) => entry.code);
  assert.deepEqual(routeCodes, [
    'UAI-ROUTE-FIELD-MISSING',
    'UAI-ROUTE-FALLBACK-MISSING',
    'UAI-ROUTE-NO-REVIEW',
    'UAI-ROUTE-SECRET-IN-URL',
    'UAI-ROUTE-UNSAFE-GET',
  ]);
});

test('highestPathNeeds: read from method, fetch_execution_class and advertises', () => {
  const base = { method: 'GET', fetch_execution_class: 'static', advertises: [] };
  assert.deepEqual(highestPathNeeds(base), ['static-get']);
  assert.deepEqual(highestPathNeeds({ ...base, fetch_execution_class: 'client-side-script' }), [
    'static-get',
    'javascript',
  ]);
  assert.deepEqual(highestPathNeeds({ ...base, fetch_execution_class: 'live-dynamic' }), ['live-get']);
  assert.deepEqual(highestPathNeeds({ ...base, fetch_execution_class: 'authenticated' }), ['live-get', 'credentials']);
  assert.deepEqual(highestPathNeeds({ ...base, method: 'POST', fetch_execution_class: 'authenticated' }), [
    'post',
    'credentials',
  ]);
  assert.deepEqual(highestPathNeeds({ ...base, method: 'NONE', advertises: ['mcp-tool'] }), ['mcp', 'mcp-tools']);
  assert.deepEqual(highestPathNeeds({ ...base, method: 'NONE', advertises: ['a2a-delegation', 'packet-exchange'] }), [
    'a2a',
    'packet-exchange',
  ]);
  assert.deepEqual(highestPathNeeds('not a record'), []);
});

test('malformed input: not JSON, not an object, rules never throw', () => {
  const notJson = checker.checkText('{"route_id": ');
  assert.equal(notJson.valid, false);
  assert.equal(notJson.errors[0].code, 'UAI-JSON-PARSE');
  const array = checker.checkValue([1, 2]);
  assert.equal(array.valid, false);
  assert.equal(array.route, null);
  assert.deepEqual(routeRuleIssues([1, 2]), []);
  assert.doesNotThrow(() =>
    routeRuleIssues({ method: 'POST', advertises: 'mcp-tool', post_blocked_fallback: { url: 7 } }),
  );
  assert.deepEqual(
    highestPathNeeds({
      method: 'GET',
      fetch_execution_class: 'constructor',
      advertises: ['toString', '__proto__', 'mcp-tool'],
    }),
    ['mcp', 'mcp-tools'],
  );
  assert.doesNotThrow(() =>
    routeRuleIssues({
      method: 'NONE',
      fetch_execution_class: 'toString',
      advertises: ['constructor', 'mcp-tool'],
      mcp_unavailable_fallback: null,
    }),
  );
});

test('route fixtures: every valid one passes, every invalid one fails with its declared code, every route code is covered', () => {
  const result = checkRouteFixtures(checker, fixtureTree.fixtures, fixtureTree.expectations);
  assert.deepEqual(result.failures, []);
  assert.ok(result.counts.routes.valid >= 5 && result.counts.routes.invalid >= 5);
});

test('route fixtures: a wrong expectation and a missing rule code are reported by the shared comparison', () => {
  const expectations = fixtureTree.expectations.map((file) => {
    const entries = JSON.parse(file.text);
    entries['unsafe-get.json'].code = 'UAI-ROUTE-NO-REVIEW';
    return { ...file, text: JSON.stringify(entries) };
  });
  const result = checkRouteFixtures(checker, fixtureTree.fixtures, expectations);
  assert.deepEqual(
    result.failures.map(({ file, rule }) => ({ file, rule })),
    [
      { file: 'schemas/uai-1/examples/routes/invalid/unsafe-get.json', rule: 'UAI-ROUTE-NO-REVIEW' },
      { file: 'schemas/uai-1/examples/routes/invalid/', rule: 'fixture-coverage' },
    ],
  );
  assert.match(result.failures[1].message, /UAI-ROUTE-UNSAFE-GET/);
});
