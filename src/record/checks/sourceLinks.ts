/**
 * The link-scheme check of the sources, before Astro renders anything: every URL the content's
 * Markdown links (inline links, images, reference definitions, autolinks, and the URL attributes of
 * raw HTML, which the content check refuses on its own), in Markdown bodies, in the frontmatter
 * fields and data-file strings that are inline Markdown, and in the URL fields of the route
 * records, must pass the link-scheme rule (linkScheme.ts). A page title and description are plain
 * text, escaped by every output, so their brackets are no link.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Nodes, Root } from 'mdast';
import { parseFragment } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import type { Root as HastRoot, RootContent as HastContent } from 'hast';
import { MARKDOWN_OPTIONS, proseProblem, type ProseText } from '../content/proseText.ts';
import { LINK_SCHEME_HINT, LINK_SCHEME_RULE, linkSchemeMessage, refusedScheme } from './linkScheme.ts';
import { urlsOfProperties } from '../model/urlAttributes.ts';
import { routeUrls } from '../../uai/routeVocabulary.ts';
import type { Problem } from '../../uai/problem.ts';
import { placeOfUrl } from './linkPlace.ts';

/** Frontmatter fields that are plain text, never read as Markdown. */
const PLAIN_TEXT_FIELDS = new Set(['title', 'description']);

/**
 * What a Markdown text must hold to link anything but a GFM literal autolink (`www.`, `http(s)://`,
 * an e-mail address, which are http:, https: or mailto: by construction, or `xmpp:`): a link or
 * image's `](`, a definition's `]:`, an autolink's or raw HTML's `<`. A text without any needs no parse.
 */
const MAY_LINK = /\]\(|\]:|<|xmpp:/i;

/** A URL a Markdown text links, at its line and column within the text (1-based). */
export interface MarkdownUrl {
  url: string;
  line: number;
  column: number;
}

/** The URLs the URL attributes of a raw HTML fragment hold. */
export function htmlUrls(html: string): string[] {
  const urls: string[] = [];
  const visit = (nodes: readonly HastContent[]): void => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      urls.push(...urlsOfProperties(node.properties));
      visit(node.children);
    }
  };
  visit((fromParse5(parseFragment(html)) as HastRoot).children);
  return urls;
}

/** Whether `markdown` can link anything that needs a look (MAY_LINK); markdownUrls of any other text is empty. */
export function mayLink(markdown: string): boolean {
  return MAY_LINK.test(markdown);
}

/** Every URL `markdown` links, in document order. */
export function markdownUrls(markdown: string): MarkdownUrl[] {
  return mayLink(markdown) ? markdownUrlsOf(fromMarkdown(markdown, MARKDOWN_OPTIONS)) : [];
}

/** markdownUrls of a tree already parsed (with MARKDOWN_OPTIONS, positions kept). */
export function markdownUrlsOf(tree: Root): MarkdownUrl[] {
  const urls: MarkdownUrl[] = [];
  const at = (node: Nodes, url: string) =>
    urls.push({ url, line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 });
  const visit = (node: Nodes): void => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') at(node, node.url);
    else if (node.type === 'html') for (const url of htmlUrls(node.value)) at(node, url);
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return urls;
}

/**
 * One link-scheme problem per refused URL of the prose texts (Markdown bodies, fields, data
 * strings). `urlsOf` gives a text's URLs: markdownUrls itself, or a cache of its results.
 */
export function proseLinkSchemeProblems(
  texts: readonly ProseText[],
  urlsOf: (markdown: string) => readonly MarkdownUrl[] = markdownUrls,
): Problem[] {
  const problems: Problem[] = [];
  for (const text of texts) {
    if (text.field !== undefined && PLAIN_TEXT_FIELDS.has(text.field)) continue;
    for (const { url, line, column } of urlsOf(text.markdown)) {
      const refused = refusedScheme(url);
      if (refused === undefined) continue;
      const problem = proseProblem(text, text.line + line - 1, linkSchemeMessage(url, refused), LINK_SCHEME_RULE);
      // A body's column is the text's own; a field's or data string's is not the file's.
      if (text.field === undefined && text.pointer === undefined)
        problem.place = { line: text.line + line - 1, column };
      problems.push({ ...problem, hint: LINK_SCHEME_HINT });
    }
  }
  return problems;
}

/** One link-scheme problem per refused URL field of the route records (routeUrls names them), at its line. */
export function routeLinkSchemeProblems(routes: readonly { file: string; text: string; record: unknown }[]): Problem[] {
  return routes.flatMap(({ file, text, record }) =>
    routeUrls(record).flatMap(({ path, url }) => {
      const refused = refusedScheme(url);
      if (refused === undefined) return [];
      const written = placeOfUrl(text, JSON.stringify(url).slice(1, -1));
      return [
        {
          file,
          place: written ? { ...written, pointer: path } : { pointer: path },
          message: linkSchemeMessage(url, refused),
          rule: LINK_SCHEME_RULE,
          hint: LINK_SCHEME_HINT,
        },
      ];
    }),
  );
}
