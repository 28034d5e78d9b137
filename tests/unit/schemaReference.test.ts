import { test } from 'node:test';
import assert from 'node:assert/strict';
import { baseReference, refBesideValidation } from '../../src/uai/schemaReference.ts';

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
