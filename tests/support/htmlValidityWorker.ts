/**
 * A worker thread of `htmlValidityProblems` (validity.ts): html-validate and the inline-style check
 * over its share of the pages, one list of problem lines per page, posted back in the order given.
 */
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { workerInput } from '../../src/record/node/typeScriptWorker.ts';
import {
  createHtmlValidator,
  formatFinding,
  inlineStylesOutsideShiki,
  validateHtml,
  type HtmlPage,
} from './validity.ts';

const validator = createHtmlValidator();
const problems: string[][] = [];
for (const page of workerInput<HtmlPage[]>()) {
  const html = readFileSync(page.path, 'utf8');
  problems.push([
    ...(await validateHtml(validator, html, page.label)).map(formatFinding),
    ...inlineStylesOutsideShiki(html, page.label),
  ]);
}
parentPort!.postMessage(problems);
