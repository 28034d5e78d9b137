/**
 * The prose of the record's sources: each piece of Markdown a reader sees (a page body, a prose
 * frontmatter field, a data file's string) with its file and line, and the Markdown options every
 * reader of that prose parses it with. The language check (checks/languageCheck.ts), the
 * requirement markup and the loaders of content, changelog and errata all share these.
 */
import { textPositions } from '../../uai/textPosition.ts';
import { gfm } from 'micromark-extension-gfm';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { jsonPointer } from '../../uai/jsonPointer.ts';
import type { Problem } from '../../uai/problem.ts';

/** One piece of Markdown prose and where it sits in its file. */
export interface ProseText {
  /** Repository-relative path, as printed. */
  file: string;
  locale: string;
  /** Line of the file where `markdown` starts (1-based). */
  line: number;
  /** The frontmatter field the text is, when it is one and not the body. */
  field?: string;
  /** The JSON Pointer of a data file's string. */
  pointer?: string;
  markdown: string;
}

/** True for a Markdown body: not a frontmatter field, not a data file's string. */
export const isPageBody = (text: ProseText): boolean => text.field === undefined && text.pointer === undefined;

/**
 * A problem at `line` of a prose text's file (a line of the file, not of the text): at the string's
 * JSON Pointer in a data file, naming the field of a frontmatter one.
 */
export function proseProblem(text: ProseText, line: number, message: string, rule: string): Problem {
  return {
    file: text.file,
    place: text.pointer === undefined ? { line } : { line, pointer: text.pointer },
    message: text.field === undefined ? message : `${message} (frontmatter field "${text.field}")`,
    rule,
  };
}

/** Frontmatter fields that readers see as prose. */
export const PROSE_FRONTMATTER_FIELDS = ['title', 'description', 'purpose', 'when_to_use', 'when_not_to_use'] as const;

/** Data-file members that hold identifiers or digests, not prose. */
const NON_PROSE_KEYS = new Set(['source_digest', 'source', 'code', 'also', 'client', 'requirements', 'declares']);

/** Node types whose content is not prose. */
export const SKIPPED_NODES = new Set(['code', 'inlineCode', 'html', 'image', 'imageReference', 'definition', 'yaml']);

// Built once: making the GFM syntax extensions costs as much as parsing a short string. Astro reads
// Markdown with GFM too, so these options see the nodes it renders.
export const MARKDOWN_OPTIONS = { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] };

/** The prose of a Markdown entry: its prose frontmatter fields, each on its own line, and its body. */
export function markdownEntryProse(
  file: string,
  locale: string,
  parts: { yaml: string; body: string; bodyLine: number },
  data: Record<string, unknown>,
): ProseText[] {
  const yamlLines = parts.yaml.split('\n');
  const texts: ProseText[] = [];
  for (const field of PROSE_FRONTMATTER_FIELDS) {
    const value = data[field];
    if (typeof value !== 'string') continue;
    const index = yamlLines.findIndex((line) => line.startsWith(`${field}:`));
    // Line 1 is the opening `---`, so the YAML's first line is line 2.
    texts.push({
      file,
      locale,
      line: index < 0 ? 1 : index + 2,
      field,
      markdown: value,
    });
  }
  texts.push({ file, locale, line: parts.bodyLine, markdown: parts.body });
  return texts;
}

/** The prose strings of a locale data file (JSON), each with its JSON Pointer and line. */
export function dataFileProse(file: string, locale: string, text: string, data: unknown): ProseText[] {
  const texts: ProseText[] = [];
  // Where each string is written: strings are found in document order, so the search only moves forward.
  const offsets: number[] = [];
  let cursor = 0;
  const offsetOf = (value: string): number => {
    const at = text.indexOf(JSON.stringify(value), cursor);
    if (at >= 0) cursor = at;
    return cursor;
  };
  const walk = (value: unknown, path: (string | number)[]): void => {
    if (typeof value === 'string') {
      offsets.push(offsetOf(value));
      texts.push({ file, locale, line: 0, pointer: jsonPointer(path), markdown: value });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, [...path, index]));
    } else if (value && typeof value === 'object') {
      for (const [key, member] of Object.entries(value)) if (!NON_PROSE_KEYS.has(key)) walk(member, [...path, key]);
    }
  };
  walk(data, []);
  textPositions(text, offsets).forEach((position, index) => (texts[index].line = position.line));
  return texts;
}
