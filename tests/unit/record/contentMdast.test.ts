import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import { toMdast } from 'hast-util-to-mdast';
import type { Element, Root, RootContent } from 'hast';
import fc from 'fast-check';
import {
  tightenFirstLineEnding,
  toMdastInPlace,
  trimEndTabsAndSpaces,
} from '../../../src/record/pages/contentMdast.ts';

/** The `<main>` of `html`, as pageMirror parses a page. */
function mainOf(html: string): Element {
  const tree = fromParse5(parse(`<!doctype html><html><body><main>${html}</main></body></html>`)) as Root;
  const find = (node: Root | Element): Element | undefined => {
    for (const child of node.children as RootContent[]) {
      if (child.type !== 'element') continue;
      if (child.tagName === 'main') return child;
      const found = find(child);
      if (found) return found;
    }
  };
  return find(tree)!;
}

/** What toMdastInPlace may change: its own children arrays and text nodes (pageMirror's withoutChrome). */
function ownCopy(element: Element): Element {
  return {
    ...element,
    children: element.children.map((child) =>
      child.type === 'element' ? ownCopy(child) : child.type === 'text' ? { ...child } : child,
    ),
  };
}

// Each fragment exercises a branch of the whitespace minifier or of the last text pass.
const FRAGMENTS: Record<string, string> = {
  'block and inline whitespace':
    '<h2 id="a">  Title <em> x </em> </h2>\n  <p> a  <b>b </b> c\n</p>  <div> <span> d </span> </div>',
  'pre, textarea, nobr, script':
    '<pre>  keep\n   this  </pre><p><nobr>  no   wrap  </nobr> x</p><textarea>  a\n b </textarea><script> x </script>',
  'table cells, nowrap':
    '<table><tr><th> k </th><td nowrap> a   b </td></tr><tr><td>\n 1 </td><td> <code> 2 </code> </td></tr></table>',
  'embedded and form content':
    '<p>a <img src="/x.png" alt="x"> b <input value="v"> c <select><option> o </option></select></p>',
  'hidden, comments, skippable': '<p>a <!-- c --> b <span hidden> h </span> c<template> t </template></p>',
  'lists and definitions':
    '<ul>\n <li> one <a href="#a"> link </a></li>\n <li><p> two </p></li></ul><dl><dt> t </dt><dd> d </dd></dl>',
  'line breaks and adjacent text':
    '<p>a<br>  b <br> </p><p>x<span></span>y<span> </span>z</p><blockquote> q </blockquote>',
  'empty main': '',
};

for (const [name, html] of Object.entries(FRAGMENTS)) {
  test(`toMdastInPlace gives toMdast's tree: ${name}`, () => {
    const main = mainOf(html);
    assert.deepEqual(toMdastInPlace(ownCopy(main)), toMdast(main));
  });
}

test('toMdastInPlace leaves the page tree alone when given a copy of its children and texts', () => {
  const main = mainOf(FRAGMENTS['block and inline whitespace']);
  const before = structuredClone(main);
  toMdastInPlace(ownCopy(main));
  assert.deepEqual(main, before);
});

test('the linear tidying of text does what toMdast’s two expressions do, on any mix of tabs, spaces and line endings', () => {
  const pieces = fc.constantFrom('\t', ' ', '\n', '\r', '\r\n', 'a', '\u00a0');
  fc.assert(
    fc.property(fc.array(pieces, { maxLength: 24 }), (parts) => {
      const value = parts.join('');
      assert.equal(tightenFirstLineEnding(value), value.replace(/[\t ]*(\r?\n|\r)[\t ]*/, '$1'));
      assert.equal(trimEndTabsAndSpaces(value), value.replace(/[\t ]+$/, ''));
    }),
    { numRuns: 2000 },
  );
});
