/**
 * The search page's results. The page's own form (a field and a button, in the HTML) runs the
 * query in `?q=` on load and again as the reader types. Each batch of results is drawn once, whole,
 * into room the stylesheet keeps for it, so nothing on the page moves as results arrive; further
 * batches come on the reader's request. The link to the English record's search follows the query.
 */
import { escapeHtml } from '../record/content/escapeHtml.ts';
import { fillTemplate } from '../record/content/inlineText.ts';
import { findPages, type FoundPage, type Matches } from './pagefindSearch.ts';

/** Pages drawn at once, and at each "More results". */
const BATCH = 10;
/** Matching sections shown under a page. */
const SECTIONS = 3;

/** One result: the page's title and snippet, then its matching sections. */
export function resultHtml(result: FoundPage): string {
  const sections = result.sections
    .slice(0, SECTIONS)
    .map(
      (section) =>
        `<li><a href="${escapeHtml(section.url)}">${escapeHtml(section.title)}</a><p>${section.excerpt}</p></li>`,
    )
    .join('');
  return (
    `<li class="search-result"><a class="search-result-title" href="${escapeHtml(result.url)}">${escapeHtml(result.title)}</a>` +
    `<p>${result.excerpt}</p>${sections ? `<ul class="search-result-sections">${sections}</ul>` : ''}</li>`
  );
}

/** The address of the search page for a query (no `?q=` for an empty one). */
const withQuery = (path: string, query: string): string =>
  query.trim() ? `${path}?q=${encodeURIComponent(query.trim())}` : path;

export function startSearchPage(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('form.search-form');
  const input = root.querySelector<HTMLInputElement>('input[name="q"]');
  const status = root.querySelector<HTMLElement>('.search-status');
  const list = root.querySelector<HTMLOListElement>('ol.search-list');
  const more = root.querySelector<HTMLButtonElement>('button.search-more');
  const english = document.querySelector<HTMLAnchorElement>('a#search-english');
  if (!form || !input || !status || !list || !more) return;
  const labels = root.dataset;
  const englishPath = english?.pathname;
  let latest = 0;
  let current: Matches | undefined;

  const showMore = async (matches: Matches, run: number): Promise<void> => {
    const shown = list.children.length;
    const pages = await matches.pages(shown, BATCH);
    if (run !== latest) return;
    list.insertAdjacentHTML('beforeend', pages.map(resultHtml).join(''));
    more.hidden = list.children.length >= matches.total;
  };

  const run = async (query: string, debounced: boolean): Promise<void> => {
    const mine = ++latest;
    if (english && englishPath) english.href = withQuery(englishPath, query);
    const matches = await findPages(query, debounced);
    if (matches === null || mine !== latest) return; // a newer query replaced this one
    current = matches;
    list.replaceChildren();
    more.hidden = true;
    const pages = await matches.pages(0, BATCH);
    if (mine !== latest) return;
    status.textContent = !query.trim()
      ? ''
      : fillTemplate((matches.total ? labels.count : labels.none) ?? '', {
          query: query.trim(),
          count: new Intl.NumberFormat(document.documentElement.lang).format(matches.total),
        });
    list.innerHTML = pages.map(resultHtml).join('');
    more.hidden = pages.length >= matches.total;
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    history.replaceState(null, '', withQuery(location.pathname, input.value));
    void run(input.value, false);
  });
  input.addEventListener('input', () => {
    history.replaceState(null, '', withQuery(location.pathname, input.value));
    void run(input.value, true);
  });
  more.addEventListener('click', () => current && void showMore(current, latest));
  const query = new URLSearchParams(location.search).get('q') ?? '';
  if (query) {
    input.value = query;
    void run(query, false);
  }
}
