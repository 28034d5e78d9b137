/**
 * The two mirrors of an HTML page, computed from the built HTML itself so they say exactly what
 * the page says: `index.json` (the compact record) and `index.md` (clean Markdown).
 */
import { parse } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import { toText } from 'hast-util-to-text';
import { toMarkdown } from 'mdast-util-to-markdown';
import { gfmToMarkdown } from 'mdast-util-gfm';
import type { Element, Root, RootContent } from 'hast';
import { SITE_ORIGIN } from '../model/locales.ts';
import { LLMS_PATH, MIRROR_SCHEMA_PATH, mirrorPaths } from '../model/publicPaths.ts';
import type { UAIXPageMirrorIndexJson } from '../generated/page-mirror.ts';
import { toMdastInPlace } from './contentMdast.ts';
import { tablesForMarkdown } from './mirrorTables.ts';
import { RECORD_META } from './recordMeta.ts';
import { ProblemListError } from '../../uai/problem.ts';
import { markdownYamlString } from '../model/markdownText.ts';
import { urlsOfProperties } from '../model/urlAttributes.ts';
import { languageShareOf, type LanguageShare } from './languageShare.ts';
import { fillTemplate } from '../../uai/issueText.ts';
import { MIRROR_INDEX_LINE } from '../model/catalogSource.ts';
import { collapseWhiteSpace } from '../model/whiteSpace.ts';

/** The compact record of a page (`index.json`), as schemas/site/page-mirror.schema.json declares it. */
export type PageMirror = UAIXPageMirrorIndexJson;

type Visit = (node: Element) => boolean | void;

/** Depth-first walk over elements; a visitor returning false skips the children. */
export function walkElements(node: Root | Element, visit: Visit): void {
  for (const child of node.children as RootContent[]) {
    if (child.type !== 'element') continue;
    if (visit(child) === false) continue;
    walkElements(child, visit);
  }
}

export function findElement(node: Root | Element, test: (element: Element) => boolean): Element | undefined {
  let found: Element | undefined;
  walkElements(node, (element) => {
    if (found) return false;
    if (test(element)) {
      found = element;
      return false;
    }
  });
  return found;
}

const attr = (element: Element, name: string): string | undefined => {
  const value = element.properties?.[name];
  return Array.isArray(value) ? value.join(' ') : value === undefined || value === null ? undefined : String(value);
};

const normalize = collapseWhiteSpace;

export interface ParsedPage {
  tree: Root;
  main: Element | undefined;
}

/**
 * Parses a page as a browser would (scripting off, like hast-util-from-html), without source
 * positions: nothing here reads them, and tracking them made parsing and the Markdown conversion
 * (which copies the tree) a third slower and the trees twice as large.
 */
export function parsePage(html: string): ParsedPage {
  const tree = fromParse5(parse(html, { scriptingEnabled: false })) as Root;
  return { tree, main: findElement(tree, (element) => element.tagName === 'main') };
}

/**
 * Elements that navigate rather than say something, and elements the page hides (the validator's
 * form until JavaScript shows it): not part of the mirror's text or Markdown.
 */
function isChrome(element: Element): boolean {
  return (
    element.properties?.hidden === true ||
    element.tagName === 'nav' ||
    element.tagName === 'script' ||
    element.tagName === 'style' ||
    element.tagName === 'noscript' ||
    attr(element, 'dataMirror') === 'skip'
  );
}

/**
 * A copy of `element` without its chrome. Its children arrays and text nodes are its own, so the
 * Markdown conversion may change them (toMdastInPlace) and the page's tree stays as parsed.
 */
function withoutChrome(element: Element): Element {
  return {
    ...(isLabelledChange(element) ? { ...element, tagName: 'span' } : element),
    children: element.children
      .filter((child) => child.type !== 'element' || !isChrome(child))
      .map((child) => (child.type === 'element' ? withoutChrome(child) : child.type === 'text' ? { ...child } : child)),
  };
}

/**
 * A word diff's `<ins>` or `<del>` (WordDiff.astro), which says in words what it is ("[added: …]",
 * "[删除：…]"): the mirror keeps the words and drops the strikethrough. A `~~` run next to a Han
 * character cannot open or close in GFM, so the Markdown writer escaped that character as a
 * `&#x…;` reference on every Chinese diff.
 */
