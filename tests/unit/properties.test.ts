/**
 * Property-based tests (fast-check) of validate, compact, expand, digest, canonicalize and the route
 * checker. Packets are generated from the schemas' own field shapes (src/uai/fieldShape.ts): each
 * profile's valid fixture gives the skeleton (enums and booleans, which drive the conditional rules,
 * stay as they are), and every other leaf is drawn from its shape's constraints (pattern, format,
 * bounds, length); optional fields come and go. Then:
 *   - generated packets validate, and their keyed, minified and keyless forms agree on verdict,
 *     codes and digest;
 *   - mutated packets (and route records) never crash, and every issue has a catalogued code and a
 *     JSON Pointer to a place in the document as given (or to the parent of a missing member);
 *   - a mutated packet that compacts gives the same verdict, codes and digest in both forms;
 *   - canonicalize is idempotent and reads back to the same value.
 * Seeded, so a failure reproduces; run counts (100 to 200) keep the file to a few seconds on an idle machine.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createPacketValidator, type PacketReport } from '../../src/uai/packetValidator.ts';
import { createRouteChecker } from '../../src/uai/routeRecord.ts';
import { loadSchemaDocuments, loadFixtureTree, loadRouteFixtureTree } from '../../src/uai/node/recordFiles.ts';
import { errorCodeEntry, type UaiIssue } from '../../src/uai/errorCodes.ts';
import { parsePointer } from '../../src/uai/jsonPointer.ts';
import { canonicalize } from '../../src/uai/jcs.ts';
import { readJsonText } from '../../src/uai/jsonText.ts';
import { findUnsafeNumbers } from '../../src/uai/ijsonNumbers.ts';
import { REQUIRED_TEXT_PATTERN } from '../../src/uai/schemaValidator.ts';
import type { Shape } from '../../src/uai/fieldShape.ts';
import { profileSlug } from '../../src/uai/fixtureCheck.ts';
import { isJsonObject } from '../../src/uai/jsonObject.ts';

const documents = loadSchemaDocuments();
const validator = createPacketValidator(documents);
const routeChecker = createRouteChecker(documents);
const NOW = new Date('2026-06-01T00:00:00Z');
const SEED = 9009;
const decoder = new TextDecoder();

const profileGroups = new Map(validator.profiles.map((profile) => [profileSlug(profile), profile]));
const skeletons = loadFixtureTree()
  .fixtures.filter((fixture) => fixture.verdict === 'valid' && profileGroups.has(fixture.group))
  .map((fixture) => JSON.parse(decoder.decode(fixture.bytes)) as Record<string, unknown>)
  .filter((packet) => !Array.isArray(packet));
const routeRecords = loadRouteFixtureTree()
  .fixtures.filter((fixture) => fixture.verdict === 'valid')
  .map((fixture) => JSON.parse(decoder.decode(fixture.bytes)) as Record<string, unknown>);

// ------------------------------------------------------------------ generators from field shapes

const DROP = Symbol('drop');
// Plain words: generated text must not state a claim about UAIX or look like a secret.
const words = fc.array(
  fc.constantFrom('agent', 'record', 'runtime', 'packet', 'review', 'fallback', 'the', 'next', 'step', 'is', 'safe'),
  { minLength: 1, maxLength: 8 },
);
const pad = fc.constantFrom('', ' ', '\n', '  ');
const dateTime = fc
  .record({
    day: fc.integer({ min: 0, max: 365 * 70 }),
    second: fc.integer({ min: 0, max: 86_399 }),
    fraction: fc.constantFrom('', '.5', '.123456789', '.000'),
  })
  // From 2027 on: after the fixed clock, so expiry never decides a generated packet's verdict.
  .map(
    ({ day, second, fraction }) =>
      `${new Date(Date.UTC(2027, 0, 1) + day * 86_400_000 + second * 1000).toISOString().slice(0, 19)}${fraction}Z`,
  );
const uri = fc
  .tuple(
    fc.constantFrom('https://example.invalid/', 'https://runtime.example.invalid/agents/', 'urn:example:'),
    fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/),
  )
  .map(([base, tail]) => `${base}${tail}`);

function hasLookaround(pattern: string): boolean {
  return pattern.includes('(?=') || pattern.includes('(?!') || pattern.includes('(?<');
}

/** An arbitrary for a leaf, from its shape's constraints; undefined keeps the fixture's value. */
function leafArbitrary(shape: Shape): fc.Arbitrary<unknown> | undefined {
  const c = shape.constraints;
  if ('const' in c || c.enum || c.type === 'boolean') return undefined;
  if (c.type === 'string') {
    if (c.format === 'date-time') return dateTime;
    if (c.format === 'uri') return uri;
    if (!c.pattern || c.pattern === REQUIRED_TEXT_PATTERN) {
      return fc
        .tuple(pad, words, pad)
        .map(([before, list, after]) => `${before}${list.join(' ')}${after}`.slice(0, c.maxLength ?? 2000));
    }
    if (hasLookaround(c.pattern)) return undefined;
    return fc
      .stringMatching(new RegExp(c.pattern), { size: 'xsmall', maxLength: c.maxLength })
      .filter((text) => text.length <= (c.maxLength ?? Infinity));
  }
  if (c.type === 'integer')
    return fc.integer({
      min: c.minimum ?? 0,
      max: Math.min(c.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
    });
  if (c.type === 'number')
    return fc
      .integer({ min: Math.ceil((c.minimum ?? 0) * 1000), max: Math.floor((c.maximum ?? 1000) * 1000) })
      .map((n) => n / 1000);
  return undefined;
}

/**
 * An arbitrary packet shaped like `value` under `shape`: same skeleton, generated leaves, optional
 * fields dropped at times.
 */
function arbitraryLike(value: unknown, shape: Shape): fc.Arbitrary<unknown> {
  if (shape.kind === 'object' && isJsonObject(value)) {
    const fields = shape.fields.filter((field) => Object.hasOwn(value, field.name));
    const parts = fields.map((field) => {
      const child = arbitraryLike(value[field.name], field.shape);
      const droppable = !field.required && field.requiredWhen.length === 0;
      return droppable ? fc.option(child, { nil: DROP, freq: 4 }) : child;
    });
    return fc.tuple(...parts).map((values) => {
      const object: Record<string, unknown> = {};
      fields.forEach((field, index) => {
        if (values[index] !== DROP) object[field.name] = values[index];
      });
      return object;
    });
  }
  if (shape.kind === 'array' && Array.isArray(value))
    return fc.tuple(...value.map((item) => arbitraryLike(item, shape.items)));
  if (shape.kind === 'scalar') return leafArbitrary(shape) ?? fc.constant(value);
  return fc.constant(structuredClone(value));
}

const packets = fc.oneof(
  ...skeletons.map((skeleton) => arbitraryLike(skeleton, validator.shapeOf(skeleton.profile as string))),
) as fc.Arbitrary<Record<string, unknown>>;

// ------------------------------------------------------------------ mutations

type Segment = string | number;

function placesOf(value: unknown, path: Segment[] = [], out: Segment[][] = []): Segment[][] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((item, index) => placesOf(item, [...path, index], out));
  else if (isJsonObject(value)) for (const key of Object.keys(value)) placesOf(value[key], [...path, key], out);
  return out;
}

