/**
 * The serve-time rules and the manifest's helpers: host path patterns, the media type each path is
 * served with, digests only for I-JSON, and the build check that a route's content_type is the
 * media type of the files its path names.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  HEADER_RULES,
  IMMUTABLE,
  REVALIDATE,
  fileDigests,
  headersFile,
  mediaTypeOf,
} from '../../../src/record/machine/machineRecords.ts';
import { hostPatternMatches } from '../../../src/record/machine/hostPathPattern.ts';
import { routeMediaTypeProblems } from '../../../src/record/machine/siteManifest.ts';
import { nodeSha256 } from '../../../src/uai/node/nodeValidator.ts';
import type { RouteRecord } from '../../../src/uai/routeVocabulary.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

/** The problems as the terminal prints them. */
const routeTypeLines = (...args: Parameters<typeof routeMediaTypeProblems>) =>
  routeMediaTypeProblems(...args).map(formatProblem);

test('media types: the _headers Content-Type rule wins, else the extension; _headers itself is plain text', () => {
  assert.equal(mediaTypeOf('/schemas/uai-1/envelope.schema.json'), 'application/schema+json');
  assert.equal(mediaTypeOf('/schemas/site/uaix-manifest.schema.json'), 'application/schema+json');
  assert.equal(mediaTypeOf('/examples/uai-1/conformance.json'), 'application/json');
  assert.equal(mediaTypeOf('/es-es/about/index.md'), 'text/markdown');
  assert.equal(mediaTypeOf('/es-es/about/index.html'), 'text/html');
  assert.equal(mediaTypeOf('/pagefind/pagefind.en_1.pf_meta'), 'application/octet-stream');
  assert.equal(mediaTypeOf('/_headers'), 'text/plain');
});

test('_headers: one pattern line per rule, indented headers; immutable only for released editions and /_astro/', () => {
  const text = headersFile();
  assert.ok(text.startsWith('/*\n  X-Content-Type-Options: nosniff\n'));
  assert.equal(text.split('\n').filter((line) => line && !line.startsWith('  ')).length, HEADER_RULES.length);
  assert.deepEqual(
    HEADER_RULES.filter((rule) => rule.headers['Cache-Control'] === IMMUTABLE).map((rule) => rule.path),
    ['/editions/:edition/*', '/_astro/*'],
  );
  // An edition's bundle is beside its folder: revalidated, since the build's zlib writes its bytes.
  assert.deepEqual(
    HEADER_RULES.filter((rule) => hostPatternMatches(rule.path, '/editions/2026-12-01.tar.gz')).map((rule) => [
      rule.path,
      rule.headers['Cache-Control'],
    ]),
    [
      ['/*', undefined],
      ['/editions/*.tar.gz', REVALIDATE],
    ],
  );
  assert.equal(mediaTypeOf('/editions/2026-12-01.tar.gz'), 'application/gzip');
});

test('digests: jcs_sha256 only for I-JSON; a duplicate member name or a non-JSON file gets none', () => {
  const encode = (text: string) => new TextEncoder().encode(text);
  assert.deepEqual(Object.keys(fileDigests(encode('{"b":1,"a":2}'), 'application/json')), ['sha256', 'jcs_sha256']);
  assert.equal(
    fileDigests(encode('{"b":1,"a":2}'), 'application/json').jcs_sha256,
    fileDigests(encode('{"a":2,"b":1}'), 'application/json').jcs_sha256,
  );
  assert.deepEqual(Object.keys(fileDigests(encode('{"a":1,"a":2}'), 'application/json')), ['sha256']);
  assert.deepEqual(Object.keys(fileDigests(encode('{not json'), 'application/json')), ['sha256']);
  assert.deepEqual(Object.keys(fileDigests(encode('{"a":1}'), 'text/markdown')), ['sha256']);
});

test('digests: the build’s node:crypto SHA-256 gives the core’s digests, for the file and its canonical form', () => {
  const bytes = new TextEncoder().encode('{"b":1,"a":[2,"é"]}');
  assert.deepEqual(fileDigests(bytes, 'application/json', nodeSha256), fileDigests(bytes, 'application/json'));
  const seen: number[] = [];
  const counting = (input: Uint8Array) => {
    seen.push(input.length);
    return nodeSha256(input);
  };
  fileDigests(bytes, 'application/json', counting);
  assert.equal(seen.length, 2, 'both digests use the hash passed in');
});

test('routes: content_type must be the media type of every file the path names; a template stands for one name', () => {
  const route = (path: string, content_type: string | null) => ({
    file: 'content/routes/route_x.json',
    routeId: 'route_x',
    text: '{}',
    record: { path, content_type, method: 'GET' } as RouteRecord,
  });
  const paths = [
    '/schemas/uai-1/envelope.schema.json',
    '/schemas/uai-1/uai.agent.ack.v1.schema.json',
    '/en-us/review/index.html',
  ];
  assert.deepEqual(
    routeTypeLines(
      [route('/schemas/uai-1/{name}.schema.json', 'application/schema+json'), route('/en-us/review/', 'text/html')],
      paths,
    ),
    [],
  );
  assert.deepEqual(routeTypeLines([route('/schemas/uai-1/{name}.schema.json', 'application/json')], paths), [
    'content/routes/route_x.json /content_type: "application/json", but /schemas/uai-1/envelope.schema.json is served and listed in the manifest as application/schema+json [route-content-type]',
  ]);
  assert.deepEqual(routeTypeLines([route('/schemas/uai-2/{name}.json', 'application/json')], paths), [
    'content/routes/route_x.json /path: /schemas/uai-2/{name}.json names no published file [route-content-type]',
  ]);
  // A parameter is one path segment or part of one, as /openapi.json reads the template: never a `/`, never empty.
  assert.deepEqual(routeTypeLines([route('/schemas/{name}.json', 'application/schema+json')], paths), [
    'content/routes/route_x.json /path: /schemas/{name}.json names no published file [route-content-type]',
  ]);
  assert.deepEqual(
    routeTypeLines([route('/schemas/uai-1/{name}envelope.schema.json', 'application/schema+json')], paths),
    [
      'content/routes/route_x.json /path: /schemas/uai-1/{name}envelope.schema.json names no published file [route-content-type]',
    ],
  );
  // A template the description cannot read is a line, not a thrown error.
  assert.deepEqual(routeTypeLines([route('/schemas/uai-1/{a}{b}.json', 'application/json')], paths), [
    'content/routes/route_x.json /path: path template /schemas/uai-1/{a}{b}.json: each segment holds at most one {parameter} [route-content-type]',
  ]);
});
