/**
 * Where a link is written: the line and column of a URL in the text of its source (a content
 * Markdown file, a route record, a built HTML page), so a broken link is reported where it can be
 * fixed. Only broken links are looked up, so the search is one forward scan per link reported.
 */
import { textPosition } from '../../uai/textPosition.ts';
import { escapeHtml } from '../content/escapeHtml.ts';

/** Characters that may continue a URL: a match followed by one is part of a longer URL. */
const URL_CHARACTER = /[\w\-.~%/?#&=+:@!$*,;]/;

/**
 * Line and column of the first place `text` holds `url` as a whole (not as the start or the end of a
 * longer URL), as written in Markdown or JSON or, HTML-escaped, in an HTML attribute.
 */
export function placeOfUrl(text: string, url: string): { line: number; column: number } | undefined {
  for (const written of new Set([url, escapeHtml(url)])) {
    for (let at = text.indexOf(written); at !== -1; at = text.indexOf(written, at + 1)) {
      const before = text[at - 1] ?? ' ';
      const after = text[at + written.length] ?? ' ';
      if (!URL_CHARACTER.test(after) && !URL_CHARACTER.test(before)) return textPosition(text, at);
    }
  }
  return undefined;
}
