/**
 * `npm run verify -- <args>` as a child process, run asynchronously: the tests that call it serve
 * dist/ from this same process, which a synchronous spawn would block.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from './paths.ts';

export interface VerifyRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runVerify(...args: string[]): Promise<VerifyRun> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPOSITORY_ROOT, 'scripts/verify.ts'), ...args], {
      cwd: REPOSITORY_ROOT,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}
