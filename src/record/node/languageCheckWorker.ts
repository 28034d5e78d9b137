/** Worker thread of languageProblemsOnWorker: checks the input it was started with and answers once. */
import { parentPort, workerData } from 'node:worker_threads';
import { languageProblems, type LanguageCheckInput } from './siteLanguageCheck.ts';

parentPort!.postMessage(languageProblems(workerData as LanguageCheckInput));
