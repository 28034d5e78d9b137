/**
 * The one normalization of the text rules (src/uai/textNormalization.ts): each step on the spellings
 * it exists for, and `originalSpan`, which must map every span of the
 * normalized text to a span of the input whose own normal form holds it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { normalizeRuleText, foldForMatching, originalSpan } from '../../src/uai/textNormalization.ts';

test('each step turns a spelling into what a reader sees', () => {
  const cases: [string, string, string][] = [
    ['percent-decoding', 'cb?access%5Ftoken%3Dabc', 'cb?access_token=abc'],
    ['percent-decoding, multi-byte', '%E4%B8%AD', '中'],
    ['percent-decoding leaves invalid UTF-8 and lone %', '%C0%AF %zz 100%', '%C0%AF %zz 100%'],
    ['format characters inside and decoded from percent runs', 'access%5\u200BFtoken %E2%80%8Bx', 'access_token x'],
    ['format characters', 'Bear\u200Ber\u00AD \uFEFFx\u2066y', 'Bearer xy'],
    ['tags and variation selectors', 'U\u{E0041}A\uFE0FIX', 'UAIX'],
    ['NFKC', '\uFF35\uFF21\uFF29\uFF38 \u{1D414}', 'UAIX U'],
    ['Cyrillic and Greek look-alikes', 'U\u0410IX \u0440\u0430ss \u039f\u039a', 'UAIX pass OK'],
  ];
  for (const [step, input, expected] of cases) assert.equal(normalizeRuleText(input), expected, step);
});

test('plain ASCII without % is returned as the same string', () => {
  const text = 'uaix agent ack, sent 2026-12-01T00:00:00Z';
  assert.equal(normalizeRuleText(text), text);
});

test('foldForMatching lowers case, drops accents and joins white space across lines', () => {
  assert.equal(foldForMatching('Synchronisation\nAUTOMATIQUE  fournie’'), "synchronisation automatique fournie'");
});

test('foldForMatching turns every run of white space into one space, whatever the run', () => {
  const piece = fc.constantFrom(' ', '  ', '\n', '\t', '\r\n', '\u00a0', '\u3000', 'a', 'É', '\u2019', 'x y', '中');
  fc.assert(
    fc.property(
      fc.array(piece).map((pieces) => pieces.join('')),
      (text) => {
        const folded = foldForMatching(text);
        assert.equal(folded, foldForMatching(text.replace(/\s+/g, ' ')));
        assert.doesNotMatch(folded, /[^\S ]| {2}/);
      },
    ),
    { seed: 41, numRuns: 2000 },
  );
});

const spelling = fc.constantFrom(
  'a',
  'Z',
  '%',
  '%41',
  '%E4%B8%AD',
  '%C3',
  '\u200B',
  '\u0301',
  'e\u0301',
  '\uFF21',
  '\u0410',
  '中',
  '\u1100\u1161',
  '\u11A8',
  '\u{1D400}',
  '\u{E0041}',
  ' ',
  '\n',
  'ﬁ',
);
const spelled = fc.array(spelling, { maxLength: 40 }).map((parts) => parts.join(''));

test('originalSpan maps every normalized span to input whose normal form holds it', () => {
  fc.assert(
    fc.property(spelled, fc.nat(), fc.nat(), (text, a, b) => {
      const normalized = normalizeRuleText(text);
      const start = normalized.length ? a % normalized.length : 0;
      const end = Math.min(normalized.length, start + (b % 6));
      const [from, to] = originalSpan(text, start, end);
      assert.ok(0 <= from && from <= to && to <= text.length);
      assert.ok(normalizeRuleText(text.slice(from, to)).includes(normalized.slice(start, end)));
    }),
    { numRuns: 2000 },
  );
});

test('originalSpan is exact where each piece maps to itself', () => {
  const text = 'pre Bear\u200Ber AKIA%41 end';
  const normalized = normalizeRuleText(text);
  const start = normalized.indexOf('AKIAA');
  assert.deepEqual(originalSpan(text, start, start + 5), [text.indexOf('AKIA'), text.indexOf(' end')]);
});
