/**
 * A page's body as the reader gets it, from one parse of the HTML Astro rendered: its tables made
 * readable (bodyHtml.ts), a self-link on each heading and requirement (selfLinks.ts), and the
 * sections "On this page" lists (read from the same tree, so without the links). Each pass edits
 * its own places of the same source, so their edits apply together; parsing each pass's output
 * again cost a second and third parse of most pages.
 */
import { sectionHeadingsOf, tableEdits, type BodyHeading, type TableLabels } from './bodyHtml.ts';
import { applyEdits, parseBody, type SourceEdit } from './htmlElements.ts';
import { selfLinkEdits, type SelfLinkLabels } from './selfLinks.ts';

export interface PageBody {
  html: string;
  sections: BodyHeading[];
}

export interface PageBodyLabels {
  tables: TableLabels;
  selfLinks: SelfLinkLabels;
}

/** What pageBody does to a body: its edits of the rendered HTML, and its sections. */
export interface PageBodyEdits {
  edits: SourceEdit[];
  sections: BodyHeading[];
}

export function pageBody(
  rendered: string,
  labels: PageBodyLabels,
  levelOf: (id: string) => string | undefined,
): PageBody {
  return withEdits(rendered, pageBodyEdits(rendered, labels, levelOf));
}

/** The body with its edits applied. */
export function withEdits(rendered: string, { edits, sections }: PageBodyEdits): PageBody {
  return { html: applyEdits(rendered, edits), sections };
}

export function pageBodyEdits(
  rendered: string,
  labels: PageBodyLabels,
  levelOf: (id: string) => string | undefined,
): PageBodyEdits {
  const tree = parseBody(rendered);
  // Tables first: where a table ends at a requirement's opening, its box closes before the rewrite.
  const edits = [
    ...tableEdits(rendered, tree, labels.tables),
    ...selfLinkEdits(rendered, tree, labels.selfLinks, levelOf),
  ];
  return { edits, sections: sectionHeadingsOf(tree) };
}
