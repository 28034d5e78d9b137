/**
 * What a build with no supervisor (`astro build` run directly; `npm run build` has one,
 * buildSupervisor.ts) does when it is told to stop (SIGINT, SIGTERM, SIGHUP): one line, every
 * child process ended and gone (Pagefind's indexer, `npm pack`, esbuild), then the cleanup the
 * build registered (its staging folder removed), then the exit code of the signal (128 + its
 * number). Worker threads end with the process.
 */
import { constants } from 'node:os';
import { descendantsOf } from './processTable.ts';

export const INTERRUPT_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type InterruptSignal = (typeof INTERRUPT_SIGNALS)[number];

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
