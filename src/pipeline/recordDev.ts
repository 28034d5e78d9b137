/**
 * The author's loop (`npm run dev`, `astro dev` with the record's integration): the checks the
 * build runs before Astro renders (stages 1 to 3) run when the server starts and again after each
 * edit of the sources, and print each problem as the same one line the build prints. A clean check
 * hands the new site to the pages (an edited title or interface string shows on the next request;
 * Astro's content layer re-renders an edited body itself); a failed one is shown on every page
 * instead, until the sources are fixed. The server keeps running either way.
 */
import { relative, sep } from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import { finishPreparation, prepareRecord } from './recordStages.ts';
import { isBuildFailure } from './buildFailure.ts';
import { shareCheckedSite } from '../site/siteContext.ts';
import { forgetRecordModel } from '../record/model/node/loadRecordModel.ts';
import { formatProblem, type Problem } from '../uai/problem.ts';

/** The sources whose edit calls for a new check: what stages 1 to 3 read. */
const WATCHED = [/^content\//, /^schemas\//, /^editions\//, /^record\.config\.json$/, /^llms\.txt$/];

export function isRecordSource(root: string, file: string): boolean {
  const path = relative(root, file).split(sep).join('/');
  return WATCHED.some((pattern) => pattern.test(path));
}

/** The lines a failed check prints: the stage, then each problem as the build prints it. */
export function devProblemLines(stage: string, problems: readonly Problem[]): string[] {
  const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  return [
    `uaix: dev: ${stage} (${count}); the pages show it until it is fixed`,
    ...problems.map((problem) => `  ${formatProblem(problem)}`),
  ];
}

/** Runs stages 1 to 3; returns the lines to print (none when the sources are clean). */
export async function checkRecordForDev(): Promise<string[]> {
  forgetRecordModel();
  try {
    await finishPreparation(await prepareRecord());
    return [];
  } catch (error) {
    if (!isBuildFailure(error)) throw error;
    shareCheckedSite(error);
    return devProblemLines(error.stage, error.problems);
  }
}

/**
 * Checks now, then after each burst of edits (one check at a time; an edit during a check asks for
 * one more), printing to `print`; `reload` tells the browser to load the page again.
 */
export function devChecks(logger: AstroIntegrationLogger, print: (line: string) => void) {
  let running: Promise<void> | undefined;
  let again = false;
  const run = async (): Promise<void> => {
    try {
      const lines = await checkRecordForDev();
      for (const line of lines) print(line);
      if (!lines.length) logger.info('record sources checked');
    } catch (error) {
      print(`uaix: dev: the check could not run: ${(error as Error).message.split('\n')[0]}`);
    }
  };
  const check = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await run();
      } while (again);
      running = undefined;
    })();
    return running;
  };
  return { check };
}
