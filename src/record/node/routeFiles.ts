/** The site's own route records (content/routes/*.json), read by the core and checked by its route checker. */
import { loadRouteRecordFiles } from '../../uai/node/recordFiles.ts';
import type { RouteRecord } from '../../uai/routeRecord.ts';
import { loadRecordModel } from './loadRecordModel.ts';

export interface CheckedRouteRecord {
  routeId: string;
  file: string;
  text: string;
  record: RouteRecord;
}

let cached: { files: CheckedRouteRecord[]; problems: string[] } | undefined;

export function loadCheckedRouteRecords(): { files: CheckedRouteRecord[]; problems: string[] } {
  if (cached) return cached;
  const files: CheckedRouteRecord[] = [];
  const problems: string[] = [];
  const checker = loadRecordModel().routeChecker;
  const decoder = new TextDecoder();
  for (const input of loadRouteRecordFiles()) {
    const report = checker.checkBytes(input.bytes);
    if (!report.valid) {
      for (const error of report.errors) problems.push(`${input.file} ${error.path || '(root)'}: [${error.code}] ${error.message}`);
      continue;
    }
    if (report.route !== input.name) {
      problems.push(`${input.file} /route_id: the file must be named after its route_id (${report.route}.json)`);
      continue;
    }
    files.push({ routeId: report.route, file: input.file, text: decoder.decode(input.bytes), record: report.record! });
  }
  cached = { files, problems };
  return cached;
}
