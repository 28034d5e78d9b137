/**
 * Options for @astrojs/sitemap: hreflang alternates only for real translations (plus x-default),
 * lastmod from git, and no search pages. Fallback pages are listed as pages of their own, never as
 * translations of the English record.
 */
import { loadContentEntries } from './contentFiles.ts';
import { buildRecordIndex, type RecordIndex } from '../pageIndex.ts';
import { SITE_ORIGIN, SOURCE_LOCALE, localeOf, pageUrl } from '../locales.ts';
import { lastChangedDate } from './gitDates.ts';

interface SitemapLink {
  lang: string;
  url: string;
}
interface SitemapItem {
  url: string;
  links?: SitemapLink[];
  lastmod?: string;
}

export function sitemapAlternates(index: RecordIndex, url: string): { links: SitemapLink[]; lastmod?: string } | undefined {
  const page = index.byUrl.get(url);
  if (!page) return undefined;
  const isTranslation = page.state !== 'fallback';
  const links = isTranslation
    ? [
        ...page.translatedLocales.map((code) => ({ lang: localeOf(code).lang, url: `${SITE_ORIGIN}${pageUrl(code, page.path)}` })),
        { lang: 'x-default', url: `${SITE_ORIGIN}${pageUrl(SOURCE_LOCALE, page.path)}` },
      ]
    : [];
  return { links, lastmod: lastChangedDate([page.source.file, page.entry.file]) };
}

export function sitemapOptions() {
  let index: RecordIndex | undefined;
  const recordIndex = () => (index ??= buildRecordIndex(loadContentEntries().entries));
  return {
    // The root is a language chooser whose canonical is /en-us/; search pages are not records.
    filter: (page: string) => new URL(page).pathname !== '/' && !/\/search\/$/.test(new URL(page).pathname),
    serialize(item: SitemapItem): SitemapItem {
      const path = new URL(item.url).pathname;
      const found = sitemapAlternates(recordIndex(), path);
      if (!found) return { url: item.url };
      return { url: item.url, links: found.links, ...(found.lastmod ? { lastmod: found.lastmod } : {}) };
    },
  };
}
