/**
 * Packets flooded with small errors (`npm run bench`; not a test): `validateText` on one packet
 * with 10,000, 100,000 and 1,000,000 schema errors, of two kinds: empty extension objects (three
 * missing fields each, reported through the extension's `$ref`) and undeclared body members
 * (one error each). A report lists at most 100 errors, so the time is all finding them. Target:
 * ≤ 2 s at 1,000,000 errors. The 1,000,000-member packet is larger than the reader's default
 * 4 MiB limit; the validator here is built with a limit that admits it. Each row is run once to
 * warm up, then 3 times with a garbage collection before each run; the table shows the median
 * wall time and CPU time (the machine is shared: CPU time moves less with its load) and the load
 * average. `--sizes 10000,30000` times other error counts (e.g. on code too slow for 1,000,000).
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createNodePacketValidator } from '../src/uai/node/nodeValidator.ts';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { FIXTURE_EVALUATED_AT } from '../src/uai/fixtureCheck.ts';

type Packet = Record<string, unknown>;

const RUNS = 3;
const TARGET_SECONDS = 2;
const NOW = new Date(FIXTURE_EVALUATED_AT);
const sizesArgument = process.argv.indexOf('--sizes');
const SIZES = sizesArgument > 0 ? process.argv[sizesArgument + 1].split(',').map(Number) : [10_000, 100_000, 1_000_000];

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const SEED: Packet = JSON.parse(
  readFileSync(`${REPOSITORY_ROOT}/schemas/uai-1/examples/uai-agent-ack-v1/valid/validated.json`, 'utf8'),
);

/** Each flood: the packet text with about `errors` schema errors. */
const FLOODS: { name: string; text: (errors: number) => string }[] = [
  {
    name: 'empty extension objects',
    text: (errors) =>
      JSON.stringify({ ...SEED, extensions: Array.from({ length: Math.ceil(errors / 3) }, () => ({})) }),
  },
  {
    name: 'undeclared body members',
    text: (errors) => {
      const body = { ...(SEED.body as Packet) };
      for (let index = 0; index < errors; index++) body[`x${index}`] = 0;
      return JSON.stringify({ ...SEED, body });
    },
  },
];

const validator = createNodePacketValidator(undefined, { maxBytes: 64 * 1024 * 1024 });

function measure(text: string): { wall: number; cpu: number; reported: string } {
  collectGarbage();
  const cpuStart = process.cpuUsage();
  const wallStart = process.hrtime.bigint();
  const report = validator.validateText(text, { now: NOW });
  const wall = Number(process.hrtime.bigint() - wallStart) / 1e9;
  const { user, system } = process.cpuUsage(cpuStart);
  const last = report.errors.at(-1);
  if (report.valid || last?.code !== 'UAI-ERRORS-TRUNCATED') throw new Error('the flood did not give a bounded report');
  return { wall, cpu: (user + system) / 1e6, reported: `${report.errors.length - 1} + ${last.message.split(' ')[0]}` };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(
  `\nflood of small errors, ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, Node ${process.version}`,
);
console.log(
  `load average at start: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}\n`,
);
console.log('| flood | errors | bytes | median wall | median CPU | errors listed + left out |');
console.log('| --- | --- | --- | --- | --- | --- |');
let worst = 0;
for (const flood of FLOODS) {
  for (const errors of SIZES) {
    const text = flood.text(errors);
    measure(text);
    const runs = Array.from({ length: RUNS }, () => measure(text));
    const wall = median(runs.map((run) => run.wall));
    const cpu = median(runs.map((run) => run.cpu));
    if (errors >= 1_000_000) worst = Math.max(worst, wall);
    console.log(
      `| ${flood.name} | ${errors.toLocaleString('en-US')} | ${text.length.toLocaleString('en-US')} | ${wall.toFixed(3)} s | ${cpu.toFixed(3)} s | ${runs[0].reported} |`,
    );
  }
}
if (SIZES.includes(1_000_000))
  console.log(
    `\n1,000,000 errors: at most ${worst.toFixed(2)} s wall, ${worst <= TARGET_SECONDS ? 'within' : 'OVER'} the ${TARGET_SECONDS} s target`,
  );
