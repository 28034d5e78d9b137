/**
 * Benchmark of the UAI-1 core against plain baselines (`npm run bench`; not a test).
 *
 *   (a) validator.validateValue   vs plain ajv (same profile schemas, compiled once)
 *   (b) validator.validateText    vs JSON.parse + plain ajv
 *   (c) keyless compact / expand  vs JSON.stringify / JSON.parse of the same packets
 *   (d) digest (JCS + sha256)     vs createHash('sha256').update(JSON.stringify(x))
 *   (e) full validation           validator.validateValue (schema + rules + digest, node:crypto
 *                                 SHA-256) vs plain ajv + JCS + node:crypto SHA-256 of the same
 *                                 packet; the target is at most 1.3× the baseline's time
 *
 * The valid packet fixtures are repeated to about 20,000 packets (`--packets N`: about N instead,
 * the same measures on fewer packets, for a quick run such as the bench-scripts test's); each
 * measure is warmed up, then
 * run 5 times, core and baseline interleaved; the table shows the median of the 5 runs. Each
 * measure runs in a fresh Node process (this file again, with `--measure <n>`): in one shared
 * process, what the JIT learned from one measure slows the next (after (b), whose strings the JSON
 * reader cuts out of the text as slices, the core's string loops in (e) run about 10 % slower, and
 * the baseline's do not). `UAIX_BENCH_ONE_PROCESS=1` runs every measure in one process, as before,
 * to see that effect. Before
 * timing, it checks (and throws if not) that the core compiles nothing: building the validator and
 * validating 1,000 packets call none of ajv's compile entry points (the validators are precompiled).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Ajv2020Import from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import type { PacketValidator } from '../src/uai/packetValidator.ts';
import { createNodePacketValidator } from '../src/uai/node/nodeValidator.ts';
import { canonicalize } from '../src/uai/jcs.ts';
import { loadSchemaDocuments, loadFixtureTree } from '../src/uai/node/recordFiles.ts';
import { FIXTURE_EVALUATED_AT } from '../src/uai/fixtureCheck.ts';

type AjvClass = typeof Ajv2020Import;
const Ajv2020 = ((Ajv2020Import as unknown as { default?: AjvClass }).default ?? Ajv2020Import) as AjvClass;
type AddFormats = typeof addFormatsImport;
const addFormats = ((addFormatsImport as unknown as { default?: AddFormats }).default ??
  addFormatsImport) as AddFormats;

/** `--packets N`: about N packets instead of 20,000 (every measure, in every child process). */
const PACKETS_OPTION = process.argv.indexOf('--packets');
const TARGET_PACKETS = PACKETS_OPTION === -1 ? 20_000 : Number(process.argv[PACKETS_OPTION + 1]);
if (!Number.isSafeInteger(TARGET_PACKETS) || TARGET_PACKETS < 1)
  throw new Error(`--packets takes a whole number of packets, at least 1 (not ${process.argv[PACKETS_OPTION + 1]})`);
const RUNS = 5;
const WARMUP_PACKETS = 2_000;
const NOW = new Date(FIXTURE_EVALUATED_AT);
const started = process.hrtime.bigint();

// ------------------------------------------------------------------ compile-once check (hooks first)

/**
 * Counts calls into ajv's compile paths: the public methods on the Ajv prototype and the module
 * function that generates code (`compile/index.js` compileSchema, read by ajv at each call).
 * Installed before the validator is built, so the count also proves the hooks see the core's ajv.
 */
const require = createRequire(import.meta.url);
const ajvCompileModule = require('ajv/dist/compile/index.js') as Record<string, unknown>;
const ajvCorePrototype = Object.getPrototypeOf(Ajv2020.prototype) as Record<string, unknown>;
const compileCalls = new Map<string, number>();
function countCalls(target: Record<string, unknown>, name: string, label: string): void {
  const original = target[name] as (...args: unknown[]) => unknown;
  if (typeof original !== 'function') throw new Error(`ajv has no ${label}; update the compile-once check`);
  target[name] = function counted(this: unknown, ...args: unknown[]) {
    compileCalls.set(label, (compileCalls.get(label) ?? 0) + 1);
    return original.apply(this, args);
  };
}
for (const method of ['compile', 'addSchema', 'getSchema', '_addSchema', '_compileSchemaEnv'])
  countCalls(ajvCorePrototype, method, `Ajv#${method}`);
