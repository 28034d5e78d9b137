/**
 * The place a broken link's message names: for a page built from content Markdown, the content file
 * and the line the link is written on, and the page's URL; for a link the Markdown does not hold
 * (a template's), or in any other file (a route record, llms.txt, the manifest), that file's own
 * line and column. Each file is read once, and only for broken links.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import type { LinkPlace, LinkSource } from '../linkCheck.ts';
import { placeOfUrl } from '../linkPlace.ts';
import type { PageIndex } from '../../pages/pageIndex.ts';
import { htmlFileUrl } from '../../model/publicPaths.ts';

/** `placeOf(link)` for checkLinks: `distRoot` holds the built files (public paths), the repository the rest. */
export function linkPlaces(index: PageIndex, distRoot: string): (link: LinkSource) => LinkPlace {
  const texts = new Map<string, string | undefined>();
  const textOf = (path: string) => {
    if (!texts.has(path)) {
      try {
        texts.set(path, readFileSync(path, 'utf8'));
      } catch {
        texts.set(path, undefined);
      }
    }
    return texts.get(path);
  };
  const placeIn = (path: string, url: string) => {
    const text = textOf(path);
    return text === undefined ? undefined : placeOfUrl(text, url);
  };
  return (link) => {
    const page = index.byUrl.get(htmlFileUrl(link.file));
    if (page) {
      const { file, locale } = page.entry;
      // A page showing another locale's text has that text's links moved to its own locale.
      const written = link.href.replace(`/${page.locale}/`, `/${locale}/`);
      const inMarkdown = placeIn(join(REPOSITORY_ROOT, file), written);
      if (inMarkdown) return { file, place: inMarkdown, page: page.url };
    }
    const path = link.file.startsWith('/') ? join(distRoot, link.file) : join(REPOSITORY_ROOT, link.file);
    const place = placeIn(path, link.href);
    return place ? { file: link.file, place } : { file: link.file };
  };
}
