/**
 * The build's per-page work after Astro (mirrors and link facts, one parse per page), spread over
 * worker threads, one per core, and cached per page: the result for a page is kept under a key made
 * of the analysis code, the page's path and its bytes, so a rebuild parses only the pages whose
 * HTML changed. The cache is a git-ignored folder of packs, one per chunk (PageCache); a cached
 * result is the same JSON the analysis returns, so a warm build writes the same bytes as a cold one.
 *
 * Pages stream through in chunks: each page's HTML is read when its chunk is analysed, its full
 * analysis (with the mirrors) is handed to the caller and then dropped, and only the facts the
 * later stages need (ids, links, styles, claims text) are kept. The workers analyse the next chunk
 * while the caller writes the mirrors of the last one (before, each waited for the other).
 * Holding every page's HTML and mirrors at once made garbage collection, and so the whole
 * stage, grow faster than the record.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { analysePage, type PageAnalysis } from '../pageMirror.ts';
import { arrayOf, jsonObject, matching, number, objectOf, recordOf, string } from '../../model/jsonShape.ts';
import { cacheNote, readCacheFile, writeCacheFile } from '../../node/cacheFile.ts';
import { sourceDigest } from '../../node/sourceDigest.ts';
import { walkFiles } from '../../node/walkFiles.ts';
import { startTypeScriptWorker } from '../../node/typeScriptWorker.ts';
import { ProblemListError, type Problem } from '../../../uai/problem.ts';

export const PAGE_CACHE_DIR = join(REPOSITORY_ROOT, '.cache/build-pages');

export interface PageJob {
  /** Public path of the page, e.g. `/en-us/guides/`. */
  path: string;
  /** The built HTML file, read when the page's turn comes. */
  file: string;
  withMirror: boolean;
}

/** A page as a worker analyses it: its HTML, read by the main thread. */
export interface PageInput {
  path: string;
  html: string;
  withMirror: boolean;
}

/** What the analysis keeps of a page once the caller has had its mirrors. */
export type PageFacts = Omit<PageAnalysis, 'mirror'>;

export type PageOutcome = { analysis: PageAnalysis } | { problems: readonly Problem[] };

export interface AnalysisRequest {
  id: number;
  pages: PageInput[];
}

/**
 * One page's analysis; a page that cannot be analysed gives its problem instead of throwing. The
 * page's reader throws its problems as data; anything else it throws is still this page's problem.
 */
export function analysePageSafely(job: PageInput): PageOutcome {
  try {
    return { analysis: analysePage(job.html, job.path, job.withMirror) };
  } catch (error) {
    if (error instanceof ProblemListError) return { problems: error.problems };
    return { problems: [{ file: job.path, message: (error as Error).message, rule: 'page-analysis' }] };
  }
}

/**
 * Digest of the code that computes an analysis (the record's modules outside its node/ folders, where
 * the page readers live) and of the installed packages (package-lock.json): changing either
 * invalidates every cached page.
 */
function analysisCodeDigest(): string {
  const files = walkFiles(join(REPOSITORY_ROOT, 'src/record'), (folder) => basename(folder) === 'node').filter((file) =>
    file.endsWith('.ts'),
  );
  return sourceDigest([...files, join(REPOSITORY_ROOT, 'package-lock.json')]);
}

/**
 * Pages each worker thread must have to earn its start (loading tsx and the HTML and Markdown
 * libraries): measured at the real record's 122 pages, two workers took longer than one thread.
 */
const PAGES_PER_WORKER = 300;
const PAGES_PER_MESSAGE = 8;

/** Pages analysed between two hand-overs to the caller: bounds what is held in memory at once. */
const PAGES_PER_CHUNK = 128;

/**
 * Worker threads that analyse the batches they are sent. Each batch goes, when submitted, to the
 * worker with the fewest pages waiting, so a worker never waits for the main thread to hand it
 * work: the main thread can submit the next chunk and then spend its time writing the last one.
 */
class WorkerPool {
  private readonly workers: { worker: Worker; waiting: number }[];
  private readonly answers = new Map<
    number,
    { size: number; resolve(outcomes: PageOutcome[]): void; reject(error: Error): void }
  >();
  private nextId = 0;
  private closing = false;

  constructor(threads: number) {
    this.workers = Array.from({ length: threads }, () => {
      const entry = { worker: startTypeScriptWorker(new URL('./pageAnalysisWorker.ts', import.meta.url)), waiting: 0 };
      entry.worker
        .on('message', ({ id, outcomes }: { id: number; outcomes: PageOutcome[] }) => {
          const answer = this.answers.get(id)!;
          this.answers.delete(id);
          entry.waiting -= answer.size;
          answer.resolve(outcomes);
        })
        .on('error', (error) => this.failAll(error))
        .on('exit', (code) => {
          if (!this.closing) this.failAll(new Error(`a page analysis worker exited with ${code}`));
        });
      return entry;
    });
  }

