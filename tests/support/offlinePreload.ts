/**
 * Preloaded into a tool the tests run as a command (`node --import tsx --import <this file> …`):
 * no connection leaves the process, and each one tried is written to stderr as one
 * `uaix-offline: host:port` line, which the test reads.
 */
import { refuseNetwork } from './offline.ts';

const guard = refuseNetwork();
const push = guard.attempts.push.bind(guard.attempts);
guard.attempts.push = (...found: string[]) => {
  for (const attempt of found) process.stderr.write(`uaix-offline: ${attempt}\n`);
  return push(...found);
};