const replacement = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    ' ',
    '',
    '\t',
    null,
    2 ** 53,
    -1,
    1e300,
    0.5,
    true,
    [],
    {},
    '2026-02-30T00:00:00Z',
    '2016-12-31T23:59:60Z',
    'sha256:' + 'A'.repeat(64),
    'UAIX provides hosted messaging.',
  ),
);
const mutation = fc.record({
  place: fc.nat(),
  kind: fc.constantFrom('replace', 'delete', 'add', 'null'),
  value: replacement,
  name: fc.constantFrom('extra', '__proto__', 'a/b~c', ''),
});

function mutate(
  document: unknown,
  { place, kind, value, name }: { place: number; kind: string; value: unknown; name: string },
): unknown {
  const copy = structuredClone(document);
  const places = placesOf(copy);
  const path = places[place % places.length];
  if (path.length === 0) return kind === 'replace' ? value : copy;
  let parent: any = copy;
  for (const segment of path.slice(0, -1)) parent = parent[segment];
  const last = path[path.length - 1];
  if (kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else if (kind === 'add' && isJsonObject(parent[last])) {
    Object.defineProperty(parent[last], name, { value, enumerable: true, writable: true, configurable: true });
  } else parent[last] = kind === 'null' ? null : value;
  return copy;
}

// ------------------------------------------------------------------ checks

function resolves(document: unknown, segments: readonly string[]): boolean {
  let node = document;
  for (const segment of segments) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(segment) || Number(segment) >= node.length) return false;
      node = node[Number(segment)];
    } else if (isJsonObject(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return false;
  }
  return true;
}

/** A catalogued code and a pointer to the place (or, for a missing member, to its parent). */
function assertWellFormed(issues: readonly UaiIssue[], document: unknown): void {
  for (const issue of issues) {
    assert.ok(errorCodeEntry(issue.code), `uncatalogued code ${issue.code}`);
    assert.equal(typeof issue.message, 'string');
    assert.doesNotMatch(issue.message, /[\n\r]/, `one line: ${issue.message}`);
    const segments = parsePointer(issue.path);
    assert.ok(
      resolves(document, segments) || resolves(document, segments.slice(0, -1)),
      `${issue.code} at ${JSON.stringify(issue.path)} points into the document`,
    );
  }
}

const codesOf = (report: PacketReport) => report.errors.map((issue) => issue.code).sort();
const options = { now: NOW };
const runs = (numRuns: number) => ({ numRuns, seed: SEED });

