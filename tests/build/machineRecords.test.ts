/**
 * The locale-free machine records in dist/: schemas at their `$id`, the manifest's digests, the
 * conformance pack against the fixture folders and the core, the field registry against the
 * schemas, every file's listing in the manifest, the _headers rules (CORS, caching, no overlaps)
 * and robots.txt.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createAjv } from '../../src/uai/schemaCompiler.ts';
import { canonicalBytes } from '../../src/uai/jcs.ts';
import { decodeJsonBytes } from '../../src/uai/jsonText.ts';
import { createPacketValidator } from '../../src/uai/packetValidator.ts';
import { loadSchemaDocuments } from '../../src/uai/node/recordFiles.ts';
import type { SiteManifest } from '../../src/record/machine/siteManifest.ts';
import { readHeadersFile, type HeadersFileRule } from '../../src/record/machine/headersFileCheck.ts';
import { formatProblem } from '../../src/uai/problem.ts';
import { contentTypeOf, ruleApplies } from '../../src/pipeline/staticHost.ts';
import {
  DIST,
  ORIGIN,
  REPO,
  assertNoProblems,
  distFileOf,
  publicPath,
  readJson,
  requireDist,
  walkFiles,
} from './_support/site.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

before(requireDist);

const sha256 = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
const schemaFiles = () => walkFiles(join(DIST, 'schemas')).filter((file) => file.endsWith('.json'));

// ---------------------------------------------------------------------------------------------
// Schemas: $id ↔ file, $ref resolvable inside dist.

/** Follows a JSON Pointer fragment (`/a/b~1c`) inside a document; undefined when it leads nowhere. */
function atPointer(doc: Json, fragment: string): Json | undefined {
  if (fragment === '' || fragment === '/') return doc;
  let node: Json | undefined = doc;
  for (const raw of fragment.replace(/^\//, '').split('/')) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = Array.isArray(node) ? node[Number(token)] : node[token];
  }
  return node;
}

function collectRefs(node: Json, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) collectRefs(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else collectRefs(value, found);
    }
  }
  return found;
}

test('every schema in dist/schemas/** has the $id of its own URL (https://uaix.org/<path> ↔ dist/<path>)', () => {
  const files = schemaFiles();
  assert.ok(files.length >= 12, `expected the UAI-1 and site schemas in dist/schemas, found ${files.length} files`);
  const problems = files.flatMap((file) => {
    const id = readJson<JsonObject>(file).$id;
    const expected = `${ORIGIN}${publicPath(file)}`;
    return id === expected ? [] : [`${publicPath(file)}: $id is ${JSON.stringify(id)}, expected ${expected}`];
  });
  assertNoProblems(problems, 'schema $id');
});

test('every $ref in the published schemas resolves to a file in dist and a node inside it', () => {
  const problems: string[] = [];
  for (const file of schemaFiles()) {
    const doc = readJson<JsonObject>(file);
    for (const ref of collectRefs(doc)) {
      const target = new URL(ref, String(doc.$id));
      if (target.origin !== ORIGIN) {
        problems.push(`${publicPath(file)}: $ref ${ref} leaves the site (${target.href})`);
        continue;
      }
      const targetFile = distFileOf(target.pathname);
      if (!existsSync(targetFile)) {
        problems.push(`${publicPath(file)}: $ref ${ref} → ${target.pathname}, which is not in dist`);
        continue;
      }
      if (atPointer(readJson<Json>(targetFile), decodeURIComponent(target.hash.slice(1))) === undefined) {
        problems.push(`${publicPath(file)}: $ref ${ref} → ${target.pathname}${target.hash}: no such node`);
      }
    }
  }
  assertNoProblems(problems, 'schema $ref');
});

// ---------------------------------------------------------------------------------------------
// The manifest.

const manifest = () => readJson<SiteManifest>(join(DIST, '.well-known/uaix.json'));

