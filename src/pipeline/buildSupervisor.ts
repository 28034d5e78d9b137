/**
 * `npm run build`'s supervisor: a small process that does no record work. It runs the build as its
 * child in a process group of its own, relays the child's output, and answers an interrupt
 * (SIGINT, SIGTERM, SIGHUP, or its own parent ending: npm does not pass SIGTERM on) at once, whatever
 * the build is doing, even with its main thread stuck: one line, the child's whole process group
 * ended (SIGTERM, then SIGKILL after a short grace) and gone, its staging folder removed, exit
 * 128 + the signal's number. The child swaps its output in only on the supervisor's yes
 * (buildSupervision.ts), which an interrupted supervisor never gives.
 */
import { spawn } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { constants } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { INTERRUPT_SIGNALS, type InterruptSignal } from './buildInterrupts.ts';
import { SUPERVISOR_VARIABLE, type BuildMessage, type SupervisorMessage } from './buildSupervision.ts';
import { descendantsOf, groupMembers } from './processTable.ts';
import { asideFolder, plannedOutput } from './stagedOutput.ts';

export interface SupervisedBuild {
  /** The build's program and its arguments. */
  command: readonly string[];
  /** The project's root, where the build runs and which its lines name folders relative to. */
  root: string;
  /** The output folder the build replaces. */
  destination: string;
  /** Also end when this process's parent ends (checked every quarter second). */
  watchParent: boolean;
}

/** How long the build's processes get to end after SIGTERM before they are killed. */
export const GROUP_GRACE_MS = 500;
/** How long a build that was told yes gets to finish its swap (two renames) before it is stopped anyway. */
const SWAP_GRACE_MS = 10_000;
/** How long the supervisor waits for killed processes to go (a process in the kernel's uninterruptible sleep). */
const KILL_WAIT_MS = 10_000;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

function signalAll(pids: Iterable<number>, signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone already.
    }
  }
}

/**
 * Ends process group `group` and every descendant of its leader (one that left the group too):
 * SIGTERM, then SIGKILL after `graceMs`; resolves when none is left (or, for a process that cannot
 * be killed, after a bound).
 */
export async function endProcessGroup(group: number, graceMs = GROUP_GRACE_MS): Promise<void> {
  const members = () => [...new Set([...groupMembers(group), ...descendantsOf(group)])];
  signalAll(members(), 'SIGTERM');
  const killAt = Date.now() + graceMs;
  const giveUpAt = killAt + KILL_WAIT_MS;
  for (let left = members(); left.length && Date.now() < giveUpAt; left = members()) {
    if (Date.now() >= killAt) signalAll(left, 'SIGKILL');
    await pause(20);
  }
}

/**
 * What a build of process `pid` that ended without finishing leaves beside `destination`: its
 * staging folders are removed, and a swap cut between its two renames is undone (the previous
 * output put back) or, cut after them, its set-aside previous output removed.
 */
export function removeLeftovers(destination: string, stagings: Iterable<string>, pid: number): void {
  const aside = asideFolder(destination, pid);
  if (!existsSync(destination) && existsSync(aside)) renameSync(aside, destination);
  for (const folder of [...stagings, aside]) rmSync(folder, { recursive: true, force: true });
}

/** Copies `from` to `to` until `muted` says stop: after an interrupt only the supervisor's line is printed. */
function relay(from: Readable, to: Writable, muted: () => boolean): void {
  from.on('data', (chunk: Buffer) => {
    if (!muted()) to.write(chunk);
  });
}

/** Runs the build under supervision; the process exits with the build's code, or the interrupt's. */
export function superviseBuild(build: SupervisedBuild): void {
  let stopping = false;
  /** 'asked' once the build was told yes, 'published' once it says the swap is done. */
  let swap: 'none' | 'asked' | 'published' = 'none';
  let swapDone: (() => void) | undefined;
  // The handlers come before the build starts: a signal that lands the moment the child exists
  // would otherwise meet Node's default and kill the supervisor, leaving the build running unseen.
  // A handler runs from the event loop, so only once the lines below have all run.
  for (const signal of INTERRUPT_SIGNALS) process.on(signal, () => void stop(signal, `by ${signal}`));

  const [program, ...args] = build.command;
  const child = spawn(program, args, {
    cwd: build.root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, [SUPERVISOR_VARIABLE]: String(process.pid) },
  });
  const pid = child.pid;
  const { staging, label } = plannedOutput(build.root, build.destination, pid ?? process.pid);
  const stagings = new Set([staging]);

  relay(child.stdout!, process.stdout, () => stopping);
  relay(child.stderr!, process.stderr, () => stopping);
  child.on('message', (message: BuildMessage) => {
    if (message?.type === 'staging') stagings.add(message.path);
    else if (message?.type === 'publish?' && !stopping) {
      swap = 'asked';
      child.send({ type: 'publish' } satisfies SupervisorMessage);
    } else if (message?.type === 'published') {
      swap = 'published';
      swapDone?.();
    }
  });

  async function stop(signal: InterruptSignal, reason: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    // A build told yes is renaming folders: let it finish (milliseconds) rather than cut the swap.
    if (swap === 'asked') await Promise.race([new Promise<void>((done) => (swapDone = done)), pause(SWAP_GRACE_MS)]);
    const outcome = swap === 'published' ? 'already replaced by this build' : 'unchanged';
    console.error(`uaix: build interrupted ${reason}; ${label} ${outcome}`);
    if (pid !== undefined) await endProcessGroup(pid);
    removeLeftovers(build.destination, stagings, pid ?? process.pid);
    process.exit(128 + constants.signals[signal]);
  }

  if (build.watchParent) {
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) void stop('SIGHUP', `because its parent process (${parent}) ended`);
    }, 250).unref();
  }

  child.on('error', (error) => {
    if (stopping) return;
    console.error(`uaix: build failed: its process could not be started (${error.message}); ${label} unchanged`);
    process.exit(1);
  });
  child.on('close', (code, signal) => {
    if (stopping) return;
    // Killed from outside (the system out of memory, a kill of its own), or failed: nothing of it
    // stays. A process the build started and left running (a finished build leaves none) ends too.
    const outcome = swap === 'published' ? 'replaced' : 'unchanged';
    if (signal) console.error(`uaix: build failed: its process was killed by ${signal}; ${label} ${outcome}`);
    void (pid === undefined ? Promise.resolve() : endProcessGroup(pid)).then(() => {
      if (code !== 0) removeLeftovers(build.destination, stagings, pid ?? process.pid);
      process.exitCode = code ?? 1;
    });
  });
}
