/**
 * The build is reproducible: a second build of the same tree and git history, made cold in a copy of
 * the repository with the wall clock moved 400 days ahead while every core is kept busy by a CPU hog
 * (one `node` busy loop per core, at the build's priority), is byte-for-byte the repository's dist/.
 * With the git history copied, git-derived dates are the same too, so there must be no difference
 * at all: a difference is a build timestamp, a step with a wall-clock time limit (Shiki's tokenizer
 * gave up on a line after 500 ms and left it plain) or output in the order parallel work finishes.
 * One build carries both the clock and the load, since each alone must leave dist/ unchanged (they
 * were two cold builds, in this file and determinismUnderLoad.test.ts). Warm rebuilds (Astro's
 * content cache and the page cache kept) are the same: after a one-file edit the copy's rebuild
 * shows the edit, and after the edit is undone the rebuild is byte-for-byte the cold build again.
 * No file of dist/ holds an absolute path of the machine that built it, or the time it was built.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { DIST, REPO, assertNoProblems, publicPath, requireDist, walkFiles } from './_support/site.ts';
import { copyRepository, removeCopy, runBuild, type BuildRun } from './_support/tempRepo.ts';
import { distDifferences } from './_support/distDiff.ts';
import { running } from '../fixtures/peers/processState.ts';

const CLOCK_SHIFT_MS = 400 * 24 * 60 * 60 * 1000;
const SHIFT_CLOCK = fileURLToPath(new URL('./_support/shiftClock.mjs', import.meta.url));

const EDITED = 'content/guides/en-us/swarm-failure-and-recovery.md';
const EDITED_MIRROR = 'dist/en-us/guides/swarm-failure-and-recovery/index.md';
const ADDED_SENTENCE = 'A sentence added for the warm rebuild.';

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
/** The hogs started beside the cold build, and how many of them still ran when it ended. */
let hogs = 0;
let hogsAliveAtEnd = 0;
let edited: BuildRun | undefined;
let editedMirror = '';
let warm: BuildRun | undefined;

before(() => {
  requireDist();
  copy = copyRepository({ withCaches: false });
  const options = {
    timeoutMs: 600_000,
    env: {
      UAIX_CLOCK_SHIFT_MS: String(CLOCK_SHIFT_MS),
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${SHIFT_CLOCK}`.trim(),
    },
  };
  const started: ChildProcess[] = [];
  try {
    for (let core = 0; core < Math.max(2, availableParallelism()); core++)
      started.push(spawn(process.execPath, ['-e', HOG], { stdio: 'ignore' }));
    hogs = started.length;
    run = runBuild(copy, options);
    // Read from /proc: the build ran synchronously, so no exit event of a hog has been handled yet.
    hogsAliveAtEnd = started.filter((hog) => hog.pid !== undefined && running(hog.pid)).length;
  } finally {
    for (const hog of started) hog.kill('SIGKILL');
  }
  if (run.status !== 0) return;
  const original = readFileSync(join(copy, EDITED), 'utf8');
  writeFileSync(join(copy, EDITED), `${original}\n${ADDED_SENTENCE}\n`);
  edited = runBuild(copy, options);
  editedMirror = edited.status === 0 ? readFileSync(join(copy, EDITED_MIRROR), 'utf8') : '';
  writeFileSync(join(copy, EDITED), original);
  warm = runBuild(copy, options);
});
after(() => {
  if (copy) removeCopy(copy);
});

test('a second build in a copy of the repository (with .git), cold, with a CPU hog on every core all along, succeeds', () => {
  assert.equal(
    run.status,
    0,
    `the second build exited with ${run.status ?? run.signal} after ${run.seconds} s\n${run.stderr}\n${run.stdout.slice(-2000)}`,
  );
  assert.ok(hogs >= 2, `${hogs} CPU hogs started`);
  assert.equal(
    hogsAliveAtEnd,
    hogs,
    'a CPU hog ended before the build did: the build did not run under load all along',
  );
});

test("the second build is byte-for-byte the repository's dist/ (every file, no extra, none missing)", () => {
  assert.equal(run.status, 0, 'the second build failed; see the previous test');
  const { problems, sizes } = distDifferences(DIST, join(copy, 'dist'), 'second build');
  assertNoProblems(
    problems,
    `two builds differ (${sizes[0]} files in dist/, ${sizes[1]} in the second build, made with the clock ${CLOCK_SHIFT_MS / 86_400_000} days ahead and ${hogs} CPU hogs in ${run.seconds} s; dist/ must be a build of this commit)`,
  );
});

test("the redaction gate read every file of the build's dist/ once, Pagefind's and the manifest included", () => {
  assert.equal(run.status, 0, 'the second build failed; see the first test');
  // The build reads dist/ in two turns (while Pagefind runs, then what it and the manifest wrote).
  const reported = /redaction gate scanned \d+ files \(\d+ sources, (\d+) published/.exec(run.stdout);
  assert.ok(reported, `no redaction line in the build's report:\n${run.stdout}`);
  const dist = join(copy, 'dist');
  const files = walkFiles(dist).map((file) => `/${relative(dist, file)}`);
  assert.ok(files.some((path) => path.startsWith('/pagefind/')) && files.includes('/.well-known/uaix.json'));
  assert.equal(Number(reported[1]), files.length, 'the gate did not read every published file once');
});

test('Pagefind got every page as Astro rendered it: the predicted files were the ones written (under load too)', () => {
  assert.equal(run.status, 0, 'the second build failed; see the first test');
  const sent = /(\d+) of the pages sent to Pagefind as Astro rendered them/.exec(run.stdout);
  assert.ok(sent, `no Pagefind line in the build's report:\n${run.stdout}`);
  const dist = join(copy, 'dist');
  const pages = walkFiles(dist).filter((file) => file.endsWith('.html') && !file.startsWith(join(dist, 'pagefind')));
  assert.equal(Number(sent[1]), pages.length, 'some pages were read from their files after Astro');
});

test('a warm rebuild after a one-file edit succeeds, reuses cached pages and shows the edit', () => {
  assert.ok(edited, 'no warm rebuild was made: the cold build failed');
  assert.equal(edited.status, 0, `the warm rebuild exited with ${edited.status ?? edited.signal}\n${edited.stderr}`);
  const reused = /(\d+) from the page cache/.exec(edited.stdout);
  assert.ok(reused && Number(reused[1]) > 0, `the warm rebuild reused no cached page:\n${edited.stdout}`);
  assert.ok(editedMirror.includes(ADDED_SENTENCE), `${EDITED_MIRROR} does not show the edit`);
});

test('the warm rebuild after a one-file edit writes the files the edit changed and links the rest', () => {
  assert.ok(edited?.status === 0, 'no warm rebuild was made, or it failed: see the test before');
  const counts = /after Astro: (\d+) file\(s\) written, (\d+) linked from the previous build/.exec(edited.stdout);
  assert.ok(counts, `no line of files written and linked in the build's report:\n${edited.stdout}`);
  const [written, linked] = [Number(counts[1]), Number(counts[2])];
  const mirrors = Number(/(\d+) mirrors/.exec(edited.stdout)?.[1]);
  const changedPages = Number(/(\d+) pages parsed/.exec(edited.stdout)?.[1]);
  // The two mirrors of each page whose HTML changed (the edited guide, its translations now stale,
  // the pages that list them), the files that hold every page's text or digest (llms-full.txt, the
  // manifest) and the editions' release files, copied each build: a handful, of hundreds.
  assert.ok(
    written >= 2 && written <= 2 * changedPages + 6,
    `${written} files written after a one-page edit that changed ${changedPages} pages:\n${edited.stdout}`,
  );
  assert.ok(linked >= mirrors - 2 * changedPages, `only ${linked} files linked, with ${mirrors} mirrors`);
});

test('a warm rebuild after the edit is undone is byte-for-byte the cold build', () => {
  assert.ok(warm, 'no warm rebuild was made: an earlier build failed');
  assert.equal(warm.status, 0, `the warm rebuild exited with ${warm.status ?? warm.signal}\n${warm.stderr}`);
  const { problems, sizes } = distDifferences(DIST, join(copy, 'dist'), 'warm rebuild');
  assertNoProblems(
    problems,
    `the warm rebuild differs from the cold build (${sizes[0]} files in dist/, ${sizes[1]} in the warm rebuild)`,
  );
});

/** A file's bytes, and its inflated bytes when it is gzip (Pagefind's index and fragments). */
function contentsOf(file: string): Buffer {
  const bytes = readFileSync(file);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      return gunzipSync(bytes);
    } catch {
      return bytes;
    }
  }
  return bytes;
}