countCalls(ajvCompileModule, 'compileSchema', 'compileSchema');
const totalCompileCalls = () => [...compileCalls.values()].reduce((sum, count) => sum + count, 0);

const documents = loadSchemaDocuments();
const validator: PacketValidator = createNodePacketValidator(documents);
// The validators are precompiled (src/uai/generated/): building the validator compiles nothing.
const callsWhileBuilding = totalCompileCalls();
if (callsWhileBuilding !== 0) {
  throw new Error(
    `compile check failed: building the validator called ajv's compile paths: ${JSON.stringify(Object.fromEntries(compileCalls))}`,
  );
}

// ------------------------------------------------------------------ packets

const profileGroups = new Set(validator.profiles.map((profile) => profile.replace(/\./g, '-')));
const fixtures = loadFixtureTree().fixtures.filter(
  (fixture) => fixture.verdict === 'valid' && profileGroups.has(fixture.group),
);
if (fixtures.length === 0) throw new Error('no valid packet fixtures found');
const decoder = new TextDecoder();
const baseTexts = fixtures.map((fixture) => decoder.decode(fixture.bytes));
const repeat = Math.ceil(TARGET_PACKETS / baseTexts.length);
const texts: string[] = [];
for (let round = 0; round < repeat; round++) texts.push(...baseTexts);
const N = texts.length;
// Each packet is its own object (no shared references), as packets arriving one by one would be.
const packets = texts.map((text) => JSON.parse(text) as Record<string, unknown>);
const keylessPackets = packets.map((packet) => {
  const result = validator.compact(packet);
  if (!result.ok) throw new Error(`a valid fixture does not compact: ${JSON.stringify(result.issues)}`);
  return result.value;
});
for (const packet of packets.slice(0, baseTexts.length)) {
  const report = validator.validateValue(packet, { now: NOW });
  if (!report.valid) throw new Error(`a valid fixture does not validate: ${JSON.stringify(report.errors)}`);
}

// The compile-once check proper: 1,000 packets, keyed and keyless, value and text: no compile call
// (the packets again from the first when there are fewer).
compileCalls.clear();
for (let index = 0; index < 1_000; index++) {
  const report =
    index % 2
      ? validator.validateValue(keylessPackets[index % N], { now: NOW })
      : validator.validateText(texts[index % N], { now: NOW });
  if (!report.valid) throw new Error('a valid packet failed during the compile-once check');
}
if (totalCompileCalls() !== 0) {
  throw new Error(
    `compile-once check failed: validating 1,000 packets called ajv's compile paths: ${JSON.stringify(Object.fromEntries(compileCalls))}`,
  );
}

// ------------------------------------------------------------------ plain ajv baseline

const plainAjv = new Ajv2020({ strict: false });
addFormats(plainAjv);
const callsBeforeBaseline = totalCompileCalls();
for (const doc of documents) plainAjv.addSchema(doc);
const plainByProfile = new Map<string, ValidateFunction>();
for (const profile of validator.profiles) {
  const validate = plainAjv.getSchema(validator.registry.profileSchemaId(profile)!);
  if (!validate) throw new Error(`plain ajv did not compile ${profile}`);
  plainByProfile.set(profile, validate);
}
for (const packet of packets.slice(0, baseTexts.length)) {
  if (!plainByProfile.get(packet.profile as string)!(packet)) throw new Error('plain ajv refuses a valid fixture');
}
// The hooks are live: the baseline's own compile goes through them, so the zero counts above mean something.
if (!(totalCompileCalls() > callsBeforeBaseline && compileCalls.get('compileSchema')! > 0)) {
  throw new Error('compile check: the hooks did not see plain ajv compile, so they cannot prove anything');
}
function plainValidate(packet: Record<string, unknown>): boolean {
  const validate = plainByProfile.get(packet.profile as string);
  if (!validate) throw new Error(`unknown profile ${String(packet.profile)}`);
  return validate(packet) as boolean;
}

// ------------------------------------------------------------------ measuring

let sink = 0; // keeps results alive so no work is optimised away

interface Side {
  name: string;
  run: (count: number) => void;
}

