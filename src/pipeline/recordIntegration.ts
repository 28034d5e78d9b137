/**
 * The record's Astro integration: `astro build` alone produces the complete, checked site. Before
 * Astro renders (astro:config:setup of a build) it scans the sources, packs the package and checks
 * the fixtures and the content; after (astro:build:done) it publishes the machine records, mirrors,
 * _headers, llms.txt, Pagefind's index and the manifest, and checks links and the publication gates
 * (recordStages.ts). Astro and every stage write into a staging folder (stagedOutput.ts), swapped in
 * for dist/ only when every stage passed: on any problem the staging folder is removed and a
 * BuildFailure thrown, so `astro build` exits non-zero and the previous dist/ stays as it was.
 * `npm run build` (scripts/build.ts) runs the same build under a supervisor (buildSupervisor.ts),
 * which handles interrupts and must say yes before the swap (buildSupervision.ts); plain `astro
 * build` handles them in its own process (buildInterrupts.ts): either way the children end, the
 * staging folder goes and the exit code is the signal's.
 */
import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import {
  finishPreparation,
  prepareRecord,
  publishRecord,
  startSearchIndex,
  type PreparedRecord,
  type StartedRecord,
} from './recordStages.ts';
import type { SearchIndexFeed } from './searchIndex.ts';
import { listenToRenderedPages } from '../site/renderedPages.ts';
import {
  outputFolder,
  plannedOutput,
  previousOutput,
  removeStaging,
  stageOutput,
  swapIn,
  type StagedOutput,
} from './stagedOutput.ts';
import { handleInterrupts, stopHandlingInterrupts } from './buildInterrupts.ts';
import { announcePublished, announceStaging, isSupervised, mayPublish } from './buildSupervision.ts';
import { fail } from './buildFailure.ts';
import { dataStoreReadAtRuntime } from './dataStoreModule.ts';
import { devChecks, isRecordSource } from './recordDev.ts';
import { devProblemPage, isPageRequest } from './devProblemPage.ts';

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

/**
 * Runs a stage; on any error removes the staging folder (the previous output stays), lets the
 * removal of what killed builds left finish, and rethrows.
 */
async function removingStagingOnFailure<T>(output: StagedOutput, stage: () => T | Promise<T>): Promise<T> {
  try {
    return await stage();
  } catch (error) {
    removeStaging(output);
    await output.staleRemoved;
    throw error;
  }
}

/**
 * The staging folder of a build that ends without its swap (Astro failing to render a page, or
 * anything else that ends the process): removed as the process exits. Astro's page writes are over
 * by then, and the previous output was never touched.
 */
function removeStagingOnExit(output: Pick<StagedOutput, 'staging'>): void {
  process.once('exit', () => {
    if (existsSync(output.staging)) removeStaging(output);
  });
}

export function recordIntegration(): AstroIntegration {
  let started: StartedRecord | undefined;
  let prepared: PreparedRecord | undefined;
  let output: StagedOutput | undefined;
  let search: SearchIndexFeed | undefined;
  let dev: ReturnType<typeof devChecks> | undefined;
  return {
    name: RECORD_INTEGRATION,
    hooks: {
      'astro:config:setup': async ({ command, config, updateConfig, logger }) => {
        if (command === 'dev') {
          dev = devChecks(logger, (line) => console.error(line));
          await dev.check();
          return;
        }
        if (command !== 'build') return;
        const root = fileURLToPath(config.root);
        // Whoever handles an interrupt knows the staging folder before it exists: no moment is left
        // in which a signal ends the build with Node's default and leaves the folder behind.
        const planned = plannedOutput(root, outputFolder(root, fileURLToPath(config.outDir)));
        if (isSupervised()) announceStaging(planned.staging);
        else handleInterrupts(planned.label, () => removeStaging(planned));
        removeStagingOnExit(planned);
        const staged = stageOutput(root, planned.destination);
        output = staged;
        updateConfig({
          outDir: pathToFileURL(staged.staging + sep),
          vite: { plugins: [dataStoreReadAtRuntime(config.cacheDir)] },
        });
        started = await removingStagingOnFailure(staged, prepareRecord);
      },
      // After Astro's content sync, before it bundles and renders: the language check and the
      // package, which ran beside the sync on worker threads, must be done and clean.
      // astro dev: the sources are checked again after each edit, and the browser reloads. While a
      // check has failed, every page request is answered here, before Astro renders, with its problems.
      'astro:server:setup': ({ server }) => {
        if (!dev) return;
        const checks = dev;
        const root = server.config.root;
        server.middlewares.use((request, response, next) => {
          const failure = checks.lastFailure();
          if (!failure || !isPageRequest(request.method, request.url, request.headers.accept)) return next();
          response.statusCode = 500;
          response.setHeader('Content-Type', 'text/html; charset=utf-8');
          response.setHeader('Cache-Control', 'no-store');
          response.end(devProblemPage(failure.stage, failure.problems));
        });
        server.watcher.on('all', (_event, file) => {
          if (!isRecordSource(root, file)) return;
          void checks.check().then(() => server.ws.send({ type: 'full-reload' }));
        });
      },
      'astro:build:start': async ({ logger }) => {
        if (!started || !output) return;
        const record = started;
        prepared = await removingStagingOnFailure(output, () => finishPreparation(record));
        report(logger, prepared.summary);
        // Pagefind starts on the pages as Astro renders them, on the core the render leaves idle.
        search = startSearchIndex(output.staging, prepared);
        listenToRenderedPages(search.pageRendered);
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!output) throw new Error('astro:build:done ran without the staging folder of astro:config:setup');
        const staged = output;
        listenToRenderedPages(undefined);
        const published = await removingStagingOnFailure(staged, async () => {
          if (!prepared || !search)
            throw new Error('astro:build:done ran without the checks of astro:config:setup and astro:build:start');
          releaseRenderGarbage();
          const result = await publishRecord(fileURLToPath(dir), prepared, search, previousOutput(staged));
          await swapInWhenAllowed(staged);
          return result;
        });
        for (const line of published.summary) report(logger, line);
      },
    },
  };
}

/**
 * Swaps the staging folder in once the removal of what killed builds left is done: at once when the
 * build runs alone, when the supervisor says yes when it is supervised (never after an interrupt).
 */
async function swapInWhenAllowed(staged: StagedOutput): Promise<void> {
  await staged.staleRemoved;
  if (!isSupervised()) {
    swapIn(staged);
    stopHandlingInterrupts();
  } else if (await mayPublish()) {
    swapIn(staged);
    announcePublished();
  } else {
    fail('output folder', [{ file: staged.label, message: 'not replaced: the build was stopped' }]);
  }
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
