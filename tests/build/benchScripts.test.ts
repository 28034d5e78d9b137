/**
 * Issue 42 part 3, benchmarks that cannot rot: every command of every `npm run bench*` script of
 * package.json runs here at its smallest size, and the test asserts only that it ends with exit 0
 * and prints its result line. The figures are not checked (the machine is shared; bench/RESULTS.md
 * holds them). The commands are read from package.json, so a script added there is run here too.
 * A benchmark file this test does not know stops it, so that its smallest size is added here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './_support/site.ts';
import { buildEnvironment } from './_support/tempRepo.ts';

interface Smallest {
  /** Arguments that make the run smallest. */
  args: string[];
  /** A line of its output that only a finished run prints. */
  result: RegExp;
}

/** Each benchmark's smallest run and its result line. */
const SMALLEST: Record<string, Smallest> = {
  // About 200 packets (of its thousands): every measure still runs, each in its own process.
  'bench/core.bench.ts': { args: ['--packets', '200'], result: /^\{"bench":"uai-core",.*"fullValidation":/m },
  'bench/rules.bench.ts': { args: ['--size', '4096', '--runs', '1'], result: /^\{"bench":"uai-rules-adversarial",/m },
  'bench/flood.bench.ts': { args: ['--sizes', '1000'], result: /^\| empty extension objects \| 1,000 \| /m },
  'bench/startup.bench.ts': { args: [], result: /^uaix validate: \d+\.\d{3} s, (within|OVER) the [\d.]+ s target$/m },
  // Scale 1.05 adds two generated guides (in every translating locale), each stage of both builds
  // still run: scale 1 adds none, and the guides are what broke unnoticed (a locale without guide
  // words). Scale 2 added 31 guides (326 pages against 181) and exercised nothing more.
  'bench/site.bench.ts': {
    args: ['--scale', '1.05'],
    result:
      /^### Scale 1\.05× \(\d+ HTML pages; [1-9]\d* generated guides\)\n[^]*^\| record \(`npm run build`\) \| \d+ \| /m,
  },
};

/** One command of a bench script: `node --import tsx bench/x.bench.ts` (nothing a shell must do). */
interface BenchCommand {
  script: string;
  file: string;
  nodeArgs: string[];
}

function benchCommands(): BenchCommand[] {
  const scripts = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts;
  const commands: BenchCommand[] = [];
  for (const [script, line] of Object.entries(scripts)) {
    if (script !== 'bench' && !script.startsWith('bench:')) continue;
    for (const part of line.split(' && ')) {
      const words = part.trim().split(/\s+/);
      const file = words.at(-1)!;
      assert.ok(
        words[0] === 'node' && /^bench\/[\w.]+\.bench\.ts$/.test(file),
        `${script}: "${part}" is not "node … bench/<name>.bench.ts"; teach this test to run it`,
      );
      commands.push({ script, file, nodeArgs: words.slice(1, -1) });
    }
  }
  return commands;
}

const commands = benchCommands();

test('every bench script is run here: package.json names bench/*.bench.ts files this test knows', () => {
  assert.ok(commands.length >= 5, `only ${commands.length} bench commands found`);
  assert.deepEqual(
    commands.map((command) => command.file).filter((file) => !(file in SMALLEST)),
    [],
    'a benchmark with no smallest size here',
  );
});

for (const { script, file, nodeArgs } of commands) {
  const smallest = SMALLEST[file];
  if (!smallest) continue;
  test(`npm run ${script}: ${file} ${smallest.args.join(' ')} ends with exit 0 and prints its result line`, () => {
    const run = spawnSync(process.execPath, [...nodeArgs, file, ...smallest.args], {
      cwd: REPO,
      encoding: 'utf8',
      timeout: 900_000,
      maxBuffer: 64 * 1024 * 1024,
      env: buildEnvironment(REPO),
    });
    const output = `--- stderr (tail)\n${(run.stderr ?? '').slice(-3000)}\n--- stdout (tail)\n${(run.stdout ?? '').slice(-3000)}`;
    assert.equal(run.signal, null, `killed by ${run.signal}\n${output}`);
    assert.equal(run.status, 0, `exit ${run.status}\n${output}`);
    assert.match(run.stdout, smallest.result, `no result line\n${output}`);
  });
}
