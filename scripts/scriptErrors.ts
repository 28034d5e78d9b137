/**
 * The one line a script prints for an error it did not foresee, never a stack trace or a local
 * absolute path: a file the system refused (ENOENT, EACCES, a FIFO's EINVAL…) as a problem naming
 * the file, anything else as the script's name and the error's first line with the repository's
 * path taken out.
 */
import { relative, sep } from 'node:path';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { formatProblem } from '../src/uai/problem.ts';

export function scriptErrorLine(script: string, error: unknown): string {
  const system = error as NodeJS.ErrnoException | null;
  if (typeof system?.code === 'string' && typeof system.path === 'string') {
    const file = relative(REPOSITORY_ROOT, system.path);
    const action =
      system.syscall === 'open' || system.syscall === 'read' ? 'cannot be read' : `${system.syscall} failed`;
    return formatProblem({
      file: file.startsWith('..') ? system.path : file,
      message: `${action} (${system.code})`,
      rule: script,
    });
  }
  const message = String(system?.message ?? error)
    .trim()
    .split('\n')[0];
  return `uaix ${script}: ${message.split(`file://${REPOSITORY_ROOT}${sep}`).join('').split(`${REPOSITORY_ROOT}${sep}`).join('')}`;
}
