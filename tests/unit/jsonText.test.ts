import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { MAX_NESTING_DEPTH } from '../../src/uai/nestingLimit.ts';
import {
  DEFAULT_JSON_LIMITS,
  decodeJsonBytes,
  readJsonText,
  type JsonReadError,
  type JsonReadResult,
} from '../../src/uai/jsonText.ts';

const utf8 = new TextEncoder();

function assertSameAsJsonParse(text: string): void {
  const result = readJsonText(text);
  assert.deepEqual(result, { ok: true, value: JSON.parse(text) }, text.length < 200 ? text : undefined);
}

function errorOf(result: JsonReadResult): JsonReadError {
  assert.equal(result.ok, false, 'reading fails');
  if (result.ok) throw new Error('unreachable');
  return result.error;
}

/** Checks everything a caller relies on: code, pointer, position, and a one-line message that says where. */
function assertReadError(
  result: JsonReadResult,
  expected: { code?: JsonReadError['code']; path: string; line: number; column: number; message: RegExp },
): void {
  const error = errorOf(result);
  assert.equal(error.code, expected.code ?? 'UAI-JSON-PARSE', 'code');
  assert.equal(error.path, expected.path, 'path');
  assert.equal(error.line, expected.line, 'line');
  assert.equal(error.column, expected.column, 'column');
  assert.match(error.message, expected.message);
  assert.ok(
    error.message.includes(`line ${expected.line}, column ${expected.column}`),
    `message names the position: ${error.message}`,
  );
  assert.doesNotMatch(error.message, /[\n\r\u2028\u2029]/, 'message is one line');
}

// A small UAI-1 packet, inline so that the test needs nothing outside the repository.
const packet = {
  uai_version: '1.0',
  profile: 'uai.agent.ack.v1',
  message_id: 'msg_uaix_agent_ack_0002',
  source: { type: 'agent', id: 'agt_uaix.publisher', label: 'UAIX Publication Agent', uri: 'http://uaix.org/' },
  target: { type: 'runtime', id: 'agt_runtime.consumer', label: 'Runtime Implementer' },
  conversation: { conversation_id: 'conv_20260531_agent_standard', turn_id: 'turn_002', sequence: 2 },
  delivery: {
    mode: 'async',
    expires_at: '2030-12-31T23:59:00Z',
    reply_requested: false,
    retry_count: 0,
    timeout_ms: 300000,
    expected_output_schema: { profile: 'uai.agent.ack.v1' },
  },
  payload: { status: 'accepted', note: 'Acusa recibo — “aceptación” ✓ \u{1F916}', ratio: 0.25, tags: [], extra: null },
  extensions: [{ purpose: 'audit', values: [1, -2.5, 3e-7, 1e21, true, false, null] }],
};

test('valid documents: same value as JSON.parse', () => {
  const documents = [
    'null',
    'true',
    'false',
    '0',
    '-0',
    '"text"',
    '""',
    '[]',
    '{}',
    ' \t\r\n[ ] \n',
    '[[[[]]]]',
    '{"a":{"b":{"c":[{}]}}}',
    '[1,"two",{"three":3},[4],null,true,false]',
    '{"":"empty name","a b":1,"a/b~c":2}',
    '{"10":"x","9":"y","1":"z"}',
    JSON.stringify(packet),
    JSON.stringify(packet, null, 2),
    JSON.stringify(packet, null, '\t').replaceAll('\n', '\r\n'),
    JSON.stringify([packet, packet]),
  ];
  for (const text of documents) assertSameAsJsonParse(text);
});

test('valid documents: numbers convert exactly as JSON.parse', () => {
  const numbers = [
    '0',
    '-0',
    '0.0',
    '-0.0e0',
    '0e0',
    '1',
    '-1',
    '0.1',
    '1.5e+3',
    '-1.5E-3',
    '1e-7',
    '1E21',
    '5e-324',
    '2.2250738585072011e-308',
    '1.7976931348623157e308',
    '9007199254740991',
    '1.23456789012345678901234567890e29',
    '333333333.33333329',
    '0.30000000000000004',
    '1' + '0'.repeat(300) + '.0',
  ];
  for (const number of numbers) {
    assertSameAsJsonParse(number);
    assertSameAsJsonParse(`[${number}]`);
    assertSameAsJsonParse(`{"n":${number}}`);
  }
  // -0 survives (deepEqual uses Object.is).
  assert.ok(Object.is((readJsonText('-0') as { value: unknown }).value, -0));
});

