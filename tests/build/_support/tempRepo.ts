/**
 * A throw-away copy of the repository for builds that must not touch the real dist/: the files git
 * knows (tracked, plus untracked files that are not ignored, so work in progress builds the same),
 * HEAD's git history (for the git-derived dates), the checkout's build caches, and a node_modules made
 * of symlinks to the repository's packages, so a cache Astro or Vite writes under node_modules stays
 * in the copy.
 *
 * With the history and the caches, a build in the copy is the warm rebuild of the checkout's build
 * (the one `npm test` makes first) after the test's changes: every cache is keyed by the code and
 * the bytes it read (a page by its rendered HTML, which holds its git date), so what a change touches
 * is computed again and the rest is served, as in an editor's rebuild. A test of the cold path (the
 * caches' own tests, determinism, the scale benchmark) asks for a cold copy.
 */
import { spawnSync, execFileSync } from 'node:child_process';
import assert from 'node:assert/strict';
import {
  copyFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DIST, REPO } from './site.ts';
import { assertBuilt } from '../../support/paths.ts';
import { withPackageFolder } from '../../support/packageFolderLock.ts';

/** node_modules entries that are caches rather than packages: not shared with the copy. */
const NOT_SHARED = new Set(['.astro', '.vite', '.cache']);

/** A `.cache/` entry a copy does not start from: a dist/ on its way out. */
const NOT_COPIED_CACHE = (name: string) => name.startsWith('dist-being-removed-');

/** Astro's content layer store (in its cacheDir, node_modules/.astro, which the copy does not share). */
const ASTRO_STORE = 'node_modules/.astro/data-store.json';

/** The compiled package (git-ignored): what the build writes under packages/uai-1/ before packing it. */
function compiledPackage(): string[] {
  const out = execFileSync(
    'git',
    ['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--directory', 'packages/uai-1'],
    { cwd: REPO, encoding: 'utf8' },
  );
  return out.split('\0').filter(Boolean);
}

export interface CopyOptions {
  /** HEAD's git history (default true), so git-derived dates match the repository's. */
  withGit?: boolean;
  /** The checkout's build caches (default true); false gives a cold build. */
  withCaches?: boolean;
  /**
   * The checkout's dist/ (the build `npm test` makes first) as the copy's (default false): a build of
   * the copy writes these very bytes (determinism.test.ts holds that), so a test that needs a built
   * copy before its own builds copies them instead of building them again.
   */
  withDist?: boolean;
}

export function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.split('\0').filter(Boolean))].filter(
    (file) => existsSync(join(REPO, file)) || isSymlink(join(REPO, file)),
  );
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

export function copyRepository(options: CopyOptions = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'uaix-build-'));
  for (const file of repositoryFiles()) {
    const from = join(REPO, file);
    const to = join(dir, file);
    mkdirSync(dirname(to), { recursive: true });
    if (isSymlink(from)) symlinkSync(readlinkSync(from), to);
    else if (lstatSync(from).isFile()) copyFileSync(from, to);
  }
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(REPO, 'node_modules'))) {
    if (!NOT_SHARED.has(name)) symlinkSync(join(REPO, 'node_modules', name), join(dir, 'node_modules', name));
  }
  if (options.withCaches ?? true) {
    const copyOf = (path: string) => cpSync(join(REPO, path), join(dir, path), { recursive: true });
    const caches = join(REPO, '.cache');
    for (const name of existsSync(caches) ? readdirSync(caches) : []) {
      // The packed package is reused only beside the compiled package it was packed from, and tests
      // that pack the checkout's package rewrite both: the two are copied together, under their lock.
      if (name === 'package') withPackageFolder(() => [join('.cache', name), ...compiledPackage()].forEach(copyOf));
      else if (!NOT_COPIED_CACHE(name)) copyOf(join('.cache', name));
    }
    // Astro's content store: the copy's sync then reads again only the entries whose files changed.
    if (existsSync(join(REPO, ASTRO_STORE))) copyOf(ASTRO_STORE);
  }
  if (options.withDist ?? false) {
    assertBuilt();
    cpSync(DIST, join(dir, 'dist'), { recursive: true });
  }
  if (options.withGit ?? true) {
    // HEAD's history fetched into a fresh repository rather than a copy of .git: this works from a
    // linked worktree too (where .git is a file naming another repository's folder), and nothing
    // done in the copy can reach the repository's own index, refs or locks.
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    git('init', '-q');
    git('fetch', '-q', '--no-tags', REPO, 'HEAD');
    git('reset', '-q', 'FETCH_HEAD');
  }
  return dir;
}

export interface BuildRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  seconds: number;
}

export interface RunOptions {
  timeoutMs?: number;
  env?: Record<string, string>;
  /** The signal a build past its time gets (SIGTERM unless told; a hung build may ignore it). */
  killSignal?: NodeJS.Signals;
  /** The user and group id the build runs as (a test running as root runs it as another user). */
  user?: number;
}

/** A word of a plain command line: no quoting, expansion, redirection or chaining for a shell to do. */
const PLAIN_WORD = /^[\w@%+=:,./-]+$/;

/**
 * The `build` script of `dir`'s package.json as a command and its arguments, so the build command is
 * written once (in package.json) for `npm run build`, the build tests and the site benchmark. It is
 * spawned directly rather than through `sh -c`: a timeout or a memory sample then reaches the build
 * itself, not a shell around it. A leading `node` is this process's Node, as npm would pick.
 */