function isLabelledChange(element: Element): boolean {
  if (element.tagName !== 'ins' && element.tagName !== 'del') return false;
  const first = element.children[0];
  return first?.type === 'element' && String(first.properties?.className ?? '').includes('visually-hidden');
}

/** A page's two mirrors; `body` is the Markdown without its frontmatter and llms.txt pointer (for llms-full.txt). */
export interface BuiltPageMirror {
  json: PageMirror;
  markdown: string;
  body: string;
}

/** What a page's `<head>` and its record `<meta>`s say about it. */
interface PageHead {
  title: string;
  description: string;
  canonical: string;
  alternates: PageMirror['alternates'];
  meta: Map<string, string>;
}

function readHead(tree: Root, path: string): PageHead {
  const title = normalize(
    toText(
      findElement(tree, (element) => element.tagName === 'h1') ?? {
        type: 'element',
        tagName: 'span',
        properties: {},
        children: [],
      },
    ),
  );
  const head = findElement(tree, (element) => element.tagName === 'head')!;
  const alternates: PageMirror['alternates'] = [];
  const metaContent = new Map<string, string>();
  let canonical = `${SITE_ORIGIN}${path}`;
  // One walk over <head>: the first <meta> of each name wins, as a search per name would find it.
  walkElements(head, (element) => {
    if (element.tagName === 'meta') {
      const content = attr(element, 'content');
      for (const key of [attr(element, 'name'), attr(element, 'property')])
        if (key !== undefined && content !== undefined && !metaContent.has(key)) metaContent.set(key, content);
      return;
    }
    if (element.tagName !== 'link') return;
    const rel = attr(element, 'rel');
    if (rel === 'canonical') canonical = attr(element, 'href') ?? canonical;
    if (rel === 'alternate' && attr(element, 'hrefLang'))
      alternates.push({ hreflang: attr(element, 'hrefLang')!, href: attr(element, 'href')! });
  });
  return { title, description: metaContent.get('description') ?? '', canonical, alternates, meta: metaContent };
}

/**
 * What the content (`<main>` without navigation) holds: headings, links (each href once), fixtures
 * and schemas it shows.
 */
type ContentFacts = Pick<PageMirror, 'headings' | 'links' | 'fixtures' | 'schemas'>;

function readContent(content: Element): ContentFacts {
  const headings: PageMirror['headings'] = [];
  const links: PageMirror['links'] = [];
  const seenLinks = new Set<string>();
  const fixtures = new Set<string>();
  const schemas = new Set<string>();
  walkElements(content, (element) => {
    const level = /^h([1-6])$/.exec(element.tagName)?.[1];
    if (level)
      headings.push({ level: Number(level), id: attr(element, 'id') ?? null, text: normalize(toText(element)) });
    if (element.tagName === 'a' && attr(element, 'href')) {
      const href = attr(element, 'href')!;
      if (!seenLinks.has(href)) {
        seenLinks.add(href);
        links.push({ href, text: normalize(toText(element)) });
      }
    }
    const fixture =
      attr(element, 'dataUaixFixture') ??
      (attr(element, 'dataUaixCode') === 'fixture' || attr(element, 'dataUaixCode') === 'keyless'
        ? attr(element, 'dataUaixRef')
        : undefined);
    if (fixture) fixtures.add(fixture);
    const schema = attr(element, 'dataUaixSchema');
    if (schema) schemas.add(schema);
  });
  return { headings, links, fixtures: [...fixtures], schemas: [...schemas] };
}

/**
 * The JSON mirror. The values read from the page's <meta> are typed as the schema says; the build
 * validates every mirror against the schema, which reports a page whose meta disagrees.
 */
/**
 * Every self-link of the content (selfLinks.ts): the places of the page an agent can cite, with
 * their kind and accessible name. Read from `<main>` as rendered, the links the Markdown mirror
 * leaves out included.
 */
function readAnchors(main: Element, path: string): PageMirror['anchors'] {
  const anchors: PageMirror['anchors'] = [];
  walkElements(main, (element) => {
    const kind = attr(element, 'dataAnchor');
    const href = attr(element, 'href');
    if (element.tagName !== 'a' || !kind || !href?.startsWith('#')) return;
    anchors.push({
      id: href.slice(1),
      kind: kind as PageMirror['anchors'][number]['kind'],
      label: attr(element, 'ariaLabel') ?? '',
      url: `${SITE_ORIGIN}${path}#${encodeURI(href.slice(1))}`,
    });
  });
  return anchors;
}