test('valid documents: strings and escapes decode as JSON.parse', () => {
  const strings = [
    String.raw`"\" \\ \/ \b \f \n \r \t"`,
    String.raw`"\u0000\u001f\u0020\u007F\u00e9\u20AC"`,
    String.raw`"\ud83d\ude02 and \uD83D\uDE02"`,
    '"raw \u{1F602} \u00e9 \u007f \u2028 \u2029 </script>"',
    String.raw`"a\\u0041"`,
    String.raw`"\u0041\u0042"`,
    // RFC 8259 allows escaped lone surrogates; JSON.parse keeps them, and so does the reader
    // (RFC 8785 canonicalization refuses them later, with a pointer).
    String.raw`"\ud800"`,
    String.raw`"\udc00\ud800"`,
    `"${'long '.repeat(500)}"`,
    `"${'esc\\n'.repeat(500)}"`,
  ];
  for (const text of strings) {
    assertSameAsJsonParse(text);
    assertSameAsJsonParse(`{${text}:${text}}`);
  }
});

test('valid documents: the RFC 8785 vector inputs', () => {
  const inputs = new URL('../vectors/rfc8785/input/', import.meta.url);
  const names = readdirSync(inputs);
  assert.ok(names.length >= 6);
  for (const name of names) assertSameAsJsonParse(readFileSync(new URL(name, inputs), 'utf8'));
});

// The seed packets, as copied into the repository from the user's documents.
const seeds = new URL('../fixtures/seeds/', import.meta.url);
for (const name of ['uai.agent.ack.v1.keyed.json', 'uai.agent.ack.v1.compact.json']) {
  const file = new URL(name, seeds);
  test(`valid documents: seed ${name}`, () => {
    const bytes = new Uint8Array(readFileSync(file));
    const text = new TextDecoder().decode(bytes);
    assertSameAsJsonParse(text);
    assert.deepEqual(decodeJsonBytes(bytes), { ok: true, value: JSON.parse(text) });
  });
}

