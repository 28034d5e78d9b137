/**
 * Used by scripts/test.sh (`npm test`):
 *   test-schedule.ts order FILE…        prints the files in the order they start (scripts/testSchedule.ts)
 *   test-schedule.ts record MEASURED FILE…  writes the seconds a run measured (the JSON of the
 *                                       reporter tests/support/fileDurationsReporter.mjs) to
 *                                       tests/file-durations.json; FILE… are the test files that exist
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
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
} else if (command === 'record' && rest.length >= 1) {
  const [measuredFile, ...files] = rest;
  const measured: FileSeconds = {};
  for (const [file, seconds] of Object.entries(JSON.parse(readFileSync(measuredFile!, 'utf8')) as FileSeconds))
    measured[fromRoot(file)] = seconds;
  writeFileDurations(recordedDurations(readFileDurations(), measured, files.map(fromRoot)));
  console.log(
    `test-schedule: the seconds of ${Object.keys(measured).length} files written to tests/file-durations.json`,
  );
} else {
  console.error('usage: test-schedule.ts order FILE… | record MEASURED.json FILE…');
  process.exit(2);
}
