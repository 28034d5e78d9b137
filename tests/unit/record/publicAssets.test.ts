/**
 * public/ holds static assets only: the files an outside audit placed there after the link and
 * redaction rules were in (an SVG with a script, an HTML page and a stylesheet with `javascript:`
 * links, a `_redirects` rule) are each one line; the record's own favicon and plain drawings pass.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PUBLIC_ASSET_RULE, publicAssetProblems, svgProblems } from '../../../src/record/checks/publicAssets.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const SVG = (inner: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attributes}>${inner}</svg>`;

test("the record's favicon and plain drawings with gradients, fragments and https links pass", () => {
  const favicon = readFileSync(new URL('../../../public/favicon.svg', import.meta.url));
  assert.deepEqual(publicAssetProblems([{ file: 'public/favicon.svg', bytes: favicon }]), []);
  const drawing = SVG(
    '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
      '<rect fill="url(#g)" width="4" height="4"/><use href="#g"/><use xlink:href="#g"/>' +
      '<a href="https://uaix.org/"><text>UAIX</text></a><image href="logo.png"/>',
    ' viewBox="0 0 4 4"',
  );
  assert.deepEqual(svgProblems('public/x.svg', drawing), []);
  assert.deepEqual(
    publicAssetProblems(
      ['a.png', 'b.JPG', 'c.pdf', 'd.txt', 'e.ico', 'f.gif'].map((name) => ({
        file: `public/${name}`,
        bytes: bytes(''),
      })),
    ),
    [],
  );
});

test('pages, scripts, stylesheets, data and host rules in public/ are refused, one line each', () => {
  const files = ['page.html', 'app.js', 'a.css', '_redirects', 'data.json', 'font.woff2', 'README'];
  const problems = publicAssetProblems(files.map((name) => ({ file: `public/${name}`, bytes: bytes('x') })));
  assert.deepEqual(
    problems.map((problem) => `${problem.file} [${problem.rule}]`),
    files.map((name) => `public/${name} [${PUBLIC_ASSET_RULE}]`),
  );
  assert.match(problems[0].message, /^public\/ holds static assets \(svg, png/);
});

test('an SVG that could run or fetch something is refused at its line, one line per place', () => {
  const cases: [string, RegExp][] = [
    [SVG('<script>alert(1)</script>'), /has the element <script>/],
    [SVG('<rect/>', ' onload="alert(1)"'), /has the event handler onload/],
    [SVG('<a href="javascript:alert(1)"><text>x</text></a>'), /the scheme javascript:/],
    [SVG('<a xlink:href="jav&#x61;script:alert(1)"><text>x</text></a>'), /the scheme javascript:/],
    [SVG('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'), /<foreignObject>/],
    [SVG('<style>rect{fill:url(https://x.example/a)}</style>'), /<style>/],
    [SVG('<set attributeName="href" to="javascript:alert(1)"/>'), /<set>/],
    [SVG('<use href="https://x.example/sprite.svg#a"/>'), /may only name a #fragment/],
    [SVG('<rect fill="url(https://x.example/track)"/>'), /may only name a #fragment/],
    [SVG('<rect style="fill:red"/>'), /a style attribute/],
    [`<!DOCTYPE svg [<!ENTITY x "y">]>${SVG('<text>&x;</text>')}`, /a DOCTYPE/],
    ['<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>', /not well-formed XML/],
  ];
  for (const [text, expected] of cases) {
    const problems = svgProblems('public/evil.svg', text);
    assert.ok(problems.length >= 1, `no problem for ${text}`);
    assert.match(problems[0].message, expected, text);
    assert.equal(problems[0].rule, PUBLIC_ASSET_RULE);
    assert.equal(problems[0].place && 'line' in problems[0].place ? problems[0].place.line : 0, 1);
  }
});
