/**
 * A packet with many small errors costs time in proportion to its size: four times the errors take
 * about four times the validator's time. Times are CPU time (the machine is shared), the least of
 * interleaved runs, each after a full collection, and the bound (10×) is loose so that load cannot make a
 * linear validator fail (8× failed once under two busy loops: bench/RESULTS.md says why not doubling); a
 * quadratic step makes the ratio 16.
 * Route records too.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createPacketValidator } from '../../src/uai/packetValidator.ts';
import { compileSchemas } from '../../src/uai/schemaCompiler.ts';
import { createRouteChecker } from '../../src/uai/routeRecord.ts';
import { loadSchemaDocuments } from '../../src/uai/node/recordFiles.ts';

type Packet = Record<string, unknown>;

const documents = loadSchemaDocuments();
const NOW = new Date('2026-06-01T00:00:00Z');
const SEED: Packet = JSON.parse(
  readFileSync(new URL('../fixtures/seeds/uai.agent.ack.v1.keyed.json', import.meta.url), 'utf8'),
);
const RUNS = 7;
const GROWTH = 4;
const MAX_RATIO = 10;

// A full collection before each timed run, so no run pays for the garbage of the one before it.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** The floods: each gives a packet with `count` small errors or more. */
const FLOODS: Record<string, (count: number) => Packet> = {
  // Three missing fields per empty extension, each reported through the extension's $ref.
  'empty extension objects': (count) => ({ ...SEED, extensions: Array.from({ length: count }, () => ({})) }),
  'undeclared body members': (count) => ({
    ...SEED,
    body: { ...(SEED.body as Packet), ...Object.fromEntries(Array.from({ length: count }, (_, i) => [`x${i}`, {}])) },
  }),
};

function cpuMilliseconds(run: () => void): number {
  collectGarbage();
  const start = process.cpuUsage();
  run();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

/**
 * The least time for 4N errors divided by the least time for N, over interleaved runs. The least
 * time is the run that garbage collection and other processes disturbed least: medians of single
 * ratios reached the bound under load (a collection in one small run halves its ratio's divisor).
 */
function growthRatio(validate: (text: string) => unknown, make: (count: number) => Packet, count: number): number {
  const small = JSON.stringify(make(count));
  const large = JSON.stringify(make(GROWTH * count));
  validate(small); // warm-up: the JIT's first pass is not the validator's cost
  let smallTime = Infinity;
  let largeTime = Infinity;
  for (let run = 0; run < RUNS; run++) {
    smallTime = Math.min(
      smallTime,
      cpuMilliseconds(() => validate(small)),
    );
    largeTime = Math.min(
      largeTime,
      cpuMilliseconds(() => validate(large)),
    );
  }
  return largeTime / Math.max(smallTime, 1);
}

for (const [name, make] of Object.entries(FLOODS)) {
  test(`four times the ${name} take at most about four times the time`, { timeout: 120_000 }, () => {
    const validator = createPacketValidator(documents);
    const validate = (text: string) => {
      const report = validator.validateText(text, { now: NOW });
      assert.equal(report.valid, false);
      assert.equal(report.errors.at(-1)?.code, 'UAI-ERRORS-TRUNCATED');
    };
    const ratio = growthRatio(validate, make, 8_000);
    assert.ok(ratio < MAX_RATIO, `4N ${name} took ${ratio.toFixed(2)}× the time of N (at most ${MAX_RATIO}×)`);
  });
}

test('the validators compiled at run time are linear in errors too', { timeout: 120_000 }, () => {
  const validator = createPacketValidator(documents, { compile: compileSchemas });
  const validate = (text: string) => assert.equal(validator.validateText(text, { now: NOW }).valid, false);
  const ratio = growthRatio(validate, FLOODS['empty extension objects'], 8_000);
  assert.ok(ratio < MAX_RATIO, `4N empty extensions took ${ratio.toFixed(2)}× the time of N (at most ${MAX_RATIO}×)`);
});

test('a route record with many distinct advertised paths or fallback needs is checked in linear time', () => {
  const checker = createRouteChecker(documents);
  const record = JSON.parse(
    readFileSync(
      new URL('../../schemas/uai-1/examples/routes/valid/browser-form-for-post.json', import.meta.url),
      'utf8',
    ),
  );
  // Distinct values outside the enum: each is an error, and uniqueness holds, so every pair is compared
  // when the item type is not declared.
  const flood = (count: number) => {
    const copy = structuredClone(record);
    copy.advertises = Array.from({ length: count }, (_, index) => `path-${index}`);
    return copy;
  };
  const validate = (text: string) => assert.equal(checker.checkText(text).errors.length, 101);
  // 16,000 items take tens of milliseconds; at 8,000 (a few) one collection under load moved the ratio.
  const ratio = growthRatio(validate, flood, 16_000);
  assert.ok(ratio < MAX_RATIO, `4N advertised paths took ${ratio.toFixed(2)}× the time of N (at most ${MAX_RATIO}×)`);
});