test('the manifest validates against dist/schemas/site/uaix-manifest.schema.json', () => {
  const validate = createAjv().compile(readJson(join(DIST, 'schemas/site/uaix-manifest.schema.json')) as object);
  const ok = validate(manifest());
  assert.ok(
    ok,
    `/.well-known/uaix.json: ${(validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message}`).join('; ')}`,
  );
});

test('every files[].sha256 and jcs_sha256 in the manifest matches the file in dist', () => {
  const problems: string[] = [];
  const { files } = manifest();
  assert.ok(files.length > 50, `the manifest lists only ${files.length} files`);
  for (const entry of files) {
    const file = distFileOf(entry.url);
    if (!existsSync(file)) {
      problems.push(`${entry.url}: listed in the manifest but not in dist`);
      continue;
    }
    const bytes = new Uint8Array(readFileSync(file));
    if (sha256(bytes) !== entry.sha256)
      problems.push(`${entry.url}: sha256 in the manifest ${entry.sha256}, the file's ${sha256(bytes)}`);
    if (entry.media_type.includes('json')) {
      // Only I-JSON has a canonical form: the duplicate-key and not-JSON fixtures get no jcs_sha256.
      const read = decodeJsonBytes(bytes);
      const canonical = read.ok ? sha256(canonicalBytes(read.value)) : undefined;
      if (canonical !== entry.jcs_sha256)
        problems.push(
          `${entry.url}: jcs_sha256 in the manifest ${entry.jcs_sha256}, the RFC 8785 bytes give ${canonical}${read.ok ? '' : ` (${read.error.code}: not I-JSON)`}`,
        );
    } else if (entry.jcs_sha256) problems.push(`${entry.url}: jcs_sha256 for a ${entry.media_type} file`);
  }
  assertNoProblems(problems, 'manifest files[] digests');
});

test('every routes[].record_sha256 in the manifest matches the route record in dist', () => {
  const { routes } = manifest();
  assert.ok(routes.length > 0, 'the manifest lists no route records');
  const problems = routes.flatMap((route) => {
    const file = distFileOf(route.record);
    if (!existsSync(file)) return [`${route.record}: not in dist`];
    const actual = sha256(new Uint8Array(readFileSync(file)));
    return actual === route.record_sha256
      ? []
      : [`${route.record}: record_sha256 ${route.record_sha256}, the file's ${actual}`];
  });
  assertNoProblems(problems, 'manifest routes[] digests');
});

test('every file in dist is listed in the manifest, or named in coverage.omits (only the manifest itself)', () => {
  const { files, coverage } = manifest();
  const listed = new Set(files.map((entry) => new URL(entry.url).pathname));
  const omitted = new Set(coverage.omits.map((entry) => new URL(entry.url).pathname));
  assert.deepEqual([...omitted], ['/.well-known/uaix.json'], 'the manifest omits only itself');
  const unaccounted = walkFiles(DIST)
    .map((file) => publicPath(file))
    .filter((path) => !listed.has(path) && !omitted.has(path));
  assert.deepEqual(
    unaccounted,
    [],
    `in dist but neither listed nor omitted by /.well-known/uaix.json: ${unaccounted.slice(0, 10).join(', ')}`,
  );
  assert.ok(
    listed.has('/_headers') &&
      listed.has('/sitemap-index.xml') &&
      listed.has('/en-us/index.html') &&
      listed.has('/en-us/index.md'),
    'pages, mirrors, sitemaps and _headers are listed',
  );
  assert.deepEqual(
    files.filter((entry) => entry.served === false).map((entry) => new URL(entry.url).pathname),
    ['/_headers'],
    'only _headers is marked as not served',
  );
  const duplicateKey = files.find((entry) => entry.url.endsWith('/envelope/invalid/duplicate-message-id.json'));
  assert.ok(duplicateKey, 'the duplicate-key invalid fixture is listed');
  assert.equal(duplicateKey.jcs_sha256, undefined, 'a file with duplicate member names is not I-JSON: no jcs_sha256');
});

test('manifest route entries: a title, a one-line purpose, and a content_type equal to the media_type of every file the path names', () => {
  const { routes, files } = manifest();
  const problems: string[] = [];
  for (const route of routes) {
    const record = readJson<{
      title: string;
      description: string;
      path: string;
      method: string;
      content_type: string | null;
    }>(distFileOf(route.record));
    if (route.title !== record.title || !route.title)
      problems.push(`${route.route_id}: title ${JSON.stringify(route.title)}`);
    if (!route.purpose || /\n/.test(route.purpose))
      problems.push(`${route.route_id}: purpose ${JSON.stringify(route.purpose)} is not one line`);
    if (route.content_type !== record.content_type)
      problems.push(`${route.route_id}: content_type ${route.content_type}, the record says ${record.content_type}`);
    if (record.method !== 'GET' || !record.path.startsWith('/')) continue;
    // {name} stands for one path segment (or part of one).
    const segment = record.path
      .split(/\{[^}/]*\}/)
      .map((part) => part.replace(/[.+?^$()|[\]\\*]/g, '\\$&'))
      .join('[^/]+');
    const pattern = new RegExp(
      `^${ORIGIN.replace(/\./g, '\\.')}${segment}${record.path.endsWith('/') ? 'index\\.html' : ''}$`,
    );
    const named = files.filter((file) => pattern.test(file.url));
    if (named.length === 0) problems.push(`${route.route_id}: ${record.path} names no file in the manifest`);
    for (const file of named)
      if (file.media_type !== record.content_type)
        problems.push(`${route.route_id}: content_type ${record.content_type}, but ${file.url} is ${file.media_type}`);
  }
  assert.ok(routes.length >= 5, `${routes.length} routes`);
  assertNoProblems(problems, 'manifest routes vs route records and files');
});

