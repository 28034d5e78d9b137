/**
 * The catalog of generated strings: every string the record generates from a source that is not
 * a page (error codes' rules and fixes, the validator's messages, fixtures' "why", schema and route
 * descriptions, the mirrors' index line), by a stable key. English is the source (catalogSource.ts
 * extracts it; `content/catalog/en-us.json` is its committed copy); each translated locale's
 * `content/catalog/<locale>.json` holds, per key, its text and the digest of the English it
 * translates. A translation whose digest is no longer the English string's is pending: the page
 * shows the English, marked as English, under the same notice as a stale page, never the old
 * translation.
 */
import { sha256DigestOfText } from '../../uai/sha256.ts';
import { jsonPointer } from '../../uai/jsonPointer.ts';
import type { Problem } from '../../uai/problem.ts';
import { localeOf, SOURCE_LOCALE } from './locales.ts';
import { neededPluralCategories, pluralCategories, pluralCategory, pluralParts } from './pluralForms.ts';

export const CATALOG_FOLDER = 'content/catalog';

/** The committed copy of the English catalog (`npm run generate -- catalog`). */
export const ENGLISH_CATALOG_FILE = `${CATALOG_FOLDER}/en-us.json`;

/** The English catalog: key → English string. */
export type EnglishCatalog = Readonly<Record<string, string>>;

/** One translated entry: its text and the digest of the English string it translates. */
export interface CatalogEntry {
  text: string;
  source: string;
}

/** One locale's catalog file. */
export interface LocaleCatalog {
  locale: string;
  file: string;
  entries: Readonly<Record<string, CatalogEntry>>;
}

export const CATALOG_RULES = {
  unknownKey: 'catalog-unknown-key',
  placeholders: 'catalog-placeholders',
  stale: 'catalog-stale',
  plural: 'catalog-plural',
} as const;

/** The digest an entry records of the English string it translates. */
export function catalogDigest(english: string): string {
  return sha256DigestOfText(english);
}

/** The names of a string's `{name}` placeholders, sorted, once each (their order may differ by language). */
export function placeholdersOf(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(/\{(\w+)\}/g), (match) => match[1]!))].sort();
}

/**
 * The English string a translated key translates: its own, or for a plural form the English has
 * not (French `many`), the English `other` form of the same base.
 */
function englishSourceOf(english: EnglishCatalog, key: string, lang: string): string | undefined {
  if (english[key] !== undefined) return english[key];
  const plural = pluralParts(key);
  if (!plural || !pluralCategories(lang).includes(plural.category)) return undefined;
  return english[`${plural.base}.one`] === undefined ? undefined : english[`${plural.base}.other`];
}

/** The bases of the English strings that write a count: `<base>.one` and `<base>.other`. */
function englishPluralBases(english: EnglishCatalog): string[] {
  return Object.keys(english).flatMap((key) => {
    const plural = pluralParts(key);
    return plural?.category === 'other' && english[`${plural.base}.one`] !== undefined ? [plural.base] : [];
  });
}

/**
 * What a locale's catalog owes the English: every key an English key (or another plural form of
 * one), the same placeholders, and a count's forms by the locale's plural rule: a form the rule
 * never picks is refused, and a count translated at all has every form the rule picks below
 * COUNT_BOUND. `problems` fail the build; `pending` are translations of an English string that has
 * changed since (shown in English until retranslated). One line each: file, the key's JSON Pointer, rule.
 */
