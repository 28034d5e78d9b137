/** `escapeRegExp` (src/uai/regExpText.ts): an escaped text matches exactly itself, with and without `u`. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { escapeRegExp } from '../../src/uai/regExpText.ts';

test('an escaped text matches itself and nothing else', () => {
  const syntax = 'a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o/p-q';
  for (const flags of ['', 'u']) {
    const pattern = new RegExp(`^${escapeRegExp(syntax)}$`, flags);
    assert.ok(pattern.test(syntax));
    assert.ok(!pattern.test(syntax.replace('.', 'x')));
  }
  fc.assert(
    fc.property(fc.string({ unit: 'binary' }), (text) => new RegExp(`^(?:${escapeRegExp(text)})$`, 'u').test(text)),
  );
});
