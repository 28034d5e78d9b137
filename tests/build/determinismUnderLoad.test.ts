/**
 * No output depends on timing: a cold build of the same tree and git history, made in a copy of the
 * repository while every core is kept busy by a CPU hog (one `node` busy loop per core, at the
 * build's priority), is byte-for-byte the repository's dist/. A step with a wall-clock time limit
 * (Shiki's tokenizer gave up on a line after 500 ms and left it plain), or output in the order
 * parallel work finishes, shows here as a difference.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { DIST, assertNoProblems, requireDist } from './_support/site.ts';
import { copyRepository, removeCopy, runBuild, type BuildRun } from './_support/tempRepo.ts';
import { distDifferences } from './_support/distDiff.ts';

/**
 * How long a hog may live, longer than the build's time limit: past this it stops by itself, even
 * if this process is killed before its cleanup.
 */
const HOG_LIFETIME_MS = 15 * 60 * 1000;

/** A busy loop that also ends when its parent is gone (an orphan is re-parented, so its ppid changes). */
const HOG = `const parent = process.ppid; const end = Date.now() + ${HOG_LIFETIME_MS};
for (;;) { for (let i = 0; i < 1e7; i++); if (process.ppid !== parent || Date.now() > end) process.exit(0); }`;

let copy: string;
let run: BuildRun;
let hogs = 0;

before(() => {
  requireDist();
  copy = copyRepository({ withGit: true });
  const started: ChildProcess[] = [];
  try {
    for (let core = 0; core < Math.max(2, availableParallelism()); core++)
      started.push(spawn(process.execPath, ['-e', HOG], { stdio: 'ignore' }));
    hogs = started.length;
    run = runBuild(copy, { timeoutMs: 600_000 });
  } finally {
    for (const hog of started) hog.kill('SIGKILL');
  }
});
after(() => {
  if (copy) removeCopy(copy);
});

test('a cold build while every core runs a CPU hog succeeds', () => {
  assert.equal(
    run.status,
    0,
    `the build under load exited with ${run.status ?? run.signal} after ${run.seconds} s\n${run.stderr}\n${run.stdout.slice(-2000)}`,
  );
});

test("the build under load is byte-for-byte the repository's dist/ (every file, no extra, none missing)", () => {
  assert.equal(run.status, 0, 'the build under load failed; see the previous test');
  const { problems, sizes } = distDifferences(DIST, join(copy, 'dist'), 'build under load');
  assertNoProblems(
    problems,
    `a build with ${hogs} CPU hogs differs from the repository's dist/, which must be a build of this commit ` +
      `(${sizes[0]} files there, ${sizes[1]} in the build under load, made in ${run.seconds} s)`,
  );
});
