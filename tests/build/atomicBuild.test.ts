/**
 * Issue 21: dist/ is replaced whole or not at all. In one copy of the repository, with the checkout's
 * dist/ as its own (what a build of the copy writes, byte for byte: determinism.test.ts), each
 * build is stopped at one stage (the package and content checks before Astro, Astro's
 * render, the mirrors beside Pagefind) by SIGINT, SIGTERM or SIGKILL, by killing the npm that runs
 * it, or by killing Pagefind's process; every time the previous dist/ is byte for byte what it was
 * (a digest of the tree), every child of the build is gone, and a handled stop prints one `uaix:`
 * line and exits 128 + the signal's number. A build into a tmpfs (`--out-dir`) is byte for byte
 * the build on the disk (Pagefind gets the pages in path order, whatever the filesystem's), and a
 * mount point as the output folder is refused with one line. On a full disk (a tmpfs smaller than the
 * build, filled during Astro's render or during the stages after it) the build says which file or
 * folder could not be written and leaves nothing in the output's filesystem.
 *
 * Issue 37: `npm run build` is a supervisor over the build (src/pipeline/buildSupervisor.ts). Run
 * through npm under `timeout`, a build whose main thread blocks (a FIFO in content/, a FIFO as the
 * llms.txt head) returns within the bound, leaves no process of the copy and no staging folder, and
 * dist/ is byte for byte what it was; a build with a catastrophic schema pattern and unresolvable
 * `$ref`s refuses them with one line each, and so does `npm run generate`. SIGINT at random
 * moments (right at the start, mid-build, and once the manifest is staged, just before the swap
 * request) gives exit 130, one line and dist/ as it was.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { constants } from 'node:os';
import { walkFiles } from '../../src/record/node/walkFiles.ts';
import { descendantsOf } from '../../src/pipeline/processTable.ts';
import { buildCommand, buildEnvironment, copyRepository, removeCopy, runBuild } from './_support/tempRepo.ts';

let copy: string;
let dist: string;
/** The digest of the copy's dist/: the checkout's build, which every stopped build must leave as it was. */
let previous = '';

/** Each file's path and the digest of its bytes, in path order: one line per file. */
function treeDigest(folder: string): string {
  return walkFiles(folder)
    .map((file) => `${relative(folder, file)} ${createHash('sha256').update(readFileSync(file)).digest('hex')}`)
    .join('\n');
}

/** The files whose digests differ between two tree digests (or that only one has), for the message. */
function differingFiles(one: string, other: string): string[] {
  const otherLines = new Set(other.split('\n'));
  const oneLines = new Set(one.split('\n'));
  return [
    ...one.split('\n').filter((line) => !otherLines.has(line)),
    ...other.split('\n').filter((line) => !oneLines.has(line)),
  ]
    .map((line) => line.split(' ')[0])
    .filter((path, at, all) => all.indexOf(path) === at)
    .slice(0, 20);
}

function stagingFolders(): string[] {
  return readdirSync(copy).filter((name) => name.startsWith('.dist-staging-') || name.startsWith('.dist-old-'));
}

/** The build's staging folder (named after the supervised build's process), if it exists yet. */
function stagingFolder(): string | undefined {
  const name = readdirSync(copy).find((entry) => entry.startsWith('.dist-staging-'));
  return name === undefined ? undefined : join(copy, name);
}

/** The processes running in the copy or naming it on their command line (but this test's own). */
function processesOfCopy(): string[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
    .flatMap((name) => {
      let cwd = '';
      try {
        cwd = readlinkSync(`/proc/${name}/cwd`);
      } catch {
        // Gone, or not ours to read.
      }
      const line = commandLine(Number(name));
      const inCopy = cwd === copy || cwd.startsWith(`${copy}/`) || line.includes(copy);
      return inCopy && !/ Z /.test(readStat(Number(name))) ? [`${name}: ${line}`] : [];
    });
}

/** Waits up to `ms` for the copy's processes to be gone; returns those left. */
async function processesLeftAfter(ms: number): Promise<string[]> {
  const deadline = Date.now() + ms;
  let left = processesOfCopy();
  while (left.length && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 100));
    left = processesOfCopy();
  }
  return left;
}

