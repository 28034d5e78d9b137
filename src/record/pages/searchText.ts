/**
 * French elision and the search index. Pagefind reads `l’état` as one word, so a search for `état`
 * misses it. The HTML sent to Pagefind gets a space after each elided article or pronoun (the page
 * itself is unchanged), queries lose the elided prefix, and snippets get the space taken out again.
 */

/** An elided word (l’, d’, qu’, jusqu’…) that starts a word and is followed by a letter. */
const ELISION = /(^|[^\p{L}\p{N}])(jusqu|lorsqu|puisqu|quoiqu|presqu|qu|[cdjlmnst])['’](?=\p{L})/giu;
/** The same in a snippet, where the index's space (and perhaps a highlight) follows the apostrophe. */
const SPACED_ELISION =
  /(^|[^\p{L}\p{N}])(jusqu|lorsqu|puisqu|quoiqu|presqu|qu|[cdjlmnst])([’']) (?=(?:<mark>)?\p{L})/giu;
/** A `lang` attribute naming French, read inside the `<html>` start tag only (no scan past it). */
const FRENCH_LANG = /\slang="fr\b/i;

/** Whether the page's `<html>` start tag says it is French. */
function isFrenchPage(html: string): boolean {
  const start = html.search(/<html[\s>]/i);
  if (start < 0) return false;
  const end = html.indexOf('>', start);
  return FRENCH_LANG.test(html.slice(start, end < 0 ? html.length : end));
}

/** The HTML Pagefind indexes for a page: French pages with a space after every elision. */
export function searchableHtml(html: string): string {
  return isFrenchPage(html) ? html.replace(ELISION, '$1$2’ ') : html;
}

/** A query as the index holds its words: `l’état` and `l'état` become `état`. */
export function searchableQuery(query: string): string {
  return query.replace(ELISION, '$1');
}

/** A snippet as the page shows it: the space the index added after an elision removed. */
export function readableSnippet(excerpt: string): string {
  return excerpt.replace(SPACED_ELISION, '$1$2$3');
}