// ---------------------------------------------------------------------------------------------
// The conformance pack.

interface PackEntry {
  profile: string | null;
  group: string;
  name: string;
  verdict: 'valid' | 'invalid';
  url: string;
  keyless_url: string | null;
  digest: string | null;
  form_digests: { keyed: string | null; minified: string | null; keyless: string | null } | null;
  expected: { code: string; path: string; why: string } | null;
}
interface Pack {
  evaluated_at: string;
  fixtures: PackEntry[];
}
const pack = () => readJson<Pack>(join(DIST, 'examples/uai-1/conformance.json'));

const EXAMPLES = join(REPO, 'schemas/uai-1/examples');
const ROUTE_GROUP = 'routes';

/** Every fixture file in the source tree: examples/<group>/{valid,invalid}/<name>.json. */
function sourceFixtures(): {
  group: string;
  verdict: 'valid' | 'invalid';
  name: string;
  file: string;
  expected?: { code: string; path: string };
}[] {
  const found: ReturnType<typeof sourceFixtures> = [];
  for (const group of readdirSync(EXAMPLES).sort()) {
    for (const verdict of ['valid', 'invalid'] as const) {
      const dir = join(EXAMPLES, group, verdict);
      if (!existsSync(dir)) continue;
      const expectations = existsSync(join(dir, '_expected.json'))
        ? readJson<Record<string, { code: string; path: string }>>(join(dir, '_expected.json'))
        : {};
      for (const name of readdirSync(dir).sort()) {
        if (name === '_expected.json' || !name.endsWith('.json')) continue;
        found.push({
          group,
          verdict,
          name: name.replace(/\.json$/, ''),
          file: join(dir, name),
          expected: expectations[name],
        });
      }
    }
  }
  return found;
}

const packKey = (group: string, verdict: string, name: string) => `${group}/${verdict}/${name}`;

function checkPackAgainstSource(fixtures: ReturnType<typeof sourceFixtures>): string[] {
  const entries = new Map(pack().fixtures.map((entry) => [packKey(entry.group, entry.verdict, entry.name), entry]));
  const problems: string[] = [];
  for (const fixture of fixtures) {
    const source = `schemas/uai-1/examples/${fixture.group}/${fixture.verdict}/${fixture.name}.json`;
    const entry = entries.get(packKey(fixture.group, fixture.verdict, fixture.name));
    if (!entry) {
      problems.push(`${source}: not listed in /examples/uai-1/conformance.json`);
      continue;
    }
    const published = distFileOf(entry.url);
    if (!existsSync(published)) problems.push(`${source}: the pack's url ${entry.url} is not in dist`);
    else if (!readFileSync(published).equals(readFileSync(fixture.file)))
      problems.push(`${source}: ${entry.url} does not hold the same bytes`);
    if (fixture.verdict === 'invalid') {
      if (!fixture.expected) problems.push(`${source}: no entry in invalid/_expected.json`);
      else if (entry.expected?.code !== fixture.expected.code || entry.expected?.path !== fixture.expected.path) {
        problems.push(
          `${source}: pack expects ${JSON.stringify(entry.expected && { code: entry.expected.code, path: entry.expected.path })}, _expected.json says ${JSON.stringify(fixture.expected)}`,
        );
      }
    } else if (entry.expected !== null)
      problems.push(`${source}: a valid fixture with an expected error ${JSON.stringify(entry.expected)}`);
  }
  return problems;
}

