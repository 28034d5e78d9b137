/**
 * Packing the package rebuilds `packages/uai-1/` of the checkout in place (its dist/, schemas/ and
 * content/ are removed, then written again, then `npm pack` reads them). Test files that run at the
 * same time (`--test-concurrency`) and pack the checkout's package hold this lock around it, so one
 * never packs a folder the other is rebuilding. The lock is a folder (made atomically) beside the
 * system's temporary files, named for the checkout, holding the owner's process id: a lock whose
 * owner has ended is taken over.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from './paths.ts';

const LOCK = join(
  tmpdir(),
  `uaix-package-lock-${createHash('sha256').update(REPOSITORY_ROOT).digest('hex').slice(0, 16)}`,
);
const OWNER = join(LOCK, 'pid');
/** A guard against a lock that is never released, not a time limit: a pack takes seconds. */
const WAIT_MS = 600_000;
const POLL_MS = 100;

function ownerAlive(): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(OWNER, 'utf8'));
  } catch {
    return true; // the owner is between making the folder and writing its id
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock if it is free (or its owner has ended); false when another process holds it. */
function tryLock(): boolean {
  try {
    mkdirSync(LOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (ownerAlive()) return false;
    rmSync(LOCK, { recursive: true, force: true });
    return tryLock();
  }
  writeFileSync(OWNER, String(process.pid));
  return true;
}

function unlock(): void {
  rmSync(LOCK, { recursive: true, force: true });
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** `work()` with the checkout's package folder to itself. */
export function withPackageFolder<T>(work: () => T): T {
  const deadline = Date.now() + WAIT_MS;
  while (!tryLock()) {
    if (Date.now() > deadline) throw new Error(`${LOCK}: held for ${WAIT_MS / 1000} s`);
    sleep(POLL_MS);
  }
  try {
    return work();
  } finally {
    unlock();
  }
}

/** `work()` (asynchronous) with the checkout's package folder to itself. */
export async function withPackageFolderAsync<T>(work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  while (!tryLock()) {
    if (Date.now() > deadline) throw new Error(`${LOCK}: held for ${WAIT_MS / 1000} s`);
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
  try {
    return await work();
  } finally {
    unlock();
  }
}
