/**
 * Options for @astrojs/sitemap: only pages that are their own canonical (a fallback page's
 * canonical is the page whose text it shows; search pages are not records), hreflang alternates
 * from the page index (real translations plus x-default, as in the page heads), lastmod from git.
 */
import { hreflangAlternates, inSitemap, type PageIndex } from '../../pages/pageIndex.ts';
import { lastChangedDate } from '../../content/node/gitDates.ts';

interface SitemapLink {
  lang: string;
  url: string;
}
interface SitemapItem {
  url: string;
  links?: SitemapLink[];
  lastmod?: string;
}

export function sitemapAlternates(
  index: PageIndex,
  url: string,
): { links: SitemapLink[]; lastmod?: string } | undefined {
  const page = index.byUrl.get(url);
  if (!page) return undefined;
  const links = hreflangAlternates(page).map((alternate) => ({ lang: alternate.hreflang, url: alternate.href }));
  return { links, lastmod: lastChangedDate([page.source.file, page.entry.file]) };
}

/**
 * `pageIndex` gives the index of the site the build checked and rendered (asked for only once the
 * pages are built), so the sitemap lists exactly those pages without reading the content again.
 */
export function sitemapOptions(pageIndex: () => PageIndex) {
  return {
    // Only record pages are listed: the root is a language chooser whose canonical is /en-us/.
    filter(url: string) {
      const page = pageIndex().byUrl.get(new URL(url).pathname);
      return page !== undefined && inSitemap(page);
    },
    serialize(item: SitemapItem): SitemapItem {
      const path = new URL(item.url).pathname;
      const found = sitemapAlternates(pageIndex(), path);
      if (!found) return { url: item.url };
      return { url: item.url, links: found.links, ...(found.lastmod ? { lastmod: found.lastmod } : {}) };
    },
  };
}
