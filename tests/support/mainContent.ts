/**
 * "No content needs JavaScript": a page's main content is in the HTML as served. Its `<main>` has
 * real text, its `<h1>` is inside `<main>`, and the `text` of its `index.json` mirror is that same
 * main content (compared without whitespace, since the two readings space blocks differently).
 */
import { attr, findAll, parseHtml, readableText, withoutWhitespace } from './html.ts';

export interface MainContentOptions {
  /** The page, for messages. */
  page: string;
  /** The `text` field of the page's index.json, when there is one to compare. */
  mirrorText?: string;
  /** Fewest characters of main text a page may have (default 150). */
  minChars?: number;
}

export interface MainContent {
  text: string;
  problems: string[];
}

function firstDifference(a: string, b: string): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index += 1;
  return index;
}

export function checkMainContent(html: string, options: MainContentOptions): MainContent {
  const { page } = options;
  const minChars = options.minChars ?? 150;
  const problems: string[] = [];
  const tree = parseHtml(html);
  const mains = findAll(tree, (element) => element.tagName === 'main' && attr(element, 'hidden') === undefined);
  if (mains.length !== 1) {
    problems.push(`${page}: ${mains.length} visible <main> elements; a page has exactly one`);
    if (!mains.length) return { text: '', problems };
  }
  const main = mains[0];
  const text = readableText(main);
  if (text.length < minChars) {
    problems.push(
      `${page}: <main> holds ${text.length} characters of text in the served HTML (at least ${minChars} expected); its content must not need JavaScript`,
    );
  }
  const headings = findAll(tree, (element) => element.tagName === 'h1');
  if (!headings.length) problems.push(`${page}: the page has no <h1>`);
  for (const heading of headings) {
    const inside = findAll(main, (element) => element === heading).length > 0;
    if (!inside) problems.push(`${page}: <h1> "${readableText(heading)}" is outside <main>`);
    if (!readableText(heading)) problems.push(`${page}: the <h1> is empty in the served HTML`);
  }
  if (options.mirrorText !== undefined) {
    const served = withoutWhitespace(text);
    const mirror = withoutWhitespace(options.mirrorText);
    if (served !== mirror) {
      const at = firstDifference(served, mirror);
      problems.push(
        `${page}: index.json text differs from the <main> text at character ${at} (whitespace ignored): main "…${served.slice(Math.max(0, at - 30), at + 40)}…" vs mirror "…${mirror.slice(Math.max(0, at - 30), at + 40)}…"`,
      );
    }
  }
  return { text, problems };
}
