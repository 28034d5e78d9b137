/**
 * The build's output folder (dist/, or the one `--out-dir`/UAIX_DIST names) is replaced whole or not
 * at all. Astro and every later stage write into a staging folder beside it, on the same filesystem
 * (`.dist-staging-<pid>`); only a build whose every stage passed swaps it in: the previous folder is
 * renamed aside (`.dist-old-<pid>`), the staging folder renamed to its place, then the old one is
 * deleted. A failed, interrupted or killed build leaves the previous folder as it was; what a killed
 * build leaves beside it is removed by the next build.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { setPriority } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fail } from './buildFailure.ts';

/** The environment variable that names the output folder (relative to the project's root, or absolute). */
export const OUTPUT_FOLDER_VARIABLE = 'UAIX_DIST';

export interface StagedOutput {
  /** The folder the build replaces. */
  destination: string;
  /** Where Astro and the stages write until the swap. */
  staging: string;
  /** The destination as the build's lines name it (`dist/`). */
  label: string;
  /** Settles when the folders killed builds left are deleted. */
  staleRemoved: Promise<void>;
}

/** The output folder: UAIX_DIST when set, else Astro's outDir (`dist/`, or `astro build --outDir`). */
export function outputFolder(root: string, configured: string): string {
  const named = process.env[OUTPUT_FOLDER_VARIABLE];
  return named ? resolve(root, named) : resolve(configured);
}

function siblingName(destination: string, kind: 'staging' | 'old', pid: number): string {
  return join(dirname(destination), `.${basename(destination)}-${kind}-${pid}`);
}

/** The staging and set-aside folders of other builds beside `destination`, with their process ids. */
function siblingsOf(destination: string): { path: string; kind: string; pid: number }[] {
  const pattern = new RegExp(
    `^\\.${basename(destination).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(staging|old)-(\\d+)$`,
  );
  return readdirSync(dirname(destination)).flatMap((name) => {
    const match = pattern.exec(name);
    return match ? [{ path: join(dirname(destination), name), kind: match[1], pid: Number(match[2]) }] : [];
  });
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return false; // A folder of an earlier process that had this id.
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Prepares the build's staging folder beside `destination`, after the checks a swap needs: the
 * destination must not be a mount point (a rename cannot move one). A build killed between the two
 * renames of a swap left no destination and its complete previous folder aside: that is put back.
 * Folders that killed builds left (and the old build's `.cache/dist-being-removed-*`) are deleted in
 * the background.
 */
export function stageOutput(root: string, destination: string): StagedOutput {
  const { staging, label } = plannedOutput(root, destination);
  const parent = dirname(destination);
  mkdirSync(parent, { recursive: true });
  if (existsSync(destination) && lstatSync(destination).dev !== statSync(parent).dev) {
    fail('output folder', [
      {
        file: label,
        message: `a mount point (another filesystem than ${labelOf(root, parent)}), which a build cannot swap in whole`,
        rule: 'output-folder',
        hint: `build into a folder inside it (npm run build -- --out-dir ${join(label, 'site')}) and serve that`,
      },
    ]);
  }
  const stale = siblingsOf(destination).filter((sibling) => !isRunning(sibling.pid));
  const setAside = stale.find((sibling) => sibling.kind === 'old');
  if (!existsSync(destination) && setAside) {
    renameSync(setAside.path, destination);
    stale.splice(stale.indexOf(setAside), 1);
  }
  const removedByOldBuilds = join(root, '.cache');
  const leftovers = [
    ...stale.map((sibling) => sibling.path),
    ...(existsSync(removedByOldBuilds) ? readdirSync(removedByOldBuilds) : [])
      .filter((name) => name.startsWith('dist-being-removed-'))
      .map((name) => join(removedByOldBuilds, name)),
  ];
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging);
  return { destination, staging, label, staleRemoved: removeInBackground(leftovers) };
}

/**
 * Where the build of process `pid` stages its output for `destination`, and how its lines name the
 * destination: known before the folder is made, so an interrupt at any moment can remove it by path.
 */
export function plannedOutput(
  root: string,
  destination: string,
  pid = process.pid,
): Pick<StagedOutput, 'destination' | 'staging' | 'label'> {
  return { destination, staging: siblingName(destination, 'staging', pid), label: labelOf(root, destination) };
}

/** Where the swap of process `pid` sets the previous output aside. */
export function asideFolder(destination: string, pid: number): string {
  return siblingName(destination, 'old', pid);
}

/** `dist/` for the repository's own, else the folder's path (relative when it is inside the project). */
function labelOf(root: string, folder: string): string {
  const inside = relative(root, folder);
  return `${inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : folder}/`;
}

/**
 * Every folder of `dir` (itself included) mode 0755 and every file 0644, so a web server running as
 * another user can read what the build published, whatever the builder's umask: under `umask 077`
 * Astro, the stages and Pagefind create files 0600, and a copy (public/, the tarball) keeps its
 * source's mode whatever the umask, so setting the process's umask would not be enough. Nothing is
 * made executable. One pass over the tree, before the swap.
 */
function makeReadableByAll(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) makeReadableByAll(path);
    else if (entry.isFile()) chmodSync(path, 0o644);
  }
}

/**
 * The output folder this build replaces, for its files to be linked into the staging folder where
 * the build would write the same bytes (distFiles.ts): undefined when there is none, or when it is a
 * symbolic link (its files may be anywhere, on any file system).
 */
export function previousOutput(output: Pick<StagedOutput, 'destination'>): string | undefined {
  try {
    return lstatSync(output.destination).isDirectory() ? output.destination : undefined;
  } catch {
    return undefined;
  }
}

/** Swaps the staging folder in: the previous output aside, the staging folder to its place, the old one deleted. */
export function swapIn(output: StagedOutput): void {
  const { destination, staging, label } = output;
  makeReadableByAll(staging);
  const aside = asideFolder(destination, process.pid);
  const hadPrevious = existsSync(destination) || isSymlink(destination);
  try {
    if (hadPrevious) renameSync(destination, aside);
    try {
      renameSync(staging, destination);
    } catch (error) {
      if (hadPrevious) renameSync(aside, destination);
      throw error;
    }
  } catch (error) {
    fail('output folder', [
      {
        file: label,
        message: `could not be replaced by the new build: ${(error as Error).message}`,
        rule: 'output-folder',
      },
    ]);
  }
  rmSync(aside, { recursive: true, force: true });
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Removes the staging folder (a failed or interrupted build): the destination is left as it was. */
export function removeStaging(output: Pick<StagedOutput, 'staging'>): void {
  rmSync(output.staging, { recursive: true, force: true });
}

/**
 * Deletes `folders` in a child process at the lowest priority while the build runs: deleting the
 * tens of thousands of files of a large build is seconds of kernel work, which should take only CPU
 * time the build leaves idle. The promise settles when the deletion is done.
 */
function removeInBackground(folders: string[]): Promise<void> {
  if (!folders.length) return Promise.resolve();
  const removal = spawn(
    process.execPath,
    [
      '-e',
      'for (const dir of process.argv.slice(1)) require("node:fs").rmSync(dir, { recursive: true, force: true })',
      ...folders,
    ],
    { stdio: 'ignore' },
  );
  try {
    if (removal.pid !== undefined) setPriority(removal.pid, 19);
  } catch {
    // A system that does not let a process lower its child's priority deletes at the default one.
  }
  return new Promise((done) => removal.on('close', () => done()));
}
