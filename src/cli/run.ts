#!/usr/bin/env node
/**
 * Runs `uaix` with the process's arguments and streams; the package's compiled bin and bin/uaix.mjs
 * both start here.
 */
import { main } from './uaix.ts';
import type { CliIo } from './cliSupport.ts';

/**
 * A stream whose reader has gone (`uaix … | head -1`) fails with EPIPE: stop writing to it and
 * let the command end quietly with its own exit code, instead of an unhandled 'error' event.
 */
function quietOnClosedPipe(stream: NodeJS.WriteStream): CliIo['stdout'] {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') closed = true;
    else process.stderr.write(`uaix: cannot write output: ${error.message}\n`);
  });
  return { write: (text: string) => (closed ? false : stream.write(text)) };
}

try {
  process.exitCode = await main(process.argv.slice(2), {
    stdout: quietOnClosedPipe(process.stdout),
    stderr: quietOnClosedPipe(process.stderr),
    stdin: process.stdin,
  });
} catch (error) {
  // main() turns every failure into a message; this catches what happens before it runs.
  process.stderr.write(`uaix: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 70;
}
