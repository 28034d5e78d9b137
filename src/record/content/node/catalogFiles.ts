/**
 * Reads the translated catalogs, `content/catalog/<locale>.json` (every file but the English copy):
 * each UTF-8 JSON, an object of key → `{ "text", "source" }`, both non-empty strings, named by a
 * translated locale. One line per problem naming the file and the place. Read once per root.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { jsonReadProblem, readJsonText } from '../../../uai/jsonText.ts';
import { jsonPointer } from '../../../uai/jsonPointer.ts';
import { isJsonObject } from '../../../uai/jsonObject.ts';
import type { Problem } from '../../../uai/problem.ts';
import { isLocale, SOURCE_LOCALE } from '../../model/locales.ts';
import { CATALOG_FOLDER, ENGLISH_CATALOG_FILE, type CatalogEntry, type LocaleCatalog } from '../../model/textCatalog.ts';
import { contentText } from '../contentBytes.ts';
import { dataFileProse, type ProseText } from '../proseText.ts';

const RULE = 'catalog-file';

export interface LoadedCatalogs {
  catalogs: LocaleCatalog[];
  problems: Problem[];
  /** Each translation's text, for the language check (the glossary's renderings included). */
  prose: ProseText[];
}

const loaded = new Map<string, LoadedCatalogs>();

/** The translated catalogs and the problems of their files. */
export function loadCatalogs(root = REPOSITORY_ROOT): LoadedCatalogs {
  const known = loaded.get(root);
  if (known) return known;
  const result: LoadedCatalogs = { catalogs: [], problems: [], prose: [] };
  const folder = join(root, CATALOG_FOLDER);
  const names = existsSync(folder) ? readdirSync(folder).sort() : [];
  for (const name of names) {
    const file = `${CATALOG_FOLDER}/${name}`;
    if (file === ENGLISH_CATALOG_FILE) continue;
    const locale = name.replace(/\.json$/, '');
    if (!name.endsWith('.json') || !isLocale(locale) || locale === SOURCE_LOCALE) {
      result.problems.push({ file, message: 'not a translated locale’s catalog (<locale>.json)', rule: RULE });
      continue;
    }
    const read = readCatalog(file, readFileSync(join(folder, name)));
    if ('problems' in read) {
      result.problems.push(...read.problems);
      continue;
    }
    result.catalogs.push({ locale, file, entries: read.entries });
    const texts = Object.fromEntries(Object.entries(read.entries).map(([key, entry]) => [key, { text: entry.text }]));
    // A placeholder is a value's name, not a word of the language: the check reads it as code.
    for (const prose of dataFileProse(file, locale, read.text, texts))
      result.prose.push({ ...prose, markdown: prose.markdown.replace(/\{(\w+)\}/g, '`{$1}`') });
  }
  loaded.set(root, result);
  return result;
}

function readCatalog(
  file: string,
  bytes: Uint8Array,
): { entries: Record<string, CatalogEntry>; text: string } | { problems: Problem[] } {
  const text = contentText(file, bytes);
  if (!text.ok) return { problems: [text.problem] };
  const json = readJsonText(text.text);
  if (!json.ok) return { problems: [jsonReadProblem(file, json.error)] };
  if (!isJsonObject(json.value))
    return { problems: [{ file, place: { pointer: '' }, message: 'expected an object of key → {text, source}', rule: RULE }] };
  const problems: Problem[] = [];
  const entries: Record<string, CatalogEntry> = {};
  for (const [key, entry] of Object.entries(json.value)) {
    const good =
      isJsonObject(entry) &&
      Object.keys(entry).sort().join() === 'source,text' &&
      typeof entry.text === 'string' &&
      entry.text.trim() !== '' &&
      typeof entry.source === 'string' &&
      /^sha256:[0-9a-f]{64}$/.test(entry.source);
    if (good) entries[key] = { text: entry.text as string, source: entry.source as string };
    else
      problems.push({
        file,
        place: { pointer: jsonPointer([key]) },
        message: 'expected {"text": non-blank string, "source": "sha256:<64 hex>"}',
        rule: RULE,
      });
  }
  return problems.length ? { problems } : { entries, text: text.text };
}
