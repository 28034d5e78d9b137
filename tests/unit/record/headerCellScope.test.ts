import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element, Root } from 'hast';
import { rehypeHeaderCellScope } from '../../../src/record/content/headerCellScope.ts';

const el = (tagName: string, children: Element[] = [], properties: Element['properties'] = {}): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});

test('rehypeHeaderCellScope: header cells of a table head get scope="col"; others and set scopes stay', () => {
  const headCell = el('th');
  const kept = el('th', [], { scope: 'colgroup' });
  const bodyCell = el('th');
  const tree: Root = {
    type: 'root',
    children: [el('table', [el('thead', [el('tr', [headCell, kept])]), el('tbody', [el('tr', [bodyCell])])])],
  };
  rehypeHeaderCellScope()(tree);
  assert.equal(headCell.properties.scope, 'col');
  assert.equal(kept.properties.scope, 'colgroup');
  assert.equal(bodyCell.properties.scope, undefined, 'a body cell is not known to head a column');
});
