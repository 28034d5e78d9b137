/**
 * A page's body as the reader gets it, from one parse of the HTML Astro rendered: its tables made
 * readable (bodyHtml.ts), a self-link on each heading and requirement (selfLinks.ts), and the
 * sections "On this page" lists (read from the same tree, so without the links). Each pass edits
 * its own places of the same source, so their edits apply together; parsing each pass's output
 * again cost a second and third parse of most pages.
 */
import { sectionHeadingsOf, tableEdits, type BodyHeading, type TableLabels } from './bodyHtml.ts';
import { applyEdits, parseBody } from './htmlElements.ts';
import { selfLinkEdits, type SelfLinkLabels } from './selfLinks.ts';

export interface PageBody {
  html: string;
  sections: BodyHeading[];
}

export function pageBody(
  rendered: string,
  labels: { tables: TableLabels; selfLinks: SelfLinkLabels },
  levelOf: (id: string) => string | undefined,
): PageBody {
  const tree = parseBody(rendered);
  // Tables first: where a table ends at a requirement's opening, its box closes before the rewrite.
  const edits = [
    ...tableEdits(rendered, tree, labels.tables),
    ...selfLinkEdits(rendered, tree, labels.selfLinks, levelOf),
  ];
  return { html: applyEdits(rendered, edits), sections: sectionHeadingsOf(tree) };
}
