/**
 * The link schemes the record publishes: an allow-list. A URL is published only when it is relative
 * (a path, `./`, `../`, `?query`, a `#fragment`) or its scheme is `https:`, `http:` or `mailto:`.
 * The scheme is read as a browser would read it, and more: after HTML character references are
 * decoded (every named and numeric one, with or without its semicolon), after what the WHATWG URL
 * parser strips (ASCII tab and newline anywhere, C0 controls and spaces at either end) and after
 * percent-decoding, repeated while any of them changes the text (at most DECODING_ROUNDS times), so `jav&#x61;script:`,
 * `java&Tab;script:`, ` javascript:` and `%6Aavascript:` are all `javascript:`.
 *
 * A scheme-relative URL (`//host/…`, and `\\host`, `/\host`, which the URL parser reads the same
 * way) is refused too: it names another host while looking like a path, and a page opened from a
 * file takes it as `file://host/…`, a network share. An absolute `https://host/…` says the same
 * thing plainly.
 */
import { decodeHTML } from 'entities/decode';

/** The rule a link breaks when its scheme is not one the record publishes. */
export const LINK_SCHEME_RULE = 'link-scheme';

/** The schemes a published link may have, besides none (a relative URL). */
export const ALLOWED_LINK_SCHEMES: readonly string[] = ['https', 'http', 'mailto'];

// ASCII tab and newline, removed anywhere; C0 controls and space, removed at either end (withoutControlsAt).
const TAB_OR_NEWLINE = /[\t\n\r]/g;
// One percent-encoded byte; runs of them are decoded together, so UTF-8 sequences decode whole.
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const SCHEME_RELATIVE = /^[/\\]{2}/;
/** More rounds than any honest URL needs; a text still changing after them is refused. */
const DECODING_ROUNDS = 4;

/**
 * `text` without the C0 controls and spaces at its start, or its end (a loop: a `[…]+$` pattern
 * would rescan each run, quadratically).
 */
function withoutControlsAt(text: string, end: 'start' | 'end'): string {
  if (end === 'end') {
    let last = text.length;
    while (last > 0 && text.charCodeAt(last - 1) <= 0x20) last--;
    return text.slice(0, last);
  }
  let first = 0;
  while (first < text.length && text.charCodeAt(first) <= 0x20) first++;
  return text.slice(first);
}

/** Decodes each percent-encoded run; a run that is not UTF-8 is decoded byte by byte as Latin-1. */
function percentDecoded(text: string): string {
  return text.replace(PERCENT_RUN, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%([0-9A-Fa-f]{2})/g, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  });
}

/** One round of what a reader of the URL may undo: references, stripped characters, percent escapes. */
function decodedOnce(text: string): string {
  const stripped = withoutControlsAt(decodeHTML(text).replace(TAB_OR_NEWLINE, ''), 'start');
  return withoutControlsAt(percentDecoded(stripped).replace(TAB_OR_NEWLINE, ''), 'start');
}

/**
 * Why `url` may not be published, or undefined when it may: its scheme (lower case, with its
 * colon: `javascript:`), `//` for a scheme-relative URL, or `encoding` for a text that still
 * decodes to something else after every round. A text that starts with a scheme or `//` has its
 * answer: decoding changes no character of that start (none is `&`, `%`, a tab, newline or control).
 */
export function refusedScheme(url: string): string | undefined {
  let text = withoutControlsAt(url, 'end');
  for (let round = 0; round <= DECODING_ROUNDS; round++) {
    if (SCHEME_RELATIVE.test(text)) return '//';
    const scheme = SCHEME.exec(text)?.[1].toLowerCase();
    if (scheme !== undefined) return ALLOWED_LINK_SCHEMES.includes(scheme) ? undefined : `${scheme}:`;
    const next = decodedOnce(text);
    if (next === text) return undefined;
    text = next;
  }
  return 'encoding';
}

/** The URL as a message shows it: quoted (controls escaped), and cut after 80 characters. */
function shown(url: string): string {
  return JSON.stringify(url.length > 80 ? `${url.slice(0, 77)}...` : url);
}

/** The one-line message for a refused link (refusedScheme's answer `refused`), `on` the page that shows it. */
export function linkSchemeMessage(url: string, refused: string, on = ''): string {
  const what =
    refused === '//'
      ? 'is scheme-relative (//host)'
      : refused === 'encoding'
        ? 'still decodes to another text after every round of decoding'
        : `has the scheme ${refused}`;
  return `link ${shown(url)}${on} ${what}, and only relative URLs, #fragments, https:, http: and mailto: links are published`;
}

/** The hint every link-scheme problem carries. */
export const LINK_SCHEME_HINT = 'link to an https: page, or write the address as code between backticks';
