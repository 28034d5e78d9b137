/**
 * Reads content/ from disk for the build's pre-check, the sitemap and the machine records:
 * every Markdown entry with its frontmatter checked, and the per-locale data files.
 * Problems are collected as data (`Problem`), naming the file and the field.
 */
import { join, relative } from 'node:path';
import yaml from 'js-yaml';
import { REPOSITORY_ROOT, readRecordFile } from '../../../uai/node/recordFiles.ts';
import { sha256Digest } from '../../../uai/sha256.ts';
import { nodeSha256 } from '../../../uai/node/nodeValidator.ts';
import { MARKDOWN_COLLECTIONS, entryIdOf, routeOfEntry } from '../contentPaths.ts';
import {
  frontmatterSchemaFor,
  registryCommonData,
  clientLadderData,
  uiStringsData,
  glossaryData,
  englishGlossaryData,
} from '../contentSchemas.ts';
import { markdownEntryProse, dataFileProse, type ProseText } from '../proseText.ts';
import { contentText } from '../contentBytes.ts';
import { rawHtmlProblems } from '../markdownHtml.ts';
import { atxHeadings, headingStructureProblems, type HeadingLine } from '../headingIds.ts';
import { jsonReadProblem, readJsonText } from '../../../uai/jsonText.ts';
import { jsonPointer } from '../../../uai/jsonPointer.ts';
import { problemAtLine, type Problem } from '../../../uai/problem.ts';
import type { ContentEntry, EntryData } from '../../pages/pageIndex.ts';
import { LOCALES, SOURCE_LOCALE, isLocale } from '../../model/locales.ts';
import { walkFiles } from '../../node/walkFiles.ts';

export const CONTENT_DIR = join(REPOSITORY_ROOT, 'content');

/** Splits `---\n<yaml>\n---\n<body>`; returns undefined when there is no frontmatter block. */
export function splitFrontmatter(text: string): { yaml: string; body: string; bodyLine: number } | undefined {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return undefined;
  return { yaml: match[1], body: text.slice(match[0].length), bodyLine: match[0].split('\n').length };
}

/**
 * The frontmatter's problems, at the line of the field's key (the file's line: the block opens on line 1)
 * and with the field named, since a YAML block has no JSON Pointer.
 */
function frontmatterProblems(
  file: string,
  yamlText: string,
  error: { issues: { path: PropertyKey[]; message: string }[] },
): Problem[] {
  const keyLines = yamlText.split('\n');
  return error.issues.map((issue) => {
    const field = issue.path.length ? String(issue.path[0]) : undefined;
    const index = field === undefined ? -1 : keyLines.findIndex((line) => line.startsWith(`${field}:`));
    return {
      file,
      ...(index >= 0 ? { place: { line: index + 2 } } : {}),
      message: `frontmatter ${issue.path.length ? `field "${issue.path.join('.')}" ` : ''}${issue.message}`,
      rule: 'frontmatter',
    };
  });
}

/** A data file's problems, each at the JSON Pointer of its field. */
function dataFileProblems(file: string, error: { issues: { path: PropertyKey[]; message: string }[] }): Problem[] {
  return error.issues.map((issue) => ({
    file,
    place: { pointer: jsonPointer(issue.path.map(String)) },
    message: issue.message,
    rule: 'locale-data',
  }));
}

export interface LoadedContent {
  entries: ContentEntry[];
  /** The prose of every entry (frontmatter fields and body), for the language check. */
  prose: ProseText[];
  problems: Problem[];
}

/** The frontmatter block read as YAML, or its one problem at the line the YAML reader stopped on. */
function loadFrontmatterYaml(
  file: string,
  yamlText: string,
): { ok: true; raw: unknown } | { ok: false; problem: Problem } {
  try {
    return { ok: true, raw: yaml.load(yamlText) };
  } catch (error) {
    const mark = (error as { mark?: { line: number } }).mark;
    return {
      ok: false,
      problem: problemAtLine(
        file,
        mark ? mark.line + 2 : 1,
        `frontmatter is not valid YAML (${(error as Error).message.split('\n')[0]})`,
        'frontmatter',
      ),
    };
  }
}

/** The heading lines of one entry's file in one locale. */
interface EntryHeadings {
  file: string;
  locale: string;
  headings: HeadingLine[];
}

/** Each translation's heading structure against its source-locale entry's, for every entry that has one. */
function translatedHeadingProblems(entriesHeadings: Iterable<EntryHeadings[]>): Problem[] {
  const problems: Problem[] = [];
  for (const variants of entriesHeadings) {
    const source = variants.find((variant) => variant.locale === SOURCE_LOCALE);
    if (!source) continue;
    for (const variant of variants) {
      if (variant !== source)
        problems.push(...headingStructureProblems(variant.file, variant.headings, source.file, source.headings));
    }
  }
  return problems;
}

