#!/usr/bin/env node
// The uaix command. The core is TypeScript; tsx loads it directly, so no build step is needed.
import { register } from 'tsx/esm/api';

/**
 * A stream whose reader has gone (`uaix … | head -1`) fails with EPIPE: stop writing to it and
 * let the command end quietly with its own exit code, instead of an unhandled 'error' event.
 */
function quietOnClosedPipe(stream) {
  let closed = false;
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') closed = true;
    else process.stderr.write(`uaix: cannot write output: ${error.message}\n`);
  });
  return { write: (text) => (closed ? false : stream.write(text)) };
}

try {
  register();
  const { main } = await import('../src/cli/uaix.ts');
  const io = {
    stdout: quietOnClosedPipe(process.stdout),
    stderr: quietOnClosedPipe(process.stderr),
    stdin: process.stdin,
  };
  process.exitCode = await main(process.argv.slice(2), io);
} catch (error) {
  // main() turns every failure into a message; this catches what happens before it runs.
  process.stderr.write(`uaix: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 70;
}
