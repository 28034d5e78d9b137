import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  escapePointerToken,
  jsonPointer,
  parsePointer,
  unescapePointerToken,
  valueAtPointer,
} from '../../src/uai/jsonPointer.ts';

test('jsonPointer: no segments is the whole document', () => {
  assert.equal(jsonPointer([]), '');
});

test('jsonPointer: joins member names and array indexes', () => {
  assert.equal(jsonPointer(['source', 'id']), '/source/id');
  assert.equal(jsonPointer(['extensions', 0, 'purpose']), '/extensions/0/purpose');
  assert.equal(jsonPointer(['']), '/');
  assert.equal(jsonPointer(['', '']), '//');
});

test('jsonPointer: escapes ~ as ~0 and / as ~1 (RFC 6901 section 3)', () => {
  assert.equal(jsonPointer(['a/b']), '/a~1b');
  assert.equal(jsonPointer(['m~n']), '/m~0n');
  // '~' is escaped first, so a name that already looks escaped stays distinguishable.
  assert.equal(jsonPointer(['~1']), '/~01');
  assert.equal(jsonPointer(['/~/']), '/~1~0~1');
  assert.equal(escapePointerToken('plain'), 'plain');
});

test('parsePointer: splits and unescapes', () => {
  assert.deepEqual(parsePointer(''), []);
  assert.deepEqual(parsePointer('/'), ['']);
  assert.deepEqual(parsePointer('/source/id'), ['source', 'id']);
  assert.deepEqual(parsePointer('/extensions/0/purpose'), ['extensions', '0', 'purpose']);
  assert.deepEqual(parsePointer('/a~1b/m~0n'), ['a/b', 'm~n']);
  // ~01 is "~" then "1", not "/".
  assert.deepEqual(parsePointer('/~01'), ['~1']);
  assert.equal(unescapePointerToken('~0~1'), '~/');
});

test('parsePointer: RFC 6901 section 5 examples', () => {
  const examples: [string, string[]][] = [
    ['/foo', ['foo']],
    ['/foo/0', ['foo', '0']],
    ['/', ['']],
    ['/a~1b', ['a/b']],
    ['/c%d', ['c%d']],
    ['/e^f', ['e^f']],
    ['/g|h', ['g|h']],
    ['/i\\j', ['i\\j']],
    ['/k"l', ['k"l']],
    ['/ ', [' ']],
    ['/m~0n', ['m~n']],
  ];
  for (const [pointer, tokens] of examples) {
    assert.deepEqual(parsePointer(pointer), tokens, pointer);
    assert.equal(jsonPointer(tokens), pointer, pointer);
  }
});

test('jsonPointer and parsePointer round-trip awkward names', () => {
  const names = ['', '~', '/', '~0', '~1', 'a/b/c', '\u{1F600}', 'line\nbreak', '0', '-'];
  for (const name of names) {
    assert.deepEqual(parsePointer(jsonPointer([name, name])), [name, name]);
  }
});

test('parsePointer: rejects pointers that do not start with "/"', () => {
  assert.throws(() => parsePointer('source/id'), { name: 'SyntaxError', message: /must be empty or start with "\/"/ });
  assert.throws(() => parsePointer('#/source'), SyntaxError);
});

test('parsePointer: rejects "~" not followed by 0 or 1', () => {
  assert.throws(() => parsePointer('/a~2'), { name: 'SyntaxError', message: /"~0" for "~" and "~1" for "\/"/ });
  assert.throws(() => parsePointer('/a~'), SyntaxError);
  assert.throws(() => unescapePointerToken('~x'), SyntaxError);
});

test('valueAtPointer: follows own members and array indexes; anything else leads nowhere', () => {
  const doc = { source: { id: 'a/b', list: [10, { deep: null }] } };
  assert.equal(valueAtPointer(doc, []), doc);
  assert.equal(valueAtPointer(doc, ['source', 'id']), 'a/b');
  assert.equal(valueAtPointer(doc, ['source', 'list', 1, 'deep']), null);
  assert.equal(valueAtPointer(doc, parsePointer('/source/list/0')), 10);
  assert.equal(valueAtPointer(doc, ['source', 'missing']), undefined);
  assert.equal(valueAtPointer(doc, ['source', 'id', 'length']), undefined, 'a string has no members');
  assert.equal(valueAtPointer(doc, ['constructor']), undefined, 'the prototype is not reached');
  assert.equal(valueAtPointer(null, ['x']), undefined);
});