test('the conformance pack lists every packet fixture file in schemas/uai-1/examples/ with its verdict and expected code', () => {
  const fixtures = sourceFixtures().filter((fixture) => fixture.group !== ROUTE_GROUP);
  assert.ok(fixtures.length >= 40, `found only ${fixtures.length} packet fixtures`);
  assertNoProblems(checkPackAgainstSource(fixtures), 'packet fixtures vs /examples/uai-1/conformance.json');
  const sourceKeys = new Set(fixtures.map((fixture) => packKey(fixture.group, fixture.verdict, fixture.name)));
  const extra = pack()
    .fixtures.filter(
      (entry) => entry.group !== ROUTE_GROUP && !sourceKeys.has(packKey(entry.group, entry.verdict, entry.name)),
    )
    .map((entry) => entry.url);
  assert.deepEqual(extra, [], 'the pack lists fixtures that are not in schemas/uai-1/examples/');
});

test('the conformance pack also lists the route-record fixtures in schemas/uai-1/examples/routes/', () => {
  const fixtures = sourceFixtures().filter((fixture) => fixture.group === ROUTE_GROUP);
  if (fixtures.length === 0) return;
  assertNoProblems(
    checkPackAgainstSource(fixtures),
    'route-record fixtures are neither published under /examples/uai-1/ nor listed in /examples/uai-1/conformance.json',
  );
});

test('each invalid packet fixture fails in the core with its expected code at its expected path', () => {
  const validator = createPacketValidator(loadSchemaDocuments());
  const { evaluated_at, fixtures } = pack();
  const problems: string[] = [];
  for (const entry of fixtures.filter(
    (candidate) => candidate.verdict === 'invalid' && candidate.group !== ROUTE_GROUP,
  )) {
    const report = validator.validateBytes(new Uint8Array(readFileSync(distFileOf(entry.url))), {
      now: new Date(evaluated_at),
    });
    if (report.valid) problems.push(`${entry.url}: valid in the core, expected ${entry.expected?.code}`);
    else if (
      !report.errors.some((error) => error.code === entry.expected?.code && error.path === entry.expected?.path)
    ) {
      problems.push(
        `${entry.url}: expected ${entry.expected?.code} at ${JSON.stringify(entry.expected?.path)}, the core reports ${report.errors.map((error) => `${error.code} at ${JSON.stringify(error.path)}`).join(', ')}`,
      );
    }
  }
  assertNoProblems(problems, 'conformance pack vs invalid fixtures in the core');
});

test('each valid fixture: keyed, minified keyed and keyless forms all validate in the core with one digest, the one the pack states', () => {
  const validator = createPacketValidator(loadSchemaDocuments());
  const { evaluated_at, fixtures } = pack();
  const now = new Date(evaluated_at);
  const valid = fixtures.filter((entry) => entry.verdict === 'valid' && entry.group !== ROUTE_GROUP);
  assert.ok(valid.length >= 8, `expected a valid fixture per profile, found ${valid.length}`);
  const problems: string[] = [];
  for (const entry of valid) {
    if (!entry.keyless_url) {
      problems.push(`${entry.url}: no keyless_url`);
      continue;
    }
    const keyedText = readFileSync(distFileOf(entry.url), 'utf8');
    const forms = {
      keyed: keyedText,
      minified: JSON.stringify(JSON.parse(keyedText)),
      keyless: readFileSync(distFileOf(entry.keyless_url), 'utf8'),
    };
    const digests: Record<string, string | null> = {};
    for (const [form, formText] of Object.entries(forms)) {
      const report = validator.validateText(formText, { now });
      if (!report.valid)
        problems.push(
          `${entry.url} (${form}): invalid in the core: ${report.errors.map((error) => `${error.code} at ${error.path}`).join(', ')}`,
        );
      digests[form] = report.digest;
    }
    const distinct = new Set(Object.values(digests));
    if (distinct.size !== 1) problems.push(`${entry.url}: the forms give different digests ${JSON.stringify(digests)}`);
    if (digests.keyed !== entry.digest)
      problems.push(`${entry.url}: the pack's digest ${entry.digest}, the core's ${digests.keyed}`);
    if (JSON.stringify(entry.form_digests) !== JSON.stringify(digests))
      problems.push(
        `${entry.url}: the pack's form_digests ${JSON.stringify(entry.form_digests)}, the core's ${JSON.stringify(digests)}`,
      );
  }
  assertNoProblems(problems, 'conformance pack vs valid fixture forms in the core');
});