interface Row {
  measure: string;
  core: string;
  baseline: string;
  coreOpsPerSecond: number;
  baselineOpsPerSecond: number;
  /** core ops/s ÷ baseline ops/s: below 1 means the core is slower. */
  ratio: number;
  coreRunsMs: number[];
  baselineRunsMs: number[];
}

function timeMs(side: Side, count: number): number {
  const start = process.hrtime.bigint();
  side.run(count);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function compare(measure: string, core: Side, baseline: Side): Row {
  // Warm-up: both sides, so the JIT has seen each path before timing.
  core.run(Math.min(WARMUP_PACKETS, N));
  baseline.run(Math.min(WARMUP_PACKETS, N));
  const coreRunsMs: number[] = [];
  const baselineRunsMs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    coreRunsMs.push(timeMs(core, N));
    baselineRunsMs.push(timeMs(baseline, N));
  }
  const coreOpsPerSecond = N / (median(coreRunsMs) / 1000);
  const baselineOpsPerSecond = N / (median(baselineRunsMs) / 1000);
  const row = {
    measure,
    core: core.name,
    baseline: baseline.name,
    coreOpsPerSecond,
    baselineOpsPerSecond,
    ratio: coreOpsPerSecond / baselineOpsPerSecond,
    coreRunsMs,
    baselineRunsMs,
  };
  process.stderr.write(`  measured ${measure}\n`);
  return row;
}

const options = { now: NOW };
const FULL_VALIDATION = '(e) full validation';
/** Issue 9: a full validation takes at most this many times the plain baseline's time. */
const FULL_VALIDATION_TARGET = 1.3;
/** The measures, in table order; each builds its row when it runs. */
const MEASURES: (() => Row)[] = [
  () =>
    compare(
      '(a) validate value',
      {
        name: 'validator.validateValue',
        run: (count) => {
          for (let i = 0; i < count; i++) sink += validator.validateValue(packets[i], options).valid ? 1 : 0;
        },
      },
      {
        name: 'plain ajv validate',
        run: (count) => {
          for (let i = 0; i < count; i++) sink += plainValidate(packets[i]) ? 1 : 0;
        },
      },
    ),
  () =>
    compare(
      '(b) validate text',
      {
        name: 'validator.validateText',
        run: (count) => {
          for (let i = 0; i < count; i++) sink += validator.validateText(texts[i], options).valid ? 1 : 0;
        },
      },
      {
        name: 'JSON.parse + plain ajv',
        run: (count) => {
          for (let i = 0; i < count; i++) sink += plainValidate(JSON.parse(texts[i])) ? 1 : 0;
        },
      },
    ),
  () =>
    compare(
      '(c) compact',
      {
        name: 'validator.compact',
        run: (count) => {
          for (let i = 0; i < count; i++) sink += validator.compact(packets[i]).ok ? 1 : 0;
        },
      },
      {
        name: 'JSON.stringify',
        run: (count) => {
          for (let i = 0; i < count; i++) sink += JSON.stringify(packets[i]).length;
        },
      },
    ),
  () =>
    compare(
      '(c) expand',
      {
        name: 'validator.expand',
        run: (count) => {
          for (let i = 0; i < count; i++) sink += validator.expand(keylessPackets[i]).ok ? 1 : 0;
        },
      },
      {
        name: 'JSON.parse',
        run: (count) => {
          for (let i = 0; i < count; i++) sink += (JSON.parse(texts[i]) as object) ? 1 : 0;
        },
      },
    ),
  () =>
    compare(
      '(d) digest',
      {
        name: 'validator.digest (JCS + sha256)',
        run: (count) => {
          for (let i = 0; i < count; i++) sink += validator.digest(packets[i]).ok ? 1 : 0;
        },
      },
      {
        name: "createHash('sha256') of JSON.stringify",
        run: (count) => {
          for (let i = 0; i < count; i++)
            sink += createHash('sha256').update(JSON.stringify(packets[i])).digest('hex').length;
        },
      },
    ),
  () =>
    compare(
      FULL_VALIDATION,
      {
        name: 'validator.validateValue (schema + rules + digest)',
        run: (count) => {
          for (let i = 0; i < count; i++) sink += validator.validateValue(packets[i], options).valid ? 1 : 0;
        },
      },
      {
        name: "plain ajv + JCS + createHash('sha256')",
        run: (count) => {
          for (let i = 0; i < count; i++)
            sink +=
              (plainValidate(packets[i]) ? 1 : 0) +
              createHash('sha256').update(canonicalize(packets[i])).digest('hex').length;
        },
      },
    ),
];

