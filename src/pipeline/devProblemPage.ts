/**
 * The page `astro dev` answers every page request with while the record's sources have problems: a
 * small HTML document, readable without JavaScript, listing each problem as the same line the
 * terminal prints (Astro's own error page shows them only in its script-driven overlay).
 */
import { escapeHtml } from '../record/content/escapeHtml.ts';
import { formatProblem, type Problem } from '../uai/problem.ts';

export function devProblemPage(stage: string, problems: readonly Problem[]): string {
  const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  const items = problems.map((problem) => `<li>${escapeHtml(formatProblem(problem))}</li>`);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>The record has problems</title>',
    // Vite's client reloads the page when the check that follows an edit is done; without
    // JavaScript the page reads the same and a manual reload does it.
    '<script type="module" src="/@vite/client"></script>',
    '</head>',
    '<body>',
    '<h1>The record has problems</h1>',
    `<p>${escapeHtml(stage)}: ${count}, one per line as the terminal prints them (file:line:column: message [rule]).</p>`,
    '<ul>',
    ...items,
    '</ul>',
    '<p>The dev server shows this page until the files are fixed; it reloads once they are.</p>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * A request for a page rather than for one of the dev server's own modules: a GET or HEAD of a page
 * path (every page path ends in `/`, as trailingSlash 'always' has it) or any request a browser
 * makes for a document. Vite's modules (/@vite/client, /src/…) are neither and are left to Vite.
 */
export function isPageRequest(
  method: string | undefined,
  url: string | undefined,
  accept: string | undefined,
): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = (url ?? '/').split(/[?#]/, 1)[0];
  return path.endsWith('/') || (accept ?? '').includes('text/html');
}
