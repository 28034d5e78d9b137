/**
 * `npm run build`'s supervisor (src/pipeline/buildSupervisor.ts) over a stand-in build that talks
 * to it as the real one does (tests/unit/pipeline/_support/standInBuild.mjs): an interrupt is
 * answered within a second even when the build's main thread never returns, every process of the
 * build's group is gone, the staging folder removed and the previous output untouched; a build that
 * asks to swap after the interrupt never gets the yes; one that asks before gets it and publishes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endProcessGroup, removeLeftovers } from '../../../src/pipeline/buildSupervisor.ts';
import { descendantsOf, groupMembers } from '../../../src/pipeline/processTable.ts';

const SUPPORT = fileURLToPath(new URL('_support/', import.meta.url));
/** Far beyond a supervisor's answer (under a second) even on a loaded machine. */
const GUARD_MS = 60_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from the signal to the supervisor's exit. */
  answeredInMs: number;
  /** The stand-in build's process group (its id), and its members seen before the signal. */
  group: number;
  build: number[];
  folder: string;
}

/** A project folder with a previous dist/, the supervisor over the stand-in in `mode`, `signal` once it staged. */
/** The group the stand-in names in its output (the supervisor's first descendant may be tsx's esbuild service). */
const groupOf = (stdout: string) => Number(/stand-in: staged \(group (\d+)\)/.exec(stdout)?.[1] ?? 0);

function supervise(mode: string, signal?: NodeJS.Signals, signalAtSpawn?: NodeJS.Signals): Promise<Run> {
  const folder = mkdtempSync(join(tmpdir(), 'uaix-supervisor-'));
  const dist = join(folder, 'dist');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), 'old');
  const supervisor = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(SUPPORT, 'supervise.ts'),
      join(SUPPORT, 'standInBuild.mjs'),
      dist,
      folder,
      mode,
      ...(signalAtSpawn ? [signalAtSpawn] : []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  supervisor.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  supervisor.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let signalledAt = 0;
  let build: number[] = [];
  let group = 0;
  const poll = setInterval(() => {
    if (signalledAt || !stdout.includes('stand-in: staged')) return;
    group ||= groupOf(stdout);
    build = groupMembers(group);
    // The stand-in and the child it started share the group the supervisor made for it.
    if (!signal || build.length < 2) return;
    signalledAt = Date.now();
    supervisor.kill(signal);
  }, 20);
  // A supervisor that never ends fails its test rather than holding the run: everything it started is killed.
  const guard = setTimeout(() => {
    for (const pid of [...descendantsOf(supervisor.pid!), supervisor.pid!])
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
  }, GUARD_MS);
  return new Promise((resolve) => {
    supervisor.on('close', (code) => {
      clearInterval(poll);
      clearTimeout(guard);
      group ||= groupOf(stdout);
      resolve({ code, stdout, stderr, answeredInMs: Date.now() - signalledAt, group, build, folder });
    });
  });
}

function assertLeftNothing(run: Run, how: string): void {
  const alive = run.build.filter((pid) => groupMembers(pid).length || descendantsOf(pid).length);
  assert.deepEqual(
    alive.filter((pid) => readdirSync('/proc').includes(String(pid))),
    [],
    `${how}: processes left`,
  );
  assert.deepEqual(readdirSync(run.folder), ['dist'], `${how}: left beside dist/`);
  assert.equal(readFileSync(join(run.folder, 'dist/index.html'), 'utf8'), 'old', `${how}: dist/ changed`);
  rmSync(run.folder, { recursive: true, force: true });
}

test('SIGTERM while the build is stuck in its main thread: one line within a second, exit 143, nothing left', async () => {
  const run = await supervise('stuck', 'SIGTERM');
  assert.equal(run.code, 143, run.stderr);
  assert.deepEqual(run.stderr.split('\n').filter(Boolean), ['uaix: build interrupted by SIGTERM; dist/ unchanged']);
  assert.ok(run.answeredInMs < 1000 + 500, `answered in ${run.answeredInMs} ms`);
  assert.ok(run.build.length >= 2, `the stand-in's group: ${run.build}`);
  assertLeftNothing(run, 'stuck');
});

test('a build that asks to swap after SIGINT never gets the yes: exit 130, dist/ as it was', async () => {
  const run = await supervise('late', 'SIGINT');
  assert.equal(run.code, 130, run.stderr);
  assert.deepEqual(run.stderr.split('\n').filter(Boolean), ['uaix: build interrupted by SIGINT; dist/ unchanged']);
  assertLeftNothing(run, 'late');
});

test('a build that asks before any interrupt gets the yes, swaps, and its code and lines are relayed', async () => {
  const run = await supervise('publish');
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^stand-in: staged \(group \d+\)\n$/);
  assert.equal(readFileSync(join(run.folder, 'dist/index.html'), 'utf8'), 'new');
  assert.deepEqual(readdirSync(run.folder), ['dist']);
  // The child the stand-in left running ended with the supervisor.
  assert.ok(run.group > 0, `the stand-in named no group: ${run.stdout}`);
  assert.deepEqual(groupMembers(run.group), []);
  rmSync(run.folder, { recursive: true, force: true });
});

test("SIGINT the moment the build's process exists: the supervisor answers it (exit 130, one line), nothing left", async () => {
  // The window a signal from outside hit in CI: the child started, the supervisor's own code not yet run on.
  const run = await supervise('publish', undefined, 'SIGINT');
  assert.equal(run.code, 130, `exit ${run.code}\n${run.stderr}`);
  assert.deepEqual(run.stderr.split('\n').filter(Boolean), ['uaix: build interrupted by SIGINT; dist/ unchanged']);
  assert.deepEqual(readdirSync(run.folder), ['dist'], 'left beside dist/');
  assert.equal(readFileSync(join(run.folder, 'dist/index.html'), 'utf8'), 'old', 'dist/ changed');
  const group = groupOf(run.stdout);
  if (group) assert.deepEqual(groupMembers(group), [], "the stand-in's group is left");
  rmSync(run.folder, { recursive: true, force: true });
});

test('endProcessGroup kills a group whose processes ignore SIGTERM, after the grace time', async () => {
  const stubborn = spawn(
    process.execPath,
    [
      '-e',
      "process.on('SIGTERM', () => {}); require('child_process').spawn(process.execPath, ['-e', \"process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)\"], { stdio: 'ignore' }); setInterval(() => {}, 1000)",
    ],
    { detached: true, stdio: 'ignore' },
  );
  while (groupMembers(stubborn.pid!).length < 2) await new Promise((done) => setTimeout(done, 20));
  const started = Date.now();
  await endProcessGroup(stubborn.pid!, 200);
  assert.deepEqual(groupMembers(stubborn.pid!), []);
  assert.ok(Date.now() - started >= 200, 'SIGKILL came before the grace time');
});

test('removeLeftovers puts back an output set aside by a swap cut between its renames, and removes staging', () => {
  const folder = mkdtempSync(join(tmpdir(), 'uaix-leftovers-'));
  try {
    mkdirSync(join(folder, '.dist-old-42'));
    writeFileSync(join(folder, '.dist-old-42/index.html'), 'old');
    mkdirSync(join(folder, '.dist-staging-42'));
    removeLeftovers(join(folder, 'dist'), [join(folder, '.dist-staging-42')], 42);
    assert.deepEqual(readdirSync(folder), ['dist']);
    assert.equal(readFileSync(join(folder, 'dist/index.html'), 'utf8'), 'old');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
