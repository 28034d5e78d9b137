/** Maps a page to its content-collection entry, and small transforms of rendered bodies. */
import type { Page } from '../record/pages/pageIndex.ts';
import { entryIdOf } from '../record/content/contentPaths.ts';
import { BODY_MARKERS, markerComment, type BodyMarker } from '../record/content/bodyMarkers.ts';

export function entryOf(page: Page): { collection: 'pages' | 'guides' | 'registry'; id: string } {
  const collection = page.entry.collection as 'pages' | 'guides' | 'registry';
  const prefix = `content/${collection}/`;
  return { collection, id: entryIdOf(page.entry.file.slice(prefix.length)) };
}

/** Text of `textLocale` shown in another locale (a fallback page) keeps the reader in that locale's pages. */
export function localizeFallbackLinks(html: string, textLocale: string, locale: string): string {
  return textLocale === locale ? html : html.replaceAll(`href="/${textLocale}/`, `href="/${locale}/`);
}

/** Rendered HTML cut at every `<!-- uaix:<marker> -->`: HTML parts and the markers between them, in order. */
export function bodySegments(html: string): ({ html: string } | { marker: BodyMarker })[] {
  const segments: ({ html: string } | { marker: BodyMarker })[] = [];
  let rest = html;
  for (;;) {
    const next = BODY_MARKERS.map((marker) => ({ marker, at: rest.indexOf(markerComment(marker)) }))
      .filter((found) => found.at >= 0)
      .sort((a, b) => a.at - b.at)[0];
    if (!next) break;
    segments.push({ html: rest.slice(0, next.at) }, { marker: next.marker });
    rest = rest.slice(next.at + markerComment(next.marker).length);
  }
  segments.push({ html: rest });
  return segments;
}
