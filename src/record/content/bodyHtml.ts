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
export function* elementsNamed(
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

/** A heading of a section that only a script shows (hidden without it): not listed in "On this page". */
const SCRIPT_ONLY = /\sdata-toc="script"/;

/** Every `<h2 id>` of the body, in document order, but those of sections only a script shows. */
export function sectionHeadings(html: string): BodyHeading[] {
  const headings: BodyHeading[] = [];
  for (const element of elementsNamed(html, 'h2')) {
    const attributes = element.attributes;
    const id = ID_ATTRIBUTE.exec(attributes)?.[1];
    if (!id || SCRIPT_ONLY.test(attributes)) continue;
    const text = element.inner
      .replace(/<[^<>]*>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    headings.push({ id, html: text, lang: LANG_ATTRIBUTE.exec(attributes)?.[1] });
  }
  return headings;
}

/**
 * Characters after which an identifier may wrap: `_`, `.` and `/`. Never `-`: a break after a hyphen
 * reads as a hyphenated word (`UAI-` / `JSON-PARSE`), so hyphenated codes stay whole.
 */
const BREAK_AFTER = /([_./])/;

/**
 * The text of one `<code>` element (HTML-escaped, no tags) with a `<wbr>` after every `_`, `.` and
 * `/`, and each piece that holds other punctuation kept on one line (`<span class="nobr">`), so the
 * browser wraps it only at those points and at spaces, never inside a word.
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
    out += /^[A-Za-z0-9]*[_./]?$/.test(piece) ? piece : `<span class="nobr">${piece}</span>`;
    if (at + 2 < pieces.length && pieces[at + 2] !== '') out += '<wbr>';
  }
  return out;
}

const WRAP_OPENING = '<section class="table-wrap">';
/** The text between a table's first `<caption …>` and `</caption>`, found with indexOf (one pass). */
function captionOf(table: string): string | undefined {
  const open = table.indexOf('<caption');
  if (open < 0) return undefined;
  const start = table.indexOf('>', open);
  const end = table.indexOf('</caption>', start);
  return start < 0 || end < 0 ? undefined : table.slice(start + 1, end);
}

/** The text of a table's first row of header cells (its first `<tr>…</tr>`), found with indexOf. */
function headerRowOf(table: string): string | undefined {
  const start = table.indexOf('<tr');
  const end = table.indexOf('</tr>', start);
  if (start < 0 || end < 0) return undefined;
  const row = table.slice(start, end);
  return row.includes('<th') ? row.replaceAll('</th>', ', ') : undefined;
}

/**
 * The opening of the box a table scrolls in: focusable, a named region, and left out of the search
 * index. Its name is the caption, or else the header row, so two regions of a page rarely share one.
 */
function wrapOpening(table: string, label: string): string {
  let caption = (captionOf(table) ?? headerRowOf(table))
    ?.replace(/<[^<>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (caption?.endsWith(',')) caption = caption.slice(0, -1);
  const name = caption ? `${label}: ${caption}` : label;
  // A <section> with a name is a region landmark: the native element for what role="region" says.
  return `<section class="table-wrap" tabindex="0" aria-label="${name.replaceAll('"', '&quot;')}" data-pagefind-ignore>`;
}

/**
 * Tables as the reader needs them: every `<code>` without markup inside a `<table>` gets its break
 * points (see breakableCode); every table sits in a `.table-wrap`, the box it scrolls in when wider
 * than the column (Markdown tables get one here), which takes the keyboard focus so it can be
 * scrolled without a mouse, is a region named `label` and the table's caption, and is left out of
 * the search index, so search snippets come from prose rather than table cells.
 */
export function readableTables(html: string, label: string): string {
  let out = '';
  let copied = 0;
  for (const table of elementsNamed(html, 'table')) {
    const before = html.slice(copied, table.start);
    const text = html
      .slice(table.start, table.end)
      .replace(
        /<code(\s[^<>]*)?>([^<]*)<\/code>/g,
        (_whole, attributes: string | undefined, code: string) =>
          `<code${attributes ?? ''}>${breakableCode(code)}</code>`,
      );
    const opening = wrapOpening(text, label);
    const wrapped = before.trimEnd().endsWith(WRAP_OPENING);
    if (wrapped) {
      const at = before.lastIndexOf(WRAP_OPENING);
      out += before.slice(0, at) + opening + before.slice(at + WRAP_OPENING.length) + text;
    } else out += before + opening + text + '</section>';
    copied = table.end;
  }
  return out + html.slice(copied);
}
