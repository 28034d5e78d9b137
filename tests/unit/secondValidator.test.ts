/**
 * The published schemas are plain JSON Schema 2020-12, not "whatever ajv accepts": a second,
 * independent implementation (@cfworker/json-schema, an interpreter, no code generation) gives
 * the same verdict as ajv on every fixture and on mutants of every valid fixture.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Validator as CfValidator } from '@cfworker/json-schema';
import Ajv2020Import from 'ajv/dist/2020.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadSchemaDocuments, loadFixtureTree, EXAMPLES_DIR, REPOSITORY_ROOT } from '../../src/uai/node/recordFiles.ts';
import { profileSlug, type FixtureInput, type ExpectationInput } from '../../src/uai/fixtureCheck.ts';
import { createPacketValidator } from '../../src/uai/packetValidator.ts';
import { createAjv } from '../../src/uai/schemaCompiler.ts';
import { ENVELOPE_SCHEMA_ID, SCHEMA_BASE_URL, type SchemaDocument } from '../../src/uai/schemaRegistry.ts';
import { errorCodeEntry } from '../../src/uai/errorCodes.ts';
import { readJsonText } from '../../src/uai/jsonText.ts';
import { parseUtcDateTime } from '../../src/uai/utcDateTime.ts';

type Packet = Record<string, any>;
type AjvClass = typeof Ajv2020Import;
const Ajv2020 = ((Ajv2020Import as unknown as { default?: AjvClass }).default ?? Ajv2020Import) as AjvClass;

const documents = loadSchemaDocuments();
const validator = createPacketValidator(documents);
const ids = documents.map((doc) => doc.$id);

// ajv as the core configures it (strict, formats, the x-uai-error-code keyword).
const ajv = createAjv();
for (const doc of documents) ajv.addSchema(doc);

// cfworker gets its own copies: it annotates the schema objects it dereferences.
const cfValidators = new Map<string, CfValidator>();
for (const doc of documents) {
  const cf = new CfValidator(structuredClone(doc) as never, '2020-12', false);
  for (const other of documents) if (other.$id !== doc.$id) cf.addSchema(structuredClone(other) as never);
  cfValidators.set(doc.$id, cf);
}

/** Route records have their own folder and schema; every other folder holds packets. */
const ROUTE_GROUP = 'routes';
const ROUTE_SCHEMA_ID = `${SCHEMA_BASE_URL}route-record.schema.json`;
const profileGroups = new Set(validator.profiles.map((profile) => profileSlug(profile)));

function schemaIdFor(packet: Packet, group?: string): string {
  if (group === ROUTE_GROUP) return ROUTE_SCHEMA_ID;
  return (
    (typeof packet.profile === 'string' && validator.registry.profileSchemaId(packet.profile)) || ENVELOPE_SCHEMA_ID
  );
}

function ajvVerdict(schemaId: string, value: unknown): boolean {
  const validate = ajv.getSchema(schemaId);
  assert.ok(validate, `ajv compiled ${schemaId}`);
  return validate(value) as boolean;
}

function cfResult(schemaId: string, value: unknown) {
  const cf = cfValidators.get(schemaId);
  assert.ok(cf, `cfworker has ${schemaId}`);
  return cf.validate(value);
}

/** The keyed value of a fixture for schema validation, or why there is none. */
function keyedValueOf(bytes: Uint8Array): { value: Packet } | { skip: string } {
  const text = new TextDecoder().decode(bytes);
  const read = readJsonText(text);
  let value: unknown;
  if (read.ok) value = read.value;
  else {
    // A duplicated member is a reading error, but JSON.parse still gives a value both validators can judge.
    try {
      value = JSON.parse(text);
    } catch {
      return { skip: 'not JSON' };
    }
  }
  if (Array.isArray(value)) {
    const expanded = validator.expand(value);
    if (!expanded.ok) return { skip: 'keyless shape' };
    value = expanded.value;
  }
  if (value === null || typeof value !== 'object') return { skip: 'not an object' };
  return { value: value as Packet };
}