test('syntax errors: code, pointer, line, column and message', () => {
  const cases: {
    text: string;
    path: string;
    line: number;
    column: number;
    message: RegExp;
    jsonParseAccepts?: true;
  }[] = [
    // Trailing commas, reported at the comma.
    { text: '{"a":[1,2,]}', path: '/a', line: 1, column: 10, message: /trailing comma before '\]'.*remove the comma/ },
    { text: '{\n  "a": 1,\n}', path: '', line: 2, column: 9, message: /trailing comma before '\}'/ },
    // Comments, single quotes, unquoted names.
    { text: '// note\n{}', path: '', line: 1, column: 1, message: /comment.*remove the comment/ },
    { text: '{"a": /* x */ 1}', path: '/a', line: 1, column: 7, message: /comment/ },
    { text: "{'a': 1}", path: '', line: 1, column: 2, message: /single quotes.*double quotes/ },
    { text: '{"a": \'b\'}', path: '/a', line: 1, column: 7, message: /single quotes.*double quotes/ },
    { text: '{a: 1}', path: '', line: 1, column: 2, message: /member name a is not in double quotes.*; write "a"/ },
    // Numbers.
    { text: '[007]', path: '/0', line: 1, column: 2, message: /leading zero/ },
    { text: '{"n": -01}', path: '/n', line: 1, column: 7, message: /leading zero/ },
    { text: '[1.]', path: '/0', line: 1, column: 4, message: /digit after the decimal point/ },
    { text: '[.5]', path: '/0', line: 1, column: 2, message: /starts with '\.'/ },
    { text: '[+1]', path: '/0', line: 1, column: 2, message: /starts with '\+'/ },
    { text: '[1e]', path: '/0', line: 1, column: 4, message: /digit in the exponent/ },
    { text: '[1e+]', path: '/0', line: 1, column: 5, message: /digit in the exponent/ },
    { text: '[-]', path: '/0', line: 1, column: 3, message: /digit after '-'/ },
    { text: '[0x10]', path: '', line: 1, column: 3, message: /expected ',' or '\]'/ },
    { text: '{"x": NaN}', path: '/x', line: 1, column: 7, message: /NaN is not a JSON number/ },
    { text: '[Infinity]', path: '/0', line: 1, column: 2, message: /Infinity is not a JSON number/ },
    { text: '[-Infinity]', path: '/0', line: 1, column: 2, message: /-Infinity is not a JSON number/ },
    // Literals.
    { text: '[True]', path: '/0', line: 1, column: 2, message: /unknown word "True".*lowercase/ },
    { text: '{"a": nul}', path: '/a', line: 1, column: 7, message: /unknown word "nul"/ },
    { text: '{"a": undefined}', path: '/a', line: 1, column: 7, message: /undefined is not a JSON value/ },
    // Strings.
    {
      text: '{"a": "x\ny"}',
      path: '/a',
      line: 1,
      column: 9,
      message: /raw control character U\+000A.*write it as \\n/,
    },
    { text: '["tab\there"]', path: '/0', line: 1, column: 6, message: /raw control character U\+0009 \(tab\).*\\t/ },
    { text: '["\u0001"]', path: '/0', line: 1, column: 3, message: /U\+0001.*write it as \\u0001/ },
    { text: '{"k\u0000": 1}', path: '', line: 1, column: 4, message: /U\+0000/ },
    { text: '["\\x41"]', path: '/0', line: 1, column: 3, message: /invalid escape '\\x'/ },
    {
      text: '["\\u12G4"]',
      path: '/0',
      line: 1,
      column: 3,
      message: /invalid escape "\\\\u12G4".*four hexadecimal digits/,
    },
    { text: '["\\u12"]', path: '/0', line: 1, column: 3, message: /four hexadecimal digits/ },
    { text: '{"a": "open', path: '/a', line: 1, column: 7, message: /never closed.*closing '"'/ },
    { text: '["\\', path: '/0', line: 1, column: 3, message: /invalid escape at the end of the document/ },
    // Structure.
    { text: '{"a" 1}', path: '/a', line: 1, column: 6, message: /expected ':' after the member name "a"/ },
    { text: '{"a": 1 "b": 2}', path: '', line: 1, column: 9, message: /',' is missing before this member/ },
    { text: '[1 2]', path: '', line: 1, column: 4, message: /',' is missing before this element/ },
    { text: '[1,,2]', path: '/1', line: 1, column: 4, message: /value is missing before ','/ },
    { text: '{"a":}', path: '/a', line: 1, column: 6, message: /value is missing before '\}'/ },
    { text: '{"a": 1]', path: '', line: 1, column: 8, message: /expected ',' or '\}' in the object, found '\]'/ },
    { text: '[1}', path: '', line: 1, column: 3, message: /expected ',' or '\]' in the array, found '\}'/ },
    { text: '{,}', path: '', line: 1, column: 2, message: /expected a member name in double quotes, found ','/ },
    {
      text: '{"a": [1, 2',
      path: '/a',
      line: 1,
      column: 12,
      message: /ends before the array is closed.*opened at line 1, column 7/,
    },
    { text: '{\n"a": 1\n', path: '', line: 3, column: 1, message: /ends before the object is closed.*'\}'/ },
    { text: '{', path: '', line: 1, column: 2, message: /ends before the object is closed/ },
    { text: '{"a":', path: '/a', line: 1, column: 6, message: /ends where a value was expected/ },
    {
      text: '{} {}',
      path: '',
      line: 1,
      column: 4,
      message: /unexpected '\{' after the end of the JSON value.*exactly one value/,
    },
    { text: '1 2', path: '', line: 1, column: 3, message: /after the end of the JSON value/ },
    { text: '"a",', path: '', line: 1, column: 4, message: /unexpected ',' after the end/ },
    { text: '\u00a0{}', path: '', line: 1, column: 1, message: /U\+00A0 \(no-break space\)/ },
    { text: '{}\u2028', path: '', line: 1, column: 3, message: /U\+2028 \(line separator\)/ },
    { text: '[\u{1F600}]', path: '/0', line: 1, column: 2, message: /U\+1F600 where a value was expected/ },
  ];
  for (const { text, jsonParseAccepts, ...expected } of cases) {
    assert.doesNotThrow(() => readJsonText(text));
    if (!jsonParseAccepts) {
      assert.throws(() => JSON.parse(text), SyntaxError, `JSON.parse also refuses ${JSON.stringify(text)}`);
    }
    try {
      assertReadError(readJsonText(text), expected);
    } catch (error) {
      (error as Error).message += ` (document ${JSON.stringify(text)})`;
      throw error;
    }
  }
});

