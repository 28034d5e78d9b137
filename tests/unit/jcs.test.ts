import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { CanonicalizationError, canonicalBytes, canonicalize } from '../../src/uai/jcs.ts';

// The RFC 8785 vectors are copied into the repository (from shared/vectors/rfc8785) so that
// the test never depends on a path outside the clone.
const vectors = new URL('../vectors/rfc8785/', import.meta.url);
const vectorNames = readdirSync(new URL('input/', vectors))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length))
  .sort();

function hexToBytes(hex: string): Uint8Array {
  const digits = hex.replace(/\s+/g, '');
  assert.match(digits, /^(?:[0-9a-f]{2})+$/i, 'outhex file holds pairs of hex digits');
  return Uint8Array.from(digits.match(/../g)!, (pair) => Number.parseInt(pair, 16));
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join(' ');
}

test('RFC 8785 vectors are all present', () => {
  assert.deepEqual(vectorNames, ['arrays', 'french', 'structures', 'unicode', 'values', 'weird']);
});

for (const name of vectorNames) {
  test(`RFC 8785 vector ${name}: canonical bytes equal output/${name}.json and outhex/${name}.txt`, () => {
    const input = JSON.parse(readFileSync(new URL(`input/${name}.json`, vectors), 'utf8'));
    const expected = new Uint8Array(readFileSync(new URL(`output/${name}.json`, vectors)));
    const expectedFromHex = hexToBytes(readFileSync(new URL(`outhex/${name}.txt`, vectors), 'utf8'));
    assert.deepEqual(expectedFromHex, expected, 'the vector files agree with each other');

    const actual = canonicalBytes(input);
    assert.ok(actual instanceof Uint8Array);
    // Compared as hex so that a failure shows where the bytes part.
    assert.equal(toHex(actual), toHex(expected));
    assert.equal(canonicalize(input), new TextDecoder().decode(expected));
  });
}

test('numbers: ECMAScript Number-to-String (RFC 8785 section 3.2.2.3)', () => {
  const cases: [number, string][] = [
    [0, '0'],
    [-0, '0'],
    [1, '1'],
    [-1, '-1'],
    [56.0, '56'],
    [4.5, '4.5'],
    [0.002, '0.002'],
    [1e20, '100000000000000000000'],
    [1e21, '1e+21'],
    [1e-6, '0.000001'],
    [1e-7, '1e-7'],
    [5e-324, '5e-324'],
    [-5e-324, '-5e-324'],
    [0.1 + 0.2, '0.30000000000000004'],
    [0.3 - 0.1, '0.19999999999999998'],
    [1 / 3, '0.3333333333333333'],
    [Number.MAX_VALUE, '1.7976931348623157e+308'],
    [Number.MAX_SAFE_INTEGER, '9007199254740991'],
    [2 ** 53, '9007199254740992'],
    [2 ** 68, '295147905179352830000'],
    [1e23, '1e+23'],
    // RFC 8785's own vector: the literal has more digits than a double keeps, on purpose.
    // eslint-disable-next-line no-loss-of-precision
    [333333333.33333329, '333333333.3333333'],
    [1e30, '1e+30'],
    [1e-27, '1e-27'],
  ];
  for (const [value, text] of cases) {
    assert.equal(canonicalize(value), text, `${value}`);
  }
});

test('numbers: RFC 8785 appendix B samples, given as IEEE 754 bit patterns', () => {
  const samples: [string, string][] = [
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ];
  const view = new DataView(new ArrayBuffer(8));
  for (const [bits, text] of samples) {
    view.setBigUint64(0, BigInt('0x' + bits));
    assert.equal(canonicalize(view.getFloat64(0)), text, bits);
  }
});

test('member order: UTF-16 code units, so surrogate pairs sort before BMP characters above U+E000', () => {
  const value = {
    '\uFFFD': 'replacement',
    '\uE000': 'private use',
    '\u{1F600}': 'grinning face (D83D DE00)',
    '\uFB33': 'dalet with dagesh',
    '\u{10000}': 'linear b (D800 DC00)',
    z: 'ascii',
    '\u00E9': 'e acute',
  };
  const order = Object.keys(JSON.parse(canonicalize(value)));
  assert.deepEqual(order, ['z', '\u00E9', '\u{10000}', '\u{1F600}', '\uE000', '\uFB33', '\uFFFD']);
});

test('member order: not numeric, not locale, not insertion', () => {
  assert.equal(
    canonicalize({ 10: 'x', 9: 'y', 1: 'z', B: 1, a: 2, A: 3 }),
    '{"1":"z","10":"x","9":"y","A":3,"B":1,"a":2}',
  );
  assert.equal(canonicalize({ b: { d: 1, c: 2 }, a: [{ z: 1, y: 2 }] }), '{"a":[{"y":2,"z":1}],"b":{"c":2,"d":1}}');
});

test('nested empties and top-level scalars', () => {
  assert.equal(canonicalize({}), '{}');
  assert.equal(canonicalize([]), '[]');
  assert.equal(canonicalize(''), '""');
  assert.equal(canonicalize(null), 'null');
  assert.equal(canonicalize(true), 'true');
  assert.equal(canonicalize(false), 'false');
  assert.equal(
    canonicalize({ c: [{}, [], [[]], { '': {} }], b: [], a: {}, '': '' }),
    '{"":"","a":{},"b":[],"c":[{},[],[[]],{"":{}}]}',
  );
});

