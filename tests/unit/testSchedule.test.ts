/**
 * Issue 42 part 2: the build and end-to-end tiers start their longest files first
 * (scripts/testSchedule.ts). The order puts every file exactly once, the measured ones longest
 * first and the unmeasured after; every test file of those tiers has a measure (a new file is added to
 * tests/file-durations.json knowingly); and the reporter that measures a run counts a file's hooks.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../src/uai/node/recordFiles.ts';
import { walkFiles } from '../../src/record/node/walkFiles.ts';
import { FILE_DURATIONS, readFileDurations, recordedDurations, scheduleTestFiles } from '../../scripts/testSchedule.ts';

/** The test files of the tiers that start longest first (scripts/test.sh). */
const TIERS = ['tests/build', 'tests/e2e'];
const tierFiles = () =>
  TIERS.flatMap((tier) =>
    walkFiles(join(REPOSITORY_ROOT, tier))
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => file.slice(REPOSITORY_ROOT.length + 1)),
  ).sort();

test('the schedule: measured files longest first (ties by name), then the unmeasured by name, each file once', () => {
  const seconds = { 'b.test.ts': 10, 'a.test.ts': 10, 'long.test.ts': 200, 'short.test.ts': 1, 'gone.test.ts': 99 };
  const files = ['z-new.test.ts', 'short.test.ts', 'a.test.ts', 'a-new.test.ts', 'long.test.ts', 'b.test.ts'];
  assert.deepEqual(scheduleTestFiles(files, seconds), [
    'long.test.ts',
    'a.test.ts',
    'b.test.ts',
    'short.test.ts',
    'a-new.test.ts',
    'z-new.test.ts',
  ]);
  assert.deepEqual(scheduleTestFiles([...files, 'long.test.ts'], seconds).length, files.length, 'a file twice');
});

test('a recorded run: files that ran take their new seconds, the others keep theirs, removed files are dropped', () => {
  const previous = { 'a.test.ts': 10, 'b.test.ts': 20, 'gone.test.ts': 5 };
  const measured = { 'b.test.ts': 25, 'new.test.ts': 3 };
  assert.deepEqual(recordedDurations(previous, measured, ['a.test.ts', 'b.test.ts', 'new.test.ts']), {
    'a.test.ts': 10,
    'b.test.ts': 25,
    'new.test.ts': 3,
  });
});

test(`every test file of ${TIERS.join(' and ')} has its seconds in ${FILE_DURATIONS}, and each listed file exists`, () => {
  const files = tierFiles();
  assert.ok(files.length >= 40, `only ${files.length} test files found`);
  const seconds = readFileDurations();
  assert.deepEqual(
    files.filter((file) => !Object.hasOwn(seconds, file)),
    [],
    `test files with no measure run after every measured one: add each to ${FILE_DURATIONS} with its seconds ` +
      '(UAIX_TEST_RECORD_DURATIONS=1 npm test measures them all), 0 to run it last knowingly',
  );
  assert.deepEqual(
    Object.keys(seconds).filter((file) => !files.includes(file)),
    [],
    `${FILE_DURATIONS} lists files that are gone`,
  );
  for (const [file, value] of Object.entries(seconds))
    assert.ok(Number.isFinite(value) && value >= 0, `${file}: ${value} is not a number of seconds`);
});

test('the reporter measures each file whole: a before hook that blocks for a second (as a build does) counts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'uaix-file-durations-'));
  try {
    // Blocking, as spawnSync of a build blocks: no test's own duration counts such a hook.
    const block = 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);';
    writeFileSync(
      join(dir, 'slow.test.mjs'),
      `import { before, test } from 'node:test';\nbefore(() => { ${block} });\ntest('quick', () => {});\n`,
    );
    writeFileSync(join(dir, 'quick.test.mjs'), `import { test } from 'node:test';\ntest('quick', () => {});\n`);
    const out = join(dir, 'seconds.json');
    const run = spawnSync(
      process.execPath,
      [
        '--test',
        '--test-reporter=./tests/support/fileDurationsReporter.mjs',
        `--test-reporter-destination=${out}`,
        join(dir, 'slow.test.mjs'),
        join(dir, 'quick.test.mjs'),
      ],
      // Without NODE_TEST_CONTEXT (set by the runner running this file): a run of its own, with its reporters.
      { cwd: REPOSITORY_ROOT, encoding: 'utf8', env: { ...process.env, NODE_TEST_CONTEXT: undefined } },
    );
    assert.equal(run.status, 0, run.stderr);
    const seconds = JSON.parse(readFileSync(out, 'utf8')) as Record<string, number>;
    assert.deepEqual(Object.keys(seconds).sort(), [join(dir, 'quick.test.mjs'), join(dir, 'slow.test.mjs')]);
    assert.ok(seconds[join(dir, 'slow.test.mjs')]! >= 1, `the slow file took ${seconds[join(dir, 'slow.test.mjs')]} s`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