const measureArgument = process.argv.indexOf('--measure');
if (measureArgument !== -1) {
  // A child: one measure, its row as one JSON line for the parent.
  const row = MEASURES[Number(process.argv[measureArgument + 1])]!();
  console.log(JSON.stringify({ row, sink: sink > 0 }));
  process.exit(0);
}

/** Runs measure `index` in a fresh Node process (same loader flags) and returns its row. */
function measureInChild(index: number): Row {
  const child = spawnSync(
    process.execPath,
    [
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      '--measure',
      String(index),
      ...(PACKETS_OPTION === -1 ? [] : ['--packets', String(TARGET_PACKETS)]),
    ],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (child.status !== 0) throw new Error(`measure ${index} failed (exit ${child.status})`);
  const result = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { row: Row; sink: boolean };
  sink += result.sink ? 1 : 0;
  return result.row;
}

const oneProcess = process.env.UAIX_BENCH_ONE_PROCESS === '1';
const rows: Row[] = MEASURES.map((measure, index) => (oneProcess ? measure() : measureInChild(index)));
const fullValidation = rows.find((row) => row.measure === FULL_VALIDATION)!;

// ------------------------------------------------------------------ report

const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const rate = (value: number) => Math.round(value).toLocaleString('en-US');
const table = [
  ['measure', 'core', 'core ops/s', 'baseline', 'baseline ops/s', 'ratio', 'slower'],
  ...rows.map((row) => [
    row.measure,
    row.core,
    rate(row.coreOpsPerSecond),
    row.baseline,
    rate(row.baselineOpsPerSecond),
    row.ratio.toFixed(3),
    `${(1 / row.ratio).toFixed(1)}×`,
  ]),
];
const widths = table[0].map((_, column) => Math.max(...table.map((line) => line[column].length)));
const numeric = new Set([2, 4, 5, 6]);
const format = (line: string[]) =>
  line
    .map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
    .join('  ');

console.log(
  `UAI-1 core benchmark: ${N.toLocaleString('en-US')} packets (${fixtures.length} valid fixtures × ${repeat}), median of ${RUNS} runs after warm-up, ${oneProcess ? 'every measure in one process' : 'each measure in its own process'}, Node ${process.version}, ${cpus().length} CPUs`,
);
console.log(
  `compile: ${callsWhileBuilding} ajv compile-path calls while building the validator (precompiled), 0 while validating 1,000 packets`,
);
console.log('');
console.log(format(table[0]));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const line of table.slice(1)) console.log(format(line));
console.log('');
console.log(`ratio = core ops/s ÷ baseline ops/s; total ${seconds.toFixed(1)} s`);
const fullSlower = 1 / fullValidation.ratio;
console.log(
  `full validation: ${fullSlower.toFixed(2)}× the time of plain ajv + JCS + node:crypto SHA-256 (target ≤ ${FULL_VALIDATION_TARGET}×: ${fullSlower <= FULL_VALIDATION_TARGET ? 'met' : 'not met'})`,
);
console.log(
  JSON.stringify({
    bench: 'uai-core',
    node: process.version,
    cpus: cpus().length,
    packets: N,
    runs: RUNS,
    oneProcess,
    compileOnce: { callsWhileBuilding, callsWhileValidating1000: 0 },
    fullValidation: {
      slower: Number(fullSlower.toFixed(3)),
      target: FULL_VALIDATION_TARGET,
      met: fullSlower <= FULL_VALIDATION_TARGET,
    },
    results: rows.map((row) => ({
      measure: row.measure,
      core: row.core,
      baseline: row.baseline,
      coreOpsPerSecond: Math.round(row.coreOpsPerSecond),
      baselineOpsPerSecond: Math.round(row.baselineOpsPerSecond),
      ratio: Number(row.ratio.toFixed(4)),
      coreRunsMs: row.coreRunsMs.map((ms) => Number(ms.toFixed(1))),
      baselineRunsMs: row.baselineRunsMs.map((ms) => Number(ms.toFixed(1))),
    })),
    seconds: Number(seconds.toFixed(1)),
    sink: sink > 0,
  }),
);
