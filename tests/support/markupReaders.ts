/**
 * Each output format read back with its own parser, for the tests of the publication boundary: what
 * elements an HTML tree holds, what raw HTML and links a Markdown text holds (read with the
 * project's Markdown options), and an XML document's elements and texts (saxes, which throws on a
 * document that is not well formed).
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Nodes as MdastNodes } from 'mdast';
import type { Element, Root, RootContent } from 'hast';
import { SaxesParser } from 'saxes';
import { MARKDOWN_OPTIONS } from '../../src/record/content/proseText.ts';

/** Every element of a hast tree, in document order. */
export function elementsOf(node: Root | Element): Element[] {
  return (node.children as RootContent[]).flatMap((child) =>
    child.type === 'element' ? [child, ...elementsOf(child)] : [],
  );
}

/** The raw HTML nodes and the URLs of the links, images and definitions of a Markdown text. */
export function markdownMarkup(markdown: string): { html: string[]; urls: string[] } {
  const html: string[] = [];
  const urls: string[] = [];
  const visit = (node: MdastNodes): void => {
    if (node.type === 'html') html.push(node.value);
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') urls.push(node.url);
    if ('children' in node) for (const child of node.children) visit(child as MdastNodes);
  };
  visit(fromMarkdown(markdown, MARKDOWN_OPTIONS));
  return { html, urls };
}

/** An XML document's element names, and its text and CDATA by element path (`feed/entry/title`). */
export function readXml(xml: string): { elements: string[]; texts: Map<string, string> } {
  const elements: string[] = [];
  const texts = new Map<string, string>();
  const open: string[] = [];
  const parser = new SaxesParser({ xmlns: true });
  parser.on('opentag', (tag) => {
    elements.push(tag.local);
    open.push(tag.local);
  });
  parser.on('closetag', () => open.pop());
  const keep = (text: string) => texts.set(open.join('/'), (texts.get(open.join('/')) ?? '') + text);
  parser.on('text', keep);
  parser.on('cdata', keep);
  parser.write(xml).close();
  return { elements, texts };
}
