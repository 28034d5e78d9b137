import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collapseWhiteSpace } from '../../../src/record/model/whiteSpace.ts';

test('ASCII white space collapses to one space and is trimmed, as HTML renders it', () => {
  assert.equal(collapseWhiteSpace('  a \t\n b\r\n\fc  '), 'a b c');
  assert.equal(collapseWhiteSpace(' \n\t '), '');
  assert.equal(collapseWhiteSpace(''), '');
});

test('no-break spaces stay: French sets U+00A0 and U+202F before « : » and « ; »', () => {
  assert.equal(
    collapseWhiteSpace('delivery.expires_at\u00a0: il échoue\u202f; fin'),
    'delivery.expires_at\u00a0: il échoue\u202f; fin',
  );
  assert.equal(collapseWhiteSpace('\u00a0« mot »\u00a0'), '\u00a0« mot »\u00a0');
  assert.equal(collapseWhiteSpace('x \u00a0 y'), 'x \u00a0 y');
});
