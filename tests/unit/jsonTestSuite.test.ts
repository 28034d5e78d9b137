/**
 * The JSONTestSuite parsing vectors (tests/vectors/jsontestsuite/, MIT) through the core's JSON
 * reader, as bytes: every y_ document is accepted with the value JSON.parse gives, every n_ document
 * is refused with a catalogued reading code, and every i_ (implementation-defined) document gets the
 * choice stated in the table below, with its reason.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeJsonBytes, DEFAULT_JSON_LIMITS, type JsonReadErrorCode } from '../../src/uai/jsonText.ts';
import { errorCodeEntry } from '../../src/uai/errorCodes.ts';

// A path, not a URL: one file name holds '#'.
const DIR = fileURLToPath(new URL('../vectors/jsontestsuite/test_parsing/', import.meta.url));
const names = readdirSync(DIR)
  .filter((name) => name.endsWith('.json'))
  .sort();
const read = (name: string) => decodeJsonBytes(new Uint8Array(readFileSync(join(DIR, name))));
const READING_CODES = new Set(['UAI-JSON-PARSE', 'UAI-JSON-DUPLICATE-KEY', 'UAI-JSON-NUMBER-UNSAFE']);

// No file of the suite is near the size limit, so UAI-JSON-TOO-LARGE is never its verdict.
type Verdict = 'accept' | Exclude<JsonReadErrorCode, 'UAI-JSON-TOO-LARGE'>;

const NUMBER = 'I-JSON (RFC 7493 §2.2): a number every reader reads the same, or refused';
const OVERFLOW = `UAI-JSON-NUMBER-UNSAFE: beyond the largest double, JSON.parse would give Infinity; ${NUMBER}`;
const UNDERFLOW = `UAI-JSON-NUMBER-UNSAFE: non-zero, yet it reads as 0; ${NUMBER}`;
const BIG_INTEGER = `UAI-JSON-NUMBER-UNSAFE: an integer beyond ±(2^53−1) cannot be held exactly, so two packets could share a digest; ${NUMBER}`;
const LONE_SURROGATE =
  'accept: the same string JSON.parse gives; a lone surrogate has no canonical form, so the canonicalizer (RFC 8785) refuses the document before any digest';
const NOT_UTF8 =
  'UAI-JSON-PARSE: not UTF-8 (RFC 8259 §8.1 requires UTF-8 between systems); decoded strictly, never with U+FFFD';

/** Every i_ file: what the reader does, and why. One line per file. */
const IMPLEMENTATION_DEFINED: Record<string, [Verdict, string]> = {
  'i_number_double_huge_neg_exp.json': ['UAI-JSON-NUMBER-UNSAFE', UNDERFLOW],
  'i_number_huge_exp.json': ['UAI-JSON-NUMBER-UNSAFE', OVERFLOW],
  'i_number_neg_int_huge_exp.json': ['UAI-JSON-NUMBER-UNSAFE', OVERFLOW],
  'i_number_pos_double_huge_exp.json': ['UAI-JSON-NUMBER-UNSAFE', OVERFLOW],
  'i_number_real_neg_overflow.json': ['UAI-JSON-NUMBER-UNSAFE', OVERFLOW],
  'i_number_real_pos_overflow.json': ['UAI-JSON-NUMBER-UNSAFE', OVERFLOW],
  'i_number_real_underflow.json': ['UAI-JSON-NUMBER-UNSAFE', UNDERFLOW],
  'i_number_too_big_neg_int.json': ['UAI-JSON-NUMBER-UNSAFE', BIG_INTEGER],
  'i_number_too_big_pos_int.json': ['UAI-JSON-NUMBER-UNSAFE', BIG_INTEGER],
  'i_number_very_big_negative_int.json': ['UAI-JSON-NUMBER-UNSAFE', BIG_INTEGER],
  'i_object_key_lone_2nd_surrogate.json': ['accept', LONE_SURROGATE],
  'i_string_1st_surrogate_but_2nd_missing.json': ['accept', LONE_SURROGATE],
  'i_string_1st_valid_surrogate_2nd_invalid.json': ['accept', LONE_SURROGATE],
  'i_string_UTF-16LE_with_BOM.json': ['UAI-JSON-PARSE', `${NOT_UTF8}; UTF-16 is refused at its first byte`],
  'i_string_UTF-8_invalid_sequence.json': ['UAI-JSON-PARSE', NOT_UTF8],
  'i_string_UTF8_surrogate_U+D800.json': ['UAI-JSON-PARSE', `${NOT_UTF8}; an encoded surrogate is not UTF-8`],
  'i_string_incomplete_surrogate_and_escape_valid.json': ['accept', LONE_SURROGATE],
  'i_string_incomplete_surrogate_pair.json': ['accept', LONE_SURROGATE],
  'i_string_incomplete_surrogates_escape_valid.json': ['accept', LONE_SURROGATE],
  'i_string_invalid_lonely_surrogate.json': ['accept', LONE_SURROGATE],
  'i_string_invalid_surrogate.json': ['accept', LONE_SURROGATE],
  'i_string_invalid_utf-8.json': ['UAI-JSON-PARSE', NOT_UTF8],
  'i_string_inverted_surrogates_U+1D11E.json': ['accept', LONE_SURROGATE],
  'i_string_iso_latin_1.json': ['UAI-JSON-PARSE', `${NOT_UTF8}; Latin-1 is not guessed`],
  'i_string_lone_second_surrogate.json': ['accept', LONE_SURROGATE],
  'i_string_lone_utf8_continuation_byte.json': ['UAI-JSON-PARSE', NOT_UTF8],
  'i_string_not_in_unicode_range.json': ['UAI-JSON-PARSE', `${NOT_UTF8}; beyond U+10FFFF`],
  'i_string_overlong_sequence_2_bytes.json': ['UAI-JSON-PARSE', `${NOT_UTF8}; overlong`],
  'i_string_overlong_sequence_6_bytes.json': ['UAI-JSON-PARSE', `${NOT_UTF8}; overlong`],
  'i_string_overlong_sequence_6_bytes_null.json': ['UAI-JSON-PARSE', `${NOT_UTF8}; overlong`],
  'i_string_truncated-utf-8.json': ['UAI-JSON-PARSE', NOT_UTF8],
  'i_string_utf16BE_no_BOM.json': ['UAI-JSON-PARSE', `${NOT_UTF8}; UTF-16 is refused at its first NUL byte`],
  'i_string_utf16LE_no_BOM.json': ['UAI-JSON-PARSE', `${NOT_UTF8}; UTF-16 is refused at its first NUL byte`],
  'i_structure_500_nested_arrays.json': [
    'UAI-JSON-PARSE',
    `nesting beyond the limit of ${DEFAULT_JSON_LIMITS.maxDepth} levels: a packet is a few levels deep, and the limit keeps recursion bounded`,
  ],
  'i_structure_UTF-8_BOM_empty_object.json': [
    'UAI-JSON-PARSE',
    'a byte order mark is refused (RFC 8259 §8.1: implementations MUST NOT add one), so two readers never disagree on the first character',
  ],
};