function mirrorJson(
  head: PageHead,
  facts: ContentFacts,
  text: string,
  path: string,
  anchors: PageMirror['anchors'],
): PageMirror {
  const mirrors = mirrorPaths(path);
  const meta = (name: string) => head.meta.get(name);
  return {
    $schema: `${SITE_ORIGIN}${MIRROR_SCHEMA_PATH}` as PageMirror['$schema'],
    record_code: meta(RECORD_META.code) ?? '',
    title: head.title,
    description: head.description,
    url: `${SITE_ORIGIN}${path}`,
    path,
    locale: (meta(RECORD_META.locale) ?? '') as PageMirror['locale'],
    content_locale: (meta(RECORD_META.contentLocale) ?? '') as PageMirror['content_locale'],
    fallback: meta(RECORD_META.state) === 'fallback',
    translation_state: (meta(RECORD_META.state) ?? '') as PageMirror['translation_state'],
    canonical: head.canonical,
    alternates: head.alternates,
    mirrors: {
      html: `${SITE_ORIGIN}${path}`,
      json: `${SITE_ORIGIN}${mirrors.json}`,
      markdown: `${SITE_ORIGIN}${mirrors.markdown}`,
    },
    last_changed: meta(RECORD_META.lastChanged) ?? null,
    ...(meta(RECORD_META.edition)
      ? {
          edition: {
            label: meta(RECORD_META.edition)!,
            state: (meta(RECORD_META.editionState) ?? '') as NonNullable<PageMirror['edition']>['state'],
            id: meta(RECORD_META.editionId) ?? null,
            date: meta(RECORD_META.editionDate) ?? null,
            released_text: meta(RECORD_META.editionReleasedText) ?? null,
          },
        }
      : {}),
    headings: facts.headings,
    anchors,
    text,
    links: facts.links,
    fixtures: facts.fixtures,
    schemas: facts.schemas,
  };
}

/** The content as Markdown (GFM tables, `-` bullets and rules, fenced code); changes `content` (see withoutChrome). */
function contentMarkdown(content: Element): string {
  tablesForMarkdown(content);
  return toMarkdown(toMdastInPlace(content), {
    extensions: [gfmToMarkdown()],
    bullet: '-',
    rule: '-',
    fences: true,
  }).trim();
}

const INDEX_URL = `${SITE_ORIGIN}${LLMS_PATH}`;

/**
 * The line under a Markdown mirror's frontmatter that points at llms.txt: `indexLine` is the
 * catalog's `mirror.index_line` in the mirror's language (the English by default), `{url}` its URL.
 */
export function mirrorPointer(indexLine: string = MIRROR_INDEX_LINE): string {
  return `> ${fillTemplate(indexLine, { url: INDEX_URL })}`;
}

/** A mirror's Markdown with its pointer line in another language (mirrorPointer of `indexLine`). */
export function withMirrorPointer(markdown: string, indexLine: string): string {
  const place = pointerLine(markdown);
  if (!place) return markdown;
  return `${markdown.slice(0, place.start)}${mirrorPointer(indexLine)}${markdown.slice(place.end)}`;
}

/**
 * Where the pointer line is: the first line after the frontmatter's closing `---` that quotes
 * (`> `) and ends with the index's URL, followed by a blank line; undefined when there is none.
 */
function pointerLine(markdown: string): { start: number; end: number } | undefined {
  const start = markdown.indexOf('\n---\n> ') + 5;
  if (start < 5) return undefined;
  const end = markdown.indexOf('\n', start);
  if (end < 0 || !markdown.slice(start, end).endsWith(INDEX_URL) || markdown[end + 1] !== '\n') return undefined;
  return { start, end };
}

/**
 * The Markdown mirror: YAML frontmatter with the record facts, the llms.txt pointer, then the body.
 * A reader that does not know frontmatter reads its lines as Markdown, so its strings are
 * double-quoted YAML with `<`, `>`, `&`, `[` and `]` as `\u` escapes (markdownYamlString): never a
 * tag or a link there.
 */
