/**
 * The `uaix` command run in this process: `main(argv, io)` with its output collected, as the CLI tests
 * call it. What only a process shows (the bin's start, exit codes through the shell, a closed pipe)
 * stays in the few tests that spawn `node bin/uaix.mjs`.
 */
import { Readable } from 'node:stream';
import { main } from '../../src/cli/uaix.ts';

export interface UaixRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs `uaix <args>` with `input` (if any) as standard input. */
export async function runUaix(args: string[], input?: string | Uint8Array): Promise<UaixRun> {
  let stdout = '';
  let stderr = '';
  const stdin = Readable.from(input === undefined ? [] : [typeof input === 'string' ? Buffer.from(input) : input]);
  const status = await main(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    stdin,
  });
  return { status, stdout, stderr };
}
