import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { baseReference, refBesideValidation } from '../../src/uai/schemaReference.ts';
import { REPOSITORY_ROOT } from '../support/paths.ts';

test('baseReference: a $ref, or the lone $ref of an allOf; nothing else', () => {
  assert.equal(baseReference({ $ref: 'a.json' }), 'a.json');
  assert.equal(baseReference({ allOf: [{ $ref: 'a.json' }], maxLength: 3 }), 'a.json');
  assert.equal(baseReference({ allOf: [{ if: {}, then: {} }, { $ref: 'b.json' }] }), 'b.json');
  assert.equal(baseReference({ allOf: [{ $ref: 'a.json', maxLength: 3 }] }), undefined);
  assert.equal(baseReference({ type: 'string' }), undefined);
});

test('refBesideValidation: annotations beside a $ref are fine, a validating keyword is not', () => {
  assert.equal(refBesideValidation({ $ref: 'a.json', description: 'x' }), false);
  assert.equal(refBesideValidation({ $ref: 'a.json', maxLength: 2 }), true);
  assert.equal(refBesideValidation({ $ref: 'a.json', properties: {} }), true);
});

/** Every schema object of a document, depth first (const, enum, examples and default hold data, not schemas). */
function* schemaObjects(node: unknown, pointer = ''): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(node))
    for (const [index, item] of node.entries()) yield* schemaObjects(item, `${pointer}/${index}`);
  else if (node && typeof node === 'object') {
    yield [pointer, node as Record<string, unknown>];
    for (const [key, value] of Object.entries(node))
      if (!['const', 'enum', 'examples', 'default'].includes(key)) yield* schemaObjects(value, `${pointer}/${key}`);
  }
}

test('the UAI-1 schemas never put a $ref beside keywords that validate (draft-7-era tools would drop them)', () => {
  const folder = join(REPOSITORY_ROOT, 'schemas/uai-1');
  const found: string[] = [];
  for (const name of readdirSync(folder).filter((file) => file.endsWith('.schema.json')))
    for (const [pointer, schema] of schemaObjects(JSON.parse(readFileSync(join(folder, name), 'utf8'))))
      if (refBesideValidation(schema)) found.push(`schemas/uai-1/${name}#${pointer}`);
  assert.deepEqual(found, []);
});
