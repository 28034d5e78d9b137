/**
 * Raw HTML in content Markdown is refused: the pages carry no HTML, script or style of their own
 * (the Content-Security-Policy allows no inline script), and Astro's Markdown passes raw HTML
 * through as it is. The one HTML a body may hold is a marker comment, `<!-- uaix:<marker> -->`,
 * which the page replaces with a generated block.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Nodes } from 'mdast';
import { MARKDOWN_OPTIONS } from './proseText.ts';
import { BODY_MARKERS, markerComment } from './bodyMarkers.ts';
import type { Problem } from '../../uai/problem.ts';

const MARKER_COMMENTS = new Set(BODY_MARKERS.map(markerComment));

/**
 * One `markdown-raw-html` problem per raw HTML node of `body`, a Markdown body that starts on line
 * `bodyLine` of `file`.
 */
export function rawHtmlProblems(file: string, body: string, bodyLine: number): Problem[] {
  // Raw HTML starts with "<": a body without one needs no parse.
  if (!body.includes('<')) return [];
  const problems: Problem[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === 'html') {
      if (MARKER_COMMENTS.has(node.value.trim())) return;
      const line = bodyLine + (node.position?.start.line ?? 1) - 1;
      const column = node.position?.start.column ?? 1;
      const shown = node.value.split('\n')[0];
      problems.push({
        file,
        place: { line, column },
        message: `raw HTML in Markdown: ${JSON.stringify(shown.length > 60 ? `${shown.slice(0, 57)}...` : shown)}`,
        rule: 'markdown-raw-html',
        hint: 'write it in Markdown, or as code between backticks',
      });
      return;
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(fromMarkdown(body, MARKDOWN_OPTIONS));
  return problems;
}