function mirrorMarkdown(json: PageMirror, body: string): string {
  const yamlString = markdownYamlString;
  return [
    '---',
    `title: ${yamlString(json.title)}`,
    `description: ${yamlString(json.description)}`,
    `url: ${json.url}`,
    `canonical: ${json.canonical}`,
    `record_code: ${json.record_code}`,
    `locale: ${json.locale}`,
    `content_locale: ${json.content_locale}`,
    `translation_state: ${json.translation_state}`,
    `fallback: ${json.fallback}`,
    '---',
    mirrorPointer(),
    '',
    body,
    '',
  ].join('\n');
}

/**
 * A Markdown mirror read back (mirrorMarkdown's inverse): its frontmatter's `url` and
 * `record_code`, and its body; undefined when the text is not a mirror of that layout.
 */
export function readMirrorMarkdown(markdown: string): { url: string; recordCode: string; body: string } | undefined {
  const pointer = pointerLine(markdown);
  if (!markdown.startsWith('---\n') || !pointer || !markdown.endsWith('\n')) return undefined;
  const frontmatter = markdown.slice(4, pointer.start - 5).split('\n');
  const field = (name: string) => frontmatter.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
  const url = field('url');
  const recordCode = field('record_code');
  if (url === undefined || recordCode === undefined) return undefined;
  return { url, recordCode, body: markdown.slice(pointer.end + 2, -1) };
}

/** Takes the HTML, or a page already parsed by the caller (the build parses each page once). */
export function buildPageMirror(page: string | ParsedPage, path: string): BuiltPageMirror {
  const { tree, main } = typeof page === 'string' ? parsePage(page) : page;
  if (!main) throw new ProblemListError({ file: path, message: 'the page has no <main> element', rule: 'page-mirror' });
  const head = readHead(tree, path);
  const content = withoutChrome(main);
  const json = mirrorJson(head, readContent(content), normalize(toText(content)), path, readAnchors(main, path));
  const body = contentMarkdown(content);
  return { json, markdown: mirrorMarkdown(json, body), body };
}

/** What the link check reads from a page: its element ids in document order, and every URL its attributes hold. */
export interface PageLinkFacts {
  ids: string[];
  links: string[];
}

export function linkFactsOf(tree: Root): PageLinkFacts {
  const ids: string[] = [];
  const links: string[] = [];
  walkElements(tree, (element) => {
    const id = element.properties?.id;
    if (id !== undefined) ids.push(String(id));
    links.push(...urlsOfProperties(element.properties));
  });
  return { ids, links };
}

/**
 * Everything the build derives from one built page, from a single parse: mirrors (unless
 * `withMirror` is false), link facts, the `style` attributes the Content-Security-Policy must
 * allow, and the text the claims gate reads (description and body text).
 */
export interface PageAnalysis extends PageLinkFacts {
  mirror?: BuiltPageMirror;
  styles: string[];
  claims: { text: string };
  /** How much of the main text is in another language than the page's (languageShare.ts). */
  language: LanguageShare;
}

/**
 * `body` as the claims gate reads it: an edition's word diff as its new text. Removed text (`<del>`)
 * is quoted from an earlier edition, whose own pages the gate read; read together with the inserted
 * words, and with the "[added: …]" labels an `<ins>` holds for screen readers, it makes sentences
 * neither edition states (a negation split by a label reads as no negation).
 */
function withoutDeletions(element: Element): Element {
  const isLabel = (child: Element) =>
    element.tagName === 'ins' && String(child.properties?.className ?? '').includes('visually-hidden');
  return {
    ...element,
    children: element.children
      .filter((child) => child.type !== 'element' || (child.tagName !== 'del' && !isLabel(child)))
      .map((child) => (child.type === 'element' ? withoutDeletions(child) : child)),
  };
}

export function analysePage(html: string, path: string, withMirror: boolean): PageAnalysis {
  const parsed = parsePage(html);
  const styles = new Set<string>();
  walkElements(parsed.tree, (element) => {
    const style = element.properties?.style;
    if (typeof style === 'string') styles.add(style);
  });
  const body = findElement(parsed.tree, (element) => element.tagName === 'body');
  const description = findElement(
    parsed.tree,
    (element) => element.tagName === 'meta' && element.properties?.name === 'description',
  )?.properties?.content;
  return {
    ...linkFactsOf(parsed.tree),
    ...(withMirror ? { mirror: buildPageMirror(parsed, path) } : {}),
    styles: [...styles],
    claims: {
      text: [typeof description === 'string' ? description : '', body ? toText(withoutDeletions(body)) : ''].join('\n'),
    },
    language: languageShareOf(parsed.tree),
  };
}
