/** Worker thread of analysePages: analyses the pages it is sent and answers with their outcomes. */
import { parentPort } from 'node:worker_threads';
import { analysePageSafely, type AnalysisRequest } from './pageAnalysis.ts';

parentPort!.on('message', (request: AnalysisRequest) => {
  parentPort!.postMessage({ id: request.id, outcomes: request.pages.map(analysePageSafely) });
});
