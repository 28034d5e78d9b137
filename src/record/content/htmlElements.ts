/**
 * The elements of a rendered body as the HTML parser reads it (parse5), each with where it stands
 * in the source text, so a pass can edit the source in place and leave every byte it does not touch
 * as the renderer wrote it. Used by the body passes (bodyHtml.ts, selfLinks.ts) instead of finding
 * tags by string search. parse5's own tree is walked (turning the whole body into hast with
 * positions doubled the cost); an element's text is read through hast, the element alone.
 */
import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import { toText } from 'hast-util-to-text';
import { collapseWhiteSpace } from '../model/whiteSpace.ts';

export type HtmlElement = DefaultTreeAdapterTypes.Element;
export type HtmlParent = DefaultTreeAdapterTypes.ParentNode;

/** An element and its place in the source: from its start tag to the end of its end tag. */
export interface SourceElement {
  element: HtmlElement;
  start: number;
  end: number;
  parent: HtmlParent;
}

/**
 * The HTML fragment's tree, every node with its source offsets. A page's body passes read one tree
 * (pageBody.ts) and never change it.
 */
export function parseBody(html: string): HtmlParent {
  return parseFragment(html, { sourceCodeLocationInfo: true });
}

const isElement = (node: DefaultTreeAdapterTypes.ChildNode): node is HtmlElement => 'tagName' in node;

/**
 * Each element named one of `names`, in document order, but not those inside one found (an
 * element the parser implied, with no place in the source, is looked through).
 */
export function outermostElements(tree: HtmlParent, names: readonly string[]): SourceElement[] {
  const found: SourceElement[] = [];
  const visit = (parent: HtmlParent): void => {
    for (const child of parent.childNodes) {
      if (!isElement(child)) continue;
      const place = child.sourceCodeLocation;
      if (names.includes(child.tagName) && place)
        found.push({ element: child, start: place.startOffset, end: place.endOffset, parent });
      else visit(child);
    }
  };
  visit(tree);
  return found;
}

/** An element's text as a reader sees it (innerText), on one line. */
export function elementText(element: HtmlElement): string {
  return collapseWhiteSpace(toText(fromParse5(element)));
}

/** An attribute's value, or undefined. */
export function attribute(element: HtmlElement, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

/** Whether a node is an element with a class. */
export function hasClass(node: HtmlParent, name: string): boolean {
  return 'attrs' in node && (attribute(node, 'class') ?? '').split(/\s+/).includes(name);
}

/** Where an element's start tag starts, when it is an element written in the source. */
export function startOffset(node: HtmlParent): number | undefined {
  return 'tagName' in node ? node.sourceCodeLocation?.startOffset : undefined;
}

/** The source range of a text node that is an element's only child, or undefined. */
export function onlyTextRange(element: HtmlElement): { start: number; end: number } | undefined {
  const [text] = element.childNodes;
  if (element.childNodes.length !== 1 || text.nodeName !== '#text' || !text.sourceCodeLocation) return undefined;
  return { start: text.sourceCodeLocation.startOffset, end: text.sourceCodeLocation.endOffset };
}

/** Whether an element holds an element with a class, at any depth. */
export function holdsClass(element: HtmlElement, name: string): boolean {
  return element.childNodes.some((child) => isElement(child) && (hasClass(child, name) || holdsClass(child, name)));
}

/** One replacement of source text: `[start, end)` becomes `text`. */
export interface SourceEdit {
  start: number;
  end: number;
  text: string;
}

/** The source with non-overlapping edits applied, in one pass (insertions at one place in the order given). */
export function applyEdits(source: string, edits: readonly SourceEdit[]): string {
  let out = '';
  let copied = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    // Passes edit disjoint places; an overlap is a pass's error, never output.
    if (edit.start < copied) throw new Error(`overlapping edits of a page body at offset ${edit.start}`);
    out += source.slice(copied, edit.start) + edit.text;
    copied = edit.end;
  }
  return out + source.slice(copied);
}

/** Where an element's end tag starts in the source, or its end when the parser implied the end tag. */
export function endTagStart(found: SourceElement): number {
  return found.element.sourceCodeLocation?.endTag?.startOffset ?? found.end;
}
