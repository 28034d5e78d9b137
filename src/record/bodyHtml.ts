/**
 * Passes over the rendered HTML of a page body (Markdown and generated blocks together), one scan
 * each: the `h2` sections for "On this page", and tables (line-break points for code, keyboard
 * scrolling). Working on
 * the final HTML means every section is listed, whichever part of the build wrote it.
 */

export interface BodyHeading {
  id: string;
  /** The heading's text, still HTML-escaped (tags removed), ready to be written back as HTML. */
  html: string;
  lang?: string;
}

const ID_ATTRIBUTE = /\sid="([^"]*)"/;
const LANG_ATTRIBUTE = /\slang="([^"]*)"/;

/**
 * Each `<open …>…</close>` element of the HTML, left to right, found with indexOf rather than a
 * lazy regex (which re-scans the rest of the text from every unclosed start: quadratic).
 */
function* elementsNamed(
  html: string,
  name: string,
): Generator<{ start: number; end: number; attributes: string; inner: string }> {
  const open = `<${name}`;
  const close = `</${name}>`;
  let from = 0;
  for (;;) {
    const start = html.indexOf(open, from);
    if (start < 0) return;
    const next = html.charAt(start + open.length);
    const tagEnd = html.indexOf('>', start);
    const closeAt = tagEnd < 0 ? -1 : html.indexOf(close, tagEnd);
    if (tagEnd < 0 || closeAt < 0) return; // nothing closes after here: no further element either
    from = start + open.length;
    if (next !== '>' && !/\s/.test(next)) continue; // `<h2x`, `<tables`: another element
    const attributes = html.slice(start + open.length, tagEnd);
    yield { start, end: closeAt + close.length, attributes, inner: html.slice(tagEnd + 1, closeAt) };
    from = closeAt + close.length;
  }
}

/** Every `<h2 id>` of the body, in document order. */
export function sectionHeadings(html: string): BodyHeading[] {
  const headings: BodyHeading[] = [];
  for (const element of elementsNamed(html, 'h2')) {
    const attributes = element.attributes;
    const id = ID_ATTRIBUTE.exec(attributes)?.[1];
    if (!id) continue;
    const text = element.inner
      .replace(/<[^<>]*>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    headings.push({ id, html: text, lang: LANG_ATTRIBUTE.exec(attributes)?.[1] });
  }
  return headings;
}

/** Characters after which an identifier may wrap: `_`, `.`, `-` and `/`. */
const BREAK_AFTER = /([_.\-/])/;

/**
 * The text of one `<code>` element (HTML-escaped, no tags) with a `<wbr>` after every `_`, `.`, `-`
 * and `/`, and each piece that holds other punctuation kept on one line (`<span class="nobr">`),
 * so the browser wraps it only at those points and at spaces, never inside a word.
 */
export function breakableCode(text: string): string {
  return text
    .split(/(\s+)/)
    .map((word, at) => (at % 2 ? word : breakableWord(word)))
    .join('');
}

function breakableWord(word: string): string {
  const pieces = word.split(BREAK_AFTER);
  let out = '';
  for (let at = 0; at < pieces.length; at += 2) {
    const piece = pieces[at] + (pieces[at + 1] ?? '');
    if (!piece) continue;
    // ASCII letters and digits never break among themselves; any other character might.
    out += /^[A-Za-z0-9]*[_.\-/]?$/.test(piece) ? piece : `<span class="nobr">${piece}</span>`;
    if (at + 2 < pieces.length && pieces[at + 2] !== '') out += '<wbr>';
  }
  return out;
}

/**
 * Tables as the reader needs them: every `<code>` without markup inside a `<table>` gets its break
 * points (see breakableCode), and every `.table-wrap` (the box a wide table scrolls in) can take
 * the keyboard focus, so it can be scrolled without a mouse.
 */
export function readableTables(html: string): string {
  let out = '';
  let copied = 0;
  for (const table of elementsNamed(html, 'table')) {
    out += html.slice(copied, table.start);
    out += html
      .slice(table.start, table.end)
      .replace(
        /<code(\s[^<>]*)?>([^<]*)<\/code>/g,
        (_whole, attributes: string | undefined, text: string) =>
          `<code${attributes ?? ''}>${breakableCode(text)}</code>`,
      );
    copied = table.end;
  }
  out += html.slice(copied);
  return out.replaceAll('<div class="table-wrap">', '<div class="table-wrap" tabindex="0">');
}
