import { test } from 'node:test';
import assert from 'node:assert/strict';
import { textPosition, textPositions } from '../../src/uai/textPosition.ts';

test('LF, CR LF and a lone CR each end one line; a column counts code points', () => {
  const text = 'a\nb\r\nc\rd😀e';
  assert.deepEqual(textPosition(text, 0), { line: 1, column: 1 });
  assert.deepEqual(textPosition(text, 2), { line: 2, column: 1 });
  assert.deepEqual(textPosition(text, 3), { line: 2, column: 2 }, 'the CR of a CR LF is still on its line');
  assert.deepEqual(textPosition(text, 5), { line: 3, column: 1 });
  assert.deepEqual(textPosition(text, 7), { line: 4, column: 1 }, 'a lone CR ends a line');
  assert.deepEqual(textPosition(text, 10), { line: 4, column: 3 }, 'the emoji is one column');
});

/** The rule read off the text directly: the line breaks that end before `at`, code points after the last. */
function oracle(text: string, at: number) {
  let line = 1;
  let lineStart = 0;
  for (const match of text.matchAll(/\r\n|\r|\n/g))
    if (match.index + match[0].length <= at) {
      line++;
      lineStart = match.index + match[0].length;
    }
  return { line, column: [...text.slice(lineStart, at)].length + 1 };
}

test('many offsets in any order resolve as the rule says, in the order given', () => {
  const text = 'x\r\ny😀\nz\rw'.repeat(50);
  const offsets = [text.length, 7, 0, 300, 2, 2, 151, 42, 1];
  assert.deepEqual(
    textPositions(text, offsets),
    offsets.map((at) => oracle(text, at)),
  );
  assert.deepEqual(textPositions(text, []), []);
});
