/**
 * The language share's files: the committed figures (`language-share.json` at the repository's
 * root) and the measure of a built `dist/`, page by page, for `npm run language-share`. The build
 * itself measures the pages in its page analysis (pages/node/pageAnalysis.ts) and reads only the
 * committed figures from here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { walkFiles } from '../../node/walkFiles.ts';
import { parsePage } from '../../pages/pageMirror.ts';
import { languageShareOf } from '../../pages/languageShare.ts';
import { LANGUAGE_SHARE_FILE, readShareBaseline, translatedLocaleOf, type PageShare } from '../languageShareGate.ts';

/** The committed figures, read and checked (`root`: the repository). */
export function committedShareBaseline(root = REPOSITORY_ROOT): ReturnType<typeof readShareBaseline> {
  const file = join(root, LANGUAGE_SHARE_FILE);
  return readShareBaseline(existsSync(file) ? readFileSync(file, 'utf8') : undefined);
}

/** Every translated page of a built `dist/` measured, in path order. */
export function measureBuiltPages(distRoot: string): PageShare[] {
  return walkFiles(distRoot)
    .filter((file) => file.endsWith(`${sep}index.html`))
    .flatMap((file): PageShare[] => {
      const path = `/${relative(distRoot, file).split(sep).join('/')}`.replace(/index\.html$/, '');
      const locale = translatedLocaleOf(path);
      if (!locale) return [];
      return [{ path, locale, share: languageShareOf(parsePage(readFileSync(file, 'utf8')).tree) }];
    })
    .sort((a, b) => (a.path < b.path ? -1 : 1));
}