test('numbers that are not I-JSON: UAI-JSON-NUMBER-UNSAFE at their pointer, where JSON.parse reads them silently', () => {
  const code = 'UAI-JSON-NUMBER-UNSAFE';
  const cases: { text: string; path: string; line: number; column: number; message: RegExp }[] = [
    // Overflow: JSON.parse turns these into Infinity, which no JSON text can carry back out.
    {
      text: '{"big": 1e400}',
      path: '/big',
      line: 1,
      column: 9,
      message: /number out of range: 1e400 is beyond the largest double/,
    },
    { text: '[-1e400]', path: '/0', line: 1, column: 2, message: /number out of range/ },
    { text: '[123123e100000]', path: '/0', line: 1, column: 2, message: /number out of range/ },
    // Integers beyond 2^53-1: 9007199254740993 reads as ...992, so two packets would share a digest.
    {
      text: '{"a": {"b": [9007199254740991, 9007199254740992]}}',
      path: '/a/b/1',
      line: 1,
      column: 32,
      message: /the integer 9007199254740992 is beyond ±\(2\^53−1\).*as strings/,
    },
    { text: '[-9007199254740992]', path: '/0', line: 1, column: 2, message: /the integer -9007199254740992/ },
    { text: '[100000000000000000000]', path: '/0', line: 1, column: 2, message: /the integer 100000000000000000000/ },
    // Underflow: a non-zero literal that reads as 0.
    {
      text: '{"x": [1e-400]}',
      path: '/x/0',
      line: 1,
      column: 8,
      message: /the number 1e-400 is so small that it would read as 0/,
    },
    { text: '[123.456e-789]', path: '/0', line: 1, column: 2, message: /so small/ },
    { text: '[2.4e-324]', path: '/0', line: 1, column: 2, message: /so small/ },
  ];
  for (const { text, ...expected } of cases) {
    assert.doesNotThrow(() => JSON.parse(text), `JSON.parse accepts ${text}`);
    assertReadError(readJsonText(text), { code, ...expected });
    assertReadError(decodeJsonBytes(new TextEncoder().encode(text)), { code, ...expected });
  }
  // The edges that stay: the largest safe integers, zero written any way, the smallest subnormal, float literals.
  for (const text of [
    '[9007199254740991, -9007199254740991]',
    '[0, -0, 0.0, 0e-999, -0.0e5]',
    '[4.9e-324, 1.7976931348623157e308]',
    '[1E22, 123e65]',
  ]) {
    assertSameAsJsonParse(text);
  }
});

test('positions: lines end at LF, CR or CRLF; columns count characters, not UTF-16 units', () => {
  assertReadError(readJsonText('{\r\n  "a": 1,\r\n  "b": x\r\n}'), {
    path: '/b',
    line: 3,
    column: 8,
    message: /unknown word "x"/,
  });
  assertReadError(readJsonText('[\r1,\r\r x]'), { path: '/1', line: 4, column: 2, message: /unknown word "x"/ });
  assertReadError(readJsonText('{"\u{1F600}\u{1F600}": 1 x}'), { path: '', line: 1, column: 10, message: /found 'x'/ });
  assertReadError(readJsonText('{\n\t"caf\u00e9": tru\n}'), {
    path: '/caf\u00e9',
    line: 2,
    column: 10,
    message: /unknown word "tru"/,
  });
});

