/**
 * src/record/pages/contentMdast.ts converts a page's content to Markdown with hast-util-to-mdast's own
 * state and handlers, minus its tree copy; this checks that promise where it matters: on the
 * `<main>` of every page of the built site, toMdastInPlace (given its own copy, as pageMirror gives
 * it) and the library's toMdast give the same tree, but for source positions, which the Markdown
 * writer does not read (toMdast's copy keeps the end offsets of the text the minifier trimmed).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toMdast } from 'hast-util-to-mdast';
import type { Element } from 'hast';
import { toMdastInPlace } from '../../src/record/pages/contentMdast.ts';
import { fromHtml } from 'hast-util-from-html';
import { readFileSync } from 'node:fs';
import { htmlPages, mainOf } from './_support/site.ts';

/** What toMdastInPlace may change, copied: its children arrays and text nodes (pageMirror's withoutChrome). */
function ownCopy(element: Element): Element {
  return {
    ...element,
    children: element.children.map((child) =>
      child.type === 'element' ? ownCopy(child) : child.type === 'text' ? { ...child } : child,
    ),
  };
}

/** The tree without `position`s. */
function withoutPositions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutPositions);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== 'position')
      .map(([key, value]) => [key, withoutPositions(value)]),
  );
}

test("toMdastInPlace gives toMdast's tree (positions aside) on every built page", () => {
  const pages = htmlPages();
  assert.ok(pages.length > 100, `only ${pages.length} pages in dist/`);
  const differing = pages.filter((page) => {
    // Parsed here, not from the shared cache: toMdast's whitespace pass must see the page as built.
    const main = mainOf(fromHtml(readFileSync(page.file, 'utf8')));
    const expected = withoutPositions(toMdast(main));
    try {
      assert.deepEqual(withoutPositions(toMdastInPlace(ownCopy(main))), expected);
      return false;
    } catch {
      return true;
    }
  });
  assert.deepEqual(
    differing.map((page) => page.url),
    [],
    'pages whose Markdown tree differs from the library',
  );
});