/** The command line of a process, or '' once it is gone. */
function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

interface Stopped {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The build's descendants seen while it ran. */
  children: number[];
}

/**
 * Starts a build in the copy (`npm run build`'s command, or npm itself), waits until `ready` says
 * the stage is reached (checked every 50 ms with the build's pid and stdout), runs `stop`, and
 * resolves when the build has exited.
 */
function stopBuild(options: {
  viaNpm?: boolean;
  ready: (pid: number, stdout: string) => boolean;
  stop: (pid: number) => void;
}): Promise<Stopped> {
  const [command, ...args] = options.viaNpm ? ['npm', 'run', '--silent', 'build'] : buildCommand(copy);
  const child = spawn(command, args, { cwd: copy, env: buildEnvironment(copy), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const children = new Set<number>();
  let stopped = false;
  const poll = setInterval(() => {
    for (const pid of descendantsOf(child.pid!)) children.add(pid);
    if (!stopped && options.ready(child.pid!, stdout)) {
      stopped = true;
      options.stop(child.pid!);
    }
  }, 50);
  const timeout = setTimeout(() => child.kill('SIGKILL'), 600_000);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearInterval(poll);
      clearTimeout(timeout);
      assert.ok(stopped, `the build ended (${code ?? signal}) before the stage was reached\n${stderr}`);
      resolve({ code, signal, stdout, stderr, children: [...children] });
    });
  });
}

/** The build's own process under npm: the node that runs scripts/build.ts. */
function buildProcessOf(npm: number): number | undefined {
  return descendantsOf(npm).find((pid) => commandLine(pid).includes('scripts/build.ts'));
}

function pagefindOf(pid: number): number | undefined {
  return descendantsOf(pid).find((child) => /pagefind.*--service/.test(commandLine(child)));
}

const stage = {
  /** Before Astro renders: the staging folder is made, the content not yet reported checked. */
  preparation: (_pid: number, stdout: string) => stagingFolder() !== undefined && !stdout.includes('checked'),
  /** Astro's render: pages in the staging folder, no mirror yet. */
  render: () => {
    const staging = stagingFolder();
    const files = staging === undefined ? [] : walkFiles(staging);
    return files.some((file) => file.endsWith('.html')) && !files.some((file) => file.endsWith('index.json'));
  },
  /** The manifest is staged: the last gates run, then the build asks to swap. */
  manifest: () => {
    const staging = stagingFolder();
    return staging !== undefined && existsSync(join(staging, '.well-known/uaix.json'));
  },
  /** The mirrors, with Pagefind's process running beside them. */
  pagefind: (pid: number) => pagefindOf(pid) !== undefined,
};

function assertPreviousDistIntact(run: Stopped, how: string): void {
  const output = `--- stderr\n${run.stderr}\n--- stdout\n${run.stdout.slice(-1500)}`;
  const now = treeDigest(dist);
  assert.ok(now === previous, `${how}: dist/ changed: ${differingFiles(previous, now).join(', ')}\n${output}`);
  const alive = run.children.filter((pid) => commandLine(pid) !== '' && !/ Z /.test(readStat(pid)));
  assert.deepEqual(alive, [], `${how}: children of the build still run: ${alive.map(commandLine).join('; ')}`);
}

function readStat(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return ' Z ';
  }
}

function assertInterruptedClearly(run: Stopped, signal: 'SIGINT' | 'SIGTERM' | 'SIGHUP', how: string): void {
  const output = `--- stderr\n${run.stderr}\n--- stdout\n${run.stdout.slice(-1500)}`;
  assert.equal(run.code, 128 + constants.signals[signal], `${how}: exit code ${run.code ?? run.signal}\n${output}`);
  const lines = run.stderr.split('\n').filter(Boolean);
  assert.equal(lines.length, 1, `${how}: not one line on stderr\n${output}`);
  assert.match(lines[0], /^uaix: build interrupted .*; dist\/ unchanged$/, `${how}: the line\n${output}`);
  assert.deepEqual(stagingFolders(), [], `${how}: the staging folder was left\n${output}`);
  assertPreviousDistIntact(run, how);
}

