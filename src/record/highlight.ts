/**
 * Build-time syntax highlighting with Shiki, one highlighter for the whole build and one result
 * per distinct (language, code): the same fixture shown in five locales is highlighted once.
 */
import { createHighlighter, type Highlighter } from 'shiki';

export const CODE_THEMES = { light: 'github-light', dark: 'github-dark' } as const;
const LANGUAGES = ['json', 'shell', 'text', 'markdown'] as const;
export type CodeLanguage = (typeof LANGUAGES)[number];

let highlighter: Promise<Highlighter> | undefined;
const cache = new Map<string, string>();

export async function highlightCode(code: string, lang: CodeLanguage): Promise<string> {
  const key = `${lang}\u0000${code}`;
  const hit = cache.get(key);
  if (hit) return hit;
  highlighter ??= createHighlighter({ themes: Object.values(CODE_THEMES), langs: [...LANGUAGES] });
  const html = (await highlighter).codeToHtml(code, { lang, themes: CODE_THEMES, defaultColor: 'light' });
  cache.set(key, html);
  return html;
}
