/**
 * Start-up of the installed command (`npm run bench`; not a test): wall time of the package's
 * compiled `uaix validate` on one fixture, as a ratio to `node -e 0` on the same machine. Runs are
 * interleaved and the table shows the median of each. Target: ≤ 0.3 s wall for `uaix validate`.
 * The package is compiled first (`npm run package` does the same), so the command measured is the
 * one the tarball ships.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { PACKAGE_DIR } from '../src/record/implementations/node/packageRelease.ts';
import { buildPackage } from '../src/pipeline/uaiPackage.ts';

const RUNS = 11;
const TARGET_SECONDS = 0.3;
const FIXTURE = join(REPOSITORY_ROOT, 'schemas/uai-1/examples/uai-agent-ack-v1/valid/validated.json');

buildPackage();
const commands: { name: string; args: string[] }[] = [
  { name: 'node -e 0', args: ['-e', '0'] },
  { name: 'uaix validate (package, one file)', args: [join(PACKAGE_DIR, 'dist/cli.js'), 'validate', FIXTURE] },
  { name: 'uaix digest (package, one file)', args: [join(PACKAGE_DIR, 'dist/cli.js'), 'digest', FIXTURE] },
];

function seconds(args: string[]): number {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${result.status}: ${result.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const times = commands.map(() => [] as number[]);
for (let run = 0; run < RUNS; run++) commands.forEach((command, index) => times[index].push(seconds(command.args)));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const baseline = median(times[0]);
console.log(`\nstart-up, median of ${RUNS} interleaved runs (target: uaix validate ≤ ${TARGET_SECONDS} s wall)\n`);
console.log('| command | median wall | ratio to node -e 0 |');
console.log('| --- | --- | --- |');
commands.forEach((command, index) => {
  const value = median(times[index]);
  console.log(`| ${command.name} | ${value.toFixed(3)} s | ${(value / baseline).toFixed(2)}× |`);
});
const validate = median(times[1]);
console.log(
  `\nuaix validate: ${validate.toFixed(3)} s, ${validate <= TARGET_SECONDS ? 'within' : 'OVER'} the ${TARGET_SECONDS} s target`,
);