before(() => {
  // Built once: the checkout's build, which a build of the copy writes again byte for byte.
  copy = copyRepository({ withDist: true });
  dist = join(copy, 'dist');
  previous = treeDigest(dist);
});
after(() => {
  if (copy) removeCopy(copy);
});

test('SIGINT while the package and the content are checked (before Astro): one line, exit 130, dist/ as it was', async () => {
  const run = await stopBuild({ ready: stage.preparation, stop: (pid) => process.kill(pid, 'SIGINT') });
  assertInterruptedClearly(run, 'SIGINT', 'SIGINT before Astro');
});

test("SIGTERM during Astro's render: one line, exit 143, dist/ as it was", async () => {
  const run = await stopBuild({ ready: stage.render, stop: (pid) => process.kill(pid, 'SIGTERM') });
  assertInterruptedClearly(run, 'SIGTERM', "SIGTERM during Astro's render");
});

test('SIGKILL during the mirrors and Pagefind: dist/ as it was; the next build removes the staging folder', async () => {
  // A power cut: the supervisor and every process of the build's group at once.
  const run = await stopBuild({
    ready: stage.pagefind,
    stop: (pid) => {
      const build = descendantsOf(pid).find((child) => commandLine(child).includes('scripts/buildWorker.ts'))!;
      process.kill(-build, 'SIGKILL');
      process.kill(pid, 'SIGKILL');
    },
  });
  assert.equal(run.signal, 'SIGKILL');
  const now = treeDigest(dist);
  assert.ok(now === previous, `a SIGKILLed build changed dist/: ${differingFiles(previous, now).join(', ')}`);
  // Its Pagefind process sees its input close and ends; only the staging folder is left, as garbage.
  assert.equal(stagingFolders().length, 1, `expected the killed build's staging folder: ${stagingFolders()}`);
});

test('killing Pagefind mid-build: one line naming the stage, exit 1, dist/ as it was, no staging folder', async () => {
  const run = await stopBuild({
    ready: stage.pagefind,
    stop: (pid) => process.kill(pagefindOf(pid)!, 'SIGKILL'),
  });
  const output = `--- stderr\n${run.stderr}\n--- stdout\n${run.stdout.slice(-1500)}`;
  assert.equal(run.code, 1, `exit code ${run.code ?? run.signal}\n${output}`);
  const lines = run.stderr.split('\n').filter(Boolean);
  assert.deepEqual(
    lines,
    [
      'uaix: build failed at pagefind (1 problem); dist/ unchanged',
      "  pagefind/: Pagefind's indexer was killed by SIGKILL [pagefind]",
    ],
    output,
  );
  // The SIGKILLed build's staging folder is gone too: this build removed it at its start.
  assert.deepEqual(stagingFolders(), [], `staging folders left: ${stagingFolders()}`);
  assertPreviousDistIntact(run, 'Pagefind killed');
});

