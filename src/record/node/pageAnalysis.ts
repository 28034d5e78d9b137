/**
 * The build's per-page work after Astro (mirrors and link facts, one parse per page), spread over
 * worker threads, one per core, and cached per page: the result for a page is kept under a key made
 * of the analysis code, the page's path and its bytes, so a rebuild parses only the pages whose
 * HTML changed. The cache is a git-ignored folder; a cached result is the same JSON the analysis
 * returns, so a warm build writes the same bytes as a cold one.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { REPOSITORY_ROOT } from '../../uai/node/recordFiles.ts';
import { analysePage, type PageAnalysis } from '../pageMirror.ts';

export const PAGE_CACHE_DIR = join(REPOSITORY_ROOT, '.cache/build-pages');

export interface PageJob {
  /** Public path of the page, e.g. `/en-us/guides/`. */
  path: string;
  html: string;
  withMirror: boolean;
}

export type PageOutcome = { analysis: PageAnalysis } | { error: string };

export interface AnalysisRequest {
  id: number;
  pages: PageJob[];
}

/** One page's analysis; a page that cannot be analysed gives its one-line problem instead of throwing. */
export function analysePageSafely(job: PageJob): PageOutcome {
  try {
    return { analysis: analysePage(job.html, job.path, job.withMirror) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/**
 * Digest of the code that computes an analysis (src/record/*.ts) and of the installed packages
 * (package-lock.json): changing either invalidates every cached page.
 */
function analysisCodeDigest(): string {
  const hash = createHash('sha256');
  const recordDir = join(REPOSITORY_ROOT, 'src/record');
  const files = readdirSync(recordDir)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => join(recordDir, name));
  for (const file of [...files, join(REPOSITORY_ROOT, 'package-lock.json')])
    hash.update(file.slice(REPOSITORY_ROOT.length)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/**
 * Pages each worker thread must have to earn its start (loading tsx and the HTML and Markdown
 * libraries): measured at the real record's 122 pages, two workers took longer than one thread.
 */
const PAGES_PER_WORKER = 300;
const PAGES_PER_MESSAGE = 8;

async function analyseOnWorkers(jobs: PageJob[], threads: number): Promise<PageOutcome[]> {
  const outcomes: PageOutcome[] = new Array(jobs.length);
  const batches: { id: number; start: number; pages: PageJob[] }[] = [];
  for (let start = 0; start < jobs.length; start += PAGES_PER_MESSAGE)
    batches.push({ id: batches.length, start, pages: jobs.slice(start, start + PAGES_PER_MESSAGE) });
  let next = 0;
  const workers = Array.from(
    { length: threads },
    () => new Worker(new URL('./pageAnalysisWorker.mjs', import.meta.url)),
  );
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              const batch = batches[next++];
              if (!batch) return resolve();
              worker.postMessage({ id: batch.id, pages: batch.pages } satisfies AnalysisRequest);
            };
            worker.on('message', ({ id, outcomes: answered }: { id: number; outcomes: PageOutcome[] }) => {
              answered.forEach((outcome, offset) => (outcomes[batches[id].start + offset] = outcome));
              send();
            });
            worker.on('error', reject);
            worker.on('exit', (code) =>
              code === 0 ? resolve() : reject(new Error(`a page analysis worker exited with ${code}`)),
            );
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return outcomes;
}

export interface PageAnalyses {
  /** Per page path, in the order of the jobs. */
  results: Map<string, PageAnalysis>;
  /** One line per page that could not be analysed. */
  problems: string[];
  analysed: number;
  fromCache: number;
}

/**
 * Analyses `jobs`; with `cacheDir`, reuses and records results there and, when `prune` is called
 * after a successful build, drops the entries this build did not use.
 */
export async function analysePages(jobs: PageJob[], cacheDir?: string): Promise<PageAnalyses & { prune(): void }> {
  const codeDigest = cacheDir ? analysisCodeDigest() : '';
  const keys = jobs.map((job) =>
    cacheDir
      ? createHash('sha256')
          .update(codeDigest)
          .update('\0')
          .update(job.path)
          .update('\0')
          .update(job.html)
          .digest('hex')
      : '',
  );
  const outcomes: (PageOutcome | undefined)[] = keys.map((key) => {
    if (!cacheDir) return undefined;
    const file = join(cacheDir, `${key}.json`);
    return existsSync(file) ? { analysis: JSON.parse(readFileSync(file, 'utf8')) as PageAnalysis } : undefined;
  });
  const missing = jobs.map((_, at) => at).filter((at) => !outcomes[at]);
  const missingJobs = missing.map((at) => jobs[at]);
  const threads = Math.min(availableParallelism(), Math.floor(missingJobs.length / PAGES_PER_WORKER));
  const computed = threads > 1 ? await analyseOnWorkers(missingJobs, threads) : missingJobs.map(analysePageSafely);
  if (cacheDir && missing.length) mkdirSync(cacheDir, { recursive: true });
  computed.forEach((outcome, offset) => {
    const at = missing[offset];
    outcomes[at] = outcome;
    if (cacheDir && 'analysis' in outcome)
      writeFileSync(join(cacheDir, `${keys[at]}.json`), JSON.stringify(outcome.analysis));
  });
  const results = new Map<string, PageAnalysis>();
  const problems: string[] = [];
  outcomes.forEach((outcome, at) => {
    if (outcome && 'analysis' in outcome) results.set(jobs[at].path, outcome.analysis);
    else problems.push(outcome?.error ?? `${jobs[at].path}: not analysed`);
  });
  return {
    results,
    problems,
    analysed: missing.length,
    fromCache: jobs.length - missing.length,
    prune() {
      if (!cacheDir || !existsSync(cacheDir)) return;
      const used = new Set(keys.map((key) => `${key}.json`));
      for (const name of readdirSync(cacheDir)) if (!used.has(name)) rmSync(join(cacheDir, name), { force: true });
    },
  };
}
