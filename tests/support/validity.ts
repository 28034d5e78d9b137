/**
 * Validity checks shared by the validity test and its negative tests: html-validate with the
 * recommended preset, a strict XML well-formedness check, and the sitemap's coverage of the pages.
 */
import { HtmlValidate, type ConfigData, type Message } from 'html-validate';
import { attr, hasClass, parseHtml, walk } from './html.ts';

export const HTML_VALIDATE_CONFIG: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // Shiki's dual-theme code blocks (github-light/github-dark) colour every token with an inline
    // `style` (the light colour plus a --shiki-dark custom property); that is how its output
    // works, not a page defect. `inlineStylesOutsideShiki` below keeps every other inline style
    // an error.
    'no-inline-style': 'off',
  },
};

export function createHtmlValidator(): HtmlValidate {
  return new HtmlValidate(HTML_VALIDATE_CONFIG);
}

/**
 * Findings that are not defects. `no-raw-characters` also flags a bare `>` in text, which the
 * HTML standard allows (only `<` and ambiguous `&` need escaping) and which the Markdown
 * serializer (hast-util-to-html) leaves as is, as in `<code>/examples/uai-1/&lt;profile>/…</code>`.
 * Raw `<` and ambiguous `&` stay errors.
 */
function isAccepted(message: Message): boolean {
  return message.ruleId === 'no-raw-characters' && message.message === 'Raw ">" must be encoded as "&gt;"';
}

export interface HtmlFinding {
  file: string;
  line: number;
  column: number;
  ruleId: string;
  message: string;
  selector: string | null;
}

export async function validateHtml(validator: HtmlValidate, html: string, file: string): Promise<HtmlFinding[]> {
  const report = await validator.validateString(html, file);
  return report.results.flatMap((result) =>
    result.messages
      .filter((message) => message.severity >= 2 && !isAccepted(message))
      .map((message) => ({ file, line: message.line, column: message.column, ruleId: message.ruleId, message: message.message, selector: message.selector })),
  );
}

export const formatFinding = (finding: HtmlFinding): string => `${finding.file}:${finding.line}:${finding.column} ${finding.ruleId}: ${finding.message}${finding.selector ? ` (${finding.selector})` : ''}`;

/** Inline `style` attributes are allowed only inside Shiki's code blocks. */
export function inlineStylesOutsideShiki(html: string, file: string): string[] {
  const problems: string[] = [];
  walk(parseHtml(html), (element, ancestors) => {
    if (attr(element, 'style') === undefined) return;
    const shiki = [...ancestors, element].some((node) => node.tagName === 'pre' && (hasClass(node, 'shiki') || hasClass(node, 'astro-code')));
    if (!shiki) problems.push(`${file}: <${element.tagName}> has an inline style outside a Shiki code block: style="${attr(element, 'style')}"`);
  });
  return problems;
}

