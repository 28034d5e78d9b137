/**
 * The language check's Markdown parses, kept between builds: the prose runs of each string
 * (languageCheck.ts `proseRuns`) under the sha256 of the string, in one git-ignored file. At ten
 * times the record the check parses about 2,500 strings (1 MB), most of the content check's time;
 * a rebuild parses only the strings that changed. The file is dropped when languageCheck.ts or
 * package-lock.json (the Markdown parser's version) changes, and rewritten with only the strings
 * this build read, so it does not grow with edits.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPOSITORY_ROOT } from '../../uai/node/recordFiles.ts';
import { proseRuns, type ProseRun } from '../languageCheck.ts';
import { sourceDigest } from './sourceDigest.ts';

export const PROSE_RUN_CACHE_FILE = join(REPOSITORY_ROOT, '.cache/prose-runs.json');

interface CacheFile {
  code: string;
  runs: Record<string, ProseRun[]>;
}

export class ProseRunCache {
  private readonly code = sourceDigest([
    join(REPOSITORY_ROOT, 'src/record/languageCheck.ts'),
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
    mkdirSync(dirname(this.file), { recursive: true });
    // Written aside and renamed: two builds at once never read a half-written file.
    const aside = `${this.file}.${process.pid}`;
    writeFileSync(aside, JSON.stringify(content));
    renameSync(aside, this.file);
  }

  private read(): CacheFile | undefined {
    if (!existsSync(this.file)) return undefined;
    try {
      const content = JSON.parse(readFileSync(this.file, 'utf8')) as CacheFile;
      return content.code === this.code ? content : undefined;
    } catch {
      // A file cut short by a killed build is as good as none.
      return undefined;
    }
  }
}
