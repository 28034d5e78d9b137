/**
 * The language check on a worker thread of its own, for the build (siteLanguageCheck.ts says why).
 * A module apart from the check itself, so that the pages' server bundle, which imports the check
 * through siteContext.ts, never meets a `new Worker(new URL(…))` for Vite to bundle.
 */
import { Worker } from 'node:worker_threads';
import type { LanguageCheckInput } from './siteLanguageCheck.ts';

/** `languageProblems(input)` on a worker thread; rejects if the worker fails. */
export function languageProblemsOnWorker(input: LanguageCheckInput): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let answered = false;
    new Worker(new URL('./languageCheckWorker.mjs', import.meta.url), { workerData: input })
      .once('message', (problems: string[]) => {
        answered = true;
        resolve(problems);
      })
      .once('error', reject)
      .once('exit', (code) => {
        if (!answered) reject(new Error(`the language check's worker exited with ${code} before answering`));
      });
  });
}
