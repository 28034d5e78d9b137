/**
 * A built page's own status as its status strip shows it (the "This page" fact, in the page's
 * interface language), and the interface strings it is written with, for the page-status tests.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeRegExp } from '../../src/uai/regExpText.ts';

/** content/i18n/<locale>.json's string for `key` (English when the locale lacks it), with its placeholders filled. */
export function uiString(root: string, locale: string, key: string, values: Record<string, string> = {}): string {
  const table = (code: string) =>
    JSON.parse(readFileSync(join(root, 'content/i18n', `${code}.json`), 'utf8')) as Record<string, string>;
  const text = table(locale)[key] ?? table('en-us')[key];
  if (text === undefined) throw new Error(`content/i18n: no string ${key}`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The strip's "This page" fact: its text (tags removed) and the links it holds. */
export function pageStatusStrip(html: string, locale: string, root: string): { text: string; links: string[] } {
  const term = escapeRegExp(uiString(root, locale, 'edition.page_status'));
  const value = new RegExp(`<dt>${term}</dt><dd>(.*?)</dd>`).exec(html)?.[1];
  if (value === undefined) return { text: '(no status in the strip)', links: [] };
  return {
    text: value
      .replace(/<[^>]*>/g, '')
      .replace(/&amp;/g, '&')
      .trim(),
    links: [...value.matchAll(/href="([^"]+)"/g)].map((found) => found[1]),
  };
}
