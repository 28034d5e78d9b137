/**
 * What the build and `npm run generate` check of the schemas before compiling any: each `$ref`
 * resolves among the record's schemas (an external one, one naming no schema, one pointing at
 * nothing and a cycle of references are each one problem at the `$ref`'s pointer), and each pattern
 * is linear (recheck), its verdict kept by pattern text in the cache folder.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schemaReferenceProblems } from '../../../src/record/checks/schemaReferences.ts';
import { schemaPatterns } from '../../../src/record/checks/schemaPatterns.ts';
import { schemaSourceProblems } from '../../../src/record/checks/node/schemaPatternCheck.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

const BASE = 'https://uaix.org/schemas/uai-1/';
const envelope = {
  file: 'schemas/uai-1/envelope.schema.json',
  doc: { $id: `${BASE}envelope.schema.json`, $defs: { id: { type: 'string' } } },
};

test('references that resolve, in the document or another of the folder, are no problem', () => {
  const doc = {
    $id: `${BASE}a.schema.json`,
    allOf: [{ $ref: 'envelope.schema.json' }],
    properties: { id: { $ref: 'envelope.schema.json#/$defs/id' }, self: { $ref: '#/$defs/x', description: 'x' } },
    $defs: { x: { type: 'string' } },
  };
  assert.deepEqual(schemaReferenceProblems([envelope, { file: 'schemas/uai-1/a.schema.json', doc }]), []);
});

test('an external $ref, one naming no schema, one pointing at nothing and a cycle: one line each, at the $ref', () => {
  const doc = {
    $id: `${BASE}a.schema.json`,
    properties: {
      external: { $ref: 'https://example.com/x.json' },
      missing: { $ref: 'missing.schema.json' },
      nothing: { $ref: 'envelope.schema.json#/$defs/none' },
      intoCycle: { $ref: '#/$defs/loopA' },
    },
    $defs: { loopA: { $ref: '#/$defs/loopB' }, loopB: { $ref: '#/$defs/loopA' } },
  };
  const lines = schemaReferenceProblems([envelope, { file: 'schemas/uai-1/a.schema.json', doc }]).map(formatProblem);
  assert.deepEqual(lines, [
    'schemas/uai-1/a.schema.json /properties/external/$ref: $ref "https://example.com/x.json" is external: a schema\'s references are never fetched, only the record\'s own schemas are [schema-ref]',
    `schemas/uai-1/a.schema.json /properties/missing/$ref: $ref "missing.schema.json" names no schema of the record (no file has $id ${BASE}missing.schema.json) [schema-ref]`,
    'schemas/uai-1/a.schema.json /properties/nothing/$ref: $ref "envelope.schema.json#/$defs/none" points at nothing in schemas/uai-1/envelope.schema.json [schema-ref]',
    'schemas/uai-1/a.schema.json /$defs/loopA/$ref: $ref "#/$defs/loopB" leads round a cycle of references (schemas/uai-1/a.schema.json#/$defs/loopB -> schemas/uai-1/a.schema.json#/$defs/loopA) [schema-ref]',
    'schemas/uai-1/a.schema.json /$defs/loopB/$ref: $ref "#/$defs/loopA" leads round a cycle of references (schemas/uai-1/a.schema.json#/$defs/loopA -> schemas/uai-1/a.schema.json#/$defs/loopB) [schema-ref]',
  ]);
});

test('a $ref beside keywords that validate is one line at the $ref; annotations beside it, allOf and released editions are fine', () => {
  const doc = {
    $id: `${BASE}a.schema.json`,
    $ref: 'envelope.schema.json',
    properties: { id: { type: 'string', $ref: 'envelope.schema.json#/$defs/id', maxLength: 3 } },
  };
  const lines = schemaReferenceProblems([envelope, { file: 'schemas/uai-1/a.schema.json', doc }]).map(formatProblem);
  assert.deepEqual(lines, [
    'schemas/uai-1/a.schema.json /$ref: $ref beside properties: write "allOf": [{ "$ref": … }] so that every JSON Schema tool applies both [schema-ref-siblings]',
    'schemas/uai-1/a.schema.json /properties/id/$ref: $ref beside type, maxLength: write "allOf": [{ "$ref": … }] so that every JSON Schema tool applies both [schema-ref-siblings]',
  ]);
  const released = {
    file: 'editions/2026-12-01/schemas/uai-1/a.schema.json',
    doc: { ...doc, $id: `${BASE}b.schema.json` },
  };
  assert.deepEqual(schemaReferenceProblems([envelope, released]), []);
});

test('a cycle through the lone $ref of an allOf is found too', () => {
  const doc = {
    $id: `${BASE}a.schema.json`,
    $defs: { a: { allOf: [{ $ref: '#/$defs/b' }], type: 'string' }, b: { allOf: [{ $ref: '#/$defs/a' }] } },
  };
  const lines = schemaReferenceProblems([{ file: 'schemas/uai-1/a.schema.json', doc }]).map(formatProblem);
  assert.equal(lines.length, 2, lines.join('\n'));
  assert.ok(lines.every((line) => line.includes('leads round a cycle')));
});

test('the patterns of a schema: each `pattern` and `patternProperties` key, at its pointer; a property named pattern is not one', () => {
  const doc = {
    properties: { code: { type: 'string', pattern: '^[A-Z]+$' }, pattern: { type: 'string' } },
    patternProperties: { '^x-/': { type: 'string' } },
  };
  assert.deepEqual(schemaPatterns(doc), [
    { pointer: '/properties/code/pattern', source: '^[A-Z]+$' },
    { pointer: '/patternProperties/^x-~1', source: '^x-/' },
  ]);
});

test('a vulnerable pattern is one line naming the file, the pointer, the rule and the attack; verdicts are cached', async () => {
  const root = mkdtempSync(join(tmpdir(), 'uaix-schema-patterns-'));
  try {
    mkdirSync(join(root, 'schemas/site'), { recursive: true });
    const schema = {
      $id: 'https://uaix.org/schemas/site/x.schema.json',
      properties: { safe: { pattern: '^[a-z]+$' }, slow: { pattern: '^(a+)+$' } },
      patternProperties: { '^([0-9]+)*x$': {} },
    };
    writeFileSync(join(root, 'schemas/site/x.schema.json'), JSON.stringify(schema));
    const lines = (await schemaSourceProblems(root)).map(formatProblem);
    assert.equal(lines.length, 2, lines.join('\n'));
    assert.match(
      lines[0],
      /^schemas\/site\/x\.schema\.json \/properties\/slow\/pattern: the pattern "\^\(a\+\)\+\$" backtracks catastrophically \(exponential; recheck's attack string has \d+ characters\) \[schema-pattern-redos\]/,
    );
    assert.match(
      lines[1],
      /^schemas\/site\/x\.schema\.json \/patternProperties\/\^\(\[0-9\]\+\)\*x\$: .*\[schema-pattern-redos\]/,
    );
    const cache = readFileSync(join(root, '.cache/schema-patterns.json'), 'utf8');
    assert.match(cache, /"\^\[a-z\]\+\$":\{"status":"safe"\}/);
    assert.deepEqual(
      (await schemaSourceProblems(root)).map(formatProblem),
      lines,
      'the cached verdicts give the same lines',
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
