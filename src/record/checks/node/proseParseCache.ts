/**
 * The prose checks' Markdown parses, kept between builds: each string's prose runs and the URLs it
 * links (proseParse.ts) under the sha256 of the string, in one git-ignored file. At ten times the
 * record the checks parse about 2,500 strings (1 MB), most of the content check's time; a rebuild
 * parses only the strings that changed. The file is dropped when the code of the parse changes
 * (the modules below, or package-lock.json: the Markdown and HTML parsers' versions), and
 * rewritten with only the strings this build read, so it does not grow with edits. A file that is
 * damaged (cut short, altered, of the wrong shape: cacheFile.ts) is dropped with a note, and every
 * string is parsed again.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import type { ProseRun } from '../languageCheck.ts';
import { mayLink, type MarkdownUrl } from '../sourceLinks.ts';
import { parseProse, type ParsedProse } from '../proseParse.ts';
import { arrayOf, number, objectOf, recordOf, string } from '../../model/jsonShape.ts';
import { cacheNote, readCacheFile, writeCacheFile } from '../../node/cacheFile.ts';
import { sourceDigest } from '../../node/sourceDigest.ts';

export const PROSE_PARSE_CACHE_FILE = join(REPOSITORY_ROOT, '.cache/prose-parses.json');

interface CacheFile {
  code: string;
  parses: Record<string, ParsedProse>;
}

const CACHE_FILE_SHAPE = objectOf({
  code: string,
  parses: recordOf(
    objectOf({
      runs: arrayOf(objectOf({ value: string, line: number, following: string })),
      urls: arrayOf(objectOf({ url: string, line: number, column: number })),
    }),
  ),
});

/** The modules whose code makes a parse's result, besides package-lock.json. */
const PARSE_CODE = [
  'src/record/checks/proseParse.ts',
  'src/record/checks/languageCheck.ts',
  'src/record/checks/sourceLinks.ts',
  'src/record/content/proseText.ts',
  'src/record/model/urlAttributes.ts',
  'src/record/requirements/requirementId.ts',
  'package-lock.json',
];

export class ProseParseCache {
  private readonly code = sourceDigest(PARSE_CODE.map((file) => join(REPOSITORY_ROOT, file)));
  private readonly stored: Map<string, ParsedProse>;
  private readonly used = new Map<string, ParsedProse>();
  private parsed = 0;

  /** How many strings this build parsed (the others came from the file). */
  get parsedCount(): number {
    return this.parsed;
  }

  constructor(private readonly file = PROSE_PARSE_CACHE_FILE) {
    this.stored = new Map(Object.entries(this.read()?.parses ?? {}));
  }

  /** The prose runs of `markdown` (proseRuns), parsed only when no earlier build or check did. */
  readonly runsOf = (markdown: string): ProseRun[] => this.parseOf(markdown).runs;

  /** The URLs `markdown` links (markdownUrls); a text that cannot link is not parsed for them. */
  readonly urlsOf = (markdown: string): MarkdownUrl[] => (mayLink(markdown) ? this.parseOf(markdown).urls : []);

  private parseOf(markdown: string): ParsedProse {
    const key = createHash('sha256').update(markdown).digest('base64');
    let parse = this.used.get(key) ?? this.stored.get(key);
    if (!parse) {
      parse = parseProse(markdown);
      this.parsed++;
    }
    this.used.set(key, parse);
    return parse;
  }

  /** Writes the strings this build read, when that differs from what the file holds. */
  save(): void {
    if (!this.parsed && this.used.size === this.stored.size) return;
    const content: CacheFile = { code: this.code, parses: Object.fromEntries(this.used) };
    writeCacheFile(this.file, content);
  }

  private read(): CacheFile | undefined {
    const read = readCacheFile<CacheFile>(this.file, CACHE_FILE_SHAPE);
    if ('damaged' in read) cacheNote(this.file, read.damaged, 'every string is parsed again');
    // From other code (a parse module or the parsers changed): not damaged, just of no use.
    return 'value' in read && read.value.code === this.code ? read.value : undefined;
  }
}
