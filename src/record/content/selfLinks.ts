/**
 * Self-links: every heading and requirement of a page body gets a plain `<a href="#id">` to its
 * own place (field-table rows and error codes get theirs from their templates). They work without
 * JavaScript, take the keyboard focus like any link, and carry an accessible name; the JSON mirror
 * lists them (`anchors`) so that agents can cite a place. A requirement's id becomes its link, so
 * the Markdown mirror shows `[UAI1-ENV-001](#UAI1-ENV-001) A packet **MUST** …`; a heading's `#` (drawn by
 * the stylesheet) stays out of the text and the Markdown mirror.
 */
import {
  applyEdits,
  attribute,
  elementText,
  endTagStart,
  holdsClass,
  outermostElements,
  parseBody,
  type HtmlParent,
  type SourceEdit,
} from './htmlElements.ts';
import { escapeHtml } from './escapeHtml.ts';

/** What a self-link points at: the kinds the JSON mirror lists. */
export type AnchorKind = 'heading' | 'requirement' | 'field' | 'code';

export interface SelfLinkLabels {
  heading(text: string): string;
  requirement(id: string): string;
}

/** A requirement as Markdown renders it: a paragraph or a tight list item whose text opens with `[ID] `. */
const RENDERED_REQUIREMENT = /<(p|li)>\[(UAI1-[A-Z]+-[0-9]{3})\] /g;

/**
 * The self-link element of one anchor; `labelHtml` is its accessible name, already escaped for an
 * attribute. Only a requirement's link (its id) is kept in the Markdown mirror.
 */
export function selfLinkHtml(id: string, kind: AnchorKind, labelHtml: string, text = ''): string {
  const skip = kind === 'requirement' ? '' : ' data-mirror="skip"';
  const href = `#${escapeHtml(id)}`;
  return `<a class="self-link" href="${href}" data-anchor="${kind}" aria-label="${labelHtml}"${skip}>${text}</a>`;
}

/** The body with a self-link on every `<h2>`/`<h3>` that has an id and on every requirement. */
export function withSelfLinks(
  html: string,
  labels: SelfLinkLabels,
  levelOf: (id: string) => string | undefined,
): string {
  return applyEdits(html, selfLinkEdits(html, parseBody(html), labels, levelOf));
}

/**
 * The edits that give `html` (whose tree is `tree`) its self-links: each requirement's opening
 * rewritten, and a link inserted before each heading's end tag. Edits to the same source, so a
 * caller can apply them together with other passes' edits after one parse.
 */
export function selfLinkEdits(
  html: string,
  tree: HtmlParent,
  labels: SelfLinkLabels,
  levelOf: (id: string) => string | undefined,
): SourceEdit[] {
  const edits: SourceEdit[] = [];
  for (const match of html.matchAll(RENDERED_REQUIREMENT)) {
    const [whole, tag, id] = match;
    const level = levelOf(id);
    const attributes = `id="${id}" class="requirement"${level ? ` data-level="${level}"` : ''}`;
    const text = `<${tag} ${attributes}>${selfLinkHtml(id, 'requirement', escapeHtml(labels.requirement(id)), id)} `;
    edits.push({ start: match.index, end: match.index + whole.length, text });
  }
  for (const found of outermostElements(tree, ['h2', 'h3'])) {
    const id = attribute(found.element, 'id');
    // A body passed through twice keeps one link per heading.
    if (!id || holdsClass(found.element, 'self-link')) continue;
    const closeAt = endTagStart(found);
    // The label's own words and the heading's text are escaped for the attribute.
    const label = labels.heading('\u0000').split('\u0000').map(escapeHtml).join(escapeHtml(elementText(found.element)));
    edits.push({ start: closeAt, end: closeAt, text: ` ${selfLinkHtml(id, 'heading', label)}` });
  }
  return edits;
}
