/**
 * The sentences of the claim detector's text, and the text its patterns read. Normalized text
 * (`normalizeRuleText`) is split into sentences at `.`, `!`, `?`, `;` or `。`, and at a blank line
 * (a single line break is a space); a question claims nothing. URLs and URNs are replaced before
 * the patterns read a sentence, so that an address is a name, not a statement.
 */
import { UAIX_NAMES } from './claimLexicon.ts';
import { foldForMatching } from './textNormalization.ts';

/**
 * URLs and URNs are names, not statements: `urn:uaix:ext:certification` claims nothing. A URL on a
 * host of UAIX is UAIX named (`https://uaix.org certifies…` is a claim), its path is not read. Its
 * query is text a server reads as such, so it is read too, after the URL: each parameter's value a
 * clause of its own, `+` a space (percent runs were decoded before, by `normalizeRuleText`, and a
 * malformed one stays as written), so `?note=UAIX+provides+hosted+messaging` is a claim. A scheme
 * starts only where a run of scheme characters begins, so a long run is read once.
 */
const URI = /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]{0,31}:\/\/[^\s"'<>]*|\burn:[^\s"'<>]*|\b(?:www\.)?uaix\.org\/[^\s"'<>]*/g;
const UAIX_HOSTS = new Set<string>(UAIX_NAMES.hosts);

/**
 * The text is one URN and nothing else (`urn:uaix:log:…:final_report_0008`), so the detector reads
 * nothing in it: printable ASCII without `%` (normalization and folding leave it as it is but for
 * case), starting with `urn:` in any case but not `urn://` (a URL, which the first form of `URI`
 * takes), and no character that ends a URN (`URI`'s `[^\s"'<>]`). Then it is one sentence (a
 * sentence ends only before white space or at the end, and its end stays in it), and `readable`
 * replaces the whole of it by one space. A loop, one look at each character.
 */
export function isOneUrn(text: string): boolean {
  if (text.length < 4 || text.slice(0, 4).toLowerCase() !== 'urn:' || text.startsWith('//', 4)) return false;
  for (let index = 4; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // Printable ASCII (no space, no control character) but for '"', "'", '<', '>' and '%'.
    if (
      code <= 0x20 ||
      code >= 0x7f ||
      code === 0x22 ||
      code === 0x27 ||
      code === 0x3c ||
      code === 0x3e ||
      code === 0x25
    )
      return false;
  }
  return true;
}
/** Separators of a query's parameters, and of a parameter's name from its value. */
const QUERY_PARAMETER = /[&;]/;
function uriReplacement(uri: string): string {
  if (uri.startsWith('urn:')) return ' ';
  const scheme = uri.indexOf('://');
  const rest = scheme >= 0 ? uri.slice(scheme + 3) : uri;
  let hostEnd = 0;
  while (hostEnd < rest.length && !'/?#:'.includes(rest[hostEnd])) hostEnd++;
  const named = UAIX_HOSTS.has(rest.slice(0, hostEnd)) ? ` ${UAIX_NAMES.short} ` : ' ';
  return named + queryText(rest.slice(hostEnd));
}

/**
 * The text of the query of a URL's part after its host (`?a=b+c&d` reads "; b c ; d"): each
 * parameter's value, or the parameter where it has no `=`, after a `;` that opens a clause.
 */
function queryText(afterHost: string): string {
  const start = afterHost.indexOf('?');
  if (start < 0) return '';
  const fragment = afterHost.indexOf('#', start);
  const query = afterHost.slice(start + 1, fragment < 0 ? afterHost.length : fragment);
  let text = '';
  for (const parameter of query.split(QUERY_PARAMETER)) {
    const value = parameter
      .slice(parameter.indexOf('=') + 1)
      .replaceAll('+', ' ')
      .trim();
    if (value !== '') text += `; ${value} `;
  }
  return text;
}

/**
 * Where a sentence ends: after `.`, `!`, `?` or `;` (and any closing quotes or brackets) before a
 * space, the end or a Han character; after `。`; at a blank line. A single line break is only a space.
 */
const SENTENCE_END = /[.!?;]["'\u201d\u2019)\]]*(?=\s|$|\p{Script=Han})|\u3002|\n[^\S\n]*\n/gu;

/** The sentences of normalized text, trimmed, in order. */
export function splitSentences(text: string): string[] {
  return sentenceSpans(text).map(([start, end]) => text.slice(start, end));
}

/** Where each sentence of normalized text starts and ends, trimmed, in order. */
export function sentenceSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  const push = (start: number, end: number) => {
    while (start < end && /\s/.test(text[start])) start++;
    while (end > start && /\s/.test(text[end - 1])) end--;
    if (end > start) spans.push([start, end]);
  };
  let start = 0;
  SENTENCE_END.lastIndex = 0;
  for (let match = SENTENCE_END.exec(text); match; match = SENTENCE_END.exec(text)) {
    const end = match[0].startsWith('\n') ? match.index : match.index + match[0].length;
    push(start, end);
    start = match.index + match[0].length;
  }
  push(start, text.length);
  return spans;
}

/** A question asserts nothing: "Does UAIX provide hosted messaging?" */
export const isQuestion = (sentence: string) =>
  /[?\uff1f]["'\u201d\u2019)\]]*$/.test(sentence) || sentence.startsWith('¿');

/** Folded sentence with URLs replaced: the text the patterns read. */
export function readable(sentence: string): string {
  const folded = foldForMatching(sentence);
  // Each form of `URI` holds one of these: text without them has no URI to replace.
  const mayHoldUri = folded.includes('://') || folded.includes('urn:') || folded.includes('uaix.org/');
  return mayHoldUri ? folded.replace(URI, uriReplacement) : folded;
}
