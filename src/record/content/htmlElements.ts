/**
 * The elements of a rendered body as the HTML parser reads it (parse5, into hast), each with where
 * it stands in the source text, so a pass can edit the source in place and leave every byte it does
 * not touch as the renderer wrote it. Used by the body passes (bodyHtml.ts, selfLinks.ts) instead of
 * finding tags by string search.
 */
import { parseFragment } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import { toText } from 'hast-util-to-text';
import type { Element, Root } from 'hast';

/** An element and its place in the source: from its start tag to the end of its end tag. */
export interface SourceElement {
  element: Element;
  start: number;
  end: number;
  parent: Element | Root;
}

/** The HTML fragment's tree, every node with its source offsets. */
export function parseBody(html: string): Root {
  // hast-util-from-parse5 keeps parse5's source locations only when given the source as a file,
  // of which it reads the text alone (String(file)): the text stands in for a VFile.
  const file = { toString: () => html } as unknown as NonNullable<Parameters<typeof fromParse5>[1]>['file'];
  return fromParse5(parseFragment(html, { sourceCodeLocationInfo: true }), { file }) as Root;
}

/**
 * Each element named one of `names`, in document order, but not those inside one found (an
 * element the parser implied, with no place in the source, is looked through).
 */
export function outermostElements(tree: Root | Element, names: readonly string[]): SourceElement[] {
  const found: SourceElement[] = [];
  const visit = (parent: Root | Element): void => {
    for (const child of parent.children) {
      if (child.type !== 'element') continue;
      const { start, end } = child.position ?? {};
      if (names.includes(child.tagName) && start?.offset !== undefined && end?.offset !== undefined)
        found.push({ element: child, start: start.offset, end: end.offset, parent });
      else visit(child);
    }
  };
  visit(tree);
  return found;
}

/** An element's text as a reader sees it (innerText), on one line. */
export function elementText(element: Element): string {
  return toText(element).replace(/\s+/g, ' ').trim();
}

/** Whether an element has a class (hast keeps `class` as the `className` list). */
export function hasClass(element: Element, name: string): boolean {
  const classes = element.properties.className;
  return Array.isArray(classes) && classes.includes(name);
}

/** A string property of an element (`id`, `lang`, `dataToc`…), or undefined. */
export function stringProperty(element: Element, name: string): string | undefined {
  const value = element.properties[name];
  return typeof value === 'string' ? value : undefined;
}

/** One replacement of source text: `[start, end)` becomes `text`. */
export interface SourceEdit {
  start: number;
  end: number;
  text: string;
}

/** The source with non-overlapping edits applied, in one pass. */
export function applyEdits(source: string, edits: readonly SourceEdit[]): string {
  let out = '';
  let copied = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    out += source.slice(copied, edit.start) + edit.text;
    copied = edit.end;
  }
  return out + source.slice(copied);
}

/** Where an element's end tag starts in the source, or its end when the parser implied the end tag. */
export function endTagStart(source: string, found: SourceElement): number {
  const close = `</${found.element.tagName}>`;
  return source.endsWith(close, found.end) ? found.end - close.length : found.end;
}