// ---------------------------------------------------------------------------------------------
// The field registry against the schemas, read here with a small independent $ref walker.

interface RegistryObject {
  name: string;
  pointer: string;
  ordered_fields: string[];
  required_indexes: number[];
  nullable_indexes: number[];
  fields: {
    name: string;
    index: number;
    required: boolean;
    required_when: { field: string; values: unknown[] }[];
    nullable: boolean;
  }[];
}
interface Registry {
  envelope: RegistryObject;
  objects: RegistryObject[];
  profiles: { profile: string; schema: string; body: RegistryObject; body_objects: RegistryObject[] }[];
}

interface Located {
  node: JsonObject;
  base: string;
}

const documents = new Map<string, JsonObject>();
function documentAt(id: string): JsonObject {
  let doc = documents.get(id);
  if (!doc) {
    doc = readJson<JsonObject>(distFileOf(id));
    documents.set(id, doc);
  }
  return doc;
}

/** Follows `$ref` until a node that declares its own shape (properties, items or type). */
function deref(node: JsonObject, base: string): Located {
  let current: Located = { node, base };
  for (let hops = 0; typeof current.node.$ref === 'string' && !current.node.properties && !current.node.items; hops++) {
    if (hops > 20) throw new Error(`$ref loop at ${base}`);
    const target = new URL(current.node.$ref, current.base);
    const docId = `${target.origin}${target.pathname}`;
    const found = atPointer(documentAt(docId), decodeURIComponent(target.hash.slice(1)));
    if (!found || typeof found !== 'object' || Array.isArray(found))
      throw new Error(`${current.node.$ref} from ${current.base} does not resolve`);
    current = { node: found, base: docId };
  }
  return current;
}

interface ExpectedObject {
  name: string;
  ordered: string[];
  required: number[];
  nullable: number[];
  conditional: Map<string, { field: string; values: unknown[] }>;
}

function expectedObject(name: string, { node }: Located): ExpectedObject {
  const ordered = Object.keys(node.properties as JsonObject);
  const required = new Set((node.required as string[] | undefined) ?? []);
  const conditional = new Map<string, { field: string; values: unknown[] }>();
  for (const rule of (node.allOf as JsonObject[] | undefined) ?? []) {
    const condition = rule.if as JsonObject | undefined;
    const then = rule.then as JsonObject | undefined;
    if (!condition || !then?.required) continue;
    const [field, spec] = Object.entries(condition.properties as JsonObject)[0] as [string, JsonObject];
    const values = 'const' in spec ? [spec.const] : (spec.enum as Json[]);
    for (const target of then.required as string[]) conditional.set(target, { field, values });
  }
  return {
    name,
    ordered,
    required: ordered.flatMap((field, index) => (required.has(field) ? [index] : [])),
    nullable: ordered.flatMap((field, index) => (required.has(field) ? [] : [index])),
    conditional,
  };
}

/** Every declared object below an object (objects and arrays of objects), depth first. */
function nestedExpected(prefix: string, located: Located): ExpectedObject[] {
  const found: ExpectedObject[] = [];
  for (const [field, raw] of Object.entries(located.node.properties as JsonObject)) {
    let inner = deref(raw as JsonObject, located.base);
    let name = prefix ? `${prefix}.${field}` : field;
    if (inner.node.type === 'array' && inner.node.items) {
      const items = deref(inner.node.items as JsonObject, inner.base);
      if (!items.node.properties) continue;
      inner = items;
      name += '[]';
    }
    if (!inner.node.properties) continue;
    found.push(expectedObject(name, inner));
    found.push(...nestedExpected(name, inner));
  }
  return found;
}

function compareObject(where: string, actual: RegistryObject | undefined, expected: ExpectedObject): string[] {
  if (!actual) return [`${where}: missing from the field registry`];
  const problems: string[] = [];
  if (JSON.stringify(actual.ordered_fields) !== JSON.stringify(expected.ordered))
    problems.push(
      `${where}: ordered_fields ${JSON.stringify(actual.ordered_fields)}, the schema's property order ${JSON.stringify(expected.ordered)}`,
    );
  if (JSON.stringify(actual.required_indexes) !== JSON.stringify(expected.required))
    problems.push(
      `${where}: required_indexes ${JSON.stringify(actual.required_indexes)}, the schema's required gives ${JSON.stringify(expected.required)}`,
    );
  if (JSON.stringify(actual.nullable_indexes) !== JSON.stringify(expected.nullable))
    problems.push(
      `${where}: nullable_indexes ${JSON.stringify(actual.nullable_indexes)}, expected ${JSON.stringify(expected.nullable)}`,
    );
  for (const [field, condition] of expected.conditional) {
    const entry = actual.fields.find((candidate) => candidate.name === field);
    if (
      !entry?.required_when.some(
        (when) => when.field === condition.field && JSON.stringify(when.values) === JSON.stringify(condition.values),
      )
    ) {
      problems.push(
        `${where}: field ${field} should say required_when ${JSON.stringify(condition)}, found ${JSON.stringify(entry?.required_when)}`,
      );
    }
  }
  return problems;
}