/** y_ files the reader refuses on purpose: RFC 8259 allows duplicate names, I-JSON does not. */
const REFUSED_ON_PURPOSE: Record<string, [Verdict, string]> = {
  'y_object_duplicated_key.json': [
    'UAI-JSON-DUPLICATE-KEY',
    'I-JSON (RFC 7493 §2.3): names MUST be unique; JSON.parse keeps the last, so two readers could see two packets',
  ],
  'y_object_duplicated_key_and_value.json': [
    'UAI-JSON-DUPLICATE-KEY',
    'I-JSON (RFC 7493 §2.3): names MUST be unique, even when the values agree',
  ],
};

function verdictOf(name: string): Verdict {
  const result = read(name);
  if (result.ok) return 'accept';
  assert.ok(READING_CODES.has(result.error.code), `${name}: ${result.error.code}`);
  assert.ok(errorCodeEntry(result.error.code), `${result.error.code} is catalogued`);
  assert.doesNotMatch(result.error.message, /[\n\r]/, `${name}: the message is one line`);
  return result.error.code as Verdict;
}

test('the suite is complete: 318 files, 95 y_, 188 n_, 35 i_', () => {
  assert.equal(names.length, 318);
  assert.equal(names.filter((name) => name.startsWith('y_')).length, 95);
  assert.equal(names.filter((name) => name.startsWith('n_')).length, 188);
  assert.deepEqual(
    names.filter((name) => name.startsWith('i_')),
    Object.keys(IMPLEMENTATION_DEFINED).sort(),
  );
  for (const name of Object.keys(REFUSED_ON_PURPOSE)) assert.ok(names.includes(name), name);
});

test('every y_ document is accepted with the value JSON.parse gives (duplicate names excepted, as stated)', () => {
  for (const name of names.filter((entry) => entry.startsWith('y_'))) {
    if (REFUSED_ON_PURPOSE[name]) {
      assert.equal(verdictOf(name), REFUSED_ON_PURPOSE[name][0], name);
      continue;
    }
    const result = read(name);
    assert.ok(result.ok, `${name}: ${result.ok ? '' : result.error.message}`);
    assert.deepEqual(result.value, JSON.parse(readFileSync(join(DIR, name), 'utf8')), name);
  }
});

test('every n_ document is refused with a reading code, a one-line message and no exception', () => {
  const codes = new Map<string, number>();
  for (const name of names.filter((entry) => entry.startsWith('n_'))) {
    const verdict = verdictOf(name);
    assert.notEqual(verdict, 'accept', `${name} must be refused`);
    codes.set(verdict, (codes.get(verdict) ?? 0) + 1);
  }
  assert.ok((codes.get('UAI-JSON-PARSE') ?? 0) > 180, JSON.stringify([...codes]));
});

test('every i_ document gets its documented choice', () => {
  const wrong: string[] = [];
  for (const [name, [expected, reason]] of Object.entries(IMPLEMENTATION_DEFINED)) {
    assert.ok(reason.length > 20, `${name}: the choice says why`);
    const actual = verdictOf(name);
    if (actual !== expected) wrong.push(`${name}: ${actual}, documented ${expected}`);
  }
  assert.deepEqual(wrong, []);
});
