/**
 * The build that `npm run build` (scripts/build.ts) supervises: `astro build`, in which the record's integration
 * (src/pipeline/recordIntegration.ts) checks the sources, fixtures and content, publishes and checks
 * everything after the pages (src/pipeline/recordStages.ts), and swaps the finished build in for
 * dist/ (or the folder named). This wrapper keeps Astro quiet, prints the integration's report, and
 * on failure prints one line per problem (file, place, rule) and exits 1, with the previous dist/
 * as it was and no stack trace. The output folder comes from the environment (UAIX_DIST, which
 * the supervisor sets for --out-dir). It ends when its supervisor does.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'astro';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { markStage } from '../src/pipeline/stageTimes.ts';
import { failureLines, isBuildFailure } from '../src/pipeline/buildFailure.ts';
import { RECORD_INTEGRATION, reportBuildTo } from '../src/pipeline/recordIntegration.ts';
import { outputFolder } from '../src/pipeline/stagedOutput.ts';
import { isWriteError, writeProblem } from '../src/record/node/fileWrites.ts';
import { endWithSupervisor } from '../src/pipeline/buildSupervision.ts';
import { nodeLoadedSources } from '../src/pipeline/nodeLoadedSources.ts';

endWithSupervisor();

const started = performance.now();
markStage('build:start');
process.env.ASTRO_TELEMETRY_DISABLED = '1';

let reported = 0;
reportBuildTo((line) => {
  reported++;
  console.log(`uaix: ${line}`);
});

try {
  // This process imports TypeScript (tsx), so the pages' bundle may leave the record's modules to it.
  await build({ root: REPOSITORY_ROOT, logLevel: 'silent', vite: { plugins: [nodeLoadedSources(REPOSITORY_ROOT)] } });
  // Without the integration Astro builds the pages alone: no mirrors, manifest or checks.
  if (!reported)
    throw new Error(`astro.config.mjs does not run the ${RECORD_INTEGRATION} integration (recordIntegration())`);
  console.log(`uaix: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  if (isBuildFailure(error)) {
    for (const line of failureLines(error.stage, error.problems)) console.error(line);
  } else if (isWriteError(error)) {
    // A write of Astro's own (a page, a bundle) refused by the system: Node's error for a write on an
    // open file names none, so the line names the file when the error does, else the output folder.
    const written = error.path ?? outputFolder(REPOSITORY_ROOT, join(REPOSITORY_ROOT, 'dist'));
    for (const line of failureLines("Astro's render", [writeProblem(written, error)])) console.error(line);
  } else {
    // Astro's own errors (a page that throws while rendering) and anything unforeseen: the message, not the trace.
    // The integration removes its staging folder as the process exits; the previous dist/ was never touched.
    console.error(`uaix: build failed: ${String((error as Error)?.message ?? error).trim()}; dist/ unchanged`);
  }
  // Now, not when the event loop drains: a worker thread still running (the package, packed beside
  // the checks) would keep a failed build alive for nothing.
  process.exit(1);
}
