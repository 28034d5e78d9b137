/**
 * The language check on a worker thread of its own, for the build (siteLanguageCheck.ts says why).
 * A module apart from the check itself, so that the pages' server bundle, which imports the check
 * through siteContext.ts, never meets a worker thread for Vite to bundle.
 */
import type { Problem } from '../../../uai/problem.ts';
import type { LanguageCheckInput } from './siteLanguageCheck.ts';
import { workerAnswer } from '../../node/typeScriptWorker.ts';

/** `languageProblems(input)` on a worker thread; rejects if the worker fails. */
export function languageProblemsOnWorker(input: LanguageCheckInput): Promise<Problem[]> {
  return workerAnswer(new URL('./languageCheckWorker.ts', import.meta.url), input, "the language check's worker");
}
