/**
 * `npm run build [-- --out-dir <folder>]`: runs the build (scripts/buildWorker.ts: `astro build`
 * with the record's integration, which checks, publishes and swaps the finished build in for dist/ or
 * the folder named) as the child of a small supervisor (src/pipeline/buildSupervisor.ts) that relays
 * its lines and exits with its code. The supervisor does no record work, so it answers SIGINT,
 * SIGTERM, SIGHUP, or npm ending (npm does not pass SIGTERM on) at once, whatever the build is
 * doing: one line, every process of the build ended, the staging folder removed, the previous dist/
 * as it was, exit 128 + the signal's number.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { OUTPUT_FOLDER_VARIABLE, outputFolder } from '../src/pipeline/stagedOutput.ts';
import { superviseBuild } from '../src/pipeline/buildSupervisor.ts';

const USAGE = 'usage: npm run build [-- --out-dir <folder>]';

/** The output folder named on the command line, if any; exits 2 on anything else. */
function outDirArgument(args: string[]): string | undefined {
  if (!args.length) return undefined;
  const [option, value, ...rest] = args;
  if (option === '--out-dir' && value && !rest.length) return value;
  console.error(`uaix: ${args.join(' ')}: not an option of the build; ${USAGE}`);
  process.exit(2);
}

const outDir = outDirArgument(process.argv.slice(2));
// The child reads the folder from its environment, as `astro build` does.
if (outDir !== undefined) process.env[OUTPUT_FOLDER_VARIABLE] = outDir;

superviseBuild({
  // The same Node and its options (--expose-gc, tsx) for the build.
  command: [process.execPath, ...process.execArgv, fileURLToPath(new URL('buildWorker.ts', import.meta.url))],
  root: REPOSITORY_ROOT,
  // astro.config.mjs sets no outDir: Astro's default, unless --out-dir or UAIX_DIST names another.
  destination: outputFolder(REPOSITORY_ROOT, join(REPOSITORY_ROOT, 'dist')),
  watchParent: Boolean(process.env.npm_lifecycle_event),
});
