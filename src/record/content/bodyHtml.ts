/**
 * Passes over the rendered HTML of a page body (Markdown and generated blocks together), read by the
 * HTML parser (htmlElements.ts): the `h2` sections for "On this page", and tables (line-break
 * points for code, keyboard scrolling). Working on the final HTML means every section is listed,
 * whichever part of the build wrote it.
 */
import { escapeHtml } from './escapeHtml.ts';
import { labelPrefix } from './inlineText.ts';
import {
  applyEdits,
  attribute,
  elementText,
  hasClass,
  onlyTextRange,
  outermostElements,
  parseBody,
  startOffset,
  type HtmlElement,
  type HtmlParent,
  type SourceEdit,
} from './htmlElements.ts';

export interface BodyHeading {
  id: string;
  /** The heading's text, still HTML-escaped (tags removed), ready to be written back as HTML. */
  html: string;
  lang?: string;
}

/** Every `<h2 id>` of the body, in document order, but those of sections only a script shows (`data-toc="script"`). */
export function sectionHeadings(html: string): BodyHeading[] {
  return sectionHeadingsOf(parseBody(html));
}

/** sectionHeadings of a body already parsed. */
export function sectionHeadingsOf(tree: HtmlParent): BodyHeading[] {
  const headings: BodyHeading[] = [];
  for (const { element } of outermostElements(tree, ['h2'])) {
    const id = attribute(element, 'id');
    if (!id || attribute(element, 'data-toc') === 'script') continue;
    headings.push({ id, html: escapeHtml(elementText(element)), lang: attribute(element, 'lang') });
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

/** A table's name: its caption's text, or else the text of its first row's cells when they are header cells. */
function tableName(table: HtmlElement, separator: string): string | undefined {
  const [caption] = outermostElements(table, ['caption']);
  if (caption) return elementText(caption.element) || undefined;
  const [row] = outermostElements(table, ['tr']);
  const cells = row ? outermostElements(row.element, ['th', 'td']) : [];
  if (!cells.some((cell) => cell.element.tagName === 'th')) return undefined;
  return cells.map((cell) => elementText(cell.element)).join(separator) || undefined;
}

/** The words a table's box is named with, in the page's language (interface strings). */
export interface TableLabels {
  /** What the box is ("Table (scrolls sideways…)"): `table.region`. */
  region: string;
  /** The same as a label before the table's name, punctuated as the locale writes it: `label.value`. */
  regionLabel: string;
  /** Between the header cells' texts when they name the table: `list.separator`. */
  separator: string;
}

/**
 * The opening of the box a table scrolls in: focusable, a named region, and left out of the search
 * index. Its name is the caption, or else the header row, so two regions of a page rarely share one.
 */
function wrapOpening(table: HtmlElement, labels: TableLabels): string {
  const caption = tableName(table, labels.separator);
  const name = caption ? `${labelPrefix(labels.regionLabel)}${caption}` : labels.region;
  // A <section> with a name is a region landmark: the native element for what role="region" says.
  return `<section class="table-wrap" tabindex="0" aria-label="${escapeHtml(name)}" data-pagefind-ignore>`;
}

/** Break points for each `<code>` of a table that holds text only (its text as written, still escaped). */
function codeEdits(html: string, table: HtmlElement): SourceEdit[] {
  return outermostElements(table, ['code']).flatMap(({ element }) => {
    const range = onlyTextRange(element);
    return range ? [{ ...range, text: breakableCode(html.slice(range.start, range.end)) }] : [];
  });
}

/**
 * Tables as the reader needs them: every `<code>` without markup inside a `<table>` gets its break
 * points (see breakableCode); every table sits in a `.table-wrap`, the box it scrolls in when wider
 * than the column (Markdown tables get one here), which takes the keyboard focus so it can be
 * scrolled without a mouse, is a region named by `labels` and the table's caption, and is left out of
 * the search index, so search snippets come from prose rather than table cells.
 */
export function readableTables(html: string, labels: TableLabels): string {
  return applyEdits(html, tableEdits(html, parseBody(html), labels));
}

/** The edits of readableTables to `html`, whose tree is `tree`. */
export function tableEdits(html: string, tree: HtmlParent, labels: TableLabels): SourceEdit[] {
  const edits: SourceEdit[] = [];
  for (const { element, start, end, parent } of outermostElements(tree, ['table'])) {
    const opening = wrapOpening(element, labels);
    // A table the template already put in its box gets the box's full opening; any other, a box of its own.
    const wrapper = hasClass(parent, 'table-wrap') ? startOffset(parent) : undefined;
    if (wrapper !== undefined && html.startsWith(WRAP_OPENING, wrapper))
      edits.push({ start: wrapper, end: wrapper + WRAP_OPENING.length, text: opening });
    else edits.push({ start, end: start, text: opening }, { start: end, end, text: '</section>' });
    edits.push(...codeEdits(html, element));
  }
  return edits;
}