test('strings: escaped exactly as JSON.stringify does (RFC 8785 section 3.2.2.2)', () => {
  assert.equal(canonicalize('\u0000\u0008\u0009\u000a\u000c\u000d\u001f'), '"\\u0000\\b\\t\\n\\f\\r\\u001f"');
  assert.equal(canonicalize('"\\/'), '"\\"\\\\/"');
  // Not escaped: DEL, U+2028/U+2029, '<' and '/', non-ASCII characters.
  assert.equal(
    canonicalize('\u007f\u2028\u2029</script>\u00e9\u{1F600}'),
    '"\u007f\u2028\u2029</script>\u00e9\u{1F600}"',
  );
  // No Unicode normalization: A + combining ring stays two characters.
  assert.equal(canonicalize('A\u030a'), '"A\u030a"');
});

test('canonicalBytes: UTF-8 of the canonical text', () => {
  assert.deepEqual(
    canonicalBytes({ '\u20ac': '\u{1F600}' }),
    new Uint8Array([0x7b, 0x22, 0xe2, 0x82, 0xac, 0x22, 0x3a, 0x22, 0xf0, 0x9f, 0x98, 0x80, 0x22, 0x7d]),
  );
});

test('accepts objects without a prototype', () => {
  const value = Object.create(null) as Record<string, unknown>;
  value.b = 1;
  value.a = 2;
  assert.equal(canonicalize(value), '{"a":2,"b":1}');
});

test('a member named __proto__ is an ordinary member', () => {
  const value = JSON.parse('{"z":1,"__proto__":{"x":1}}');
  assert.equal(canonicalize(value), '{"__proto__":{"x":1},"z":1}');
});

function assertCanonicalizationError(value: unknown, path: string, message: RegExp): void {
  assert.throws(
    () => canonicalize(value),
    (error: unknown) => {
      assert.ok(error instanceof CanonicalizationError, 'throws a CanonicalizationError');
      assert.equal(error.name, 'CanonicalizationError');
      assert.equal(error.path, path);
      assert.match(error.message, message);
      assert.doesNotMatch(error.message, /[\n\r]/, 'message is one line');
      return true;
    },
  );
}

test('errors: non-finite numbers, with the pointer', () => {
  assertCanonicalizationError(
    { a: [1, Number.NaN] },
    '/a/1',
    /^cannot canonicalize the value at "\/a\/1": NaN is not a JSON number; replace it/,
  );
  assertCanonicalizationError(Number.POSITIVE_INFINITY, '', /at the root: Infinity is not a JSON number/);
  assertCanonicalizationError({ x: { y: Number.NEGATIVE_INFINITY } }, '/x/y', /-Infinity is not a JSON number/);
});

test('errors: lone surrogates in values and member names', () => {
  assertCanonicalizationError(
    { s: 'ok\uD800' },
    '/s',
    /lone surrogate U\+D800 at index 2; RFC 8785 requires well-formed Unicode/,
  );
  assertCanonicalizationError(['\uDC00\uD83D\uDE00'], '/0', /lone surrogate U\+DC00 at index 0/);
  assertCanonicalizationError(
    { x: { '\uD800': 1 } },
    '/x/\uD800',
    /the member name has a lone surrogate U\+D800 at index 0; .*rename the member/,
  );
  // The message quotes the pointer so the lone surrogate shows as an escape.
  assert.throws(() => canonicalize({ '\uDBFF': 1 }), { message: /at "\/\\udbff"/ });
});

test('errors: values that are not JSON', () => {
  assertCanonicalizationError(undefined, '', /undefined is not a JSON value/);
  assertCanonicalizationError({ a: undefined }, '/a', /undefined is not a JSON value/);
  assertCanonicalizationError([1, undefined], '/1', /undefined/);
  // eslint-disable-next-line no-sparse-arrays
  assertCanonicalizationError([1, , 3], '/1', /undefined/);
  // A hole stays a hole where a prototype has its index (reading the index alone would find "x").
  Object.defineProperty(Array.prototype, '1', { value: 'x', configurable: true, writable: true });
  try {
    // eslint-disable-next-line no-sparse-arrays
    assertCanonicalizationError([1, , 3], '/1', /undefined/);
  } finally {
    delete (Array.prototype as unknown as Record<string, unknown>)['1'];
  }
  assertCanonicalizationError({ f: () => 1 }, '/f', /a function is not a JSON value/);
  assertCanonicalizationError({ n: 10n }, '/n', /the bigint 10n is not a JSON value/);
  assertCanonicalizationError({ s: Symbol('x') }, '/s', /a symbol is not a JSON value/);
  assertCanonicalizationError({ d: new Date(0) }, '/d', /an instance of Date is not a JSON value/);
  assertCanonicalizationError({ m: new Map() }, '/m', /an instance of Map/);
  assertCanonicalizationError({ n: new Number(1) }, '/n', /an instance of Number/);
  class Packet {
    id = 1;
  }
  assertCanonicalizationError({ p: new Packet() }, '/p', /an instance of Packet/);
  assertCanonicalizationError({ [Symbol('hidden')]: 1 }, '', /symbol-keyed properties/);
});

test('errors: pointers escape ~ and / in member names', () => {
  assertCanonicalizationError({ 'a/b': { 'c~d': Number.NaN } }, '/a~1b/c~0d', /at "\/a~1b\/c~0d"/);
});

test('errors: cycles are refused, shared subtrees are not', () => {
  const cyclic: Record<string, unknown> = { a: {} };
  (cyclic.a as Record<string, unknown>).back = cyclic;
  assertCanonicalizationError(cyclic, '/a/back', /a cycle/);
  const shared = { x: 1 };
  assert.equal(canonicalize({ a: shared, b: [shared, shared] }), '{"a":{"x":1},"b":[{"x":1},{"x":1}]}');
});
