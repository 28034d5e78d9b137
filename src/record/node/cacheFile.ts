/**
 * The build's cache files (.cache/), written so that a damaged one is found before it is used: the
 * first line is the sha256 of the rest, the rest is the JSON of the entry. A reader gets the entry
 * only when the digest matches (a file cut short by a killed build, or altered, does not) and the
 * JSON has the shape the reader expects; otherwise it gets the reason, the caller drops the entry
 * and rebuilds it, and the build says so in one line (`cacheNote`). A cache can cost time, never a
 * build or a wrong byte in dist/.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';
import { REPOSITORY_ROOT } from '../../uai/node/recordFiles.ts';
import { objectOf, recordOf, shapeProblem, string, type Shape } from '../model/jsonShape.ts';
import { recordCodeDigest } from './sourceDigest.ts';
import { isWriteError, writeProblem } from './fileWrites.ts';
import { formatProblem } from '../../uai/problem.ts';

const DIGEST_LINE = /^sha256:([0-9a-f]{64})$/;

export type CacheRead<T> = { value: T } | { damaged: string } | { absent: true };

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Writes `value` with its digest line, aside and renamed: a reader never sees a half-written file. A
 * write the system refuses (a full disk) costs the cache, not the build: one note, the part written
 * aside removed, and the next build computes the entry again.
 */
export function writeCacheFile(file: string, value: unknown): void {
  const json = Buffer.from(JSON.stringify(value));
  const aside = `${file}.${process.pid}`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(aside, Buffer.concat([Buffer.from(`sha256:${sha256Hex(json)}\n`), json]));
    renameSync(aside, file);
  } catch (error) {
    if (!isWriteError(error)) throw error;
    rmSync(aside, { force: true });
    process.stderr.write(
      `uaix: note: ${formatProblem(writeProblem(file, error))} (a cache file: the build goes on without it)\n`,
    );
  }
}

/** The entry in `file` when it is intact and has `shape`; else why not (or that there is no file). */
export function readCacheFile<T>(file: string, shape: Shape): CacheRead<T> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { absent: true };
    return { damaged: `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
  const newline = bytes.indexOf(0x0a);
  const digest = newline < 0 ? undefined : DIGEST_LINE.exec(bytes.subarray(0, newline).toString('latin1'));
  if (!digest) return { damaged: 'has no sha256 line (written by other code, or cut short)' };
  const json = bytes.subarray(newline + 1);
  if (sha256Hex(json) !== digest[1]) return { damaged: 'does not match its sha256 (cut short or altered)' };
  let value: unknown;
  try {
    value = JSON.parse(json.toString('utf8'));
  } catch {
    return { damaged: 'is not JSON' };
  }
  const problem = shapeProblem(shape, value);
  return problem === undefined ? { value: value as T } : { damaged: `has the wrong shape at ${problem}` };
}

/** The one line a damaged cache file is worth: it is not an error, the build rebuilds the entry. */
export function cacheNote(file: string, damage: string, consequence: string): void {
  const shown = file.startsWith(`${REPOSITORY_ROOT}${sep}`) ? relative(REPOSITORY_ROOT, file) : file;
  process.stderr.write(`uaix: note: ${shown} ${damage}; ${consequence}\n`);
}

/**
 * A cache of results computed by the record's code, one file `{code, entries}`: entries keyed by
 * the digest of what each was computed from, kept while the code that computed them is the same
 * (`code`: by default sourceDigest.ts `recordCodeDigest`, all of the record's and the core's code;
 * a cache whose results come from a few modules names their digest). Returns the entries, each of
 * shape `entry`; none when the file is absent, damaged (one note, with `consequence`) or from other
 * code (not damaged, of no use).
 */
export function readKeptEntries<T>(
  file: string,
  entry: Shape,
  consequence: string,
  code = recordCodeDigest(),
): Map<string, T> {
  const read = readCacheFile<{ code: string; entries: Record<string, T> }>(
    file,
    objectOf({ code: string, entries: recordOf(entry) }),
  );
  if ('damaged' in read) cacheNote(file, read.damaged, consequence);
  const kept = 'value' in read && read.value.code === code ? read.value.entries : {};
  return new Map(Object.entries(kept));
}

/** Writes the entries `readKeptEntries` reads back, under the code digest `code` (as it reads them). */
export function writeKeptEntries(file: string, entries: ReadonlyMap<string, unknown>, code = recordCodeDigest()): void {
  writeCacheFile(file, { code, entries: Object.fromEntries(entries) });
}

/**
 * The results of a function of a text, kept between builds in one file of `readKeptEntries`: each
 * text's result under the sha256 of the text. A build computes only the texts no earlier build
 * read, and `save` rewrites the file with just the texts this build read, so it does not grow with
 * edits. The file is read at the first text (a build that reads none reads nothing).
 */
export class KeptTextResults<T> {
  private stored: Map<string, T> | undefined;
  private readonly used = new Map<string, T>();
  private computed = 0;

  constructor(
    private readonly file: string,
    private readonly shape: Shape,
    /** What a damaged file costs, for its note ("every text is scanned again"). */
    private readonly consequence: string,
    private readonly compute: (text: string) => T,
    /** The digest of the code the results come from (readKeptEntries); all of the record's by default. */
    private readonly code?: string,
  ) {}

  /** How many texts this build computed (the others' results came from the file). */
  get computedCount(): number {
    return this.computed;
  }

  /**
   * The result for `text`, computed only when no earlier build read the same text; by `compute` when
   * given (a caller whose text is the key of inputs that are not all text).
   */
  readonly of = (text: string, compute: (text: string) => T = this.compute): T => {
    const key = createHash('sha256').update(text).digest('base64');
    let result = this.used.get(key) ?? this.storedResults().get(key);
    if (result === undefined) {
      result = compute(text);
      this.computed++;
    }
    this.used.set(key, result);
    return result;
  };

  /** Writes the texts this build read, when that differs from what the file holds. */
  save(): void {
    if (!this.computed && this.used.size === this.storedResults().size) return;
    writeKeptEntries(this.file, this.used, this.code);
  }

  private storedResults(): Map<string, T> {
    this.stored ??= readKeptEntries<T>(this.file, this.shape, this.consequence, this.code);
    return this.stored;
  }
}
