/**
 * An implementation run as a child process for `uaix conformance --exec`: requests go to its
 * standard input, answers come from its standard output, one line each. A child that does not
 * answer in time is killed (its whole process group) and started again for the next fixture; one
 * that exits is started again too, up to MAX_RESTARTS times in a row without an answer, after which
 * every remaining fixture is reported as not run. Answer lines are bounded (MAX_ANSWER_LENGTH) and
 * only the last bytes of its standard error are kept, so a runaway child cannot grow the harness.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { MAX_ANSWER_LENGTH } from '../uai/conformanceProtocol.ts';
import type { ConformancePeer, PeerReply } from '../uai/conformanceRun.ts';

/** Starts in a row without one answer after which the child is not started again. */
export const MAX_RESTARTS = 3;
const STDERR_KEPT = 2000;
/** How long a child may take to exit after its standard input closes, before it is killed. */
const CLOSE_GRACE_MS = 500;

type Waiter = (reply: PeerReply) => void;

interface Running {
  child: ChildProcessWithoutNullStreams;
  partial: string;
  stderrTail: string;
  exited: boolean;
  /** Killed or exited: the next request starts a new process (the old one may not have closed yet). */
  dead: boolean;
  exitDetail: string;
  /** Set while an answer is awaited; a line that comes when none is (a second answer) is dropped. */
  waiter?: Waiter;
}

export function processPeer(command: string): ConformancePeer {
  let running: Running | undefined;
  let startsWithoutAnswer = 0;

  function kill(state: Running): void {
    state.dead = true;
    if (state.exited) return;
    try {
      // detached: the child leads its own process group, so a shell's children die with it.
      if (process.platform !== 'win32' && state.child.pid) process.kill(-state.child.pid, 'SIGKILL');
      else state.child.kill('SIGKILL');
    } catch {
      state.child.kill('SIGKILL');
    }
    // Its pipes are of no more use; a grandchild that escaped the group must not keep them (or us) open.
    for (const stream of [state.child.stdin, state.child.stdout, state.child.stderr]) stream.destroy();
  }

  function settle(state: Running, reply: PeerReply): void {
    const waiter = state.waiter;
    state.waiter = undefined;
    waiter?.(reply);
  }

  function start(): Running {
    const child = spawn(command, {
      shell: true,
      detached: process.platform !== 'win32',
      stdio: ['pipe', 'pipe', 'pipe'],
    }) as ChildProcessWithoutNullStreams;
    const state: Running = { child, partial: '', stderrTail: '', exited: false, dead: false, exitDetail: '' };
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const text = state.partial + chunk;
      let start = 0;
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
        const line = text.slice(start, end).replace(/\r$/, '');
        start = end + 1;
        settle(state, { kind: 'answer', line });
      }
      state.partial = text.slice(start);
      if (state.partial.length > MAX_ANSWER_LENGTH) {
        state.partial = '';
        settle(state, { kind: 'bad-answer', detail: `the answer line is longer than ${MAX_ANSWER_LENGTH} characters` });
        kill(state);
      }
    });
    child.stderr.on('data', (chunk: string) => {
      state.stderrTail = (state.stderrTail + chunk).slice(-STDERR_KEPT);
    });
    // A child gone before reading its input makes writes fail with EPIPE: the exit reports it.
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => {
      state.exitDetail = `cannot start the implementation: ${error.message}`;
    });
    child.on('close', (code, signal) => {
      state.exited = true;
      state.dead = true;
      const lastLine = state.stderrTail.trim().split('\n').pop()?.trim();
      state.exitDetail ||= `the implementation exited (${signal ? `signal ${signal}` : `exit code ${code}`}) without answering${lastLine ? `; its last error line: ${lastLine.slice(0, 300)}` : ''}`;
      settle(state, { kind: 'exited', detail: state.exitDetail });
    });
    return state;
  }

  return {
    ask(line, timeoutMs) {
      if (!running || running.dead) {
        if (startsWithoutAnswer >= MAX_RESTARTS) {
          return Promise.resolve({
            kind: 'exited',
            detail: `not run: the implementation ended ${MAX_RESTARTS} times in a row without answering`,
          });
        }
        running = start();
        startsWithoutAnswer++;
      }
      const state = running;
      return new Promise<PeerReply>((resolve) => {
        const timer = setTimeout(() => {
          settle(state, { kind: 'timeout' });
          // Its state is unknown now: the next fixture gets a fresh process.
          kill(state);
        }, timeoutMs);
        state.waiter = (reply) => {
          clearTimeout(timer);
          if (reply.kind === 'answer') startsWithoutAnswer = 0;
          resolve(reply);
        };
        state.child.stdin.write(`${line}\n`);
      });
    },
    close() {
      const state = running;
      running = undefined;
      if (!state || state.exited) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(grace);
          clearTimeout(last);
          resolve();
        };
        const grace = setTimeout(() => kill(state), CLOSE_GRACE_MS);
        // A process outside the group (one that made its own session) may hold the pipes open:
        // the harness lets go of them rather than wait for it.
        const last = setTimeout(() => {
          for (const stream of [state.child.stdin, state.child.stdout, state.child.stderr]) stream.destroy();
          state.child.unref();
          done();
        }, CLOSE_GRACE_MS * 4);
        state.child.once('close', done);
        state.child.stdin.end();
        // Even a child that exits on end of input may leave children of its own behind: end the group.
        state.child.once('exit', () => kill(state));
      });
    },
  };
}