const NAME = /^[A-Za-z_][\w.\-]*(?::[A-Za-z_][\w.\-]*)?$/;
const REFERENCE = /&(?:(lt|gt|amp|quot|apos)|#([0-9]+)|#x([0-9a-fA-F]+));/y;

/**
 * Strict XML 1.0 well-formedness for the site's generated XML (no DTDs): an optional declaration
 * first, one root element, matched and properly nested tags, quoted and unique attributes, only
 * the five predefined entities and character references, no `<` in attribute values, no `]]>` in
 * text, and declared namespace prefixes. Returns one line per problem (empty when well-formed).
 */
export function xmlWellFormednessProblems(xml: string): string[] {
  const problems: string[] = [];
  const stack: { name: string; prefixes: Set<string> }[] = [];
  let roots = 0;
  let index = 0;
  const lineOf = (at: number) => xml.slice(0, at).split('\n').length;
  const fail = (at: number, message: string) => problems.push(`line ${lineOf(at)}: ${message}`);
  const checkText = (text: string, at: number, inAttribute: boolean) => {
    for (let i = 0; i < text.length; i += 1) {
      const char = text[i];
      if (char === '&') {
        REFERENCE.lastIndex = i;
        const match = REFERENCE.exec(text);
        if (!match) fail(at + i, `unescaped "&" (write &amp;)`);
        else {
          const code = match[2] ? Number(match[2]) : match[3] ? parseInt(match[3], 16) : undefined;
          if (code !== undefined && !(code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff))) {
            fail(at + i, `character reference ${match[0]} is not an XML character`);
          }
          i += match[0].length - 1;
        }
      } else if (inAttribute && char === '<') fail(at + i, 'raw "<" in an attribute value');
    }
    if (!inAttribute && text.includes(']]>')) fail(at, '"]]>" in text');
  };
  const prefixDeclared = (prefix: string, own: Set<string>) => prefix === 'xml' || prefix === 'xmlns' || own.has(prefix) || stack.some((entry) => entry.prefixes.has(prefix));

  if (xml.charCodeAt(0) === 0xfeff) index = 1;
  if (/^<\?xml[\s?]/i.test(xml.slice(index)) && !xml.startsWith('<?xml', index)) fail(index, 'the XML declaration must be lowercase');
  while (index < xml.length) {
    const next = xml.indexOf('<', index);
    const textEnd = next === -1 ? xml.length : next;
    const text = xml.slice(index, textEnd);
    if (text) {
      if (!stack.length && text.trim()) fail(index, `text outside the root element: "${text.trim().slice(0, 40)}"`);
      checkText(text, index, false);
    }
    if (next === -1) break;
    index = next;
    if (xml.startsWith('<?', index)) {
      const end = xml.indexOf('?>', index);
      if (end === -1) {
        fail(index, 'unterminated processing instruction');
        break;
      }
      const target = /^<\?([^\s?]+)/.exec(xml.slice(index))?.[1] ?? '';
      if (target.toLowerCase() === 'xml' && index > (xml.charCodeAt(0) === 0xfeff ? 1 : 0)) fail(index, 'the XML declaration is not at the very start');
      index = end + 2;
    } else if (xml.startsWith('<!--', index)) {
      const end = xml.indexOf('-->', index + 4);
      if (end === -1) {
        fail(index, 'unterminated comment');
        break;
      }
      if (xml.slice(index + 4, end).includes('--')) fail(index, '"--" inside a comment');
      index = end + 3;
    } else if (xml.startsWith('<![CDATA[', index)) {
      if (!stack.length) fail(index, 'CDATA outside the root element');
      const end = xml.indexOf(']]>', index);
      if (end === -1) {
        fail(index, 'unterminated CDATA section');
        break;
      }
      index = end + 3;
    } else if (xml.startsWith('<!', index)) {
      fail(index, 'DOCTYPE or markup declaration (not expected in these files)');
      const end = xml.indexOf('>', index);
      index = end === -1 ? xml.length : end + 1;
    } else if (xml.startsWith('</', index)) {
      const match = /^<\/([^\s>]+)\s*>/.exec(xml.slice(index));
      if (!match) {
        fail(index, 'malformed end tag');
        break;
      }
      const open = stack.pop();
      if (!open) fail(index, `end tag </${match[1]}> without a start tag`);
      else if (open.name !== match[1]) fail(index, `end tag </${match[1]}> does not match <${open.name}>`);
      index += match[0].length;
    } else {
      const nameMatch = /^<([^\s/>]+)/.exec(xml.slice(index));
      if (!nameMatch || !NAME.test(nameMatch[1])) {
        fail(index, `malformed start tag or raw "<" in text`);
        index += 1;
        continue;
      }
      const name = nameMatch[1];
      let cursor = index + nameMatch[0].length;
      const attributes = new Map<string, string>();
      let selfClosing = false;
      let closed = false;
      while (cursor < xml.length) {
        const rest = xml.slice(cursor);
        const end = /^\s*(\/?)>/.exec(rest);
        if (end) {
          selfClosing = end[1] === '/';
          cursor += end[0].length;
          closed = true;
          break;
        }
        const attribute = /^(\s+)([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(rest);
        if (!attribute) {
          fail(cursor, `malformed attribute in <${name}>`);
          break;
        }
        const attributeName = attribute[2];
        const value = attribute[3] ?? attribute[4] ?? '';
        if (!NAME.test(attributeName)) fail(cursor, `malformed attribute name ${attributeName} in <${name}>`);
        if (attributes.has(attributeName)) fail(cursor, `duplicate attribute ${attributeName} in <${name}>`);
        attributes.set(attributeName, value);
        checkText(value, cursor + attribute[0].length - value.length - 1, true);
        cursor += attribute[0].length;
      }
      if (!closed) {
        fail(index, `unterminated start tag <${name}>`);
        break;
      }
      const prefixes = new Set([...attributes.keys()].filter((key) => key.startsWith('xmlns:')).map((key) => key.slice(6)));
      for (const qualified of [name, ...[...attributes.keys()].filter((key) => !key.startsWith('xmlns'))]) {
        const prefix = qualified.includes(':') ? qualified.split(':')[0] : undefined;
        if (prefix && !prefixDeclared(prefix, prefixes)) fail(index, `namespace prefix "${prefix}" of ${qualified} is not declared`);
      }
      if (!stack.length) {
        roots += 1;
        if (roots > 1) fail(index, `second root element <${name}>`);
      }
      if (!selfClosing) stack.push({ name, prefixes });
      index = cursor;
    }
  }
  for (const open of stack) problems.push(`<${open.name}> is never closed`);
  if (roots === 0) problems.push('no root element');
  return problems;
}

/**
 * The sitemap lists every page exactly once: each expected page path (e.g. `/en-us/`) appears once
 * among the `<loc>` URLs, and no `<loc>` names something else.
 */
export function sitemapCoverageProblems(locs: string[], expectedPages: string[], origin: string): string[] {
  const problems: string[] = [];
  const counts = new Map<string, number>();
  for (const loc of locs) {
    if (!loc.startsWith(`${origin}/`)) {
      problems.push(`${loc}: not a URL of ${origin}`);
      continue;
    }
    const path = new URL(loc).pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
  }
  const expected = new Set(expectedPages);
  for (const page of expectedPages) {
    const count = counts.get(page) ?? 0;
    if (count !== 1) problems.push(`${origin}${page}: listed ${count} times (exactly once expected)`);
  }
  for (const path of counts.keys()) if (!expected.has(path)) problems.push(`${origin}${path}: listed, but it is not a page that belongs in the sitemap`);
  return problems;
}