export function catalogFindings(
  english: EnglishCatalog,
  catalog: LocaleCatalog,
): { problems: Problem[]; pending: Problem[] } {
  const problems: Problem[] = [];
  const pending: Problem[] = [];
  const lang = localeOf(catalog.locale).lang;
  const at = (key: string, member: string, message: string, rule: string): Problem => ({
    file: catalog.file,
    place: { pointer: jsonPointer([key, member]) },
    message,
    rule,
  });
  for (const [key, entry] of Object.entries(catalog.entries)) {
    const source = englishSourceOf(english, key, lang);
    const plural = pluralParts(key);
    if (source === undefined) {
      problems.push(
        at(key, 'text', `the key ${JSON.stringify(key)} names no English string; remove it`, CATALOG_RULES.unknownKey),
      );
      continue;
    }
    if (plural && english[`${plural.base}.one`] !== undefined && !pluralCategories(lang).includes(plural.category)) {
      problems.push(
        at(
          key,
          'text',
          `${lang} has no plural form "${plural.category}" (its forms: ${pluralCategories(lang).join(', ')}): this text is never shown; remove it`,
          CATALOG_RULES.plural,
        ),
      );
      continue;
    }
    const expected = placeholdersOf(source).join(', ');
    const found = placeholdersOf(entry.text).join(', ');
    if (expected !== found)
      problems.push(
        at(
          key,
          'text',
          `placeholders {${found}} differ from the English string's {${expected}}`,
          CATALOG_RULES.placeholders,
        ),
      );
    if (entry.source !== catalogDigest(source))
      pending.push(
        at(
          key,
          'source',
          'the English string changed after this translation: it shows in English until retranslated and restamped',
          CATALOG_RULES.stale,
        ),
      );
  }
  for (const base of englishPluralBases(english)) {
    const given = neededPluralCategories(lang).filter((category) => catalog.entries[`${base}.${category}`]);
    const first = pluralCategories(lang).find((category) => catalog.entries[`${base}.${category}`]);
    if (first === undefined) continue;
    for (const category of neededPluralCategories(lang))
      if (!given.includes(category))
        problems.push(
          at(
            `${base}.${first}`,
            'text',
            `${lang} writes some counts with the plural form "${category}" (${examplesOf(lang, category)}): add "${base}.${category}"`,
            CATALOG_RULES.plural,
          ),
        );
  }
  return { problems, pending };
}

/** The first counts a language writes with a category, for a message: "0, 1". */
function examplesOf(lang: string, category: string): string {
  const counts: number[] = [];
  for (let count = 0; count < 2000 && counts.length < 3; count += 1)
    if (pluralCategory(lang, count) === category) counts.push(count);
  return counts.join(', ');
}

/** A generated string as a page shows it: translated, or the English with its language and a notice. */
export interface CatalogText {
  text: string;
  /** False when the English is shown: mark it `lang="en-US"` and show the pending notice. */
  translated: boolean;
}

/** The string for `key` in `catalog`'s language: its translation when current, else the English. */
export function catalogText(english: EnglishCatalog, catalog: LocaleCatalog | undefined, key: string): CatalogText {
  const source = english[key];
  if (source === undefined) throw new Error(`the catalog has no key ${JSON.stringify(key)}`);
  const entry = catalog?.entries[key];
  return entry && entry.source === catalogDigest(source)
    ? { text: entry.text, translated: true }
    : { text: source, translated: false };
}

/**
 * The form of a count's string in `catalog`'s language: the form its plural rule picks, or `other`
 * where the catalog leaves out a form no count below COUNT_BOUND needs; when not translated, the
 * English form by the English rule, marked as English.
 */
export function catalogPluralText(
  english: EnglishCatalog,
  catalog: LocaleCatalog | undefined,
  base: string,
  count: number,
): CatalogText {
  const englishForm = catalogText(english, undefined, `${base}.${pluralCategory(localeOf(SOURCE_LOCALE).lang, count)}`);
  if (!catalog) return englishForm;
  const lang = localeOf(catalog.locale).lang;
  const category = pluralCategory(lang, count);
  const key = catalog.entries[`${base}.${category}`] ? `${base}.${category}` : `${base}.other`;
  const entry = catalog.entries[key];
  const source = englishSourceOf(english, key, lang);
  return entry && source !== undefined && entry.source === catalogDigest(source)
    ? { text: entry.text, translated: true }
    : englishForm;
}
