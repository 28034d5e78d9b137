import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readableTables, breakableCode, sectionHeadings } from '../../../src/record/content/bodyHtml.ts';

test('sectionHeadings: every h2 with an id, in order, text without tags, with its lang', () => {
  const html =
    '<p>intro</p><h2 id="a">First <code>x_y</code> &amp; more</h2><h3 id="c">no</h3><section><h2 id="b" lang="en-US">Second</h2></section><h2>no id</h2><h2 id="tool" data-toc="script">Hidden without a script</h2>';
  assert.deepEqual(sectionHeadings(html), [
    { id: 'a', html: 'First x_y &amp; more', lang: undefined },
    { id: 'b', html: 'Second', lang: 'en-US' },
  ]);
});

test('breakableCode: <wbr> only after _ . /, never after a hyphen; pieces with other punctuation kept whole', () => {
  // Browsers break after a hyphen by themselves: hyphenated pieces are kept whole.
  assert.equal(breakableCode('UAI-CORRELATION-MALFORMED'), '<span class="nobr">UAI-CORRELATION-MALFORMED</span>');
  assert.equal(breakableCode('/conversation/correlation_id'), '/<wbr>conversation/<wbr>correlation_<wbr>id');
  assert.equal(breakableCode('keyless'), 'keyless');
  assert.equal(breakableCode('a--b.'), '<span class="nobr">a--b.</span>');
  assert.equal(breakableCode('uai.agent.ack-v1'), 'uai.<wbr>agent.<wbr><span class="nobr">ack-v1</span>');
  assert.equal(
    breakableCode('^msg_[a-z0-9]*$'),
    '<span class="nobr">^msg_</span><wbr><span class="nobr">[a-z0-9]*$</span>',
  );
  assert.equal(breakableCode('&lt;profile&gt;/x'), '<span class="nobr">&lt;profile&gt;/</span><wbr>x');
  assert.equal(breakableCode('uaix digest a_b'), 'uaix digest a_<wbr>b', 'spaces stay break points');
  assert.equal(breakableCode('a:b c'), '<span class="nobr">a:b</span> c');
});

const OPENING = '<section class="table-wrap" tabindex="0" aria-label="Table" data-pagefind-ignore>';
const TABLE = { region: 'Table', regionLabel: 'Table:', separator: ', ' };

test('readableTables: code inside tables only, markup inside code left alone; every table in a named, focusable box', () => {
  const html =
    '<p><code>a_b</code></p><table><tr><td><code class="k">a_b</code> <code><span>c_d</span></code></td></tr></table><code>e_f</code>';
  assert.equal(
    readableTables(html, TABLE),
    `<p><code>a_b</code></p>${OPENING}<table><tr><td><code class="k">a_<wbr>b</code> <code><span>c_d</span></code></td></tr></table></section><code>e_f</code>`,
  );
  assert.equal(
    readableTables('<section class="table-wrap"><table></table></section>', TABLE),
    `${OPENING}<table></table></section>`,
  );
  assert.equal(
    readableTables(
      '<section class="table-wrap">\n  <table><caption>Fields <code>x</code> &amp; "y"</caption></table></section>',
      TABLE,
    ),
    '<section class="table-wrap" tabindex="0" aria-label="Table: Fields x &amp; &quot;y&quot;" data-pagefind-ignore>\n  <table><caption>Fields <code>x</code> &amp; "y"</caption></table></section>',
  );
});

test('body passes read the HTML as a parser does: comments, > inside an attribute, nested tables', () => {
  // A heading in a comment is no heading; a > inside an attribute value does not end the tag.
  assert.deepEqual(
    sectionHeadings('<!-- <h2 id="old">Old</h2> --><h2 id="a">Fields <span title="a>b">x</span> &amp; more</h2>'),
    [{ id: 'a', html: 'Fields x &amp; more', lang: undefined }],
  );
  // The outer table is wrapped whole, the inner one stays inside it; a table in a comment is left alone.
  const nested = '<table><tr><td><table><tr><td><code>a_b</code></td></tr></table></td></tr></table>';
  assert.equal(
    readableTables(`<!-- <table></table> -->${nested}<p>after</p>`, TABLE),
    `<!-- <table></table> -->${OPENING}${nested.replace('a_b', 'a_<wbr>b')}</section><p>after</p>`,
  );
  // A header row names the region by its cells' text, tags and entities read as a browser reads them.
  assert.equal(
    readableTables(
      '<table><thead><tr><th>Field <em title="x>y">name</em></th><th>R&amp;D</th></tr></thead></table>',
      TABLE,
    ),
    '<section class="table-wrap" tabindex="0" aria-label="Table: Field name, R&amp;D" data-pagefind-ignore><table><thead><tr><th>Field <em title="x>y">name</em></th><th>R&amp;D</th></tr></thead></table></section>',
  );
});

test("a table box's name is punctuated as the page's language writes a label and a list (issue 40)", () => {
  const header = '<table><thead><tr><th>Champ</th><th>Type</th></tr></thead></table>';
  const french = { region: 'Tableau', regionLabel: 'Tableau\u202f:', separator: ', ' };
  assert.match(readableTables(header, french), /aria-label="Tableau\u202f: Champ, Type"/);
  const chinese = { region: '表格', regionLabel: '表格：', separator: '、' };
  assert.match(
    readableTables('<table><thead><tr><th>字段</th><th>类型</th></tr></thead></table>', chinese),
    /aria-label="表格：字段、类型"/,
  );
  assert.match(readableTables('<table><caption>字段</caption></table>', chinese), /aria-label="表格：字段"/);
  assert.match(readableTables('<table></table>', chinese), /aria-label="表格"/);
  // The no-break spaces of the caption's French punctuation stay (JavaScript's \s would take them).
  assert.match(
    readableTables('<table><caption>\n Par nature\u00a0: les fichiers </caption></table>', french),
    /aria-label="Tableau\u202f: Par nature\u00a0: les fichiers"/,
  );
});