const ENVELOPE_ID = `${ORIGIN}/schemas/uai-1/envelope.schema.json`;

test('the field registry: envelope ordered_fields, required and nullable indexes equal the envelope schema', () => {
  const registry = readJson<Registry>(join(DIST, 'uai-1-field-registry.json'));
  const envelope = expectedObject('envelope', { node: documentAt(ENVELOPE_ID), base: ENVELOPE_ID });
  assert.deepEqual(envelope.ordered, [
    'uai_version',
    'profile',
    'message_id',
    'source',
    'target',
    'conversation',
    'delivery',
    'trust',
    'body',
    'provenance',
    'integrity',
    'extensions',
  ]);
  assertNoProblems(
    compareObject('envelope', registry.envelope, envelope),
    'field registry envelope vs envelope schema',
  );
});

test('the field registry: every nested envelope object, in the schema order, with its required and nullable indexes', () => {
  const registry = readJson<Registry>(join(DIST, 'uai-1-field-registry.json'));
  const expected = nestedExpected('', { node: documentAt(ENVELOPE_ID), base: ENVELOPE_ID });
  assert.deepEqual(
    registry.objects.map((object) => object.name),
    expected.map((object) => object.name),
    'the registry objects differ from the nested objects of the envelope schema',
  );
  const byName = new Map(registry.objects.map((object) => [object.name, object]));
  assertNoProblems(
    expected.flatMap((object) => compareObject(object.name, byName.get(object.name), object)),
    'field registry objects vs envelope schema',
  );
});

test('the field registry: each of the 8 profile bodies and their nested objects match the profile schemas', () => {
  const registry = readJson<Registry>(join(DIST, 'uai-1-field-registry.json'));
  assert.equal(
    registry.profiles.length,
    8,
    `expected 8 profiles, found ${registry.profiles.map((profile) => profile.profile).join(', ')}`,
  );
  const problems: string[] = [];
  for (const profile of registry.profiles) {
    const schema = documentAt(profile.schema);
    const body = deref((schema.properties as JsonObject).body as JsonObject, profile.schema);
    const expected = expectedObject(`${profile.profile} body`, body);
    problems.push(...compareObject(`${profile.profile} body`, profile.body, expected));
    const nested = nestedExpected('body', body);
    const byName = new Map(profile.body_objects.map((object) => [object.name, object]));
    if (
      JSON.stringify(profile.body_objects.map((object) => object.name)) !==
      JSON.stringify(nested.map((object) => object.name))
    ) {
      problems.push(
        `${profile.profile}: body_objects ${JSON.stringify(profile.body_objects.map((object) => object.name))}, the schema has ${JSON.stringify(nested.map((object) => object.name))}`,
      );
    }
    for (const object of nested)
      problems.push(...compareObject(`${profile.profile} ${object.name}`, byName.get(object.name), object));
  }
  assertNoProblems(problems, 'field registry vs profile schemas');
  const ack = registry.profiles.find((profile) => profile.profile === 'uai.agent.ack.v1')!;
  assert.deepEqual(ack.body.nullable_indexes, [3], 'ack body: rejection_reason (index 3) is the only nullable slot');
  assert.equal(ack.body.ordered_fields[3], 'rejection_reason');
});

// ---------------------------------------------------------------------------------------------
// Serve-time hints and robots.txt.

/** `_headers` as rules, read by the record's one reader (headersFileCheck.ts), names in lower case. */
function headerRules(text: string = readFileSync(join(DIST, '_headers'), 'utf8')): HeaderRuleView[] {
  const { rules, problems } = readHeadersFile(text);
  assert.deepEqual(problems.map(formatProblem), [], '_headers is read by both hosts alike');
  return rules.map((rule) => ({
    rule,
    pattern: rule.pattern,
    headers: new Map(rule.headers.map(([name, value]) => [name.toLowerCase(), value])),
  }));
}