test('SIGTERM to the npm that runs `npm run build` ends the build: one line, dist/ as it was', async () => {
  let build: number | undefined;
  const run = await stopBuild({
    viaNpm: true,
    ready: (npm) => (build = buildProcessOf(npm)) !== undefined && stage.pagefind(build),
    stop: (npm) => process.kill(npm, 'SIGTERM'),
  });
  // npm itself may end at once; the build it ran must end too, and soon.
  const deadline = Date.now() + 20_000;
  while (commandLine(build!) !== '' && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
  assert.equal(commandLine(build!), '', 'the build went on running after npm was killed');
  assert.match(run.stderr, /uaix: build interrupted because its parent process \(\d+\) ended; dist\/ unchanged/);
  assert.deepEqual(stagingFolders(), [], `staging folders left: ${stagingFolders()}`);
  assertPreviousDistIntact(run, 'npm killed');
});

/** What `timeout <bound> npm run build` in the copy did, as a user runs it. */
interface TimedRun {
  status: number | null;
  stderr: string;
  seconds: number;
}

const BOUND_S = 30;

function timedBuildThroughNpm(): TimedRun {
  const started = Date.now();
  const run = spawnSync('timeout', [String(BOUND_S), 'npm', 'run', '--silent', 'build'], {
    cwd: copy,
    env: buildEnvironment(copy),
    encoding: 'utf8',
    timeout: 300_000,
  });
  return { status: run.status, stderr: run.stderr ?? '', seconds: (Date.now() - started) / 1000 };
}

/**
 * The build returned within the bound (and a little for npm), no process of it is left a second
 * later, no staging folder, dist/ as it was; it said so in one line, or refused `planted` in one.
 */
async function assertStoppedOrRefused(run: TimedRun, planted: string, how: string): Promise<void> {
  const output = `--- stderr\n${run.stderr}`;
  assert.ok(run.seconds < BOUND_S + 5, `${how}: returned after ${run.seconds} s\n${output}`);
  assert.deepEqual(await processesLeftAfter(1000), [], `${how}: processes of the build left\n${output}`);
  assert.deepEqual(stagingFolders(), [], `${how}: staging folders left\n${output}`);
  const now = treeDigest(dist);
  assert.ok(now === previous, `${how}: dist/ changed: ${differingFiles(previous, now).join(', ')}`);
  assert.doesNotMatch(run.stderr, /^\s+at\s/m, `${how}: a stack trace\n${output}`);
  const lines = run.stderr.split('\n').filter(Boolean);
  const interrupted = /^uaix: build interrupted .*; dist\/ unchanged$/;
  if (lines.length === 1 && interrupted.test(lines[0])) {
    assert.equal(run.status, 124, `${how}: timeout's exit code\n${output}`);
    return;
  }
  // The other outcome: the build refuses what was planted, at once, with one line naming it.
  assert.equal(run.status, 1, `${how}: exit ${run.status}\n${output}`);
  assert.match(lines[0], /^uaix: build failed at .*; dist\/ unchanged$/, output);
  assert.ok(
    lines.slice(1).some((line) => line.includes(planted)),
    `${how}: no line names ${planted}\n${output}`,
  );
}

/** `change` applied to the copy's files for the length of `use`, then undone. */
async function withPlanted<T>(plant: () => () => void, use: () => Promise<T>): Promise<T> {
  const undo = plant();
  try {
    return await use();
  } finally {
    undo();
  }
}

/** A FIFO at `file` of the copy (nothing ever writes to it), or in place of the file there. */
function fifoAt(file: string): () => () => void {
  return () => {
    const path = join(copy, file);
    const original = existsSync(path) ? readFileSync(path) : undefined;
    rmSync(path, { force: true });
    const made = spawnSync('mkfifo', [path]);
    assert.equal(made.status, 0, `mkfifo ${file}`);
    return () => {
      rmSync(path, { force: true });
      if (original) writeFileSync(path, original);
    };
  };
}

test('a FIFO in content/, built by `timeout 30 npm run build`: back within the bound, nothing left, dist/ as it was', async () => {
  await withPlanted(fifoAt('content/pages/en-us/stuck.md'), async () => {
    await assertStoppedOrRefused(timedBuildThroughNpm(), 'content/pages/en-us/stuck.md', 'FIFO in content/');
  });
});

test('a FIFO as the llms.txt head (read whole by the first gate): the main thread blocks; the interrupt still ends it all', async () => {
  await withPlanted(fifoAt('llms.txt'), async () => {
    await assertStoppedOrRefused(timedBuildThroughNpm(), 'llms.txt', 'FIFO as llms.txt');
  });
});

/** A catastrophic pattern in a site schema, and an external, a missing and a cyclic `$ref` in a packet schema. */
const SCHEMA_FAULTS: Record<string, (text: string) => string> = {
  'schemas/site/edition.schema.json': (text) => {
    const schema = JSON.parse(text);
    schema.$defs = { ...schema.$defs, slow: { type: 'string', pattern: '^(a+)+$' } };
    return JSON.stringify(schema, null, 2);
  },
  'schemas/uai-1/uai.agent.ack.v1.schema.json': (text) => {
    const schema = JSON.parse(text);
    const properties = schema.$defs.body.properties;
    properties.support_boundary = { $ref: 'https://example.com/x.json' };
    properties.received_at_utc = { $ref: 'missing.schema.json' };
    schema.$defs.loopA = { $ref: '#/$defs/loopB' };
    schema.$defs.loopB = { $ref: '#/$defs/loopA' };
    return JSON.stringify(schema, null, 2);
  },
};

function plantSchemaFaults(): () => void {
  const originals = Object.keys(SCHEMA_FAULTS).map((file) => [file, readFileSync(join(copy, file), 'utf8')] as const);
  for (const [file, text] of originals) writeFileSync(join(copy, file), SCHEMA_FAULTS[file](text));
  return () => {
    for (const [file, text] of originals) writeFileSync(join(copy, file), text);
  };
}

const SCHEMA_FAULT_LINES = [
  /^ {2}schemas\/site\/edition\.schema\.json \/\$defs\/slow\/pattern: the pattern "\^\(a\+\)\+\$" backtracks catastrophically \(exponential; recheck's attack string has \d+ characters\) \[schema-pattern-redos\]/m,
  /^ {2}schemas\/uai-1\/uai\.agent\.ack\.v1\.schema\.json \/\$defs\/body\/properties\/support_boundary\/\$ref: \$ref "https:\/\/example\.com\/x\.json" is external.* \[schema-ref\]$/m,
  /^ {2}schemas\/uai-1\/uai\.agent\.ack\.v1\.schema\.json \/\$defs\/body\/properties\/received_at_utc\/\$ref: \$ref "missing\.schema\.json" names no schema of the record .* \[schema-ref\]$/m,
  /^ {2}schemas\/uai-1\/uai\.agent\.ack\.v1\.schema\.json \/\$defs\/loopA\/\$ref: .* leads round a cycle of references .* \[schema-ref\]$/m,
];

test('a catastrophic schema pattern and unresolvable $refs: the build and npm run generate refuse each in one line', async () => {
  await withPlanted(plantSchemaFaults, async () => {
    const run = timedBuildThroughNpm();
    const output = `--- stderr\n${run.stderr}`;
    assert.equal(run.status, 1, `exit ${run.status}\n${output}`);
    assert.match(run.stderr, /^uaix: build failed at schemas \(5 problems\); dist\/ unchanged$/m, output);
    for (const line of SCHEMA_FAULT_LINES) assert.match(run.stderr, line, output);
    await assertStoppedOrRefused(run, 'schema-pattern-redos', 'schema faults');
    const generated = spawnSync('npm', ['run', '--silent', 'generate'], {
      cwd: copy,
      env: buildEnvironment(copy),
      encoding: 'utf8',
      timeout: 300_000,
    });
    const generateOutput = `--- stderr\n${generated.stderr}\n--- stdout\n${generated.stdout}`;
    assert.equal(generated.status, 1, generateOutput);
    for (const line of SCHEMA_FAULT_LINES)
      assert.match(generated.stderr, new RegExp(line.source.replace('^ {2}', '^'), 'm'), generateOutput);
    assert.doesNotMatch(`${generated.stderr}${generated.stdout}`, /^\s+at\s|\/tmp\//m, generateOutput);
  });
});

/** Is the supervised build's own process running under the supervisor `pid`? */
const buildStarted = (pid: number) => descendantsOf(pid).some((child) => commandLine(child).includes('buildWorker.ts'));

const MOMENTS: [string, () => (pid: number, stdout: string) => boolean][] = [
  ['right at the start, before the staging folder exists', () => (pid) => buildStarted(pid) && !stagingFolder()],
  [
    'at a random moment of the checks and the render',
    () => {
      // 1 to 8 s in: Astro's render ends about 8 s into a warm build on a quiet machine, later on a
      // busy one. A build faster still is stopped as its render ends, when Pagefind's process starts.
      const at = Date.now() + 1000 + Math.random() * 7000;
      return (pid) => Date.now() >= at || stage.pagefind(pid);
    },
  ],
  ['once the manifest is staged, as the build comes to ask for the swap', () => stage.manifest],
];

for (const [moment, ready] of MOMENTS) {
  test(`SIGINT ${moment}: one line, exit 130, dist/ as it was, nothing left`, async () => {
    const run = await stopBuild({ ready: ready(), stop: (pid) => process.kill(pid, 'SIGINT') });
    assertInterruptedClearly(run, 'SIGINT', `SIGINT ${moment}`);
    assert.deepEqual(await processesLeftAfter(1000), [], 'processes of the build left');
  });
}

/** A tmpfs mounted at `at` for the length of `use`; undefined when this system does not let the test mount one. */
function withTmpfs<T>(at: string, use: () => T, size = '512m'): T | undefined {
  mkdirSync(at, { recursive: true });
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', at], { encoding: 'utf8' });
  if (mounted.status !== 0) return undefined;
  try {
    return use();
  } finally {
    unmount(at);
  }
}

/**
 * Unmounts `at`, waiting a little while a process that just ended still holds a file there (the
 * mount is busy), then detaching it lazily: a mount left behind would make the copy impossible to remove.
 */
function unmount(at: string): void {
  for (let attempt = 0; attempt < 10; attempt++) {
    if (spawnSync('umount', [at]).status === 0) return;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  }
  spawnSync('umount', ['-l', at]);
}

test('a build on a tmpfs (--out-dir) is byte for byte the build on the disk; a mount point as the output is refused', (t) => {
  const mount = join(copy, '.test-tmpfs');
  const result = withTmpfs(mount, () => {
    const refused = runBuild(copy, { timeoutMs: 600_000, env: { UAIX_DIST: mount } });
    const site = join(mount, 'site');
    const [command, ...args] = buildCommand(copy);
    const built = spawnSync(command, [...args, '--out-dir', site], {
      cwd: copy,
      env: buildEnvironment(copy),
      encoding: 'utf8',
      timeout: 600_000,
    });
    return { refused, built, digest: built.status === 0 ? treeDigest(site) : '' };
  });
  if (!result) {
    t.skip('mounting a tmpfs needs root (mount -t tmpfs); CI runs as root');
    return;
  }
  const { refused, built, digest } = result;
  assert.equal(refused.status, 1, `a mount point as the output: exit ${refused.status}\n${refused.stderr}`);
  assert.match(
    refused.stderr,
    /^uaix: build failed at output folder \(1 problem\); dist\/ unchanged\n {2}.*a mount point/,
  );
  assert.doesNotMatch(refused.stderr, /^\s+at\s/m, 'a stack trace');
  assert.equal(built.status, 0, `the build into the tmpfs failed\n${built.stderr}`);
  assert.ok(
    digest === previous,
    `the tmpfs build differs from the checkout's build on the disk: ${differingFiles(previous, digest)}`,
  );
});

// 3 MiB fills during Astro's own writes (Node's error names no file: the line names the output folder);
// 12 MiB fills during the stages after Astro (the line names the file). dist/ is larger than both.
for (const size of ['3m', '12m']) {
  test(`a full disk (a ${size} tmpfs as the output's filesystem): ENOSPC lines naming what was written, nothing left`, (t) => {
    const mount = join(copy, `.test-full-${size}`);
    const result = withTmpfs(
      mount,
      () => {
        const [command, ...args] = buildCommand(copy);
        const built = spawnSync(command, [...args, '--out-dir', join(mount, 'site')], {
          cwd: copy,
          env: buildEnvironment(copy),
          encoding: 'utf8',
          timeout: 900_000,
        });
        return { built, left: readdirSync(mount) };
      },
      size,
    );
    if (!result) {
      t.skip('mounting a tmpfs needs root (mount -t tmpfs); CI runs as root');
      return;
    }
    const { built, left } = result;
    assert.equal(built.status, 1, `exit ${built.status} on a full disk\n${built.stderr}`);
    const [heading, ...problems] = built.stderr.trimEnd().split('\n');
    assert.match(heading, /^uaix: build failed at [^(]+ \(\d+ problems?\); dist\/ unchanged$/, built.stderr);
    assert.ok(problems.length > 0, `no problem line\n${built.stderr}`);
    for (const line of problems)
      assert.match(line, /^ {2}\.test-full-\w+\/\S+: could not be written: ENOSPC, .*; the disk is full/, line);
    assert.deepEqual(left, [], 'a failed build leaves neither its output nor its staging folder');
  });
}
