/**
 * The language share: per translated page, the letters of its main text that are not in the page's
 * language (pages/languageShare.ts defines them). The build reports them per locale and fails on
 * English sentences that are marked as the page's language (undeclared text); the figures committed in
 * `language-share.json` (target 0) record where declared English remains, and `npm run language-share`
 * writes the last build's measure there (`-- --check` fails while the file differs from it). A page the
 * file does not name yet is reported: adding a page or a locale must not need this file first.
 */
import type { LanguageShare } from '../pages/languageShare.ts';
import { number, objectOf, recordOf, shapeProblem } from '../model/jsonShape.ts';
import type { Problem } from '../../uai/problem.ts';
import { isLocale, SOURCE_LOCALE } from '../model/locales.ts';

/** The committed figures, beside the sources (never published). */
export const LANGUAGE_SHARE_FILE = 'language-share.json';
export const LANGUAGE_SHARE_RULE = 'language-share';

/** One translated page's measure. */
export interface PageShare {
  /** Public path, `/fr-fr/about/`. */
  path: string;
  locale: string;
  share: LanguageShare;
}

/** The locale of a translated page's path (`/fr-fr/about/`), or undefined for any other page. */
export function translatedLocaleOf(path: string): string | undefined {
  const segment = path.split('/')[1] ?? '';
  return isLocale(segment) && segment !== SOURCE_LOCALE ? segment : undefined;
}

/** The committed figures: letters in another language and letters in all, per page path. */
export type ShareBaseline = Record<string, { foreign: number; total: number }>;

const BASELINE_SHAPE = objectOf({ pages: recordOf(objectOf({ foreign: number, total: number })) });

/** The committed file read: its figures, or its one problem. */
export function readShareBaseline(text: string | undefined): { baseline: ShareBaseline } | { problem: Problem } {
  const problem = (message: string): { problem: Problem } => ({
    problem: {
      file: LANGUAGE_SHARE_FILE,
      message,
      rule: LANGUAGE_SHARE_RULE,
      hint: 'npm run language-share writes it from the pages of the last build',
    },
  });
  if (text === undefined) return problem('is missing');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return problem('is not JSON');
  }
  const wrong = shapeProblem(BASELINE_SHAPE, value);
  if (wrong !== undefined) return problem(wrong);
  return { baseline: (value as { pages: ShareBaseline }).pages };
}

/** The file's text for `pages`: sorted by path, one page a line, so a change is one line of a diff. */
export function shareBaselineText(pages: readonly PageShare[]): string {
  const lines = [...pages]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map(({ path, share }) => `    ${JSON.stringify(path)}: { "foreign": ${share.foreign}, "total": ${share.total} }`);
  return `{\n  "pages": {\n${lines.join(',\n')}\n  }\n}\n`;
}

const percent = (foreign: number, total: number) => `${total ? ((100 * foreign) / total).toFixed(1) : '0.0'}%`;

/**
 * One problem per page whose main text holds English sentences marked as the page's language: text
 * nobody declared, so no reader, tool or translator knows it is English. Text marked with its own
 * `lang` (a pending translation shown in English, say) is declared: the report counts it and
 * language-share.json records it, but it stops no build, since the fallbacks that show it are the
 * record's design (an English changelog entry before its translation, a catalog entry pending).
 */
export function languageShareProblems(pages: readonly PageShare[]): Problem[] {
  return pages.flatMap(({ path, share }): Problem[] =>
    share.unmarked > 0
      ? [
          {
            file: path,
            message: `${share.unmarked} letters of the main text are English sentences marked as ${share.lang} (${percent(share.foreign, share.total)} of its ${share.total} letters is not in ${share.lang})`,
            rule: LANGUAGE_SHARE_RULE,
            hint: 'translate the text, or mark it with its language (lang="en-US") until it is',
          },
        ]
      : [],
  );
}

export function baselineDrift(
  pages: readonly PageShare[],
  baseline: ShareBaseline,
): { unrecorded: string[]; gone: string[] } {
  const measured = new Set(pages.map((page) => page.path));
  return {
    unrecorded: pages.filter((page) => !Object.hasOwn(baseline, page.path)).map((page) => page.path),
    gone: Object.keys(baseline).filter((path) => !measured.has(path)),
  };
}

/** `a` is a larger share than `b`, compared exactly (no division). */
const larger = (a: { foreign: number; total: number }, b: { foreign: number; total: number }) =>
  a.foreign * b.total > b.foreign * a.total;

/** How many of the worst pages the report names per locale. */
const WORST_PAGES = 3;

/** The report: one line per locale, its share in all and its worst pages. */
export function languageShareReport(pages: readonly PageShare[]): string[] {
  const locales = [...new Set(pages.map((page) => page.locale))].sort();
  return locales.map((locale) => {
    const own = pages.filter((page) => page.locale === locale);
    const foreign = own.reduce((sum, page) => sum + page.share.foreign, 0);
    const total = own.reduce((sum, page) => sum + page.share.total, 0);
    const worst = own
      .filter((page) => page.share.foreign > 0)
      .sort((a, b) => (larger(a.share, b.share) ? -1 : larger(b.share, a.share) ? 1 : a.path < b.path ? -1 : 1))
      .slice(0, WORST_PAGES)
      .map((page) => `${page.path} ${percent(page.share.foreign, page.share.total)}`);
    const pagesWith = own.filter((page) => page.share.foreign > 0).length;
    return `${locale}: ${percent(foreign, total)} not in the page's language (${foreign} of ${total} letters; ${pagesWith} of ${own.length} pages)${worst.length ? `; worst: ${worst.join(', ')}` : ''}`;
  });
}
