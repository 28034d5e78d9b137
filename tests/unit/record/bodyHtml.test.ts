import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readableTables, breakableCode, sectionHeadings } from '../../../src/record/bodyHtml.ts';

test('sectionHeadings: every h2 with an id, in order, text without tags, with its lang', () => {
  const html =
    '<p>intro</p><h2 id="a">First <code>x_y</code> &amp; more</h2><h3 id="c">no</h3><section><h2 id="b" lang="en-US">Second</h2></section><h2>no id</h2>';
  assert.deepEqual(sectionHeadings(html), [
    { id: 'a', html: 'First x_y &amp; more', lang: undefined },
    { id: 'b', html: 'Second', lang: 'en-US' },
  ]);
});

test('breakableCode: <wbr> only after _ . - /, pieces with other punctuation kept whole', () => {
  assert.equal(breakableCode('UAI-CORRELATION-MALFORMED'), 'UAI-<wbr>CORRELATION-<wbr>MALFORMED');
  assert.equal(breakableCode('/conversation/correlation_id'), '/<wbr>conversation/<wbr>correlation_<wbr>id');
  assert.equal(breakableCode('keyless'), 'keyless');
  assert.equal(breakableCode('a--b.'), 'a--<wbr>b.');
  assert.equal(
    breakableCode('^msg_[a-z0-9]*$'),
    '<span class="nobr">^msg_</span><wbr><span class="nobr">[a-</span><wbr>z0-<wbr><span class="nobr">9]*$</span>',
  );
  assert.equal(breakableCode('&lt;profile&gt;/x'), '<span class="nobr">&lt;profile&gt;/</span><wbr>x');
  assert.equal(breakableCode('uaix digest a_b'), 'uaix digest a_<wbr>b', 'spaces stay break points');
  assert.equal(breakableCode('a:b c'), '<span class="nobr">a:b</span> c');
});

test('readableTables: code inside tables only, markup inside code left alone; wrappers take the focus', () => {
  const html =
    '<p><code>a_b</code></p><table><tr><td><code class="k">a_b</code> <code><span>c_d</span></code></td></tr></table><code>e_f</code>';
  assert.equal(
    readableTables(html),
    '<p><code>a_b</code></p><table><tr><td><code class="k">a_<wbr>b</code> <code><span>c_d</span></code></td></tr></table><code>e_f</code>',
  );
  assert.equal(
    readableTables('<div class="table-wrap"><table></table></div>'),
    '<div class="table-wrap" tabindex="0"><table></table></div>',
  );
});