interface HeaderRuleView {
  rule: HeadersFileRule;
  pattern: string;
  headers: Map<string, string>;
}

/** Headers a path gets: every rule whose pattern matches, as the hosts match it (hostPathPattern.ts). */
function headersFor(path: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const rule of matchingRules(path)) for (const [name, value] of rule.headers) result.set(name, value);
  return result;
}

test('_headers: schemas are application/schema+json with Access-Control-Allow-Origin: *', () => {
  for (const file of schemaFiles()) {
    const path = publicPath(file);
    const headers = headersFor(path);
    assert.match(
      headers.get('content-type') ?? '',
      /^application\/schema\+json\b/,
      `${path}: Content-Type ${headers.get('content-type')}`,
    );
    assert.equal(headers.get('access-control-allow-origin'), '*', `${path}: Access-Control-Allow-Origin`);
  }
});

test('_headers: Markdown mirrors are text/markdown', () => {
  for (const path of ['/index.md', '/en-us/index.md', '/fr-fr/registry/uai-agent-ack-v1/index.md']) {
    assert.match(
      headersFor(path).get('content-type') ?? '',
      /^text\/markdown\b/,
      `${path}: Content-Type ${headersFor(path).get('content-type')}`,
    );
  }
});

/** Every rule whose pattern matches, with its headers. */
function matchingRules(path: string, rules: readonly HeaderRuleView[] = headerRules()): HeaderRuleView[] {
  return rules.filter((view) => ruleApplies(view.rule, path));
}

/** Paths a host answers 404 for, where headers still apply. */
const NOT_FOUND_PROBES = [
  '/schemas/uai-1/no-such.schema.json',
  '/schemas/uai-1/',
  '/examples/uai-1/no-such/x.json',
  '/en-us/no-such/',
  '/_astro/no-such.css',
];

test('_headers: no header is set by two rules for the same path (hosts combine matching rules)', () => {
  const problems: string[] = [];
  for (const path of [...walkFiles(DIST).map((file) => publicPath(file)), ...NOT_FOUND_PROBES]) {
    const setBy = new Map<string, string>();
    for (const rule of matchingRules(path)) {
      for (const name of rule.headers.keys()) {
        if (setBy.has(name)) problems.push(`${path}: ${name} is set by ${setBy.get(name)} and by ${rule.pattern}`);
        setBy.set(name, rule.pattern);
      }
    }
  }
  assertNoProblems(problems, '_headers overlaps');
});

/**
 * The `_headers` rules before issue 41 part 3: the edition rules had two splats, which Cloudflare Pages
 * refuses, and were matched by a multi-splat glob (each `*` any run of characters, `/` included),
 * rebuilt here as a regular expression over these few short paths.
 */
