/**
 * When a source file last changed, from git history: the same commit always gives the same
 * dates, so the sitemap's lastmod and the pages' "last changed" line are reproducible.
 * A file not yet committed takes the date of HEAD; without git there is no date.
 *
 * One `git log` over the whole history answers every file (one process per page was the largest
 * per-page cost of the build at scale). It gives the same answer as `git log -1 -- <files>`: the
 * first commit in log order that changed any of the files. Merges count when their result differs
 * from every parent (`-c`), which is when a path-limited log shows them too.
 */
import { execFileSync } from 'node:child_process';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';

export interface Change {
  commit: string;
  /** YYYY-MM-DD of the commit (committer date, UTC). */
  date: string;
}

interface History {
  /** Commits in log order; the first is HEAD. */
  commits: Change[];
  /** Per repository-relative file: the position in `commits` of the latest commit that changed it. */
  latest: Map<string, number>;
  /** Per repository-relative file: the position in `commits` of the earliest commit that changed it. */
  earliest: Map<string, number>;
}

let history: History | null | undefined;

const COMMIT_MARK = '\u0001';

function readHistory(): History | null {
  let out: string;
  try {
    out = execFileSync(
      'git',
      ['-c', 'core.quotePath=false', 'log', '-c', '--no-renames', '--name-only', `--format=${COMMIT_MARK}%H %cI`],
      {
        cwd: REPOSITORY_ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        maxBuffer: 1024 * 1024 * 1024,
      },
    );
  } catch {
    return null;
  }
  const commits: Change[] = [];
  const latest = new Map<string, number>();
  const earliest = new Map<string, number>();
  for (const line of out.split('\n')) {
    if (line.startsWith(COMMIT_MARK)) {
      const [commit, when] = line.slice(1).split(' ');
      commits.push({ commit, date: new Date(when).toISOString().slice(0, 10) });
    } else if (line) {
      if (!latest.has(line)) latest.set(line, commits.length - 1);
      earliest.set(line, commits.length - 1);
    }
  }
  return commits.length ? { commits, latest, earliest } : null;
}

/** The latest commit touching any of `files` (repository-relative); HEAD when git knows none of them. */
export function lastChange(files: string[]): Change | undefined {
  if (history === undefined) history = readHistory();
  if (!history) return undefined;
  let first = Infinity;
  for (const file of files) first = Math.min(first, history.latest.get(file) ?? Infinity);
  return history.commits[first === Infinity ? 0 : first];
}

/**
 * YYYY-MM-DD of the earliest commit touching any of `files` (repository-relative): when the text was
 * first published. HEAD's date for a file git does not know yet.
 */
export function firstChangedDate(files: string[]): string | undefined {
  if (history === undefined) history = readHistory();
  if (!history) return undefined;
  let last = -1;
  for (const file of files) last = Math.max(last, history.earliest.get(file) ?? -1);
  return history.commits[last === -1 ? 0 : last].date;
}

/** YYYY-MM-DD of the latest commit touching any of `files` (repository-relative). */
export function lastChangedDate(files: string[]): string | undefined {
  return lastChange(files)?.date;
}
