/** Maps a page to its content-collection entry, and small transforms of rendered bodies. */
import type { PageRecord } from '../record/pageIndex.ts';
import { entryIdOf } from '../record/contentPaths.ts';

export function entryOf(page: PageRecord): { collection: 'pages' | 'guides' | 'registry'; id: string } {
  const collection = page.entry.collection as 'pages' | 'guides' | 'registry';
  const prefix = `content/${collection}/`;
  return { collection, id: entryIdOf(page.entry.file.slice(prefix.length)) };
}

/** Text of `textLocale` shown in another locale (a fallback page) keeps the reader in that locale's pages. */
export function localizeFallbackLinks(html: string, textLocale: string, locale: string): string {
  return textLocale === locale ? html : html.replaceAll(`href="/${textLocale}/`, `href="/${locale}/`);
}

/** Splits rendered HTML at `<!-- uaix:<name> -->`; the second part is undefined without a marker. */
export function splitAtMarker(html: string, name: string): [string, string | undefined] {
  const marker = `<!-- uaix:${name} -->`;
  const at = html.indexOf(marker);
  return at < 0 ? [html, undefined] : [html.slice(0, at), html.slice(at + marker.length)];
}