test('duplicate member names: UAI-JSON-DUPLICATE-KEY at the second occurrence', () => {
  const cases: { text: string; path: string; line: number; column: number; message: RegExp }[] = [
    {
      text: '{"a":1,"a":2}',
      path: '/a',
      line: 1,
      column: 8,
      message: /duplicate member name "a" in the top-level object/,
    },
    {
      text: '{\n  "source": {\n    "id": "agt_a",\n    "type": "agent",\n    "id": "agt_b"\n  }\n}',
      path: '/source/id',
      line: 5,
      column: 5,
      message: /duplicate member name "id" in the object at "\/source".*remove or rename one/,
    },
    {
      text: '{"extensions": [{"purpose": "audit"}, {"x": 1}], "z": [{"purpose": "a", "purpose": "b"}]}',
      path: '/z/0/purpose',
      line: 1,
      column: 73,
      message: /duplicate member name "purpose" in the object at "\/z\/0"/,
    },
    {
      text: '{"extensions":[{"purpose":"audit","note":"x","purpose":"trace"}]}',
      path: '/extensions/0/purpose',
      line: 1,
      column: 46,
      message: /"purpose"/,
    },
    // Names are compared after unescaping: "a" and "\u0061" are the same name.
    { text: '{"a":1,"\\u0061":2}', path: '/a', line: 1, column: 8, message: /duplicate member name "a"/ },
    { text: '{"a/b":1,"a\\/b":2}', path: '/a~1b', line: 1, column: 10, message: /duplicate member name "a\/b"/ },
    { text: '{"":1,"":2}', path: '/', line: 1, column: 7, message: /duplicate member name ""/ },
    { text: '{"__proto__":1,"__proto__":2}', path: '/__proto__', line: 1, column: 16, message: /"__proto__"/ },
    { text: '{"\u{1F600}":1,"\u{1F600}":2}', path: '/\u{1F600}', line: 1, column: 8, message: /"\u{1F600}"/u },
    // A name with a line break still gives a one-line message.
    { text: '{"a\\nb":1,"a\\nb":2}', path: '/a\nb', line: 1, column: 11, message: /"a\\nb"/ },
  ];
  for (const { text, ...expected } of cases) {
    assert.doesNotThrow(() => JSON.parse(text), 'JSON.parse silently accepts duplicates');
    assertReadError(readJsonText(text), { code: 'UAI-JSON-DUPLICATE-KEY', ...expected });
  }
  // Same names in different objects are fine.
  assertSameAsJsonParse('{"id":1,"source":{"id":2},"target":{"id":3},"list":[{"id":4},{"id":5}]}');
});

test('duplicate member names: the first error in reading order wins', () => {
  assertReadError(readJsonText('{"a":1,"a":2,"b":}'), {
    code: 'UAI-JSON-DUPLICATE-KEY',
    path: '/a',
    line: 1,
    column: 8,
    message: /duplicate/,
  });
  assertReadError(readJsonText('{"b":,"a":1,"a":2}'), { path: '/b', line: 1, column: 6, message: /value is missing/ });
});

test('__proto__ becomes an own member and never changes a prototype', () => {
  const text = '{"__proto__": {"polluted": true}, "list": [{"__proto__": null}], "constructor": {"prototype": 1}}';
  const result = readJsonText(text);
  assert.deepEqual(result, { ok: true, value: JSON.parse(text) });
  assert.ok(result.ok);
  const value = result.value as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(value), Object.prototype);
  assert.ok(Object.hasOwn(value, '__proto__'));
  assert.deepEqual(Object.keys(value), ['__proto__', 'list', 'constructor']);
  assert.deepEqual(Object.getOwnPropertyDescriptor(value, '__proto__'), {
    value: { polluted: true },
    writable: true,
    enumerable: true,
    configurable: true,
  });
  assert.equal((value as { polluted?: unknown }).polluted, undefined);
  assert.equal(({} as { polluted?: unknown }).polluted, undefined);
  assert.equal((Object.prototype as { polluted?: unknown }).polluted, undefined);
  const inner = (value.list as Record<string, unknown>[])[0]!;
  assert.equal(Object.getPrototypeOf(inner), Object.prototype);
  assert.equal(inner.__proto__, null);
});

