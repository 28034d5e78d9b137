import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withSelfLinks } from '../../../src/record/content/selfLinks.ts';

const labels = { heading: (text: string) => `Link to “${text}”`, requirement: (id: string) => `Link to ${id}` };
const levels = (id: string) => (id === 'UAI1-ENV-001' ? 'MUST' : undefined);
const headingLink = (id: string, label: string) =>
  `<a class="self-link" href="#${id}" data-anchor="heading" aria-label="${label}" data-mirror="skip"></a>`;

test('withSelfLinks: every h2/h3 with an id and every requirement gets its link; a heading read as a parser reads it', () => {
  const html =
    '<!-- <h2 id="old">Old</h2> --><h2 id="a">Fields <span title="a>b">x</span> &amp; "y"</h2><h3>no id</h3><h3 id="b">B</h3><p>[UAI1-ENV-001] A packet MUST be JSON.</p>';
  assert.equal(
    withSelfLinks(html, labels, levels),
    '<!-- <h2 id="old">Old</h2> -->' +
      `<h2 id="a">Fields <span title="a>b">x</span> &amp; "y" ${headingLink('a', 'Link to “Fields x &amp; &quot;y&quot;”')}</h2>` +
      '<h3>no id</h3>' +
      `<h3 id="b">B ${headingLink('b', 'Link to “B”')}</h3>` +
      '<p id="UAI1-ENV-001" class="requirement" data-level="MUST"><a class="self-link" href="#UAI1-ENV-001" data-anchor="requirement" aria-label="Link to UAI1-ENV-001">UAI1-ENV-001</a> A packet MUST be JSON.</p>',
  );
});

test('withSelfLinks: a body passed through twice keeps one link per heading', () => {
  const once = withSelfLinks('<h2 id="a">A</h2>', labels, levels);
  assert.equal(withSelfLinks(once, labels, levels), once);
});
