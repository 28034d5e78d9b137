/**
 * The prose checks' Markdown parses, kept between builds: each string's prose runs and the URLs it
 * links (proseParse.ts) under the sha256 of the string, in one git-ignored file (cacheFile.ts
 * `KeptTextResults`, kept while the parse's own modules are unchanged). At ten times the
 * record the checks parse about 2,500 strings (1 MB), most of the content check's time; a rebuild
 * parses only the strings that changed. The file is dropped when the code of the parse changes
 * (the modules below, or package-lock.json: the Markdown and HTML parsers' versions), and
 * rewritten with only the strings this build read, so it does not grow with edits. A file that is
 * damaged (cut short, altered, of the wrong shape: cacheFile.ts) is dropped with a note, and every
 * string is parsed again.
 */
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import type { ProseRun } from '../languageCheck.ts';
import { mayLink, type MarkdownUrl } from '../sourceLinks.ts';
import { parseProse, type ParsedProse } from '../proseParse.ts';
import { arrayOf, number, objectOf, string } from '../../model/jsonShape.ts';
import { KeptTextResults } from '../../node/cacheFile.ts';
import { sourceDigest } from '../../node/sourceDigest.ts';

export const PROSE_PARSE_CACHE_FILE = join(REPOSITORY_ROOT, '.cache/prose-parses.json');

const PARSE_SHAPE = objectOf({
  runs: arrayOf(objectOf({ value: string, line: number, following: string })),
  urls: arrayOf(objectOf({ url: string, line: number, column: number })),
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
  private readonly kept: KeptTextResults<ParsedProse>;

  constructor(file = PROSE_PARSE_CACHE_FILE) {
    this.kept = new KeptTextResults(
      file,
      PARSE_SHAPE,
      'every string is parsed again',
      parseProse,
      sourceDigest(PARSE_CODE.map((path) => join(REPOSITORY_ROOT, path))),
    );
  }

  /** How many strings this build parsed (the others came from the file). */
  get parsedCount(): number {
    return this.kept.computedCount;
  }

  /** The prose runs of `markdown` (proseRuns), parsed only when no earlier build or check did. */
  readonly runsOf = (markdown: string): ProseRun[] => this.kept.of(markdown).runs;

  /** The URLs `markdown` links (markdownUrls); a text that cannot link is not parsed for them. */
  readonly urlsOf = (markdown: string): MarkdownUrl[] => (mayLink(markdown) ? this.kept.of(markdown).urls : []);

  /** Writes the strings this build read, when that differs from what the file holds. */
  save(): void {
    this.kept.save();
  }
}