  /** The outcomes of `pages`, in their order. */
  async analyse(pages: PageInput[]): Promise<PageOutcome[]> {
    const batches: Promise<PageOutcome[]>[] = [];
    for (let start = 0; start < pages.length; start += PAGES_PER_MESSAGE) {
      const batch = pages.slice(start, start + PAGES_PER_MESSAGE);
      const entry = this.workers.reduce((least, other) => (other.waiting < least.waiting ? other : least));
      const id = this.nextId++;
      batches.push(new Promise((resolve, reject) => this.answers.set(id, { size: batch.length, resolve, reject })));
      entry.waiting += batch.length;
      entry.worker.postMessage({ id, pages: batch } satisfies AnalysisRequest);
    }
    return (await Promise.all(batches)).flat();
  }

  private failAll(error: Error): void {
    for (const answer of this.answers.values()) answer.reject(error);
    this.answers.clear();
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }
}

const CACHE_INDEX = 'index.json';
const PACK_NAME = /^[0-9a-f]{64}\.json$/;

/** The index: the pack of each key (a pack name is never a path elsewhere). */
const INDEX_SHAPE = recordOf(matching(PACK_NAME));
/** A pack: analyses by key (a mirror's JSON is checked against the mirror schema when it is written). */
const PACK_SHAPE = recordOf(
  objectOf(
    {
      ids: arrayOf(string),
      links: arrayOf(string),
      styles: arrayOf(string),
      claims: objectOf({ text: string }),
      language: objectOf({ lang: string, total: number, foreign: number, unmarked: number }),
    },
    { mirror: objectOf({ json: jsonObject, markdown: string, body: string }) },
  ),
);

/**
 * The page cache on disk: one pack file per chunk of newly analysed pages (the JSON of their
 * analyses by key) and `index.json`, the pack of each key. One file per page cost a file creation
 * per page, about 1 ms of kernel time each on the build machine (1,251 files at ten times the
 * record); a pack is one. Every file carries the sha256 of its content (cacheFile.ts): a damaged
 * index drops the whole cache, a damaged pack its pages, each with a note, and those pages are
 * analysed again.
 */
class PageCache {
  private readonly packOf: Map<string, string>;
  private readonly present = new Map<string, boolean>();

  constructor(private readonly dir: string) {
    this.packOf = new Map(Object.entries(this.readIndex()));
  }

  has(key: string): boolean {
    const pack = this.packOf.get(key);
    if (pack === undefined) return false;
    if (!this.present.has(pack)) this.present.set(pack, existsSync(join(this.dir, pack)));
    return this.present.get(pack)!;
  }

  /** The cached analyses of `keys` that their packs hold intact; each pack is read once. */
  load(keys: readonly string[]): Map<string, PageAnalysis> {
    const packs = new Map<string, string[]>();
    for (const key of keys) {
      const pack = this.packOf.get(key);
      if (pack === undefined) continue;
      const packKeys = packs.get(pack);
      if (packKeys) packKeys.push(key);
      else packs.set(pack, [key]);
    }
    const loaded = new Map<string, PageAnalysis>();
    for (const [pack, packKeys] of packs) {
      const file = join(this.dir, pack);
      const read = readCacheFile<Record<string, PageAnalysis>>(file, PACK_SHAPE);
      const missing = 'value' in read ? packKeys.filter((key) => !Object.hasOwn(read.value, key)) : packKeys;
      if ('value' in read)
        for (const key of packKeys) if (Object.hasOwn(read.value, key)) loaded.set(key, read.value[key]);
      if (!missing.length) continue;
      const damage = 'damaged' in read ? read.damaged : `lacks ${missing.length} page(s) ${CACHE_INDEX} puts there`;
      cacheNote(file, damage, `${'damaged' in read ? 'its' : 'those'} pages are analysed again`);
      // A damaged pack is of no use for any page; an intact one still holds the others.
      if ('damaged' in read) this.present.set(pack, false);
    }
    return loaded;
  }

  /** Writes one pack of new analyses (named by its keys, so the same pages give the same name). */
  add(analyses: Map<string, PageAnalysis>): void {
    if (!analyses.size) return;
    const name = `${createHash('sha256')
      .update([...analyses.keys()].join('\0'))
      .digest('hex')}.json`;
    writeCacheFile(join(this.dir, name), Object.fromEntries(analyses));
    this.present.set(name, true);
    for (const key of analyses.keys()) this.packOf.set(key, name);
  }

  /** Writes the index; with `keep`, only those keys, and removes every pack none of them is in. */
  save(keep?: ReadonlySet<string>): void {
    if (keep) for (const key of [...this.packOf.keys()]) if (!keep.has(key)) this.packOf.delete(key);
    // A pack found damaged is rewritten under its name when its pages are analysed again; until then
    // the index must not name it.
    for (const [key, pack] of [...this.packOf]) if (this.present.get(pack) === false) this.packOf.delete(key);
    if (!existsSync(this.dir)) return;
    writeCacheFile(join(this.dir, CACHE_INDEX), Object.fromEntries(this.packOf));
    if (!keep) return;
    const used = new Set(this.packOf.values());
    for (const name of readdirSync(this.dir))
      if (name !== CACHE_INDEX && !used.has(name)) rmSync(join(this.dir, name), { force: true });
  }