/**
 * Pagefind's prebuilt WebAssembly (`wasm.<lang>.pagefind`) carries the Rust panic paths of the
 * machine Pagefind was compiled on (/home/runner/.cargo/…); it is a third-party binary copied as is.
 */
const isThirdPartyBinary = (path: string) => /^\/pagefind\/wasm\.[^/]+\.pagefind$/.test(path);

test('no dist file holds an absolute path of the build machine (/work/, /tmp/, /home/, /root/, the repository)', () => {
  const needles = ['/work/', '/tmp/', '/home/', '/root/', REPO, ...(copy ? [copy] : [])];
  const problems: string[] = [];
  const scan = (root: string, label: string) => {
    for (const file of walkFiles(root)) {
      const path = publicPath(file, root);
      if (isThirdPartyBinary(path)) continue;
      const text = contentsOf(file).toString('latin1');
      for (const needle of needles) {
        const at = text.indexOf(needle);
        if (at >= 0)
          problems.push(
            `${label}${path}: contains ${JSON.stringify(needle)} in ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 60))}`,
          );
      }
    }
  };
  scan(DIST, 'dist');
  if (run?.status === 0) scan(join(copy, 'dist'), 'second build dist');
  assertNoProblems(problems, 'absolute machine paths in dist');
});

test('no dist file holds the time it was built', () => {
  const built = statSync(join(DIST, 'index.html')).mtimeMs;
  // Git commit times are reproducible inputs, not build times.
  const commitTimes = new Set(
    execFileSync('git', ['log', '--format=%cI'], { cwd: REPO, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((iso) => new Date(iso).getTime()),
  );
  const window = 2 * 24 * 60 * 60 * 1000;
  const problems: string[] = [];
  for (const file of walkFiles(DIST)) {
    const path = publicPath(file);
    if (isThirdPartyBinary(path)) continue;
    const text = contentsOf(file).toString('utf8');
    for (const match of text.matchAll(
      /\b(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g,
    )) {
      const when = Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4] ?? '00'}${match[5] ?? 'Z'}`);
      const midnight = match[2] === '00' && match[3] === '00' && (match[4] ?? '00') === '00';
      if (Number.isNaN(when) || midnight || commitTimes.has(when)) continue;
      if (Math.abs(when - built) < window)
        problems.push(`${path}: ${match[0]} is within two days of the build (${new Date(built).toISOString()})`);
    }
    for (const match of text.matchAll(/\b1[5-9]\d{11}\b/g)) {
      const when = Number(match[0]);
      if (Math.abs(when - built) < window)
        problems.push(`${path}: ${match[0]} looks like a millisecond timestamp of the build`);
    }
  }
  assertNoProblems(problems, 'build timestamps in dist');
});
