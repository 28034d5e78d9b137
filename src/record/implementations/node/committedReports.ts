/**
 * Reads the conformance reports committed under content/implementations/reports/, once per
 * repository root: only `<name>.json` files (lowercase letters, digits, hyphens), each checked
 * against schemas/site/conformance-report.schema.json, then against the record (its pack a released
 * edition's, its requirement ids the record's: implementationsMatrix.ts). Problems are data.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import type { ConformanceReport } from '../../../uai/conformanceRun.ts';
import type { Problem } from '../../../uai/problem.ts';
import { siteSchema } from '../../content/node/siteSchemas.ts';
import { checkedJsonFile } from '../../content/node/checkedJsonFile.ts';
import { CONFORMANCE_PATH, CONFORMANCE_REPORT_SCHEMA_PATH } from '../../model/publicPaths.ts';
import { EDITIONS_FOLDER, EDITION_INDEX_FILE } from '../../editions/editions.ts';
import { COMMITTED_REPORTS_FOLDER, committedReportProblems, type ReportRecord } from '../implementationsMatrix.ts';

export interface CommittedReport {
  /** The file's name in the folder, which is also its name where it is published. */
  fileName: string;
  text: string;
  report: ConformanceReport;
}

export interface LoadedReports {
  reports: CommittedReport[];
  problems: Problem[];
}

const REPORT_NAME = /^[a-z0-9][a-z0-9-]*\.json$/;
const loaded = new Map<string, LoadedReports>();

/** The record an edition's pack is read from: the edition's own frozen files (their index vouches for them). */
function recordAt(root: string, requirementIds: ReadonlySet<string>): ReportRecord {
  return {
    requirementIds,
    editionEvaluatedAt(id) {
      const folder = join(root, EDITIONS_FOLDER, id);
      const pack = join(folder, CONFORMANCE_PATH.slice(1));
      if (!existsSync(join(folder, EDITION_INDEX_FILE)) || !existsSync(pack)) return undefined;
      const value: unknown = JSON.parse(readFileSync(pack, 'utf8'));
      const evaluatedAt = (value as { evaluated_at?: unknown }).evaluated_at;
      return typeof evaluatedAt === 'string' ? evaluatedAt : undefined;
    },
  };
}

/** The committed reports (by file name) and their problems, read once per repository root. */
export function loadCommittedReports(requirementIds: ReadonlySet<string>, root = REPOSITORY_ROOT): LoadedReports {
  const known = loaded.get(root);
  if (known) return known;
  const folder = join(root, COMMITTED_REPORTS_FOLDER);
  const result: LoadedReports = { reports: [], problems: [] };
  const names = existsSync(folder) ? readdirSync(folder).sort() : [];
  const validate = siteSchema(CONFORMANCE_REPORT_SCHEMA_PATH, root);
  const record = recordAt(root, requirementIds);
  for (const fileName of names) {
    const file = `${COMMITTED_REPORTS_FOLDER}/${fileName}`;
    if (!REPORT_NAME.test(fileName)) {
      result.problems.push({
        file,
        message: 'not a report: this folder holds conformance reports named <name>.json (a-z, 0-9, -)',
        rule: 'implementations',
      });
      continue;
    }
    const checked = checkedJsonFile(file, readFileSync(join(folder, fileName)), validate, () =>
      CONFORMANCE_REPORT_SCHEMA_PATH.slice(1),
    );
    if (!checked.ok) {
      result.problems.push(...checked.problems);
      continue;
    }
    const report = checked.value as ConformanceReport;
    const problems = committedReportProblems(file, report, record);
    result.problems.push(...problems);
    if (!problems.length) result.reports.push({ fileName, text: checked.text, report });
  }
  loaded.set(root, result);
  return result;
}