test('depth limit: 64 levels by default, configurable, and named in the message', () => {
  assert.equal(DEFAULT_JSON_LIMITS.maxDepth, 64);
  assert.equal(DEFAULT_JSON_LIMITS.maxBytes, 4 * 1024 * 1024);
  assert.ok(Object.isFrozen(DEFAULT_JSON_LIMITS));
  assertSameAsJsonParse('['.repeat(64) + ']'.repeat(64));
  assertReadError(readJsonText('['.repeat(65) + ']'.repeat(65)), {
    path: '/0'.repeat(64),
    line: 1,
    column: 65,
    message: /nested deeper than the limit of 64 levels/,
  });
  assertSameAsJsonParse('{"a":'.repeat(64) + '1' + '}'.repeat(64));
  assertReadError(readJsonText('{"a":'.repeat(65) + '1' + '}'.repeat(65)), {
    path: '/a'.repeat(64),
    line: 1,
    column: 321,
    message: /limit of 64 levels/,
  });
  const twoDeep = '{"a":[{"b":1}]}';
  assertReadError(readJsonText(twoDeep, { maxDepth: 2 }), {
    path: '/a/0',
    line: 1,
    column: 7,
    message: /limit of 2 levels/,
  });
  assert.equal(readJsonText(twoDeep, { maxDepth: 3 }).ok, true);
  assert.equal(decodeJsonBytes(utf8.encode(twoDeep), { maxDepth: 2 }).ok, false);
  // Scalars have no depth.
  assert.equal(readJsonText('"x"', { maxDepth: 0 }).ok, true);
});

test('a depth limit raised beyond the nesting limit of the core counts as that limit: an error result, not an exception', () => {
  const depth = 200_000;
  const text = '['.repeat(depth) + ']'.repeat(depth);
  const result = readJsonText(text, { maxDepth: Number.POSITIVE_INFINITY, maxBytes: Number.POSITIVE_INFINITY });
  const error = errorOf(result);
  assert.equal(error.code, 'UAI-JSON-PARSE');
  assert.match(error.message, new RegExp(`nested deeper than the limit of ${MAX_NESTING_DEPTH} levels`));
  const atLimit = '['.repeat(MAX_NESTING_DEPTH) + ']'.repeat(MAX_NESTING_DEPTH);
  assert.equal(readJsonText(atLimit, { maxDepth: Number.POSITIVE_INFINITY }).ok, true);
  assert.equal(readJsonText(`[${atLimit}]`, { maxDepth: Number.POSITIVE_INFINITY }).ok, false);
});

test('byte order mark: refused in text and in bytes', () => {
  assertReadError(readJsonText('\uFEFF{"a":1}'), {
    path: '',
    line: 1,
    column: 1,
    message: /byte order mark.*remove the byte order mark/,
  });
  // TextDecoder drops a BOM by default; decodeJsonBytes must keep it to refuse it.
  assertReadError(decodeJsonBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d])), {
    path: '',
    line: 1,
    column: 1,
    message: /remove the byte order mark/,
  });
});

test('empty documents', () => {
  for (const text of ['', ' ', '\n\n', ' \t\r\n ']) {
    assertReadError(readJsonText(text), { path: '', line: 1, column: 1, message: /^the document is empty/ });
    assertReadError(decodeJsonBytes(utf8.encode(text)), {
      path: '',
      line: 1,
      column: 1,
      message: /^the document is empty/,
    });
  }
});

test('binary input: NUL bytes and invalid UTF-8', () => {
  const cases: { bytes: number[]; line: number; column: number; message: RegExp }[] = [
    { bytes: [0x7b, 0x00, 0x7d], line: 1, column: 2, message: /a NUL byte \(byte offset 1\)/ },
    {
      bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00],
      line: 1,
      column: 1,
      message: /invalid byte 0x89 \(byte offset 0\)/,
    },
    // UTF-16LE with its BOM.
    { bytes: [0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00], line: 1, column: 1, message: /invalid byte 0xFF/ },
    {
      bytes: [0x7b, 0x0a, 0x22, 0xc3, 0x28, 0x22, 0x7d],
      line: 2,
      column: 2,
      message: /invalid byte 0xC3 \(byte offset 3\)/,
    },
    { bytes: [0x5b, 0x22, 0x80, 0x22, 0x5d], line: 1, column: 3, message: /invalid byte 0x80/ },
    // Overlong "/", an encoded surrogate, a truncated sequence, a byte beyond U+10FFFF.
    { bytes: [0x5b, 0x22, 0xc0, 0xaf, 0x22, 0x5d], line: 1, column: 3, message: /invalid byte 0xC0/ },
    { bytes: [0x5b, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x5d], line: 1, column: 3, message: /invalid byte 0xED/ },
    { bytes: [0x5b, 0x22, 0xc3, 0xa9, 0xe2, 0x82], line: 1, column: 4, message: /invalid byte 0xE2 \(byte offset 4\)/ },
    { bytes: [0x5b, 0xf5, 0x80, 0x80, 0x80, 0x5d], line: 1, column: 2, message: /invalid byte 0xF5/ },
  ];
  for (const { bytes, ...expected } of cases) {
    assertReadError(decodeJsonBytes(new Uint8Array(bytes)), {
      path: '',
      ...expected,
      message: new RegExp(`^not UTF-8 text \\(binary data\\?\\): .*${expected.message.source}`),
    });
  }
});