/**
 * Packet fixtures from the core's loader, plus the route-record fixtures read here directly
 * (examples/routes/, checked by the route checker rather than as packets, but under a published
 * schema all the same).
 */
function routeFixtures(): { fixtures: FixtureInput[]; expectations: ExpectationInput[] } {
  const out = { fixtures: [] as FixtureInput[], expectations: [] as ExpectationInput[] };
  const dir = join(EXAMPLES_DIR, ROUTE_GROUP);
  if (!existsSync(dir)) return out;
  for (const verdict of ['valid', 'invalid'] as const) {
    const folder = join(dir, verdict);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      const file = relative(REPOSITORY_ROOT, path);
      if (name === '_expected.json')
        out.expectations.push({ group: ROUTE_GROUP, file, text: readFileSync(path, 'utf8') });
      else if (name.endsWith('.json'))
        out.fixtures.push({
          group: ROUTE_GROUP,
          verdict,
          name: name.slice(0, -5),
          file,
          bytes: new Uint8Array(readFileSync(path)),
        });
    }
  }
  return out;
}

const packetTree = loadFixtureTree();
const routeTree = routeFixtures();
const tree = {
  fixtures: [...packetTree.fixtures.filter((fixture) => fixture.group !== ROUTE_GROUP), ...routeTree.fixtures],
  expectations: [...packetTree.expectations.filter((file) => file.group !== ROUTE_GROUP), ...routeTree.expectations],
};
const expectations = new Map<string, { code: string; path: string }>();
for (const file of tree.expectations) {
  for (const [name, entry] of Object.entries(JSON.parse(file.text) as Record<string, { code: string; path: string }>)) {
    expectations.set(`${file.group}/${name}`, entry);
  }
}

test('every fixture folder is the envelope, a profile or the route records, and each has its schema', () => {
  for (const group of new Set(tree.fixtures.map((fixture) => fixture.group))) {
    assert.ok(
      group === 'envelope' || group === ROUTE_GROUP || profileGroups.has(group),
      `${group}: which schema checks this folder?`,
    );
  }
  if (tree.fixtures.some((fixture) => fixture.group === ROUTE_GROUP))
    assert.ok(ids.includes(ROUTE_SCHEMA_ID), `${ROUTE_SCHEMA_ID} is published`);
  assert.equal(validator.profiles.length, 8);
  for (const profile of validator.profiles) assert.ok(validator.registry.profileSchemaId(profile), profile);
});

test("every schema is a valid JSON Schema 2020-12 document per ajv's meta-schema", () => {
  const plain = new Ajv2020({ strict: false });
  assert.ok(documents.length >= 9, 'the envelope and eight profiles at least');
  for (const doc of documents) {
    assert.equal(doc.$schema, 'https://json-schema.org/draft/2020-12/schema', doc.$id);
    const valid = plain.validateSchema(doc);
    assert.equal(valid, true, `${doc.$id}: ${JSON.stringify(plain.errors)}`);
  }
  // The meta-schema check can fail: a schema with a wrongly typed keyword is refused.
  assert.equal(
    plain.validateSchema({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'objekt', required: 'x' }),
    false,
  );
});

/** Every `$ref` of a schema, with the base URI it is resolved against. */
function refsOf(node: unknown, base: string, out: { ref: string; base: string; where: string }[], where = ''): void {
  if (Array.isArray(node)) node.forEach((item, index) => refsOf(item, base, out, `${where}/${index}`));
  else if (node !== null && typeof node === 'object') {
    const schema = node as Packet;
    const here = typeof schema.$id === 'string' ? new URL(schema.$id, base).href : base;
    for (const keyword of ['$ref', '$dynamicRef']) {
      if (typeof schema[keyword] === 'string')
        out.push({ ref: schema[keyword], base: here, where: `${where}/${keyword}` });
    }
    for (const [key, value] of Object.entries(schema)) {
      // Inside enum, const and examples are values, not schemas.
      if (key === 'enum' || key === 'const' || key === 'examples') continue;
      refsOf(value, here, out, `${where}/${key}`);
    }
  }
}

