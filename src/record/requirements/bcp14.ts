/**
 * The BCP 14 key words (RFC 2119 and RFC 8174) as each locale writes them: one table
 * (content/bcp14.json) maps every form to its level and its locale, and one scan finds the forms in
 * a text. Only capitals count (RFC 8174: the key words have their special meaning only in capitals),
 * so "must" in prose is ordinary English. A script without letter case (Chinese) cannot set its key
 * words apart by capitals, so its forms are caseless: such a form is a key word only where it is
 * marked up as strong emphasis (`**必须**`), and in ordinary prose it is an ordinary word.
 */
import type { Bcp14 } from '../content/contentSchemas.ts';
import type { Problem } from '../../uai/problem.ts';
import { escapeRegExp } from '../../uai/regExpText.ts';

export type Bcp14Level = Bcp14['levels'][number]['level'];

/** One key word found in a text: its form, its offset, and what the table says of it. */
export interface KeywordHit {
  form: string;
  offset: number;
  level: Bcp14Level;
  /** The locale whose form it is. */
  locale: string;
  /** Written in a script without case: a key word only where it is marked up. */
  caseless: boolean;
}

/** Scripts written without spaces between words: a key word there sits between letters. */
const UNSPACED_LETTER = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}]';
/** A letter, digit, `_` or `-` of a spaced script: a cased form may not touch one. */
const WORD_CHARACTER = `(?!${UNSPACED_LETTER})[\\p{L}\\p{N}_-]`;

/** A form with no cased letter (every letter `Lo`, "other letter"): a script that has no capitals. */
export function isCaselessForm(form: string): boolean {
  return /^\p{Lo}+$/u.test(form);
}

export interface KeywordTable {
  /** Every form of the table, each with its level and locale. */
  forms: ReadonlyMap<string, { level: Bcp14Level; locale: string; caseless: boolean }>;
  /** The forms a locale writes, by level (absent: the table has no column for the locale). */
  formsOf(locale: string): ReadonlyMap<Bcp14Level, readonly string[]> | undefined;
  /** Every form in `text`, left to right; a longer form wins over a shorter one it contains. */
  scan(text: string): KeywordHit[];
}

/** Builds the scanner of a table, after checking that no form belongs to two levels or two locales. */
export function keywordTable(table: Bcp14, file: string): { table: KeywordTable; problems: Problem[] } {
  const forms = new Map<string, { level: Bcp14Level; locale: string; caseless: boolean }>();
  const byLocale = new Map<string, Map<Bcp14Level, string[]>>();
  const problems: Problem[] = [];
  table.levels.forEach((row, index) => {
    for (const [locale, list] of Object.entries(row.forms)) {
      const levels = byLocale.get(locale) ?? byLocale.set(locale, new Map()).get(locale)!;
      levels.set(row.level, [...list]);
      for (const form of list) {
        const owner = forms.get(form);
        if (owner)
          problems.push({
            file,
            place: { pointer: `/levels/${index}/forms/${locale}` },
            message: `"${form}" is already the ${owner.locale} form of ${owner.level}`,
            rule: 'bcp14-table',
          });
        else forms.set(form, { level: row.level, locale, caseless: isCaselessForm(form) });
      }
    }
  });
  // Longest first, so "MUST NOT" is one hit and not "MUST" followed by prose. A hyphen joins
  // identifiers (UAI-SCHEMA-MISSING), never a key word: it is a boundary too. A cased form may touch
  // a Chinese character ("数据包MUST包含" holds MUST); a caseless form needs no boundary at all.
  const alternative = (form: string) =>
    forms.get(form)!.caseless ? escapeRegExp(form) : `(?<!${WORD_CHARACTER})${escapeRegExp(form)}(?!${WORD_CHARACTER})`;
  const alternatives = [...forms.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const pattern = alternatives.length ? new RegExp(alternatives.map(alternative).join('|'), 'gu') : undefined;
  return {
    problems,
    table: {
      forms,
      formsOf: (locale) => byLocale.get(locale),
      scan(text) {
        if (!pattern) return [];
        const hits: KeywordHit[] = [];
        for (const match of text.matchAll(pattern)) {
          const entry = forms.get(match[0])!;
          hits.push({ form: match[0], offset: match.index, ...entry });
        }
        return hits;
      },
    },
  };
}
