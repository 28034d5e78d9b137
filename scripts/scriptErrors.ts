/**
 * The one line a script prints for an error it did not foresee: the script's name and the error's
 * first line, with the repository's path taken out (a local absolute path is never printed), and
 * no stack trace.
 */
import { sep } from 'node:path';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';

export function scriptErrorLine(script: string, error: unknown): string {
  const message = String((error as Error)?.message ?? error)
    .trim()
    .split('\n')[0];
  return `uaix ${script}: ${message.split(`file://${REPOSITORY_ROOT}${sep}`).join('').split(`${REPOSITORY_ROOT}${sep}`).join('')}`;
}
