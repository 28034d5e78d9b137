/**
 * The conformance harness against implementations that try to game it or break it (the peers in
 * tests/fixtures/peers/, run as child processes): a cheat that pads answers with every code, a peer
 * that answers twice (at once, or after a random delay), one that memorized the pack, one that
 * crashes, one that leaves a grandchild in a session of its own. And the reference, in process, over
 * the pack and the generated cases at 50 seeds, with no generated case dropped.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gone } from '../fixtures/peers/processState.ts';
import { processPeer } from '../../src/cli/processPeer.ts';
import { referencePeer } from '../../src/uai/conformanceAnswer.ts';
import { runConformance, type ConformancePeer, type ConformanceReport } from '../../src/uai/conformanceRun.ts';
import { generateCases } from '../../src/uai/conformanceMutations.ts';
import { caseRequirements } from '../../src/uai/conformanceRequirements.ts';
import { seededRandom } from '../../src/uai/conformanceSeed.ts';
import { shippedCases } from '../../src/uai/node/conformanceCases.ts';
import { createNodePacketValidator } from '../../src/uai/node/nodeValidator.ts';
import { createRouteChecker } from '../../src/uai/routeRecord.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PEERS = join(ROOT, 'tests/fixtures/peers');
const peerCommand = (script: string) => `${JSON.stringify(process.execPath)} --import tsx ${join(PEERS, script)}`;

const validator = createNodePacketValidator();
const routeChecker = createRouteChecker();
const set = shippedCases(validator, routeChecker);
const work = mkdtempSync(join(tmpdir(), 'uaix-harness-'));
test.after(() => rmSync(work, { recursive: true, force: true }));

/** The pack's cases and `count` generated ones, made with `seed`. */
function runCases(seed: number, count: number) {
  const generated = generateCases(set.sources, {
    count,
    random: seededRandom(seed),
    evaluatedAt: set.evaluatedAt,
    validator,
    requirementsOf: (expected) =>
      caseRequirements(set.requirementTests, { kind: 'packet', form: 'keyed', verdict: 'invalid', expected }),
  });
  return { cases: [...set.cases, ...generated.cases], dropped: generated.dropped };
}

function run(peer: ConformancePeer, seed: number, count: number): Promise<ConformanceReport> {
  const { cases, dropped } = runCases(seed, count);
  return runConformance(cases, peer, {
    evaluatedAt: set.evaluatedAt,
    timeoutMs: 10_000,
    seed,
    expectedFailures: new Map(),
    implementation: 'test',
    pack: 'shipped',
    generated: { requested: count, dropped: dropped.length },
  });
}

const statusesOf = (report: ConformanceReport) => report.results.map((result) => result.status);
const isGenerated = (result: ConformanceReport['results'][number]) => result.source.startsWith('generated/');

test('a request is the packet and an opaque id: nothing names the case', async () => {
  const lines: string[] = [];
  const reference = referencePeer({ validator, routeChecker });
  const spy: ConformancePeer = { ...reference, ask: (line, ms) => (lines.push(line), reference.ask(line, ms)) };
  const report = await run(spy, 5, 10);
  assert.equal(lines.length, report.results.length);
  lines.forEach((line, index) => {
    const request = JSON.parse(line);
    assert.deepEqual(Object.keys(request), ['protocol', 'id', 'kind', 'evaluated_at', 'bytes_base64']);
    assert.equal(request.protocol, 'uaix-conformance/2');
    assert.equal(request.id, `c${String(index + 1).padStart(4, '0')}`);
  });
});

test('a seed replays a run exactly; another seed sends another order', async () => {
  const peer = () => referencePeer({ validator, routeChecker });
  const [a, b, c] = await Promise.all([run(peer(), 77, 30), run(peer(), 77, 30), run(peer(), 78, 30)]);
  assert.deepEqual(a, b);
  assert.notDeepEqual(
    a.results.map((result) => result.source),
    c.results.map((result) => result.source),
  );
});

test('the reference passes the pack and the generated cases at 50 seeds, and no generated case is dropped', async () => {
  for (let seed = 1; seed <= 50; seed++) {
    const { dropped } = runCases(seed * 7919, 200);
    assert.deepEqual(dropped, [], `seed ${seed * 7919}: the generator and the core disagree`);
    const report = await run(referencePeer({ validator, routeChecker }), seed * 7919, 200);
    assert.equal(report.ok, true, `seed ${seed * 7919}`);
    assert.equal(report.summary.passed, report.results.length);
    assert.equal(report.generated.made, 200);
    assert.ok(report.results.every((result) => result.requirements.length > 0));
  }
});

test('the cheat that pads every invalid answer with all the codes fails with unexpected-code', async () => {
  const report = await run(processPeer(peerCommand('cheat.ts')), 21, 40);
  assert.equal(report.ok, false);
  const invalid = report.results.filter((result) => result.expected.verdict === 'invalid');
  assert.ok(invalid.length > 40);
  for (const result of invalid) {
    if (result.expected.code === 'UAI-ERRORS-TRUNCATED') assert.notEqual(result.status, 'unexpected-code');
    else assert.equal(result.status, 'unexpected-code', `${result.source}: ${result.problem}`);
  }
});

test('a peer that answers twice gets bad-answer on every case, in every one of 10 runs, whatever the timing', async () => {
  for (let runIndex = 0; runIndex < 10; runIndex++) {
    // Half the runs print the second line at once, half after a random delay (before or after the next request).
    const script = runIndex % 2 ? 'double-answer.ts --jitter' : 'double-answer.ts';
    const report = await run(processPeer(peerCommand(script)), 100 + runIndex, 10);
    const statuses = new Set(statusesOf(report));
    assert.deepEqual([...statuses], ['bad-answer'], `run ${runIndex} (${script}): ${[...statuses].join(', ')}`);
    assert.ok(report.results.every((result) => /answered more than once/.test(result.problem ?? '')));
  }
});

test('a peer that memorized the pack passes the pack and fails every generated case', async () => {
  const report = await run(processPeer(peerCommand('lookup-table.ts')), 31, 40);
  const [generated, pack] = [report.results.filter(isGenerated), report.results.filter((r) => !isGenerated(r))];
  assert.equal(generated.length, 40);
  assert.ok(pack.every((result) => result.status === 'pass'));
  assert.ok(generated.every((result) => result.status === 'fail'));
  assert.equal(report.ok, false);
});

test('a peer that crashes: that case crashed, every later case not-run', async () => {
  const report = await run(processPeer(peerCommand('crash-after.ts 5')), 41, 10);
  const statuses = statusesOf(report);
  assert.deepEqual(statuses.slice(0, 6), ['pass', 'pass', 'pass', 'pass', 'pass', 'crashed']);
  assert.ok(statuses.slice(6).every((status) => status === 'not-run'));
  assert.match(report.results[5].problem ?? '', /exited \(exit code 3\).*this is where it crashes/);
  assert.equal(report.summary.statuses['not-run'], statuses.length - 6);
});

test('a grandchild that left the process group with setsid is gone after the run', async () => {
  const pids = join(work, 'grandchildren');
  const report = await run(processPeer(`sh ${join(PEERS, 'setsid-grandchild.sh')} ${pids}`), 51, 5);
  assert.equal(report.ok, true);
  const recorded = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
  assert.equal(recorded.length, 1);
  for (const pid of recorded) assert.ok(await gone(pid), `the setsid grandchild ${pid} outlived the run`);
});
