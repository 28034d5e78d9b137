/**
 * Reading built HTML the way a client without JavaScript does: parse it (HTML5 parsing rules, via
 * hast-util-from-html) and look at elements, links, ids and text. Independent of the site's own
 * mirror code in src/record/, so the tests compare two readings of the same page.
 */
import { fromHtml } from 'hast-util-from-html';
import type { Element, Root, RootContent } from 'hast';

export type { Element, Root };

export function parseHtml(html: string): Root {
  return fromHtml(html);
}

export function attr(element: Element, name: string): string | undefined {
  const value = element.properties?.[name];
  if (value === undefined || value === null || value === false) return undefined;
  if (value === true) return '';
  return Array.isArray(value) ? value.join(' ') : String(value);
}

export function hasClass(element: Element, name: string): boolean {
  const value = element.properties?.className;
  return Array.isArray(value) && value.map(String).includes(name);
}

/** Depth-first over elements with their ancestors; returning false skips the children. */
export function walk(
  node: Root | Element,
  visit: (element: Element, ancestors: Element[]) => boolean | void,
  ancestors: Element[] = [],
): void {
  const children = (
    node.type === 'element' && node.tagName === 'template' && node.content ? node.content.children : node.children
  ) as RootContent[];
  for (const child of children) {
    if (child.type !== 'element') continue;
    if (visit(child, ancestors) === false) continue;
    walk(child, visit, [...ancestors, child]);
  }
}

export function findAll(node: Root | Element, test: (element: Element, ancestors: Element[]) => boolean): Element[] {
  const found: Element[] = [];
  walk(node, (element, ancestors) => {
    if (test(element, ancestors)) found.push(element);
  });
  return found;
}

export interface HtmlLink {
  /** The element and attribute the URL comes from, e.g. `a[href]`. */
  kind: string;
  href: string;
  rel?: string;
}

const URL_ATTRIBUTES: Record<string, string[]> = {
  a: ['href'],
  area: ['href'],
  link: ['href'],
  script: ['src'],
  img: ['src'],
  iframe: ['src'],
  source: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  form: ['action'],
};

/** Every URL a page refers to (links, stylesheets, scripts, images, GET form actions). */
export function linksOf(tree: Root): HtmlLink[] {
  const links: HtmlLink[] = [];
  walk(tree, (element) => {
    for (const name of URL_ATTRIBUTES[element.tagName] ?? []) {
      const value = attr(element, name);
      if (value === undefined || value === '') continue;
      if (element.tagName === 'form' && (attr(element, 'method') ?? 'get').toLowerCase() !== 'get') continue;
      links.push({ kind: `${element.tagName}[${name}]`, href: value, rel: attr(element, 'rel') });
    }
  });
  return links;
}

/** The fragment targets of a page: every id, and the names of `<a name>`. */
export function idsOf(tree: Root): Set<string> {
  const ids = new Set<string>();
  walk(tree, (element) => {
    const id = attr(element, 'id');
    if (id) ids.add(id);
    if (element.tagName === 'a' && attr(element, 'name')) ids.add(attr(element, 'name')!);
  });
  return ids;
}

/** Elements that carry no readable content: never rendered, or navigation rather than content. */
const NOT_CONTENT = new Set(['script', 'style', 'noscript', 'template', 'nav']);

/**
 * The readable text of an element as served: text nodes outside scripts, styles, noscript,
 * templates, navigation, `hidden` elements (shown only by a script) and `data-mirror="skip"`.
 */
export function readableText(node: Root | Element): string {
  const parts: string[] = [];
  const visit = (current: Root | Element) => {
    for (const child of current.children as RootContent[]) {
      if (child.type === 'text') parts.push(child.value);
      else if (child.type === 'element') {
        if (
          NOT_CONTENT.has(child.tagName) ||
          attr(child, 'hidden') !== undefined ||
          attr(child, 'dataMirror') === 'skip'
        )
          continue;
        if (child.tagName === 'br') parts.push(' ');
        visit(child);
        parts.push(' ');
      }
    }
  };
  visit(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

export const withoutWhitespace = (text: string): string => text.replace(/\s+/g, '');
