/**
 * The author's loop (`npm run dev`, `astro dev` with the record's integration): the checks the
 * build runs before Astro renders (stages 1 to 3) run when the server starts and again after each
 * edit of the sources, and print each problem as the same one line the build prints. A clean check
 * hands the new site to the pages (an edited title or interface string shows on the next request;
 * Astro's content layer re-renders an edited body itself); a failed one is shown on every page
 * instead (devProblemPage.ts, answered before Astro renders), until the sources are fixed. The
 * server keeps running either way.
 */
import { relative, sep } from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import { finishPreparation, prepareRecord } from './recordStages.ts';
import { BuildFailure, failureLines, isBuildFailure } from './buildFailure.ts';
import { shareCheckedSite } from '../site/siteContext.ts';
import { forgetRecordModel } from '../record/model/node/loadRecordModel.ts';

/** The sources whose edit calls for a new check: what stages 1 to 3 read. */
const WATCHED = [/^content\//, /^schemas\//, /^editions\//, /^record\.config\.json$/, /^llms\.txt$/];

export function isRecordSource(root: string, file: string): boolean {
  const path = relative(root, file).split(sep).join('/');
  return WATCHED.some((pattern) => pattern.test(path));
}

/** What the last check found: nothing, or the stage that failed with its problems. */
export type DevFailure = Pick<BuildFailure, 'stage' | 'problems'> | undefined;

/**
 * Runs stages 1 to 3 and hands the pages the checked site, or the failure worded for dev (which
 * writes no dist/); returns the failure (undefined when the sources are clean).
 */
export async function checkRecordForDev(): Promise<DevFailure> {
  forgetRecordModel();
  try {
    await finishPreparation(await prepareRecord());
    return undefined;
  } catch (error) {
    if (!isBuildFailure(error)) throw error;
    shareCheckedSite(new BuildFailure(error.stage, error.problems, 'dev'));
    return { stage: error.stage, problems: error.problems };
  }
}

/**
 * Checks now, then after each burst of edits (one check at a time; an edit during a check asks for
 * one more), printing to `print` and keeping the last check's failure for the pages.
 */
export function devChecks(logger: AstroIntegrationLogger, print: (line: string) => void) {
  let running: Promise<void> | undefined;
  let again = false;
  let failure: DevFailure;
  const run = async (): Promise<void> => {
    try {
      failure = await checkRecordForDev();
      if (failure) for (const line of failureLines(failure.stage, failure.problems, 'dev')) print(line);
      else logger.info('record sources checked');
    } catch (error) {
      failure = undefined;
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
  /** The last check's failure, which every page shows until a check passes. */
  const lastFailure = (): DevFailure => failure;
  return { check, lastFailure };
}
