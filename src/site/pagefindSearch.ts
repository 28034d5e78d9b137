/**
 * Pagefind's own API, shared by the header's results panel and the search page: the index of the
 * page's language is loaded on first use, and a query's results come back whole (title, address,
 * snippet and the page's matching sections), so a list is drawn once and never refills in place.
 */
import { readableSnippet, searchableQuery } from '../record/pages/searchText.ts';

const PAGEFIND = '/pagefind/pagefind.js';

/** One page that matches, with the sections of it that match (their addresses carry the heading's anchor). */
export interface FoundPage {
  url: string;
  title: string;
  /** Pagefind's escaped text with its `<mark>`s. Titles and snippets read as the page does (searchText.ts). */
  excerpt: string;
  sections: { url: string; title: string; excerpt: string }[];
}

export interface PagefindData {
  url: string;
  excerpt: string;
  meta: { title?: string };
  sub_results?: { url: string; title: string; excerpt: string }[];
}
interface PagefindResult {
  data(): Promise<PagefindData>;
}
interface Pagefind {
  search(query: string): Promise<{ results: PagefindResult[] }>;
  debouncedSearch(query: string): Promise<{ results: PagefindResult[] } | null>;
}

let pagefind: Promise<Pagefind> | undefined;
const loadPagefind = (): Promise<Pagefind> => (pagefind ??= import(/* @vite-ignore */ PAGEFIND) as Promise<Pagefind>);

/** The matches of one query, in Pagefind's order; each page's data is fetched only when asked for. */
export interface Matches {
  total: number;
  pages(from: number, count: number): Promise<FoundPage[]>;
}

/** A result as the lists draw it, from the data Pagefind holds for it. */
export function foundPage(data: PagefindData): FoundPage {
  return {
    url: data.url,
    title: readableSnippet(data.meta.title ?? data.url),
    excerpt: readableSnippet(data.excerpt),
    // Pagefind lists the page itself among its sections when the match is above the first heading, and
    // a section whose snippet is the page's would say the same twice.
    sections: (data.sub_results ?? [])
      .filter((section) => section.url !== data.url && section.excerpt !== data.excerpt)
      .map((section) => ({
        url: section.url,
        title: readableSnippet(section.title),
        excerpt: readableSnippet(section.excerpt),
      })),
  };
}

/**
 * Runs a query as the index holds its words. `debounced` waits out fast typing, and gives null when
 * a newer query replaced this one; an empty query matches nothing.
 */
export async function findPages(query: string, debounced = false): Promise<Matches | null> {
  const terms = searchableQuery(query).trim();
  if (!terms) return { total: 0, pages: async () => [] };
  const engine = await loadPagefind();
  const search = debounced ? await engine.debouncedSearch(terms) : await engine.search(terms);
  if (search === null) return null;
  return {
    total: search.results.length,
    pages: (from, count) =>
      Promise.all(search.results.slice(from, from + count).map(async (result) => foundPage(await result.data()))),
  };
}
