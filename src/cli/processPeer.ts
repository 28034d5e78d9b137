/**
 * An implementation run as a child process for `uaix conformance --exec`: requests go to its
 * standard input, answers come from its standard output, one line each, queued in the order they
 * come (the harness reads them one at a time, so a line is never lost or read against the wrong
 * wait). A child that does not answer in time is killed and started again for the next case; one
 * that exits has crashed. The child runs detached, leading its own process group; while it runs, its
 * descendants are recorded from /proc (a grandchild that left the group with `setsid` included), and
 * every one of them is killed when the child is. Answer lines are bounded (MAX_ANSWER_LENGTH) and only
 * the last bytes of its standard error are kept, so a runaway child cannot grow the harness.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { MAX_ANSWER_LENGTH } from '../uai/conformanceProtocol.ts';
import type { ConformancePeer, PeerReply } from '../uai/conformanceRun.ts';

const STDERR_KEPT = 2000;
/** How long a child may take to exit after its standard input closes, before it is killed. */
const CLOSE_GRACE_MS = 500;

interface Running {
  child: ChildProcessWithoutNullStreams;
  partial: string;
  stderrTail: string;
  /** Lines read and not yet taken, and what ended the stream (after them). */
  lines: string[];
  end?: PeerReply;
  exited: boolean;
  dead: boolean;
  /** pid → start time (/proc stat field 22) of every descendant seen: a reused pid is not killed. */
  descendants: Map<number, string>;
  wake?: () => void;
}

/** pid → [parent pid, start time] of every process /proc shows (Linux); empty elsewhere. */
function processTable(): Map<number, [number, string]> {
  const table = new Map<number, [number, string]>();
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return table;
  }
  for (const name of names) {
    if (!/^[0-9]+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The fields after the command name, which is in parentheses and may hold spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), [Number(fields[1]), fields[19]]);
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** Adds to `known` the processes whose parent chain leads to `root` or to a process already known. */
function recordDescendants(root: number, known: Map<number, string>): void {
  const table = processTable();
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, [parent, start]] of table)
      if (!known.has(pid) && (parent === root || known.has(parent))) {
        known.set(pid, start);
        grew = true;
      }
  }
}

function killDescendants(known: Map<number, string>): void {
  const table = processTable();
  for (const [pid, start] of known)
    if (table.get(pid)?.[1] === start) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
}

/** Kills the child, its process group and every descendant recorded, and lets go of its pipes. */
function kill(state: Running): void {
  if (state.child.pid) recordDescendants(state.child.pid, state.descendants);
  state.dead = true;
  if (!state.exited) {
    try {
      // detached: the child leads its own process group, so a shell's children die with it.
      if (process.platform !== 'win32' && state.child.pid) process.kill(-state.child.pid, 'SIGKILL');
      else state.child.kill('SIGKILL');
    } catch {
      state.child.kill('SIGKILL');
    }
  }
  // Those that left the group (setsid) are killed by pid, as recorded while the child ran.
  killDescendants(state.descendants);
  // Its pipes are of no more use; a grandchild that escaped must not keep them (or us) open.
  for (const stream of [state.child.stdin, state.child.stdout, state.child.stderr]) stream.destroy();
}

/** Wakes the wait for a reply, if one is waiting. */
function wakeWaiting(state: Running): void {
  const wake = state.wake;
  state.wake = undefined;
  wake?.();
}

/** A chunk of standard output: whole lines are queued; a line over MAX_ANSWER_LENGTH ends the child. */
function readAnswerChunk(state: Running, chunk: string): void {
  const text = state.partial + chunk;
  let begin = 0;
  for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', begin)) {
    state.lines.push(text.slice(begin, end).replace(/\r$/, ''));
    begin = end + 1;
  }
  state.partial = text.slice(begin);
  if (state.partial.length > MAX_ANSWER_LENGTH) {
    state.partial = '';
    state.end = { kind: 'bad-answer', detail: `the answer line is longer than ${MAX_ANSWER_LENGTH} characters` };
    kill(state);
  }
  wakeWaiting(state);
}

