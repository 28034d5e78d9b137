/** Worker thread of languageProblemsOnWorker: checks the input it was started with and answers once. */
import { parentPort } from 'node:worker_threads';
import { languageProblems, type LanguageCheckInput } from './siteLanguageCheck.ts';
import { workerInput } from '../../node/typeScriptWorker.ts';

parentPort!.postMessage(languageProblems(workerInput<LanguageCheckInput>()));
