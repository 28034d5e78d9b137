/**
 * Build-time syntax highlighting with Shiki, one highlighter for the whole build and one result
 * per distinct (language, code): the same fixture shown in five locales is highlighted once.
 */
import { createHighlighter, type Highlighter, type ShikiTransformer } from 'shiki';

export const CODE_THEMES = { light: 'github-light', dark: 'github-dark' } as const;
const LANGUAGES = ['json', 'shell', 'text', 'markdown'] as const;
export type CodeLanguage = (typeof LANGUAGES)[number];

/**
 * Shiki's tokenizer gives up on a line after `tokenizeTimeLimit` milliseconds of wall-clock time
 * (500 by default) and leaves the rest of it plain, so a busy machine would publish other HTML
 * (and other CSP hashes and digests) for the same commit. 0 means no limit: the output depends on
 * the code alone.
 */
export const TOKENIZE_TIME_LIMIT = 0;

/**
 * Sets the tokenizer's time limit where the caller's options cannot: Astro's Markdown highlighting
 * (`markdown.shikiConfig`) passes only its own options to Shiki, but runs the configured
 * transformers, whose `preprocess` hook receives the options before tokenizing.
 */
export const untimedTokenizer: ShikiTransformer = {
  name: 'uaix:untimed-tokenizer',
  preprocess(_code, options) {
    options.tokenizeTimeLimit = TOKENIZE_TIME_LIMIT;
  },
};

let highlighter: Promise<Highlighter> | undefined;
const cache = new Map<string, string>();

export async function highlightCode(code: string, lang: CodeLanguage): Promise<string> {
  const key = `${lang}\u0000${code}`;
  const hit = cache.get(key);
  if (hit) return hit;
  highlighter ??= createHighlighter({ themes: Object.values(CODE_THEMES), langs: [...LANGUAGES] });
  const html = (await highlighter).codeToHtml(code, {
    lang,
    themes: CODE_THEMES,
    defaultColor: 'light',
    tokenizeTimeLimit: TOKENIZE_TIME_LIMIT,
  });
  cache.set(key, html);
  return html;
}