export function loadContentEntries(root = CONTENT_DIR): LoadedContent {
  const entries: ContentEntry[] = [];
  const prose: ProseText[] = [];
  const problems: Problem[] = [];
  const headings = new Map<string, EntryHeadings[]>();
  for (const collection of MARKDOWN_COLLECTIONS) {
    const base = join(root, collection);
    for (const path of walkFiles(base)) {
      const file = relative(REPOSITORY_ROOT, path);
      if (!path.endsWith('.md')) {
        problems.push({
          file,
          message: `only Markdown (.md) files belong in content/${collection}/`,
          rule: 'content-layout',
        });
        continue;
      }
      const id = entryIdOf(relative(base, path));
      const { locale, path: route } = routeOfEntry(collection, id);
      if (!isLocale(locale)) {
        problems.push({
          file,
          message: `the first folder must be a locale (${LOCALES.map((entry) => entry.code).join(', ')}), found "${locale}"`,
          rule: 'content-layout',
        });
        continue;
      }
      const bytes = readRecordFile(path);
      const read = contentText(file, bytes);
      if (!read.ok) {
        problems.push(read.problem);
        continue;
      }
      const parts = splitFrontmatter(read.text);
      if (!parts) {
        problems.push(
          problemAtLine(
            file,
            1,
            'missing frontmatter (a --- block with code, title, description, order)',
            'frontmatter',
          ),
        );
        continue;
      }
      const loaded = loadFrontmatterYaml(file, parts.yaml);
      if (!loaded.ok) {
        problems.push(loaded.problem);
        continue;
      }
      const parsed = frontmatterSchemaFor(collection).safeParse(loaded.raw);
      if (!parsed.success) {
        problems.push(...frontmatterProblems(file, parts.yaml, parsed.error));
        continue;
      }
      problems.push(...rawHtmlProblems(file, parts.body, parts.bodyLine));
      entries.push({
        collection,
        locale,
        path: route,
        file,
        fileDigest: sha256Digest(new Uint8Array(bytes), nodeSha256),
        data: parsed.data as EntryData,
      });
      prose.push(...markdownEntryProse(file, locale, parts, parsed.data));
      const key = `${collection}/${route}`;
      if (!headings.has(key)) headings.set(key, []);
      headings.get(key)!.push({ file, locale, headings: atxHeadings(parts.body, parts.bodyLine) });
    }
  }
  problems.push(...translatedHeadingProblems(headings.values()));
  return { entries, prose, problems };
}

export interface LocaleDataFile<T> {
  locale: string;
  file: string;
  fileDigest: string;
  data: T;
  /** Its prose strings, for the language check. */
  prose: ProseText[];
}

type DataSchema =
  | typeof registryCommonData
  | typeof clientLadderData
  | typeof uiStringsData
  | typeof glossaryData
  | typeof englishGlossaryData;

/**
 * Reads `content/<folder>/<locale>.json` for every locale present, checked against `schema`; with
 * `only`, just the files whose name (without `.json`) it accepts, the others left to another call.
 */
export function loadLocaleData<S extends DataSchema>(
  folder: string,
  schema: S,
  root = CONTENT_DIR,
  only: (name: string) => boolean = () => true,
): { files: LocaleDataFile<ReturnType<S['parse']>>[]; problems: Problem[] } {
  const files: LocaleDataFile<ReturnType<S['parse']>>[] = [];
  const problems: Problem[] = [];
  for (const path of walkFiles(join(root, folder))) {
    const file = relative(REPOSITORY_ROOT, path);
    const locale = path
      .split('/')
      .pop()!
      .replace(/\.json$/, '');
    if (!only(locale)) continue;
    if (!path.endsWith('.json') || !isLocale(locale)) {
      problems.push({ file, message: 'expected <locale>.json', rule: 'content-layout' });
      continue;
    }
    const bytes = readRecordFile(path);
    const read = contentText(file, bytes);
    if (!read.ok) {
      problems.push(read.problem);
      continue;
    }
    const { text } = read;
    const json = readJsonText(text);
    if (!json.ok) {
      problems.push(jsonReadProblem(file, json.error));
      continue;
    }
    const parsed = schema.safeParse(json.value);
    if (!parsed.success) {
      problems.push(...dataFileProblems(file, parsed.error));
      continue;
    }
    files.push({
      locale,
      file,
      fileDigest: sha256Digest(new Uint8Array(bytes), nodeSha256),
      data: parsed.data as ReturnType<S['parse']>,
      prose: dataFileProse(file, locale, text, parsed.data),
    });
  }
  return { files, problems };
}

export const loadRegistryCommon = () => loadLocaleData('registry-common', registryCommonData);
export const loadClientLadder = () => loadLocaleData('client-ladder', clientLadderData);
export const loadUiStrings = () => loadLocaleData('i18n', uiStringsData);
/** The translations' glossaries (content/glossary/<locale>.json, English's aside). */
export const loadGlossaries = (root = CONTENT_DIR) =>
  loadLocaleData('glossary', glossaryData, root, (name) => name !== SOURCE_LOCALE);
/** The English glossary: the concepts and their definitions (content/glossary/en-us.json). */
export const loadEnglishGlossary = (root = CONTENT_DIR) =>
  loadLocaleData('glossary', englishGlossaryData, root, (name) => name === SOURCE_LOCALE);
