/**
 * The redaction gate over files: the record's sources before Astro runs (content, schemas and
 * fixtures, route records, public/, the released editions, the llms.txt head) and every file of
 * dist/ after the build. Each file is read once, by the type its name gives and its bytes confirm
 * (src/record/checks/publishedFileTypes.ts): text as text, images, PDFs, archives and Pagefind's
 * index in the texts they hold; a file no reader reads, a dotfile or a key file is refused unless
 * the allow-list (redaction-allowlist.json) names it with its type and a reason.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync, inflateSync } from 'node:zlib';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import type { Problem } from '../../../uai/problem.ts';
import { ALLOW_LIST_RULE, embeddedTextProblems, fileMatches, parseAllowList, type AllowEntry } from '../redaction.ts';
import { readPublishedFile } from '../publishedFileReading.ts';
import type { Reading } from '../publishedFileTypes.ts';
import { refusalProblem, type Codecs } from '../readers/embeddedText.ts';
import { walkFiles } from '../../node/walkFiles.ts';
import { RedactionFindingCache } from './redactionFindingCache.ts';

/** Beside the sources, not among them: it holds the allowed values by necessity and is never published. */
export const ALLOW_LIST_FILE = 'redaction-allowlist.json';

/** What the build publishes from the repository, directly, through a page or as an edition's files. */
const SOURCE_ROOTS = ['content', 'schemas', 'public', 'editions', 'llms.txt'];

/** No inflated stream or archive may grow past this: a small file that inflates to gigabytes is refused. */
const MAX_INFLATED_BYTES = 256 * 1024 * 1024;

const CODECS: Codecs = {
  inflate: (bytes) => inflateSync(bytes, { maxOutputLength: MAX_INFLATED_BYTES }),
  gunzip: (bytes) => gunzipSync(bytes, { maxOutputLength: MAX_INFLATED_BYTES }),
};

/** How many files were read each way (`refused`: by no reader), so nothing passes silently. */
export type ReadingCounts = Record<Reading | 'allow-listed' | 'refused', number>;

export interface GateScan {
  problems: Problem[];
  files: number;
  bytes: number;
  milliseconds: number;
  readings: ReadingCounts;
}

/** A file to scan: its name as problems give it, and its bytes. */
interface GateFile {
  name: string;
  bytes: () => Uint8Array;
}

export function emptyReadings(): ReadingCounts {
  return { text: 0, 'image metadata': 0, archive: 0, PDF: 0, 'search index': 0, 'allow-listed': 0, refused: 0 };
}

/** Two scans' sums (the build scans dist/ in two parts). */
export function joinScans(first: GateScan, second: GateScan): GateScan {
  const readings = emptyReadings();
  for (const key of Object.keys(readings) as (keyof ReadingCounts)[])
    readings[key] = first.readings[key] + second.readings[key];
  return {
    problems: [...first.problems, ...second.problems],
    files: first.files + second.files,
    bytes: first.bytes + second.bytes,
    milliseconds: first.milliseconds + second.milliseconds,
    readings,
  };
}

/** The counts as the build's summary prints them: `1200 text, 2 image metadata, …`. */
export function readingSummary(readings: ReadingCounts): string {
  return Object.entries(readings)
    .map(([reading, count]) => `${count} ${reading}`)
    .join(', ');
}

export class RedactionGate {
  readonly entries: AllowEntry[];
  readonly problems: Problem[];
  private readonly used = new Set<AllowEntry>();
  private readonly findings: RedactionFindingCache;

  constructor(private readonly root = REPOSITORY_ROOT) {
    this.findings = new RedactionFindingCache(root);
    const path = join(root, ALLOW_LIST_FILE);
    const parsed = existsSync(path)
      ? parseAllowList(readFileSync(path, 'utf8'), ALLOW_LIST_FILE)
      : { entries: [], problems: [] };
    this.entries = parsed.entries;
    this.problems = parsed.problems;
  }

  /** The sources, named by repository path (`content/guides/en-us/x.md`). */
  scanSources(): Promise<GateScan> {
    const files = SOURCE_ROOTS.flatMap((name) => {
      const path = join(this.root, name);
      if (!existsSync(path)) return [];
      return statSync(path).isDirectory() ? walkFiles(path) : [path];
    });
    return this.scan(
      files.map((file) => ({ name: relative(this.root, file).split('\\').join('/'), bytes: () => readFileSync(file) })),
    );
  }

  /**
   * Published files already read, by published path (`/en-us/guides/x/index.html`): every one of
   * them. The build reads each file of dist/ once, for the manifest's digests and this scan.
   */
  scanPublished(files: readonly { path: string; bytes: Uint8Array }[]): Promise<GateScan> {
    return this.scan(files.map(({ path, bytes }) => ({ name: path, bytes: () => bytes })));
  }

  /** Keeps the findings of every text scanned so far for the next build (redactionFindingCache.ts). */
  saveFindings(): void {
    this.findings.save();
  }

  /** Allow-list entries that allowed nothing in any scan so far: stale, so they are problems. */
  unusedEntries(): Problem[] {
    return this.entries.flatMap((entry, index) =>
      this.used.has(entry)
        ? []
        : [
            {
              file: ALLOW_LIST_FILE,
              place: { pointer: `/entries/${index}` },
              message: `allows ${'type' in entry ? `a file type (${entry.type}) found` : 'a value found'} in none of its files (${entry.files.join(', ')}); remove the entry`,
              rule: ALLOW_LIST_RULE,
            },
          ],
    );
  }

  private async scan(files: readonly GateFile[]): Promise<GateScan> {
    const started = performance.now();
    const problems: Problem[] = [];
    const readings = emptyReadings();
    let bytes = 0;
    for (const file of files) {
      const { name } = file;
      const data = file.bytes();
      bytes += data.length;
      const reading = await readPublishedFile(name, data, {
        codecs: CODECS,
        allowsType: (type) => this.allowsType(name, type),
      });
      readings[reading.reading ?? 'refused']++;
      for (const text of reading.texts)
        problems.push(...embeddedTextProblems(name, text, this.entries, this.used, this.findings.findingsOf));
      for (const found of reading.refusals) problems.push(refusalProblem(name, found));
    }
    return { problems, files: files.length, bytes, milliseconds: performance.now() - started, readings };
  }

  /** Whether an entry lets a file of `type` in `file` (or in the archive `file`) through unread; marks it used. */
  private allowsType(file: string, type: string): boolean {
    const entry = this.entries.find(
      (candidate) =>
        'type' in candidate && candidate.type === type && candidate.files.some((name) => fileMatches(name, file)),
    );
    if (entry) this.used.add(entry);
    return entry !== undefined;
  }
}
