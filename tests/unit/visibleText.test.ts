/**
 * The required-text rule, stated once in the schema and once by Unicode property: the schema's
 * pattern (a class of `\uXXXX` ranges) rejects exactly the invisible characters of the Basic
 * Multilingual Plane, ECMAScript and Python's `re` read it alike, and the core's predicate
 * covers the astral invisible characters the pattern cannot name.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMA_DIR } from '../../src/uai/node/recordFiles.ts';
import { REQUIRED_TEXT_PATTERN, hasVisibleText, passesPatternInvisibly } from '../../src/uai/visibleText.ts';

const envelope = JSON.parse(readFileSync(join(SCHEMA_DIR, 'envelope.schema.json'), 'utf8'));
const pattern = new RegExp(REQUIRED_TEXT_PATTERN, 'u');

/** Every BMP code point that is not a surrogate, as a one-character string. */
const bmp = Array.from({ length: 0x10000 }, (_, code) => code)
  .filter((code) => code < 0xd800 || code > 0xdfff)
  .map((code) => String.fromCharCode(code));

test("the schema's requiredText pattern is the core's, and a portable one", () => {
  assert.equal(envelope.$defs.requiredText.pattern, REQUIRED_TEXT_PATTERN);
  assert.match(REQUIRED_TEXT_PATTERN, /^\[\^(\\u[0-9A-F]{4}(-\\u[0-9A-F]{4})?)+\]$/);
});

test('on every BMP character, the pattern and the Unicode properties agree', () => {
  const disagree = bmp.filter((char) => pattern.test(char) !== hasVisibleText(char));
  assert.deepEqual(
    disagree.map((char) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`),
    [],
  );
  // The sets are not trivial: letters, digits and symbols are visible; these are not.
  for (const char of ['a', '7', '€', '中', '\u0301']) assert.equal(hasVisibleText(char), true, char);
  for (const char of [' ', '\u200b', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u180e', '\u3164', '\ufe0f', '\u0000'])
    assert.equal(hasVisibleText(char), false, JSON.stringify(char));
});

test('beyond U+FFFF the pattern passes invisible characters and the core does not', () => {
  for (const text of ['\u{E0001}', '\u{E0020}\u{E007F}', '\u{1D173}', '\u{1BCA0}', ' \u{E0041}\u200b']) {
    assert.equal(pattern.test(text), true, 'the pattern cannot see them');
    assert.equal(passesPatternInvisibly(text), true, JSON.stringify(text));
  }
  for (const text of ['\u{1F6D1}', '\u{E0001}\u{20000}', '\u200b'])
    assert.equal(passesPatternInvisibly(text), false, JSON.stringify(text));
});

const python = spawnSync('/usr/bin/python3', ['-c', 'import re, jsonschema'], { encoding: 'utf8' });

test(
  "Python's re and jsonschema read the pattern as ECMAScript does",
  { skip: python.status === 0 ? false : 'needs /usr/bin/python3 with jsonschema (apt-get install python3-jsonschema)' },
  () => {
    const script = [
      'import json, re, sys, jsonschema',
      'pattern = sys.stdin.read()',
      'compiled = re.compile(pattern)',
      'rejected = [c for c in range(0x10000) if not 0xD800 <= c <= 0xDFFF and not compiled.search(chr(c))]',
      'schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "string", "pattern": pattern}',
      'check = jsonschema.Draft202012Validator(schema)',
      'samples = ["\\u200b", "\\u2060\\ufeff", " ", "x", "\\u200bx", "\\U000E0001"]',
      'print(json.dumps({"rejected": rejected, "valid": [check.is_valid(s) for s in samples]}))',
    ].join('\n');
    const run = spawnSync('/usr/bin/python3', ['-c', script], { input: REQUIRED_TEXT_PATTERN, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const answer = JSON.parse(run.stdout) as { rejected: number[]; valid: boolean[] };
    const rejected = bmp.filter((char) => !pattern.test(char)).map((char) => char.charCodeAt(0));
    assert.deepEqual(answer.rejected, rejected);
    // The astral tag character passes the pattern in Python too: the core's rule is what refuses it.
    assert.deepEqual(answer.valid, [false, false, false, true, true, true]);
  },
);

test('ASCII text never passes the pattern invisibly (the validator skips that walk when every string value is ASCII)', () => {
  const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));
  for (const char of ascii) assert.equal(passesPatternInvisibly(char), false, JSON.stringify(char));
  fc.assert(
    fc.property(fc.string({ unit: 'binary-ascii', maxLength: 40 }), (text) => !passesPatternInvisibly(text)),
    { numRuns: 2_000, seed: 4301 },
  );
});