  private readIndex(): Record<string, string> {
    const file = join(this.dir, CACHE_INDEX);
    const read = readCacheFile<Record<string, string>>(file, INDEX_SHAPE);
    if ('damaged' in read) cacheNote(file, read.damaged, 'every page is analysed again');
    return 'value' in read ? read.value : {};
  }
}

export interface PageAnalyses {
  /** Per page path, in the order of the jobs: what the later stages read (the mirrors are not kept). */
  results: Map<string, PageFacts>;
  /** One per page that could not be analysed. */
  problems: Problem[];
  analysed: number;
  fromCache: number;
}

/** Each page's cache key: the digest of the analysis code, the page's path and its HTML. */
function pageCacheKeys(jobs: readonly PageJob[]): string[] {
  const codeDigest = analysisCodeDigest();
  return jobs.map((job) =>
    createHash('sha256')
      .update(codeDigest)
      .update('\0')
      .update(job.path)
      .update('\0')
      .update(readFileSync(job.file, 'utf8'))
      .digest('hex'),
  );
}

/**
 * Analyses `jobs`, handing each page's full analysis to `onAnalysis` (in the order of the jobs)
 * before dropping its mirrors; with `cacheDir`, reuses and records results there and, when `prune`
 * is called after a successful build, drops the entries this build did not use.
 */
export async function analysePages(
  jobs: PageJob[],
  cacheDir?: string,
  onAnalysis?: (job: PageJob, analysis: PageAnalysis) => void,
): Promise<PageAnalyses & { prune(): void }> {
  // First pass: the cache key of every page (its HTML is read and dropped), to know how many pages
  // must be parsed and so whether worker threads earn their start.
  const keys = cacheDir ? pageCacheKeys(jobs) : jobs.map(() => '');
  const cache = cacheDir ? new PageCache(cacheDir) : undefined;
  const cachedAt = keys.map((key) => cache?.has(key) ?? false);
  const missingCount = cachedAt.filter((hit) => !hit).length;
  const threads = Math.min(availableParallelism(), Math.floor(missingCount / PAGES_PER_WORKER));
  const pool = threads > 1 ? new WorkerPool(threads) : undefined;
  const results = new Map<string, PageFacts>();
  const problems: Problem[] = [];
  let analysedCount = 0;
  /**
   * Reads a chunk's cached analyses and its other pages, and sets those being analysed (a page
   * whose pack turns out damaged is one of them).
   */
  const startChunk = (start: number) => {
    const chunk = jobs.map((_, at) => at).slice(start, start + PAGES_PER_CHUNK);
    const cached =
      cache?.load(chunk.filter((at) => cachedAt[at]).map((at) => keys[at])) ?? new Map<string, PageAnalysis>();
    const missing = chunk.filter((at) => !cached.has(keys[at]));
    analysedCount += missing.length;
    const inputs = missing.map((at): PageInput => ({
      path: jobs[at].path,
      html: readFileSync(jobs[at].file, 'utf8'),
      withMirror: jobs[at].withMirror,
    }));
    const computed = pool ? pool.analyse(inputs) : Promise.resolve(inputs.map(analysePageSafely));
    return { chunk, cached, missing, computed };
  };
  try {
    let next = jobs.length ? startChunk(0) : undefined;
    for (let start = 0; next; start += PAGES_PER_CHUNK) {
      const { chunk, cached, missing, computed } = next;
      const outcomes = await computed;
      // Lets the event loop run between chunks, also when no worker answers (every page cached, or
      // analysed in-thread): Pagefind's service process, indexing beside this stage, talks to the
      // build through it, and would otherwise wait for the whole stage before its first answer.
      await new Promise((resolve) => setImmediate(resolve));
      // The workers analyse the next chunk while this thread writes this one.
      next = start + PAGES_PER_CHUNK < jobs.length ? startChunk(start + PAGES_PER_CHUNK) : undefined;
      const outcomeOf = new Map(missing.map((at, offset) => [at, outcomes[offset]]));
      const analysed = new Map<string, PageAnalysis>();
      for (const at of chunk) {
        const outcome: PageOutcome = outcomeOf.get(at) ?? { analysis: cached.get(keys[at])! };
        if (!('analysis' in outcome)) {
          problems.push(...outcome.problems);
          continue;
        }
        if (outcomeOf.has(at)) analysed.set(keys[at], outcome.analysis);
        onAnalysis?.(jobs[at], outcome.analysis);
        const { ids, links, styles, claims, language } = outcome.analysis;
        results.set(jobs[at].path, { ids, links, styles, claims, language });
      }
      cache?.add(analysed);
    }
    cache?.save();
  } finally {
    await pool?.close();
  }
  return {
    results,
    problems,
    analysed: analysedCount,
    fromCache: jobs.length - analysedCount,
    prune() {
      cache?.save(new Set(keys));
    },
  };
}