/** The child has exited: it crashed, unless something ended it before (a timeout, a bad answer). */
function childClosed(state: Running, code: number | null, signal: NodeJS.Signals | null): void {
  state.exited = true;
  state.dead = true;
  const lastLine = state.stderrTail.trim().split('\n').pop()?.trim();
  state.end ??= {
    kind: 'crashed',
    detail: `the implementation exited (${signal ? `signal ${signal}` : `exit code ${code}`}) without answering${lastLine ? `; its last error line: ${lastLine.slice(0, 300)}` : ''}`,
  };
  wakeWaiting(state);
}

/** Starts the implementation, detached, its output read into the state's queue. */
function startChild(command: string): Running {
  const child = spawn(command, {
    shell: true,
    detached: process.platform !== 'win32',
    stdio: ['pipe', 'pipe', 'pipe'],
  }) as ChildProcessWithoutNullStreams;
  const state: Running = {
    child,
    partial: '',
    stderrTail: '',
    lines: [],
    exited: false,
    dead: false,
    descendants: new Map(),
  };
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => readAnswerChunk(state, chunk));
  child.stderr.on('data', (chunk: string) => {
    state.stderrTail = (state.stderrTail + chunk).slice(-STDERR_KEPT);
  });
  // A child gone before reading its input makes writes fail with EPIPE: the exit reports it.
  child.stdin.on('error', () => undefined);
  child.on('error', (error) => {
    state.end ??= { kind: 'crashed', detail: `cannot start the implementation: ${error.message}` };
  });
  child.on('close', (code, signal) => childClosed(state, code, signal));
  return state;
}

/** The next reply: a queued line, what ended the stream, or a timeout (which kills the child). */
function nextReply(state: Running, timeoutMs: number): Promise<PeerReply> {
  return new Promise<PeerReply>((resolve) => {
    const take = (): boolean => {
      const line = state.lines.shift();
      if (line !== undefined) resolve({ kind: 'answer', line });
      else if (state.end) resolve(state.end);
      else return false;
      return true;
    };
    if (take()) return;
    const timer = setTimeout(() => {
      state.wake = undefined;
      resolve({ kind: 'timeout' });
      // Its state is unknown now: the next case gets a fresh process.
      kill(state);
    }, timeoutMs);
    const wake = () => {
      if (take()) clearTimeout(timer);
      else state.wake = wake; // a chunk without a whole line: keep waiting
    };
    state.wake = wake;
  });
}

/**
 * Closes the child's input and gives it CLOSE_GRACE_MS to exit before it is killed; resolves with
 * the lines it wrote and nobody took.
 */
function closeChild(state: Running): Promise<string[]> {
  if (state.child.pid) recordDescendants(state.child.pid, state.descendants);
  const tail = () => state.lines.splice(0);
  if (state.exited) {
    kill(state);
    return Promise.resolve(tail());
  }
  return new Promise<string[]>((resolve) => {
    const done = () => {
      clearTimeout(grace);
      clearTimeout(last);
      kill(state);
      resolve(tail());
    };
    const grace = setTimeout(() => kill(state), CLOSE_GRACE_MS);
    // A process outside the group may hold the pipes open: the harness lets go of them rather than wait.
    const last = setTimeout(() => {
      state.child.unref();
      done();
    }, CLOSE_GRACE_MS * 4);
    state.child.once('close', done);
    state.child.stdin.end();
  });
}

export function processPeer(command: string): ConformancePeer {
  let running: Running | undefined;
  return {
    ask(line, timeoutMs) {
      if (!running || running.dead) running = startChild(command);
      const state = running;
      if (state.child.pid) recordDescendants(state.child.pid, state.descendants);
      state.child.stdin.write(`${line}\n`);
      return nextReply(state, timeoutMs);
    },
    next(timeoutMs) {
      return running ? nextReply(running, timeoutMs) : Promise.resolve({ kind: 'timeout' });
    },
    close() {
      const state = running;
      running = undefined;
      return state ? closeChild(state) : Promise.resolve([]);
    },
  };
}
