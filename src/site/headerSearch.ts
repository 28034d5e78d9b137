/**
 * The header's search results, loaded on the reader's first keystroke in the header's search field
 * (a lazy chunk: content pages start no search code). The results open in a panel under the header,
 * positioned over the page so nothing below it moves. A search with no result in another language
 * links to the same search in the English record.
 */
import { escapeHtml } from '../record/content/escapeHtml.ts';
import { fillTemplate } from '../record/content/inlineText.ts';
import { findPages, type FoundPage } from './pagefindSearch.ts';

/** Results the panel shows; the search page has the rest. */
const SHOWN = 6;

/** The panel's HTML for the results of one query. */
export function resultsHtml(query: string, results: FoundPage[], labels: DOMStringMap, searchPage: string): string {
  const encoded = encodeURIComponent(query);
  if (results.length === 0) {
    const none = `<p>${escapeHtml(fillTemplate(labels.searchNone ?? '', { query }))}</p>`;
    const english = labels.searchEnglishUrl
      ? `<p><a href="${labels.searchEnglishUrl}?q=${encoded}" hreflang="en-US">${escapeHtml(labels.searchEnglish ?? '')}</a></p>`
      : '';
    return none + english;
  }
  const items = results
    .map(
      (result) =>
        `<li><a href="${escapeHtml(result.url)}">${escapeHtml(result.title)}</a><p>${result.excerpt}</p></li>`,
    )
    .join('');
  return `<ol>${items}</ol><p><a href="${searchPage}?q=${encoded}">${escapeHtml(labels.searchAll ?? '')}</a></p>`;
}

let latest = 0;

/** Runs the query and fills the panel; an older query's answer never overwrites a newer one's. */
export async function showResults(panel: HTMLElement, query: string, searchPage: string): Promise<void> {
  const mine = ++latest;
  if (!query.trim()) {
    panel.hidden = true;
    return;
  }
  const matches = await findPages(query, true);
  if (matches === null || mine !== latest) return; // a newer keystroke replaced this query
  const results = await matches.pages(0, SHOWN);
  if (mine !== latest) return;
  panel.innerHTML = resultsHtml(query, results, document.body.dataset, searchPage);
  panel.hidden = false;
}
