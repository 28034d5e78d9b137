/**
 * The language check's Markdown parses, kept between builds: the prose runs of each string
 * (languageCheck.ts `proseRuns`) under the sha256 of the string, in one git-ignored file. At ten
 * times the record the check parses about 2,500 strings (1 MB), most of the content check's time;
 * a rebuild parses only the strings that changed. The file is dropped when languageCheck.ts,
 * proseText.ts (its Markdown options), requirementId.ts or package-lock.json (the Markdown parser's
 * version) changes, and rewritten with only the strings this build read, so it does not grow with
 * edits. A file that is damaged (cut short, altered, of
 * the wrong shape: cacheFile.ts) is dropped with a note, and every string is parsed again.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { proseRuns, type ProseRun } from '../languageCheck.ts';
import { arrayOf, number, objectOf, recordOf, string } from '../../model/jsonShape.ts';
import { cacheNote, readCacheFile, writeCacheFile } from '../../node/cacheFile.ts';
import { sourceDigest } from '../../node/sourceDigest.ts';

export const PROSE_RUN_CACHE_FILE = join(REPOSITORY_ROOT, '.cache/prose-runs.json');

interface CacheFile {
  code: string;
  runs: Record<string, ProseRun[]>;
}

const CACHE_FILE_SHAPE = objectOf({
  code: string,
  runs: recordOf(arrayOf(objectOf({ value: string, line: number, following: string }))),
});

export class ProseRunCache {
  private readonly code = sourceDigest([
    join(REPOSITORY_ROOT, 'src/record/checks/languageCheck.ts'),
    join(REPOSITORY_ROOT, 'src/record/content/proseText.ts'),
    join(REPOSITORY_ROOT, 'src/record/requirements/requirementId.ts'),
    join(REPOSITORY_ROOT, 'package-lock.json'),
  ]);
  private readonly stored: Map<string, ProseRun[]>;
  private readonly used = new Map<string, ProseRun[]>();
  private parsed = 0;

  /** How many strings this build parsed (the others came from the file). */
  get parsedCount(): number {
    return this.parsed;
  }

  constructor(private readonly file = PROSE_RUN_CACHE_FILE) {
    this.stored = new Map(Object.entries(this.read()?.runs ?? {}));
  }

  /** The prose runs of `markdown`, parsed only when no earlier build did. */
  readonly runsOf = (markdown: string): ProseRun[] => {
    const key = createHash('sha256').update(markdown).digest('base64');
    let runs = this.used.get(key) ?? this.stored.get(key);
    if (!runs) {
      runs = proseRuns(markdown);
      this.parsed++;
    }
    this.used.set(key, runs);
    return runs;
  };

  /** Writes the strings this build read, when that differs from what the file holds. */
  save(): void {
    if (!this.parsed && this.used.size === this.stored.size) return;
    const content: CacheFile = { code: this.code, runs: Object.fromEntries(this.used) };
    writeCacheFile(this.file, content);
  }

  private read(): CacheFile | undefined {
    const read = readCacheFile<CacheFile>(this.file, CACHE_FILE_SHAPE);
    if ('damaged' in read) cacheNote(this.file, read.damaged, 'every string is parsed again');
    // From other code (languageCheck.ts or the parser changed): not damaged, just of no use.
    return 'value' in read && read.value.code === this.code ? read.value : undefined;
  }
}
