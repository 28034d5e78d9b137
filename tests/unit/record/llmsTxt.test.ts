import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseLlmsTxt, renderLlmsTxt, LlmsTxtError } from '../../../src/record/machine/llmsTxt.ts';

const head = '# Title\n\n> Summary line.\n\nSome notes.\n';

test('render then parse gives back the sections and links', () => {
  const text = renderLlmsTxt(head, [
    {
      name: 'Docs',
      links: [
        { title: 'A', url: 'https://uaix.org/a.md', note: 'first' },
        { title: 'B', url: 'https://uaix.org/b.md' },
      ],
    },
    { name: 'Empty', links: [] },
    { name: 'Optional', links: [{ title: 'C', url: 'https://uaix.org/c.md', note: 'x: y' }] },
  ]);
  const doc = parseLlmsTxt(text);
  assert.equal(doc.title, 'Title');
  assert.equal(doc.summary, 'Summary line.');
  assert.equal(doc.info, 'Some notes.');
  assert.deepEqual(
    doc.sections.map((section) => section.name),
    ['Docs', 'Optional'],
    'empty sections are not written',
  );
  assert.deepEqual(doc.sections[0].links[1], { title: 'B', url: 'https://uaix.org/b.md' });
  assert.equal(doc.sections[1].links[0].note, 'x: y');
});

test('the parser rejects a missing H1, headings in the info part and non-link list items', () => {
  assert.throws(() => parseLlmsTxt('no title\n## S\n- [a](b)\n'), LlmsTxtError);
  assert.throws(() => parseLlmsTxt('# T\n\n### sub\n\n## S\n- [a](b)\n'), /must not contain headings/);
  assert.throws(() => parseLlmsTxt('# T\n\n## S\n- just text\n'), /is not a "- \[title\]\(url\): notes" entry/);
});
