/**
 * Pagefind's indexer as a child process the build owns. Pagefind's Node API runs the same binary
 * (`pagefind_extended --service`) but unreferences it, never listens for its exit and lets it write
 * to the build's stderr: when the process dies (killed, or a Rust panic on a full disk) every pending
 * call stays pending and Node exits 13 with no line. Here its exit rejects every pending request with
 * one line (the panic's message when there is one), and `stop()` ends it and waits until it is gone,
 * so nothing removes its output folder while it still writes. The protocol is the service's own: each
 * message is the base64 of a JSON object, followed by a comma, in both directions; the service
 * handles requests one at a time, in the order they arrive.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';

/** What a request answers: its payload, whose `type` names the answer. */
type Payload = { type: string } & Record<string, unknown>;

/** Pagefind's binary, found as its Node API finds it: an environment override, else its platform package. */
export function pagefindBinary(): string {
  const override = process.env.PAGEFIND_EXTENDED_BINARY_PATH ?? process.env.PAGEFIND_BINARY_PATH;
  if (override) return override;
  const system = platform() === 'win32' ? 'windows' : platform();
  const require = createRequire(import.meta.url);
  const candidates = ['pagefind_extended', 'pagefind'].map(
    (name) => `@pagefind/${system}-${arch()}/bin/${name}${system === 'windows' ? '.exe' : ''}`,
  );
  for (const candidate of candidates) {
    try {
      return require.resolve(candidate);
    } catch {
      // The next name; the extended binary (Chinese and Japanese word segmentation) comes first.
    }
  }
  throw new Error(`none of ${candidates.join(', ')} is installed (npm ci installs the one of this platform)`);
}

/** At most this much of the service's stderr is kept, for the line that reports its death. */
const STDERR_KEPT = 16 * 1024;

/** The message of a Rust panic in `stderr` ("thread '…' panicked at file:line:col:" then the message). */
export function panicMessage(stderr: string): string | undefined {
  const lines = stderr.split('\n');
  const at = lines.findIndex((line) => line.includes(' panicked at '));
  if (at < 0) return undefined;
  // Rust 1.73 and later put the message on the next line; older versions after the location.
  // Read with indexOf, not a regular expression with `.*`: a line of repeated markers would make that quadratic.
  const marker = " panicked at '";
  const opening = lines[at].indexOf(marker);
  const closing = lines[at].lastIndexOf("', ");
  const inline = opening >= 0 && closing > opening ? lines[at].slice(opening + marker.length, closing) : undefined;
  return (inline ?? lines[at + 1] ?? '').trim() || lines[at].trim();
}

export class PagefindService {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending = new Map<number, { resolve(payload: Payload): void; reject(error: Error): void }>();
  private nextId = 0;
  private incoming = '';
  private stderr = '';
  private failure: Error | undefined;
  private stopping = false;
  /** Settles when the process has exited (however it ended). */
  readonly exited: Promise<void>;

  constructor(binary = pagefindBinary()) {
    this.child = spawn(binary, ['--service'], { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    this.exited = new Promise((resolve) => {
      this.child.once('close', (code, signal) => {
        this.failAll(this.deathOf(code, signal));
        resolve();
      });
    });
    this.child.once('error', (error) => this.failAll(new Error(`Pagefind could not start: ${error.message}`)));
    this.child.stdin.on('error', () => undefined); // A write to a dead service: its 'close' reports it.
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => this.receive(chunk));
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_KEPT);
    });
  }

  /** The process id, for the build's interrupt handling and the tests. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Sends one request; resolves with the answer, rejects with Pagefind's error or its death. */
  request(payload: Payload): Promise<Payload> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.nextId;
    const answer = new Promise<Payload>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.child.stdin.write(`${Buffer.from(JSON.stringify({ message_id: id, payload })).toString('base64')},`);
    return answer;
  }

  /** Ends the service (closing its input ends it when idle; a signal when it is busy) and waits until it is gone. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.child.stdin.end();
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    await this.exited;
  }

  /** Ends the process at once: for a process 'exit' handler, where nothing can be awaited. */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  private receive(chunk: string): void {
    const messages = (this.incoming + chunk).split(',');
    this.incoming = messages.pop()!;
    for (const message of messages) {
      let parsed: { message_id?: number | null; payload?: Payload };
      try {
        parsed = JSON.parse(Buffer.from(message, 'base64').toString('utf8'));
      } catch {
        this.failAll(new Error('Pagefind answered with a message that is not base64 JSON'));
        continue;
      }
      const { message_id: id, payload } = parsed;
      if (typeof id !== 'number' || !payload) {
        // An answer to no request: the service could not read one of ours.
        this.failAll(new Error(`Pagefind could not read a request: ${String(payload?.message ?? 'no message')}`));
        continue;
      }
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (!waiting) continue;
      if (payload.type === 'Error') waiting.reject(new Error(String(payload.message)));
      else waiting.resolve(payload);
    }
  }

  private deathOf(code: number | null, signal: NodeJS.Signals | null): Error {
    if (this.stopping && !this.pending.size) return new Error('Pagefind was stopped');
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    const panic = panicMessage(this.stderr);
    return new Error(`Pagefind's indexer ${how}${panic ? `: ${panic}` : ''}`);
  }

  private failAll(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.failure);
    this.pending.clear();
  }
}
