/**
 * The validator's check that a value from code is JSON data: the quick answer
 * (`isJsonDataWithin`) says yes exactly when the walk that names each place
 * (`findNonJsonPlaces`) finds nothing, over values of every kind JavaScript has, cycles,
 * shared objects, holes, symbol keys, throwing getters, and limits small enough to be reached.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { findNonJsonPlaces, findNonJsonValues, isJsonDataWithin } from '../../src/uai/jsonValue.ts';

const anyValue = fc.anything({
  maxDepth: 4,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
});
const jsonValue = fc.jsonValue({ maxDepth: 5 });
const limits = fc.record({ maxDepth: fc.integer({ min: 0, max: 7 }), maxBytes: fc.integer({ min: 0, max: 400 }) });

/** Makes the odd values no generator gives: a cycle, a shared object, a symbol key, a getter that throws, undefined. */
function oddify(value: unknown, kind: number): unknown {
  const holder: Record<string, unknown> = { value };
  switch (kind) {
    case 0:
      holder.self = holder;
      return holder;
    case 1:
      return { a: holder, b: holder, c: [holder, holder] };
    case 2:
      return Object.assign(holder, { [Symbol('s')]: 1 });
    case 3:
      return Object.defineProperty(holder, 'bad', {
        enumerable: true,
        get() {
          throw new Error('no');
        },
      });
    case 4:
      return [value, undefined];
    default:
      return value;
  }
}

const clean = (value: unknown, bounds: { maxDepth: number; maxBytes: number }) => {
  const findings = findNonJsonPlaces(value, bounds);
  return findings.total === 0 && !findings.tooLarge;
};

test('the quick answer is yes exactly where the walk finds nothing', () => {
  const seen = { yes: 0, no: 0 };
  fc.assert(
    fc.property(fc.oneof(anyValue, jsonValue, jsonValue), fc.nat(8), limits, (value, kind, bounds) => {
      const odd = oddify(value, kind);
      const quick = isJsonDataWithin(odd, bounds);
      seen[quick ? 'yes' : 'no']++;
      assert.equal(quick, clean(odd, bounds));
      if (quick) assert.deepEqual(findNonJsonValues(odd, bounds), { found: [], total: 0, tooLarge: false });
      else assert.deepEqual(findNonJsonValues(odd, bounds), findNonJsonPlaces(odd, bounds));
    }),
    { numRuns: 3_000, seed: 4302 },
  );
  assert.ok(seen.yes > 300 && seen.no > 300, JSON.stringify(seen));
});

test('edges: the limits to the byte and to the level, and nesting past the stack', () => {
  const value = { ab: ['x', 1] }; // {"ab":["x",1]}: counted as 2 + (2 + 3) + 2 + (1 + 2) + 2 = 14
  assert.equal(isJsonDataWithin(value, { maxDepth: 2, maxBytes: 14 }), clean(value, { maxDepth: 2, maxBytes: 14 }));
  assert.equal(isJsonDataWithin(value, { maxDepth: 2, maxBytes: 13 }), clean(value, { maxDepth: 2, maxBytes: 13 }));
  assert.equal(isJsonDataWithin(value, { maxDepth: 2, maxBytes: 100 }), true);
  assert.equal(isJsonDataWithin(value, { maxDepth: 1, maxBytes: 100 }), false);
  let deep: unknown = 0;
  for (let level = 0; level < 200_000; level++) deep = [deep];
  // Deeper than the stack: the quick answer gives up (no), and the walk names the place.
  assert.equal(isJsonDataWithin(deep, { maxDepth: 1_000_000, maxBytes: 10_000_000 }), false);
  assert.equal(clean(deep, { maxDepth: 1_000_000, maxBytes: 10_000_000 }), true);
});
