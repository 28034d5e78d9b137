/**
 * What the build does when it is told to stop (SIGINT, SIGTERM, SIGHUP, or `npm run build`'s npm
 * ending): one line, every child process ended and gone (Pagefind's indexer, `npm pack`, esbuild),
 * then the cleanup the build registered (its staging folder removed), then the exit code of the
 * signal (128 + its number). Worker threads end with the process.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';

export const INTERRUPT_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type InterruptSignal = (typeof INTERRUPT_SIGNALS)[number];

/** How long children get to end after SIGTERM before they are killed. */
const CHILDREN_GRACE_MS = 3000;

let interrupted: InterruptSignal | undefined;
let cleanup: (() => void) | undefined;
/** Set once the build has swapped its output in: from then on there is nothing to undo. */
let finished = false;
let label = 'dist/';

function onSignal(signal: NodeJS.Signals): void {
  interrupt(signal as InterruptSignal);
}

/**
 * From now on, the interrupt signals end the build as described above; `remove` is the cleanup
 * (synchronous, run once the children are gone) and `output` names the folder left unchanged.
 */
export function handleInterrupts(output: string, remove: () => void): void {
  label = output;
  cleanup = remove;
  for (const signal of INTERRUPT_SIGNALS) {
    process.removeListener(signal, onSignal);
    process.on(signal, onSignal);
  }
}

/** Back to Node's defaults: after the swap an interrupt has nothing to undo. */
export function stopHandlingInterrupts(): void {
  for (const signal of INTERRUPT_SIGNALS) process.removeListener(signal, onSignal);
  cleanup = undefined;
  finished = true;
}

/**
 * Ends the build as for `signal`; `reason` replaces "by <signal>" in the line. All of it is
 * synchronous: no other code of the build (a stage failing because its child was just killed,
 * Astro printing that error and exiting 1) runs between the line and the exit.
 */
export function interrupt(signal: InterruptSignal, reason = `by ${signal}`): void {
  if (finished || interrupted) return;
  interrupted = signal;
  console.error(`uaix: build interrupted ${reason}; ${label} unchanged`);
  endChildren();
  cleanup?.();
  process.exit(128 + constants.signals[signal]);
}

/**
 * Ends the build when its parent process goes (checked every quarter second): npm does not pass
 * SIGTERM on to the build it runs through `sh -c`, so without this `kill <npm>` would leave the
 * build running on its own.
 */
export function endWithParent(): void {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) interrupt('SIGHUP', `because its parent process (${parent}) ended`);
  }, 250).unref();
}

/** SIGTERM to every descendant process, then wait (SIGKILL after the grace time) until none is left. */
function endChildren(): void {
  const signalAll = (signal: NodeJS.Signals) => {
    for (const pid of descendantsOf(process.pid)) {
      try {
        process.kill(pid, signal);
      } catch {
        // Gone already.
      }
    }
  };
  signalAll('SIGTERM');
  const deadline = Date.now() + CHILDREN_GRACE_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (descendantsOf(process.pid).length) {
    if (Date.now() > deadline) {
      signalAll('SIGKILL');
      break;
    }
    Atomics.wait(pause, 0, 0, 20);
  }
}

/**
 * The live descendants of `root` (children, their children, …), read from /proc: a zombie has ended.
 * On a system without /proc, none; the processes a build starts end when their input closes.
 */
export function descendantsOf(root: number): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const childrenOf = new Map<number, number[]>();
  for (const name of names) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    // "pid (comm) state ppid …": the command may hold spaces and parentheses, so read after the last ")".
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z' || state === 'X') continue;
    const siblings = childrenOf.get(Number(ppid)) ?? [];
    siblings.push(Number(name));
    childrenOf.set(Number(ppid), siblings);
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    for (const child of childrenOf.get(queue.pop()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}
