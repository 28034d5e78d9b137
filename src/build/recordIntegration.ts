/**
 * The record's Astro integration: `astro build` alone produces the complete, checked site. Before
 * Astro renders (astro:config:setup of a build) it scans the sources, packs the package and checks
 * the fixtures and the content; after (astro:build:done) it publishes the machine records, mirrors,
 * _headers, llms.txt, Pagefind's index and the manifest, and checks links and the publication gates
 * (recordStages.ts). On any problem it removes dist/ and throws a BuildFailure, so `astro build`
 * exits non-zero and no dist/ is left that looks complete. `npm run build` (scripts/build.ts) runs
 * the same build and prints the problems one per line.
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import {
  finishPreparation,
  prepareRecord,
  publishRecord,
  removePreviousBuild,
  type PreparedRecord,
  type StartedRecord,
} from './recordStages.ts';

export const RECORD_INTEGRATION = 'uaix-record';

type ReportListener = (line: string) => void;
let reportListener: ReportListener | undefined;

/**
 * Sends the build's report lines to `listener` instead of Astro's logger: `npm run build` runs Astro
 * silently (its page-by-page log is noise at thousands of pages) and prints these lines itself.
 * This reaches the integration because Node imports astro.config.mjs, and so this module, in the
 * wrapper's own process.
 */
export function reportBuildTo(listener: ReportListener | undefined): void {
  reportListener = listener;
}

function report(logger: AstroIntegrationLogger, line: string): void {
  if (reportListener) reportListener(line);
  else logger.info(line);
}

/** Runs a stage; on any error removes `dist` (a partial dist/ must not look like a build) and rethrows. */
async function removingDistOnFailure<T>(dist: string, stage: () => T | Promise<T>): Promise<T> {
  try {
    return await stage();
  } catch (error) {
    rmSync(dist, { recursive: true, force: true });
    throw error;
  }
}

export function recordIntegration(): AstroIntegration {
  let started: StartedRecord | undefined;
  let prepared: PreparedRecord | undefined;
  let outDir = '';
  let previousBuildRemoved: Promise<void> = Promise.resolve();
  return {
    name: RECORD_INTEGRATION,
    hooks: {
      'astro:config:setup': async ({ command, config }) => {
        if (command !== 'build') return;
        outDir = fileURLToPath(config.outDir);
        started = await removingDistOnFailure(outDir, prepareRecord);
        previousBuildRemoved = removePreviousBuild(outDir);
      },
      // After Astro's content sync, before it bundles and renders: the language check and the
      // package, which ran beside the sync on worker threads, must be done and clean.
      'astro:build:start': async ({ logger }) => {
        if (!started) return;
        const record = started;
        prepared = await removingDistOnFailure(outDir, () => finishPreparation(record));
        report(logger, prepared.summary);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const published = await removingDistOnFailure(dist, async () => {
          if (!prepared)
            throw new Error('astro:build:done ran without the checks of astro:config:setup and astro:build:start');
          releaseRenderGarbage();
          return publishRecord(dist, prepared);
        });
        await previousBuildRemoved;
        for (const line of published.summary) report(logger, line);
      },
    },
  };
}

/**
 * Astro's heap is still alive when it hands over, about a third of it garbage the collector has not
 * reached yet; the mirror stage's worker threads would sit on top of it. When the process allows it
 * (`npm run build` runs Node with --expose-gc; a plain `astro build` does not), collect it first:
 * at ten times the record this lowers the build's peak memory by about a tenth.
 */
function releaseRenderGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
