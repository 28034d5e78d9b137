/**
 * Validity checks shared by the validity test and its negative tests: html-validate with the
 * recommended preset, an XML well-formedness check (saxes), and the sitemap's coverage of the pages.
 */
import { HtmlValidate, type ConfigData, type Message } from 'html-validate';
import assert from 'node:assert/strict';
import { SaxesParser } from 'saxes';
import { workerAnswer } from '../../src/record/node/typeScriptWorker.ts';
import { attr, hasClass, parseHtml, walk } from './html.ts';

export const HTML_VALIDATE_CONFIG: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // Shiki's dual-theme code blocks (github-light/github-dark) colour every token with an inline
    // `style` (the light colour plus a --shiki-dark custom property); that is how its output
    // works, not a page defect. `inlineStylesOutsideShiki` below keeps every other inline style
    // an error.
    'no-inline-style': 'off',
    // A page's <title> is its title as the record names it in every place; the French title of Agent
    // Fallbacks and Full-Spectrum Support (a normative page, frozen in edition 2026-12-04) is 77
    // characters. 80 keeps the rule's purpose (no runaway titles) without forking the page's name.
    'long-title': ['error', { maxlength: 80 }],
    // The HTML standard asks an id only to be unique and free of whitespace. The record's anchors
    // for fields are their JSON Pointer-like paths (`#field/body/status`, cited in requirement
    // tests and mirrors), and edition anchors hold the id's dot (`#changelog-2026-12-01.2`), so the
    // rule checks the standard's constraint rather than its stricter letters-digits-dash default.
    'valid-id': ['error', { relaxed: true }],
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
      .map((message) => ({
        file,
        line: message.line,
        column: message.column,
        ruleId: message.ruleId,
        message: message.message,
        selector: message.selector,
      })),
  );
}

export const formatFinding = (finding: HtmlFinding): string =>
  `${finding.file}:${finding.line}:${finding.column} ${finding.ruleId}: ${finding.message}${finding.selector ? ` (${finding.selector})` : ''}`;

/** A page to check: the file to read and the name its problem lines give it. */
export interface HtmlPage {
  path: string;
  label: string;
}

/** Worker threads `htmlValidityProblems` spreads the pages over. */
export const HTML_VALIDITY_WORKERS = 2;

/**
 * html-validate's findings (formatFinding) and the inline styles outside Shiki of every page, in
 * the order of `pages`: each worker thread (htmlValidityWorker.ts) takes every `workers`-th page and
 * validates it with one validator of its own, so the pages are checked side by side.
 */
export async function htmlValidityProblems(
  pages: readonly HtmlPage[],
  workers: number = HTML_VALIDITY_WORKERS,
): Promise<string[]> {
  const count = Math.max(1, Math.min(workers, pages.length));
  const shares = Array.from({ length: count }, (_, worker) => pages.filter((_page, index) => index % count === worker));
  const answers = await Promise.all(
    shares.map((share, worker) =>
      workerAnswer<string[][]>(
        new URL('./htmlValidityWorker.ts', import.meta.url),
        share,
        `html-validate worker ${worker}`,
      ),
    ),
  );
  const problems = pages.map((_page, index) => answers[index % count]![Math.floor(index / count)]);
  assert.ok(
    problems.every((lines) => Array.isArray(lines)),
    'a worker answered for fewer pages than it was given',
  );
  return problems.flat() as string[];
}

/** Inline `style` attributes are allowed only inside Shiki's code blocks. */
export function inlineStylesOutsideShiki(html: string, file: string): string[] {
  const problems: string[] = [];
  walk(parseHtml(html), (element, ancestors) => {
    if (attr(element, 'style') === undefined) return;
    const shiki = [...ancestors, element].some(
      (node) => node.tagName === 'pre' && (hasClass(node, 'shiki') || hasClass(node, 'astro-code')),
    );
    if (!shiki)
      problems.push(
        `${file}: <${element.tagName}> has an inline style outside a Shiki code block: style="${attr(element, 'style')}"`,
      );
  });
  return problems;
}

/**
 * XML 1.0 well-formedness with namespaces for the site's generated XML, read by saxes (a
 * maintained, non-validating, spec-conformant parser). DTDs are not expected in these files.
 * Returns one line per problem (empty when well-formed).
 */
export function xmlWellFormednessProblems(xml: string): string[] {
  const problems: string[] = [];
  const parser = new SaxesParser({ xmlns: true, position: true });
  parser.on('error', (error) => {
    problems.push(`line:column ${error.message}`); // saxes says "<line>:<column>: <what>"
  });
  parser.on('doctype', () => problems.push(`line ${parser.line}: DOCTYPE (not expected in these files)`));
  try {
    parser.write(xml).close();
  } catch (error) {
    // saxes throws when the error handler returns and it cannot go on; the problem is recorded.
    if (!problems.length) problems.push((error as Error).message);
  }
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
  for (const path of counts.keys())
    if (!expected.has(path))
      problems.push(`${origin}${path}: listed, but it is not a page that belongs in the sitemap`);
  return problems;
}
