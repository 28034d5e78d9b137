/**
 * What a table says that GFM Markdown has no place for, made into what it has, before the Markdown
 * mirror's conversion (pageMirror's contentMarkdown; the JSON mirror's text is read before).
 *
 * - A GFM cell holds one line of phrasing. A list in a cell (the glossary's renderings not used)
 *   came out as a list broken over lines, its bullets alternating from cell to cell, and a
 *   disclosure (a field rule's pattern behind `<details>`) ran its summary into the words before it.
 *   The page states how such parts read in one line, in its own language: an element with
 *   `data-mirror-join` has its element children written in line, joined by that text (the page's
 *   `list.separator` or the label separator of `label.value`), and `data-mirror-wrap` is a template whose
 *   `{text}` is the element's text (the page's `text.parenthetical`).
 * - A table's name is its `<caption>`, which Markdown tables lack: a visible caption becomes a
 *   paragraph before its table (a visually hidden one repeats the heading above it, and is dropped
 *   as before).
 */
import type { Element, ElementContent, Root } from 'hast';

const attribute = (element: Element, name: string): string | undefined => {
  const value = element.properties?.[name];
  return typeof value === 'string' ? value : undefined;
};

const isVisuallyHidden = (element: Element): boolean => {
  const className = element.properties?.className;
  return Array.isArray(className) && className.includes('visually-hidden');
};

const textNode = (value: string): ElementContent => ({ type: 'text', value });

/** The element's parts in one line: each element child's content, joined; then wrapped. */
function inlineParts(element: Element, join: string, wrap: string | undefined): Element {
  const parts = element.children.filter((child): child is Element => child.type === 'element');
  const children: ElementContent[] = parts.flatMap((part, index) => [
    ...(index > 0 ? [textNode(join)] : []),
    ...(part.tagName === 'li' || part.tagName === 'summary' ? part.children : [part]),
  ]);
  const [before, after] = wrap?.includes('{text}') ? wrap.split('{text}') : ['', ''];
  return {
    type: 'element',
    tagName: 'span',
    properties: {},
    children: [...(before ? [textNode(before)] : []), ...children, ...(after ? [textNode(after)] : [])],
  };
}

/** Changes `node` (a copy the caller owns): parts in line, captions before their tables. */
export function tablesForMarkdown(node: Element | Root): void {
  node.children = node.children.flatMap((child): typeof node.children => {
    if (child.type !== 'element') return [child];
    tablesForMarkdown(child);
    const join = attribute(child, 'dataMirrorJoin');
    if (join !== undefined) return [inlineParts(child, join, attribute(child, 'dataMirrorWrap'))];
    if (child.tagName !== 'table') return [child];
    const caption = child.children.find(
      (part): part is Element => part.type === 'element' && part.tagName === 'caption',
    );
    if (!caption || isVisuallyHidden(caption)) return [child];
    return [{ type: 'element', tagName: 'p', properties: {}, children: caption.children }, child];
  }) as typeof node.children;
}