function resolvePointer(doc: unknown, fragment: string): boolean {
  if (fragment === '') return true;
  if (!fragment.startsWith('/')) {
    // A plain-name fragment: an $anchor somewhere in the document.
    let found = false;
    const walk = (node: unknown) => {
      if (found || node === null || typeof node !== 'object') return;
      if ((node as Packet).$anchor === fragment) found = true;
      Object.values(node).forEach(walk);
    };
    walk(doc);
    return found;
  }
  let node: unknown = doc;
  for (const raw of fragment.slice(1).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, key)) return false;
    node = (node as Packet)[key];
  }
  return node !== null && (typeof node === 'object' || typeof node === 'boolean');
}

test('every $ref resolves within the published set (same document or a https://uaix.org/schemas/uai-1/ id)', () => {
  const byId = new Map<string, SchemaDocument>(documents.map((doc) => [doc.$id, doc]));
  let count = 0;
  for (const doc of documents) {
    assert.ok(doc.$id.startsWith(SCHEMA_BASE_URL), doc.$id);
    const refs: { ref: string; base: string; where: string }[] = [];
    refsOf(doc, doc.$id, refs);
    for (const { ref, base, where } of refs) {
      count++;
      const url = new URL(ref, base);
      const fragment = decodeURIComponent(url.hash.replace(/^#/, ''));
      url.hash = '';
      const target = byId.get(url.href);
      assert.ok(target, `${doc.$id}${where}: ${ref} names ${url.href}, which is not a published schema`);
      assert.ok(url.href.startsWith(SCHEMA_BASE_URL), `${doc.$id}${where}: ${ref} leaves ${SCHEMA_BASE_URL}`);
      assert.ok(resolvePointer(target, fragment), `${doc.$id}${where}: ${ref} points at nothing in ${url.href}`);
    }
  }
  assert.ok(count > 30, `found ${count} references`);
  // The check can fail: a reference to an unpublished document is caught.
  const refs: { ref: string; base: string; where: string }[] = [];
  refsOf({ properties: { x: { $ref: 'other.schema.json#/$defs/y' } } }, ENVELOPE_SCHEMA_ID, refs);
  assert.equal(byId.has(new URL(refs[0].ref, refs[0].base).href.split('#')[0]), false);
});

test('every valid fixture passes both ajv and cfworker', () => {
  let checked = 0;
  for (const fixture of tree.fixtures.filter((entry) => entry.verdict === 'valid')) {
    const keyed = keyedValueOf(fixture.bytes);
    assert.ok('value' in keyed, `${fixture.file}: ${'skip' in keyed ? keyed.skip : ''}`);
    const schemaId = schemaIdFor(keyed.value, fixture.group);
    assert.notEqual(schemaId, ENVELOPE_SCHEMA_ID, `${fixture.file} names a published profile`);
    assert.equal(ajvVerdict(schemaId, keyed.value), true, `${fixture.file}: ajv`);
    const cf = cfResult(schemaId, keyed.value);
    assert.equal(cf.valid, true, `${fixture.file}: cfworker ${JSON.stringify(cf.errors.slice(-3))}`);
    checked++;
  }
  assert.ok(checked >= 9, `${checked} valid fixtures`);
});

/** cfworker locates a failure at the expected place, or (for a missing member) at its parent. */
function cfLocates(errors: { instanceLocation: string }[], path: string): boolean {
  const locations = new Set(errors.map((error) => error.instanceLocation.replace(/^#/, '')));
  return locations.has(path) || locations.has(path.replace(/\/[^/]*$/, ''));
}

test('every invalid fixture with a schema-layer code fails both; policy and integrity fixtures pass both', () => {
  const tally = { schema: 0, policy: 0, integrity: 0, skipped: 0, other: 0 };
  for (const fixture of tree.fixtures.filter((entry) => entry.verdict === 'invalid')) {
    const expected = expectations.get(`${fixture.group}/${fixture.name}.json`);
    assert.ok(expected, `${fixture.file} has an expectation`);
    const layer = errorCodeEntry(expected.code)?.layer;
    assert.ok(layer, `${expected.code} is in the catalogue`);
    const keyed = keyedValueOf(fixture.bytes);
    if (!('value' in keyed)) {
      // A keyless packet naming no published profile has no shape to expand it with.
      const unexpandable = layer === 'json' || layer === 'keyless' || expected.code === 'UAI-PROFILE-UNKNOWN';
      assert.ok(
        unexpandable,
        `${fixture.file}: only reading, keyless and unknown-profile failures have no value (${keyed.skip})`,
      );
      tally.skipped++;
      continue;
    }
    const schemaId = schemaIdFor(keyed.value, fixture.group);
    const viaAjv = ajvVerdict(schemaId, keyed.value);
    const cf = cfResult(schemaId, keyed.value);
    assert.equal(cf.valid, viaAjv, `${fixture.file}: ajv says ${viaAjv}, cfworker says ${cf.valid}`);
    if (layer === 'schema' && expected.code !== 'UAI-PROFILE-UNKNOWN') {
      assert.equal(viaAjv, false, `${fixture.file} (${expected.code}) fails ajv`);
      assert.equal(cf.valid, false, `${fixture.file} (${expected.code}) fails cfworker`);
      assert.ok(
        cfLocates(cf.errors, expected.path),
        `${fixture.file}: cfworker reports ${expected.path}: ${JSON.stringify(cf.errors.map((e) => e.instanceLocation))}`,
      );
      tally.schema++;
    } else if (layer === 'policy' || layer === 'integrity') {
      // Expiry, claims, secrets and checksums are beyond any schema: both validators accept these.
      assert.equal(viaAjv, true, `${fixture.file} (${expected.code}) passes ajv`);
      assert.equal(cf.valid, true, `${fixture.file} (${expected.code}) passes cfworker`);
      tally[layer]++;
    } else {
      // UAI-PROFILE-UNKNOWN (the envelope accepts any well-formed profile name) and the route rules
      // beyond the schema: the two validators only have to agree.
      tally.other++;
    }
  }
  assert.ok(tally.schema >= 15, `schema-layer fixtures: ${tally.schema}`);
  assert.ok(tally.policy >= 4, `policy fixtures (UAI-EXPIRED, claims, secrets): ${tally.policy}`);
  assert.equal(tally.integrity, 1);
  assert.ok(tally.skipped >= 4);
});

test("the UAI-EXPIRED fixture passes both schema validators and fails only the validator's clock", () => {
  const fixture = tree.fixtures.find((entry) => entry.file.endsWith('uai-agent-ack-v1/invalid/expired.json'));
  assert.ok(fixture);
  const keyed = keyedValueOf(fixture.bytes);
  assert.ok('value' in keyed);
  const schemaId = schemaIdFor(keyed.value);
  assert.equal(ajvVerdict(schemaId, keyed.value), true);
  assert.equal(cfResult(schemaId, keyed.value).valid, true);
  const report = validator.validateBytes(fixture.bytes, { now: new Date('2026-06-01T00:00:00Z') });
  assert.deepEqual(
    report.errors.map((issue) => issue.code),
    ['UAI-EXPIRED'],
  );
});

test("date-times: ajv, cfworker and the core's reader agree on impossible calendars and the leap second", () => {
  const fixture = tree.fixtures.find((entry) => entry.file.endsWith('uai-agent-ack-v1/valid/validated.json'));
  assert.ok(fixture);
  const keyed = keyedValueOf(fixture.bytes);
  assert.ok('value' in keyed);
  const schemaId = schemaIdFor(keyed.value);
  const times = [
    '2030-02-29T00:00:00Z',
    '2100-02-29T00:00:00Z',
    '2030-02-30T00:00:00Z',
    '2030-04-31T00:00:00Z',
    '2030-13-01T00:00:00Z',
    '2030-00-01T00:00:00Z',
    '2030-06-00T00:00:00Z',
    '2030-06-01T24:00:00Z',
    '2030-06-01T12:60:00Z',
    '2030-06-01T12:00:60Z',
    '2030-06-01T12:00:61Z',
    '2032-02-29T00:00:00Z',
    '2030-12-31T23:59:60Z',
    '2030-12-31T23:59:60.25Z',
    '2030-06-01T00:00:00.123456789Z',
  ];
  for (const time of times) {
    const expected = parseUtcDateTime(time).ok;
    for (const field of ['delivery/expires_at', 'provenance/issued_at'] as const) {
      const [parent, name] = field.split('/');
      const packet: Packet = structuredClone(keyed.value);
      packet[parent][name] = time;
      assert.equal(ajvVerdict(schemaId, packet), expected, `ajv, ${field} = ${time}`);
      assert.equal(cfResult(schemaId, packet).valid, expected, `cfworker, ${field} = ${time}`);
      const report = validator.validateValue(packet, { now: new Date('2026-06-01T00:00:00Z') });
      assert.equal(report.valid, expected, `validator, ${field} = ${time}: ${JSON.stringify(report.errors)}`);
      if (!expected)
        assert.deepEqual(
          report.errors.map((issue) => [issue.code, issue.path]),
          [['UAI-TIME-NOT-UTC', `/${field}`]],
          time,
        );
    }
  }
});

/** Mutants of a packet: each member removed, each leaf replaced by values of other types and shapes. */
function* mutants(packet: Packet): Generator<{ name: string; value: Packet }> {
  function* walk(node: any, path: (string | number)[]): Generator<(string | number)[]> {
    yield path;
    if (node !== null && typeof node === 'object') {
      for (const key of Object.keys(node)) yield* walk(node[key], [...path, Array.isArray(node) ? Number(key) : key]);
    }
  }
  const replacements: unknown[] = [
    '',
    'x',
    'UPPER case',
    'agt_ok',
    '2026-05-31T18:01:00+02:00',
    '2026-02-30T18:01:00Z',
    '2030-12-31T23:59:60Z',
    'not a uri',
    ' ',
    '\t\n\u00a0',
    -1,
    0,
    1.5,
    101,
    2 ** 53,
    -(2 ** 53),
    1e300,
    true,
    null,
    [],
    {},
  ];
  for (const path of walk(packet, [])) {
    if (path.length === 0) continue;
    const parentPath = path.slice(0, -1);
    const key = path[path.length - 1];
    const edit = (change: (parent: any) => void) => {
      const copy = structuredClone(packet);
      let parent: any = copy;
      for (const segment of parentPath) parent = parent[segment];
      change(parent);
      return copy;
    };
    const pointer = `/${path.join('/')}`;
    if (typeof key === 'string') yield { name: `remove ${pointer}`, value: edit((parent) => delete parent[key]) };
    for (const replacement of replacements) {
      yield {
        name: `${pointer} = ${JSON.stringify(replacement)}`,
        value: edit((parent) => (parent[key] = structuredClone(replacement))),
      };
    }
    if (typeof key === 'string')
      yield { name: `add ${pointer}_extra`, value: edit((parent) => (parent[`${key}_extra`] = 1)) };
  }
}

test('ajv and cfworker agree on thousands of mutants of every valid fixture', () => {
  let total = 0;
  let failing = 0;
  const disagreements: string[] = [];
  for (const fixture of tree.fixtures.filter((entry) => entry.verdict === 'valid')) {
    const keyed = keyedValueOf(fixture.bytes);
    assert.ok('value' in keyed);
    for (const mutant of mutants(keyed.value)) {
      const schemaId = schemaIdFor(mutant.value, fixture.group);
      const viaAjv = ajvVerdict(schemaId, mutant.value);
      const viaCf = cfResult(schemaId, mutant.value).valid;
      total++;
      if (!viaAjv) failing++;
      if (viaAjv !== viaCf) disagreements.push(`${fixture.file} ${mutant.name}: ajv ${viaAjv}, cfworker ${viaCf}`);
    }
  }
  assert.deepEqual(disagreements.slice(0, 20), [], `${disagreements.length} disagreements`);
  assert.ok(total > 3000, `${total} mutants`);
  assert.ok(failing > total / 2, `most mutants fail (${failing} of ${total})`);
});