const multiSplatMatches = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`, 's').test(path);

const TWO_SPLAT_EDITION_RULES: readonly [string, string][] = [
  ['/editions/:edition/*', '/editions/*/*'],
  ['/editions/:edition/schemas/*', '/editions/*/schemas/*'],
];

test('_headers: every published path (and its page URL, and the 404 probes) gets the headers the two-splat rules gave it', () => {
  const text = readFileSync(join(DIST, '_headers'), 'utf8');
  const lines = text.split('\n');
  for (const [now] of TWO_SPLAT_EDITION_RULES)
    assert.equal(lines.filter((line) => line === now).length, 1, `_headers has the rule ${now} once`);
  const beforeText = lines.map((line) => TWO_SPLAT_EDITION_RULES.find(([now]) => now === line)?.[1] ?? line).join('\n');
  const beforeRules = readHeadersFile(beforeText).rules;
  const afterRules = headerRules(text);
  const headerSet = (rules: readonly { headers: readonly [string, string][] | Map<string, string> }[]) =>
    rules.flatMap((rule) => [...rule.headers].map(([name, value]) => `${name.toLowerCase()}: ${value}`)).sort();
  const files = walkFiles(DIST).map((file) => publicPath(file));
  const paths = [
    ...files,
    ...files.filter((path) => path.endsWith('/index.html')).map((path) => path.slice(0, -'index.html'.length)),
    ...NOT_FOUND_PROBES,
    '/editions/2026-12-01/no-such.json',
  ];
  assert.ok(
    paths.some((path) => path.startsWith('/editions/') && path.includes('/schemas/')),
    'dist/ has edition schemas',
  );
  const problems: string[] = [];
  for (const path of paths) {
    const before = headerSet(beforeRules.filter((rule) => multiSplatMatches(rule.pattern, path)));
    const after = headerSet(matchingRules(path, afterRules));
    const lost = before.filter((header) => !after.includes(header));
    const gained = after.filter((header) => !before.includes(header));
    if (JSON.stringify(before) !== JSON.stringify(after))
      problems.push(`${path}: lost ${JSON.stringify(lost)}, gained ${JSON.stringify(gained)} (or a repeat)`);
  }
  assertNoProblems(problems, '_headers changed a response');
});

/** Machine-readable files: what a client on another origin may fetch and check against the manifest. */
const isMachineReadable = (path: string) =>
  /^\/(schemas|examples|routes|\.well-known)\//.test(path) ||
  /(^|\/)index\.(json|md)$/.test(path) ||
  ['/llms.txt', '/llms-full.txt', '/uai-1-field-registry.json', '/sitemap-index.xml', '/sitemap-0.xml'].includes(path);

/** A Cache-Control that makes a cache revalidate before reusing (so it cannot disagree with a fresher manifest). */
const revalidates = (value: string | undefined) =>
  value !== undefined &&
  (/\bno-cache\b/.test(value) || (/\bmust-revalidate\b/.test(value) && /\bmax-age=0\b/.test(value)));

test('_headers: every machine-readable file has CORS (*) and a revalidating Cache-Control; immutable only under /_astro/, /tools/ and the released /editions/', () => {
  const problems: string[] = [];
  const paths = walkFiles(DIST).map((file) => publicPath(file));
  const machine = paths.filter(isMachineReadable);
  assert.ok(machine.length > 300, `${machine.length} machine-readable files`);
  for (const path of machine) {
    const headers = headersFor(path);
    if (headers.get('access-control-allow-origin') !== '*')
      problems.push(`${path}: Access-Control-Allow-Origin ${headers.get('access-control-allow-origin') ?? '(none)'}`);
    // A released edition's bytes never change at its URL (tests/unit/record/editions.test.ts).
    if (!path.startsWith('/editions/') && !revalidates(headers.get('cache-control')))
      problems.push(
        `${path}: Cache-Control ${headers.get('cache-control') ?? '(none)'} lets a cached copy outlive the manifest`,
      );
  }
  for (const path of paths) {
    const cache = headersFor(path).get('cache-control') ?? '';
    if (/\bimmutable\b/.test(cache) && !/^\/_astro\/|^\/tools\/.+\.tgz$|^\/editions\//.test(path))
      problems.push(`${path}: immutable, but its name does not change with its content`);
  }
  for (const path of NOT_FOUND_PROBES.filter((probe) => probe.startsWith('/schemas/'))) {
    if (!revalidates(headersFor(path).get('cache-control')))
      problems.push(
        `${path} (a 404): Cache-Control ${headersFor(path).get('cache-control') ?? '(none: heuristically cacheable)'}`,
      );
  }
  assertNoProblems(problems, '_headers CORS and caching');
});

test("_headers and the manifest agree on every file's media type (Content-Type rule, else the extension)", () => {
  const problems: string[] = [];
  for (const entry of manifest().files) {
    const path = new URL(entry.url).pathname;
    if (entry.served === false) continue;
    const declared = headersFor(path).get('content-type')?.split(';')[0].trim();
    // What the host model serves: the `_headers` rule's Content-Type, else the extension's type.
    const expected = declared ?? contentTypeOf(path).split(';')[0];
    if (entry.media_type !== expected)
      problems.push(`${path}: manifest media_type ${entry.media_type}, served as ${expected}`);
  }
  assertNoProblems(problems, 'media types');
});

test('robots.txt names the sitemap, and the sitemap exists', () => {
  const robots = readFileSync(join(DIST, 'robots.txt'), 'utf8');
  const sitemap = /^Sitemap:\s*(\S+)\s*$/m.exec(robots)?.[1];
  assert.equal(sitemap, `${ORIGIN}/sitemap-index.xml`, `robots.txt: ${JSON.stringify(robots)}`);
  assert.ok(existsSync(distFileOf(sitemap!)), `${sitemap} is not in dist`);
});
