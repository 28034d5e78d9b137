/** The site's own route records (content/routes/*.json), checked with the core's route checker. */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadSchemaDocuments } from '../../uai/node/recordFiles.ts';
import { createRouteChecker, type RouteRecord } from '../../uai/routeRecord.ts';
import { CONTENT_DIR } from './contentFiles.ts';

export interface LoadedRouteRecord {
  routeId: string;
  file: string;
  text: string;
  record: RouteRecord;
}

let cached: { files: LoadedRouteRecord[]; problems: string[] } | undefined;

export function loadRouteRecordFiles(dir = join(CONTENT_DIR, 'routes')): { files: LoadedRouteRecord[]; problems: string[] } {
  if (cached) return cached;
  const files: LoadedRouteRecord[] = [];
  const problems: string[] = [];
  const checker = createRouteChecker(loadSchemaDocuments());
  const names = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')).sort() : [];
  for (const name of names) {
    const file = `content/routes/${name}`;
    const text = readFileSync(join(dir, name), 'utf8');
    const report = checker.checkText(text);
    if (!report.valid) {
      for (const error of report.errors) problems.push(`${file} ${error.path || '(root)'}: [${error.code}] ${error.message}`);
      continue;
    }
    if (`${report.route}.json` !== name) {
      problems.push(`${file} /route_id: the file must be named after its route_id (${report.route}.json)`);
      continue;
    }
    files.push({ routeId: report.route!, file, text, record: report.record! });
  }
  cached = { files, problems };
  return cached;
}
