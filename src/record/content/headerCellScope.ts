/**
 * The rehype step that gives the header cells of a Markdown table their scope: a GFM table's
 * header row is its `<thead>`, so each `<th>` there heads a column (WCAG technique H63). The
 * record's own components write `scope` themselves; a cell that has one keeps it.
 */
import type { Element, Root } from 'hast';

function scopeHeaderCells(node: Root | Element, inHead: boolean): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'th' && inHead && child.properties.scope === undefined) child.properties.scope = 'col';
    scopeHeaderCells(child, inHead || child.tagName === 'thead');
  }
}

export function rehypeHeaderCellScope() {
  return (tree: Root): void => scopeHeaderCells(tree, false);
}
