/**
 * Where content lives and which URL it gets: `content/<collection>/<locale>/<path>.md`.
 * `index.md` stands for its folder. Guides and profiles sit under their section's path.
 */
import type { Collection } from '../pages/pageIndex.ts';

export const MARKDOWN_COLLECTIONS = ['pages', 'guides', 'registry'] as const;

/** Content entry id: the file path without extension, `index` standing for its folder. */
export function entryIdOf(relativeFile: string): string {
  return relativeFile.replace(/\.(md|json)$/, '').replace(/(^|\/)index$/, '');
}

/** Splits an entry id `<locale>/<rest>` and maps it to the page's route path. */
export function routeOfEntry(collection: Collection, id: string): { locale: string; path: string } {
  const [locale, ...rest] = id.split('/');
  const tail = rest.join('/');
  const path = collection === 'guides' ? `guides/${tail}` : collection === 'registry' ? `registry/${tail}` : tail;
  return { locale, path };
}
