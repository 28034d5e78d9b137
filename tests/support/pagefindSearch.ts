/**
 * A search through Pagefind's own browser API over the built index, from a page of the site (the
 * page's `<html lang>` picks the index): each result's URL and excerpt, best first.
 */
import type { SiteInBrowser } from './siteInBrowser.ts';

export interface SearchResult {
  url: string;
  excerpt: string;
}

/** The first `limit` results of `query` (all of them when `limit` is undefined), searched from `path`. */
export async function pagefindSearch(
  site: SiteInBrowser,
  path: string,
  query: string,
  limit?: number,
): Promise<SearchResult[]> {
  const page = await site.browser.newPage();
  try {
    await page.goto(site.server.url(path));
    return await page.evaluate(
      async ([text, module, count]) => {
        // The module is the page's own Pagefind bundle, resolved by the browser (not by TypeScript).
        const pagefind = await import(module);
        await pagefind.init();
        const search = await pagefind.search(text);
        const results = count === null ? search.results : search.results.slice(0, count);
        const data = await Promise.all(results.map((result: { data(): Promise<unknown> }) => result.data()));
        return data.map((entry) => {
          const { url, excerpt } = entry as SearchResult;
          return { url, excerpt };
        });
      },
      [query, '/pagefind/pagefind.js', limit ?? null] as const,
    );
  } finally {
    await page.close();
  }
}
