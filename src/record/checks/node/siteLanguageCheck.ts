/**
 * The site's language check: every translated string against its locale's glossary (banned
 * renderings) and French and Chinese punctuation, with the Markdown parses of earlier builds (ProseParseCache).
 * Nearly all of its time is Markdown parsing (about 4 s of the content check at fifty times the
 * record, cold), so the build runs it on a worker thread beside Astro's content sync, which keeps
 * the other core idle (languageCheckThread.ts); `astro dev` and the tests run it in-thread. Both
 * run `languageProblems`. The link-scheme check of the same prose (sourceLinks.ts) reads the URLs
 * of the same parses, so it runs here beside it.
 */
import { checkGlossary, checkLanguage } from '../languageCheck.ts';
import type { ProseText } from '../../content/proseText.ts';
import type { Glossary } from '../../content/contentSchemas.ts';
import { localeOf } from '../../model/locales.ts';
import type { Problem } from '../../../uai/problem.ts';
import { ProseParseCache } from './proseParseCache.ts';
import { proseLinkSchemeProblems } from '../sourceLinks.ts';

/** What the language check reads: plain data, so that a worker thread can be sent it. */
export interface LanguageCheckInput {
  /** Every string of prose: content entries and the data files' strings. */
  prose: ProseText[];
  glossaries: { file: string; locale: string; data: Glossary }[];
  /** Where the Markdown parses are kept between builds (default: PROSE_PARSE_CACHE_FILE). */
  cacheFile?: string;
}

/**
 * The problems, as data (a worker thread posts them as they are): the glossaries' own
 * contradictions, then the prose against each locale's glossary (never the glossaries themselves,
 * which spell out the banned renderings), then every link of the prose against the link-scheme rule.
 */
export function languageProblems({ prose, glossaries, cacheFile }: LanguageCheckInput): Problem[] {
  const glossaryOf = new Map(glossaries.map((file) => [file.locale, file.data]));
  const parses = new ProseParseCache(cacheFile);
  const problems = [
    ...glossaries.flatMap((file) => checkGlossary(file.file, file.data)),
    ...checkLanguage(
      prose,
      (locale) => ({
        glossary: glossaryOf.get(locale),
        frenchPunctuation: localeOf(locale).lang.startsWith('fr'),
        chinesePunctuation: localeOf(locale).lang.startsWith('zh'),
      }),
      parses.runsOf,
    ),
  ];
  const linkProblems = proseLinkSchemeProblems(prose, parses.urlsOf);
  parses.save();
  return [...problems, ...linkProblems];
}
