/**
 * A throw-away copy of the repository for builds that must not touch the real dist/: the files git
 * knows (tracked, plus untracked files that are not ignored, so work in progress builds the same),
 * optionally `.git` itself (for the git-derived dates), and a node_modules made of symlinks to the
 * repository's packages, so a cache Astro or Vite writes under node_modules stays in the copy.
 */
import { spawnSync, execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REPO } from './site.ts';

/** node_modules entries that are caches rather than packages: not shared with the copy. */
const NOT_SHARED = new Set(['.astro', '.vite', '.cache']);

export interface CopyOptions {
  /** Copy `.git` too, so git-derived dates match the repository's. */
  withGit?: boolean;
}

export function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return [...new Set(out.split('\0').filter(Boolean))].filter((file) => existsSync(join(REPO, file)) || isSymlink(join(REPO, file)));
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
  if (options.withGit) {
    cpSync(join(REPO, '.git'), join(dir, '.git'), { recursive: true });
    // A lock taken by a concurrent commit in the repository means nothing in the copy.
    rmSync(join(dir, '.git', 'index.lock'), { force: true });
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

/** `node --import tsx scripts/build.ts` in `dir`, as `npm run build` runs it; `env` adds variables. */
export function runBuild(dir: string, options: { timeoutMs?: number; env?: Record<string, string> } = {}): BuildRun {
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 120_000,
    env: {
      ...process.env,
      ASTRO_TELEMETRY_DISABLED: '1',
      // A copy without .git must not find a repository further up.
      GIT_CEILING_DIRECTORIES: dirname(dir),
      UAIX_DIST: undefined,
      ...options.env,
    },
  });
  return { status: result.status, signal: result.signal, stdout: result.stdout ?? '', stderr: result.stderr ?? '', seconds: (Date.now() - started) / 1000 };
}

/** Removes a copy; symlinks into the repository's node_modules are unlinked, never followed. */
export function removeCopy(dir: string): void {
  if (dir.startsWith(join(tmpdir(), 'uaix-build-'))) rmSync(dir, { recursive: true, force: true });
}
