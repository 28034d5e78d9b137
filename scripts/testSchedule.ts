/**
 * The order `npm test` starts the build and end-to-end test files in. Node's runner starts files in
 * the order it is given, UAIX_TEST_JOBS at a time; started alphabetically, a three-minute file could
 * start last and run alone at the end. Longest first (by the seconds each file took in a measured run,
 * tests/file-durations.json) lets the short files fill the gaps. A file with no measure yet runs after
 * the measured ones, by name; the unit test tests/unit/testSchedule.test.ts names every such file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';

/** The measured seconds of each test file, by its path from the repository's root. */
export type FileSeconds = Record<string, number>;

export const FILE_DURATIONS = 'tests/file-durations.json';

export function readFileDurations(root: string = REPOSITORY_ROOT): FileSeconds {
  return JSON.parse(readFileSync(join(root, FILE_DURATIONS), 'utf8')) as FileSeconds;
}

/** The measured files longest first (ties by name), then the files with no measure, by name. */
export function scheduleTestFiles(files: readonly string[], seconds: FileSeconds): string[] {
  const measured = files.filter((file) => Object.hasOwn(seconds, file));
  const unmeasured = files.filter((file) => !Object.hasOwn(seconds, file));
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  measured.sort((a, b) => seconds[b]! - seconds[a]! || byName(a, b));
  return [...new Set([...measured, ...unmeasured.sort(byName)])];
}

/**
 * The durations file after a run: the files that ran take their new measure, files that did not run
 * but still exist keep theirs, and files that are gone are dropped. Sorted by name (a stable diff).
 */
export function recordedDurations(
  previous: FileSeconds,
  measured: FileSeconds,
  existing: readonly string[],
): FileSeconds {
  const kept = new Set(existing);
  const merged: FileSeconds = {};
  for (const file of [...Object.keys(previous), ...Object.keys(measured)].sort()) {
    if (!kept.has(file)) continue;
    merged[file] = measured[file] ?? previous[file]!;
  }
  return merged;
}

export function writeFileDurations(seconds: FileSeconds, root: string = REPOSITORY_ROOT): void {
  writeFileSync(join(root, FILE_DURATIONS), `${JSON.stringify(seconds, null, 2)}\n`);
}