test('packets generated from the field shapes validate, and keyed, minified and keyless forms agree', () => {
  fc.assert(
    fc.property(packets, (packet) => {
      const keyed = validator.validateText(JSON.stringify(packet, null, 2), options);
      assert.deepEqual(keyed.errors, [], JSON.stringify(packet));
      assert.equal(keyed.valid, true);
      const minified = validator.validateText(JSON.stringify(packet), options);
      const compacted = validator.compact(packet);
      assert.ok(compacted.ok, JSON.stringify(!compacted.ok && compacted.issues));
      const keyless = validator.validateText(JSON.stringify(compacted.value), options);
      for (const other of [minified, keyless]) {
        assert.equal(other.valid, true);
        assert.equal(other.digest, keyed.digest);
      }
      const expanded = validator.expand(compacted.value);
      assert.ok(expanded.ok);
      assert.deepEqual(expanded.value, packet);
      assert.equal((validator.digest(compacted.value) as { value: string }).value, keyed.digest);
    }),
    runs(150),
  );
});

test('mutated packets never crash, and every issue has a catalogued code and a pointer into the document', () => {
  fc.assert(
    fc.property(packets, mutation, (packet, change) => {
      const mutant = mutate(packet, change);
      const report = validator.validateValue(mutant, options);
      assertWellFormed(report.errors, mutant);
      assertWellFormed(report.warnings, mutant);
      assert.equal(report.valid, report.errors.length === 0);
      // The same through the reader, when the mutant is JSON text at all.
      const text = JSON.stringify(mutant);
      if (text !== undefined) assert.deepEqual(validator.validateText(text, options).valid, report.valid);
    }),
    runs(200),
  );
});

test('mutated keyless packets never crash, and their pointers are keyless pointers', () => {
  fc.assert(
    fc.property(packets, mutation, (packet, change) => {
      const compacted = validator.compact(packet);
      assert.ok(compacted.ok);
      const mutant = mutate(compacted.value, change);
      const report = validator.validateValue(mutant, options);
      assertWellFormed(report.errors, mutant);
      assertWellFormed(report.warnings, mutant);
      const expanded = validator.expand(mutant);
      if (!expanded.ok) assertWellFormed(expanded.issues, mutant);
    }),
    runs(200),
  );
});

test('compact never changes a verdict: a mutant that compacts gives the same verdict, codes and digest in both forms', () => {
  let compactedMutants = 0;
  fc.assert(
    fc.property(packets, mutation, (packet, change) => {
      const mutant = mutate(packet, change);
      const compacted = validator.compact(mutant);
      if (!compacted.ok) {
        assertWellFormed(compacted.issues, mutant);
        return;
      }
      compactedMutants++;
      const keyed = validator.validateValue(mutant, options);
      const keyless = validator.validateValue(compacted.value, options);
      assert.equal(keyless.valid, keyed.valid, JSON.stringify({ keyed: keyed.errors, keyless: keyless.errors }));
      assert.deepEqual(codesOf(keyless), codesOf(keyed));
      assert.equal(keyless.digest, keyed.digest);
    }),
    runs(200),
  );
  assert.ok(compactedMutants > 50, `${compactedMutants} mutants compacted`);
});

/** The same value with every object's members in reverse order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (!isJsonObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .reverse()
      .map((key) => [key, reversed(value[key])]),
  );
}

test('canonicalize: idempotent, read back by the strict reader to the same value; member order never changes a digest', () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
      const text = canonicalize(value);
      assert.equal(canonicalize(reversed(value)), text);
      const read = readJsonText(text);
      if (!read.ok) {
        // An integer beyond ±(2^53−1) written without an exponent has a canonical text, but the
        // reader refuses it (I-JSON).
        assert.equal(read.error.code, 'UAI-JSON-NUMBER-UNSAFE', text);
        assert.ok(findUnsafeNumbers(value).total > 0, text);
        return;
      }
      assert.equal(canonicalize(read.value), text);
      assert.deepEqual(read.value, JSON.parse(JSON.stringify(value)));
    }),
    runs(200),
  );
  fc.assert(
    fc.property(packets, (packet) => {
      assert.equal(
        (validator.digest(reversed(packet)) as { value: string }).value,
        (validator.digest(packet) as { value: string }).value,
      );
    }),
    runs(100),
  );
});

test('mutated route records never crash, and every issue has a catalogued code and a pointer into the record', () => {
  assert.ok(routeRecords.length > 0);
  fc.assert(
    fc.property(fc.constantFrom(...routeRecords), mutation, (record, change) => {
      const mutant = mutate(record, change);
      const report = routeChecker.checkValue(mutant);
      assertWellFormed(report.errors, mutant);
      assert.equal(report.valid, report.errors.length === 0);
    }),
    runs(200),
  );
});
