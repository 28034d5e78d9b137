/**
 * Used by scripts/test.sh (`npm test`):
 *   test-schedule.ts order FILE…        prints the files in the order they start (scripts/testSchedule.ts)
 *   test-schedule.ts record MEASURED    writes the seconds a run measured (the JSON of the reporter
 *                                       tests/support/fileDurationsReporter.mjs) to
 *                                       tests/file-durations.json; files that are gone are dropped
 */
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import {
  readFileDurations,
  recordedDurations,
  scheduleTestFiles,
  writeFileDurations,
  type FileSeconds,
} from './testSchedule.ts';

const fromRoot = (file: string) => (isAbsolute(file) ? relative(REPOSITORY_ROOT, file) : file);

const [command, ...rest] = process.argv.slice(2);
if (command === 'order') {
  console.log(scheduleTestFiles(rest.map(fromRoot), readFileDurations()).join('\n'));
} else if (command === 'record' && rest.length === 1) {
  const measured: FileSeconds = {};
  for (const [file, seconds] of Object.entries(JSON.parse(readFileSync(rest[0]!, 'utf8')) as FileSeconds))
    measured[fromRoot(file)] = seconds;
  const previous = readFileDurations();
  const existing = [...Object.keys(previous), ...Object.keys(measured)].filter((file) =>
    existsSync(join(REPOSITORY_ROOT, file)),
  );
  writeFileDurations(recordedDurations(previous, measured, existing));
  console.log(
    `test-schedule: the seconds of ${Object.keys(measured).length} files written to tests/file-durations.json`,
  );
} else {
  console.error('usage: test-schedule.ts order FILE… | record MEASURED.json');
  process.exit(2);
}