test('decodeJsonBytes: UTF-8 text reads like readJsonText', () => {
  const text = JSON.stringify(packet, null, 2);
  assert.deepEqual(decodeJsonBytes(utf8.encode(text)), { ok: true, value: JSON.parse(text) });
  assert.deepEqual(decodeJsonBytes(utf8.encode('{"a":1,"a":2}')), readJsonText('{"a":1,"a":2}'));
  assert.deepEqual(decodeJsonBytes(utf8.encode('{"é":1,\n"x"}')), readJsonText('{"é":1,\n"x"}'));
});

test('size limit: counted in UTF-8 bytes, checked before reading', () => {
  const ascii = '["' + 'a'.repeat(96) + '"]'; // 100 bytes
  assert.equal(decodeJsonBytes(utf8.encode(ascii), { maxBytes: 100 }).ok, true);
  assert.equal(readJsonText(ascii, { maxBytes: 100 }).ok, true);
  assertReadError(decodeJsonBytes(utf8.encode(ascii), { maxBytes: 99 }), {
    code: 'UAI-JSON-TOO-LARGE',
    path: '',
    line: 1,
    column: 1,
    message: /^file is larger than 99 bytes/,
  });
  assertReadError(readJsonText(ascii, { maxBytes: 99 }), {
    code: 'UAI-JSON-TOO-LARGE',
    path: '',
    line: 1,
    column: 1,
    message: /file is larger than 99 bytes/,
  });
  // 40 characters but 2 + 4 * 18 + 2 = 76 bytes: the limit applies to bytes, not characters.
  const emoji = '["' + '\u{1F600}'.repeat(18) + '"]';
  assert.equal(readJsonText(emoji, { maxBytes: 76 }).ok, true);
  assert.equal(readJsonText(emoji, { maxBytes: 75 }).ok, false);
  const accented = '["' + '\u00e9'.repeat(30) + '"]'; // 64 bytes
  assert.equal(readJsonText(accented, { maxBytes: 64 }).ok, true);
  assert.equal(readJsonText(accented, { maxBytes: 63 }).ok, false);
  // The size is checked first: even broken bytes are refused as too large.
  assert.match(errorOf(decodeJsonBytes(new Uint8Array(200), { maxBytes: 100 })).message, /larger than 100 bytes/);
  // Invalid in every other way, yet refused for its size without being read.
  const big = new Uint8Array(DEFAULT_JSON_LIMITS.maxBytes + 1);
  assert.match(errorOf(decodeJsonBytes(big)).message, /^file is larger than 4194304 bytes/);
  assert.equal(errorOf(decodeJsonBytes(big)).code, 'UAI-JSON-TOO-LARGE');
});

test('readJsonText never throws on hostile input', () => {
  const inputs = [
    '{"a":[',
    '[' + '{"a":'.repeat(10),
    '\\',
    '"\\u',
    '[1e',
    '-',
    'tr',
    '{"a"',
    '{"a":1,',
    '\uD800',
    '"\uD800"',
  ];
  for (const text of inputs) {
    assert.doesNotThrow(() => readJsonText(text), text);
  }
  // A raw lone surrogate inside a string is RFC 8259 text and reads as JSON.parse does.
  assertSameAsJsonParse('"\uD800"');
});
