/**
 * When a source file last changed, from git history: the same commit always gives the same
 * dates, so the sitemap's lastmod and the pages' "last changed" line are reproducible.
 * A file not yet committed takes the date of HEAD; without git there is no date.
 */
import { execFileSync } from 'node:child_process';
import { REPOSITORY_ROOT } from '../../uai/node/recordFiles.ts';

const cache = new Map<string, string | undefined>();

function gitDate(args: string[]): string | undefined {
  try {
    const out = execFileSync('git', ['log', '-1', '--format=%cI', ...args], { cwd: REPOSITORY_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return out ? new Date(out).toISOString().slice(0, 10) : undefined;
  } catch {
    return undefined;
  }
}

/** YYYY-MM-DD of the latest commit touching any of `files` (repository-relative). */
export function lastChangedDate(files: string[]): string | undefined {
  const key = files.join('\u0000');
  if (!cache.has(key)) cache.set(key, gitDate(['--', ...files]) ?? gitDate([]));
  return cache.get(key);
}