export function buildCommand(dir: string): string[] {
  const file = join(dir, 'package.json');
  const script = (JSON.parse(readFileSync(file, 'utf8')) as { scripts?: Record<string, unknown> }).scripts?.build;
  if (typeof script !== 'string') throw new Error(`${file}: /scripts/build: missing; the build command lives there`);
  const words = script.trim().split(/\s+/);
  const shellWord = words.find((word) => !PLAIN_WORD.test(word));
  if (shellWord !== undefined) {
    throw new Error(`${file}: /scripts/build: "${shellWord}" needs a shell; the build must be one plain command line`);
  }
  return words[0] === 'node' ? [process.execPath, ...words.slice(1)] : words;
}

/** package.json's `build` script in `dir`, as `npm run build` runs it; `env` adds variables. */
export function runBuild(dir: string, options: RunOptions = {}): BuildRun {
  const [command, ...args] = buildCommand(dir);
  return runCommand(dir, command, args, options);
}

/** Plain `astro build` in `dir`, as a static host runs it (no wrapper, no tsx). */
export function runAstroBuild(dir: string, options: RunOptions = {}): BuildRun {
  return runCommand(dir, process.execPath, ['node_modules/astro/astro.js', 'build'], options);
}

/** The environment a build in the copy `dir` runs with: this one's, plus `env`. */
export function buildEnvironment(dir: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ASTRO_TELEMETRY_DISABLED: '1',
    // A copy without .git must not find a repository further up.
    GIT_CEILING_DIRECTORIES: dirname(dir),
    UAIX_DIST: undefined,
    // Set by the test runner for the files it runs: a `node --test` in the copy that inherits it runs
    // no file at all and exits 0 ("run() is being called recursively").
    NODE_TEST_CONTEXT: undefined,
    ...env,
  };
}

/** `command` in `dir` with the build's environment (`buildEnvironment`). */
export function runCommand(dir: string, command: string, args: string[], options: RunOptions): BuildRun {
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: dir,
    encoding: 'utf8',
    // A guard against a hung build, not a time limit: a build in a copy takes minutes on a loaded machine.
    timeout: options.timeoutMs ?? 600_000,
    killSignal: options.killSignal,
    env: buildEnvironment(dir, options.env),
    ...(options.user === undefined ? {} : { uid: options.user, gid: options.user }),
  });
  return {
    status: result.status,
    signal: result.signal,
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? '',
    seconds: (Date.now() - started) / 1000,
  };
}

/** Removes a copy; symlinks into the repository's node_modules are unlinked, never followed. */
export function removeCopy(dir: string): void {
  if (dir.startsWith(join(tmpdir(), 'uaix-build-'))) rmSync(dir, { recursive: true, force: true });
}

/**
 * Applies each change to its file of the copy, builds (with `npm run build`'s script unless `build`
 * says otherwise), restores the files, and returns the run.
 */
export function buildWithChanges(
  copy: string,
  changes: Record<string, (text: string) => string>,
  options: RunOptions = {},
  build: (dir: string, options: RunOptions) => BuildRun = runBuild,
): BuildRun {
  const originals = new Map<string, string>();
  try {
    for (const [file, change] of Object.entries(changes)) {
      const path = join(copy, file);
      const original = readFileSync(path, 'utf8');
      originals.set(path, original);
      const changed = change(original);
      assert.notEqual(changed, original, `the mutation did not change ${file}`);
      writeFileSync(path, changed);
    }
    return build(copy, options);
  } finally {
    for (const [path, original] of originals) writeFileSync(path, original);
  }
}

/** The common shape of a failed build: exit 1, no stack trace, no dist/, and the expected phrases on stderr. */
export function assertFailedClearly(run: BuildRun, copy: string, mustName: (string | RegExp)[]): void {
  const output = `--- stderr\n${run.stderr}\n--- stdout (tail)\n${run.stdout.slice(-1500)}`;
  assert.equal(run.signal, null, `the build was killed by ${run.signal} after ${run.seconds} s\n${output}`);
  assert.equal(run.status, 1, `exit code ${run.status}, expected 1\n${output}`);
  const stack = `${run.stderr}\n${run.stdout}`.split('\n').filter((line) => /^\s+at\s/.test(line));
  assert.deepEqual(stack, [], `the build printed a stack trace\n${output}`);
  assert.ok(!existsSync(join(copy, 'dist')), `dist/ was left in the copy after a failed build\n${output}`);
  const staging = readdirSync(copy).filter((name) => name.startsWith('.dist-staging-'));
  assert.deepEqual(staging, [], `a failed build left its staging folder\n${output}`);
  for (const phrase of mustName) {
    const found = typeof phrase === 'string' ? run.stderr.includes(phrase) : phrase.test(run.stderr);
    assert.ok(found, `stderr does not name ${phrase}\n${output}`);
  }
}

/** The stderr line that names `needle`, so the file, place and rule are checked on one line. */
export function lineNaming(run: BuildRun, needle: string): string {
  const line = run.stderr.split('\n').find((candidate) => candidate.includes(needle));
  assert.ok(line, `no stderr line names ${needle}\n${run.stderr}`);
  return line;
}
