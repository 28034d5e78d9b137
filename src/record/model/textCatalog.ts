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
 * What a locale's catalog owes the English: every key an English key, the same placeholders.
 * `problems` fail the build; `pending` are translations of an English string that has changed
 * since (shown in English until retranslated). One line each: file, the key's JSON Pointer, rule.
 */
export function catalogFindings(
  english: EnglishCatalog,
  catalog: LocaleCatalog,
): { problems: Problem[]; pending: Problem[] } {
  const problems: Problem[] = [];
  const pending: Problem[] = [];
  for (const [key, entry] of Object.entries(catalog.entries)) {
    const source = english[key];
    const at = (member: string, message: string, rule: string): Problem => ({
      file: catalog.file,
      place: { pointer: jsonPointer([key, member]) },
      message,
      rule,
    });
    if (source === undefined) {
      problems.push(
        at('text', `the key ${JSON.stringify(key)} names no English string; remove it`, CATALOG_RULES.unknownKey),
      );
      continue;
    }
    const expected = placeholdersOf(source).join(', ');
    const found = placeholdersOf(entry.text).join(', ');
    if (expected !== found)
      problems.push(
        at(
          'text',
          `placeholders {${found}} differ from the English string's {${expected}}`,
          CATALOG_RULES.placeholders,
        ),
      );
    if (entry.source !== catalogDigest(source))
      pending.push(
        at(
          'source',
          'the English string changed after this translation: it shows in English until retranslated and restamped',
          CATALOG_RULES.stale,
        ),
      );
  }
  return { problems, pending };
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
