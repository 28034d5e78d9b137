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
  return isFrenchPage(html) ? spacedElisions(html) : html;
}

/** Where an elision can end: an apostrophe followed by a letter. */
const APOSTROPHE_BEFORE_LETTER = /['’](?=\p{L})/gu;
/** An elided word by itself, as ELISION's second group matches it (same flags, same case folding). */
const ELIDED_WORD = /^(?:jusqu|lorsqu|puisqu|quoiqu|presqu|qu|[cdjlmnst])$/iu;
/** The lengths of ELISION's elided words, in UTF-16 code units. */
const ELIDED_LENGTHS = [6, 5, 2, 1];
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;

/**
 * `html.replace(ELISION, '$1$2’ ')` without running ELISION at every position: that regex tried
 * its word boundary and alternatives at each character of the page (1.5 s of the build's main
 * thread at ten times the record, cold or warm). Here only the apostrophes before a letter are
 * tried, each against the word before it. The result is the same, match for match: a match ends at
 * its apostrophe, and the character before its word cannot be the apostrophe of the match before
 * it (the regex consumed that one).
 */
function spacedElisions(html: string): string {
  let out = '';
  // The end of the last match: the text before it is in `out`.
  let consumed = 0;
  for (const match of html.matchAll(APOSTROPHE_BEFORE_LETTER)) {
    const apostrophe = match.index;
    const start = elisionStart(html, apostrophe);
    if (start === undefined || start < consumed) continue;
    out += `${html.slice(consumed, apostrophe)}’ `;
    consumed = apostrophe + 1;
  }
  return consumed === 0 ? html : out + html.slice(consumed);
}

/**
 * Where ELISION's match ending at `apostrophe` would start (at its boundary character, or at 0 for
 * a word that opens the text); undefined when no elided word ends there. At most one length can
 * match: every longer word ends in "qu", whose "q" follows a letter, and no one-letter word is "u".
 */
function elisionStart(html: string, apostrophe: number): number | undefined {
  for (const length of ELIDED_LENGTHS) {
    const wordStart = apostrophe - length;
    if (wordStart < 0 || !ELIDED_WORD.test(html.slice(wordStart, apostrophe))) continue;
    if (wordStart === 0) return 0;
    // The boundary is one code point: both halves of a surrogate pair.
    const last = wordStart - 1;
    const pair = last > 0 && isLowSurrogate(html.charCodeAt(last)) && isHighSurrogate(html.charCodeAt(last - 1));
    const boundary = pair ? last - 1 : last;
    if (!LETTER_OR_NUMBER.test(html.slice(boundary, wordStart))) return boundary;
  }
  return undefined;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** A query as the index holds its words: `l’état` and `l'état` become `état`. */
export function searchableQuery(query: string): string {
  return query.replace(ELISION, '$1');
}

/** A snippet as the page shows it: the space the index added after an elision removed. */
export function readableSnippet(excerpt: string): string {
  return excerpt.replace(SPACED_ELISION, '$1$2$3');
}
