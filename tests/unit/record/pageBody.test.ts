/**
 * pageBody (src/record/content/pageBody.ts): one parse, the passes' edits applied together, gives
 * what the passes give one after another, each parsing the one before's output (tables, then
 * "On this page", then self-links), where their places meet too: a requirement right after a
 * table, a table right after a requirement's id, a heading inside a table cell, two tables in a row.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageBody } from '../../../src/record/content/pageBody.ts';
import { readableTables, sectionHeadings } from '../../../src/record/content/bodyHtml.ts';
import { withSelfLinks } from '../../../src/record/content/selfLinks.ts';
import { applyEdits } from '../../../src/record/content/htmlElements.ts';

const labels = {
  tables: { region: 'Table', regionLabel: 'Table: ', separator: ', ' },
  selfLinks: { heading: (text: string) => `Link to “${text}”`, requirement: (id: string) => `Link to ${id}` },
};
const levelOf = (id: string) => (id === 'UAI1-ENV-001' ? 'MUST' : undefined);

const BODIES = {
  'headings, requirements and tables apart':
    '<h2 id="a">A <code>x_y</code></h2><p>[UAI1-ENV-001] A packet MUST be JSON.</p><table><tr><th>Field</th></tr><tr><td><code>a.b/c</code></td></tr></table><h3 id="b">B</h3>',
  'a requirement right after a table': '<table><tr><td>x</td></tr></table><p>[UAI1-ENV-002] Then this.</p>',
  'a table right after a requirement id':
    '<ul><li>[UAI1-ENV-003] <table><tr><td><code>k_v</code></td></tr></table></li></ul>',
  'a heading inside a table cell': '<table><tr><td><h2 id="in">In <code>a_b</code></h2></td></tr></table>',
  'two tables in a row, one already in its box':
    '<section class="table-wrap"><table><caption>One</caption></table></section><table><tr><th>Two</th></tr></table>',
  'a commented-out heading and requirement':
    '<!-- <h2 id="old">Old</h2><p>[UAI1-ENV-004] x</p> --><h2 id="new">New</h2>',
};

for (const [name, html] of Object.entries(BODIES)) {
  test(`pageBody: ${name}: the same as the passes one after another`, () => {
    const tables = readableTables(html, labels.tables);
    const expected = { html: withSelfLinks(tables, labels.selfLinks, levelOf), sections: sectionHeadings(tables) };
    assert.deepEqual(pageBody(html, labels, levelOf), expected);
  });
}

test('applyEdits refuses overlapping edits rather than writing a broken body', () => {
  assert.equal(
    applyEdits('abcdef', [
      { start: 1, end: 3, text: 'X' },
      { start: 3, end: 3, text: 'Y' },
    ]),
    'aXYdef',
  );
  assert.throws(
    () =>
      applyEdits('abcdef', [
        { start: 1, end: 4, text: 'X' },
        { start: 2, end: 2, text: 'Y' },
      ]),
    /overlapping edits of a page body at offset 2/,
  );
});
