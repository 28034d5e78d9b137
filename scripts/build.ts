/**
 * `npm run build`: runs `astro build`, in which the record's integration (src/build/recordIntegration.ts)
 * checks the sources, fixtures and content, and publishes and checks everything after the pages
 * (src/build/recordStages.ts). This wrapper keeps Astro quiet, prints the integration's report, and
 * on failure prints one line per problem (file, place, rule), removes dist/ and exits 1: a partial
 * dist/ is never left looking like a build, and no stack trace is printed.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'astro';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { markStage } from '../src/record/node/stageTimes.ts';
import { failureLines, isBuildFailure } from '../src/build/buildFailure.ts';
import { RECORD_INTEGRATION, reportBuildTo } from '../src/build/recordIntegration.ts';

const DIST = join(REPOSITORY_ROOT, 'dist');
const started = performance.now();
markStage('build:start');
process.env.ASTRO_TELEMETRY_DISABLED = '1';

let reported = 0;
reportBuildTo((line) => {
  reported++;
  console.log(`uaix: ${line}`);
});

try {
  await build({ root: REPOSITORY_ROOT, logLevel: 'silent' });
  // Without the integration Astro builds the pages alone: no mirrors, manifest or checks.
  if (!reported)
    throw new Error(`astro.config.mjs does not run the ${RECORD_INTEGRATION} integration (recordIntegration())`);
  console.log(`uaix: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  if (existsSync(DIST)) rmSync(DIST, { recursive: true, force: true });
  if (isBuildFailure(error)) {
    for (const line of failureLines(error.stage, error.problems)) console.error(line);
  } else {
    // Astro's own errors (a page that throws while rendering) and anything unforeseen: the message, not the trace.
    console.error(`uaix: build failed: ${String((error as Error)?.message ?? error).trim()}; dist/ removed`);
  }
  process.exitCode = 1;
}
