/** The site's own route records (content/routes/*.json), read here and checked by the core's route checker. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import type { RouteRecord } from '../../../uai/routeVocabulary.ts';
import { loadRecordModel } from '../../model/node/loadRecordModel.ts';
import { problemAtPointer, type Problem } from '../../../uai/problem.ts';

export interface CheckedRouteRecord {
  routeId: string;
  file: string;
  text: string;
  record: RouteRecord;
}

/** The site's own route records, one file per route named by its route_id. */
export const ROUTE_RECORDS_DIR = join(REPOSITORY_ROOT, 'content/routes');

/** A route record as read from content/routes/, before the route checker has seen it. */
export interface RouteRecordInput {
  /** The file name without .json: the route_id it must hold. */
  name: string;
  /** Path relative to the repository root. */
  file: string;
  bytes: Uint8Array;
}

/** The site's route records, `content/routes/*.json`, sorted by file name. */
export function loadRouteRecordFiles(dir = ROUTE_RECORDS_DIR): RouteRecordInput[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const path = join(dir, name);
      return {
        name: name.replace(/\.json$/, ''),
        file: path.slice(REPOSITORY_ROOT.length + 1),
        bytes: new Uint8Array(readFileSync(path)),
      };
    });
}

let cached: { files: CheckedRouteRecord[]; problems: Problem[] } | undefined;

export function loadCheckedRouteRecords(): { files: CheckedRouteRecord[]; problems: Problem[] } {
  if (cached) return cached;
  const files: CheckedRouteRecord[] = [];
  const problems: Problem[] = [];
  const checker = loadRecordModel().routeChecker;
  const decoder = new TextDecoder();
  for (const input of loadRouteRecordFiles()) {
    const report = checker.checkBytes(input.bytes);
    if (!report.valid) {
      for (const error of report.errors)
        problems.push(problemAtPointer(input.file, error.path, error.message, error.code));
      continue;
    }
    if (report.route !== input.name) {
      problems.push(
        problemAtPointer(
          input.file,
          '/route_id',
          `the file must be named after its route_id (${report.route}.json)`,
          'route-file',
        ),
      );
      continue;
    }
    files.push({ routeId: report.route, file: input.file, text: decoder.decode(input.bytes), record: report.record! });
  }
  cached = { files, problems };
  return cached;
}
