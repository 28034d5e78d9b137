/**
 * The implementations matrix: every requirement of the record against every conformance report the
 * record holds (the reference report the build makes, then the reports committed under
 * content/implementations/reports/). A committed report is held only when it names a pack the record
 * has (a released edition's, as `uaix conformance --pack editions/<id>/…` records it) and every
 * requirement id it names is one of the record's: what the schema cannot say (committedReportProblems).
 */
import type { ConformanceReport } from '../../uai/conformanceRun.ts';
import { problemAtPointer, type Problem } from '../../uai/problem.ts';
import type { UAIXImplementationsMatrixImplementationsMatrixJson as MatrixDocument } from '../generated/implementations-matrix.ts';
import { SITE_ORIGIN } from '../model/locales.ts';
import {
  CONFORMANCE_PATH,
  IMPLEMENTATIONS_MATRIX_SCHEMA_PATH,
  REFERENCE_REPORT_PATH,
  committedReportPath,
} from '../model/publicPaths.ts';
import { EDITIONS_FOLDER, editionIdProblem } from '../editions/editions.ts';

export type { MatrixDocument };
export type MatrixCell = MatrixDocument['requirements'][number]['cells'][number];

export const COMMITTED_REPORTS_FOLDER = 'content/implementations/reports';
const RULE = 'implementations';

/**
 * The released edition whose pack `pack` names: `editions/<id>/examples/uai-1/conformance.json`
 * (the path `--pack` records when run from the repository) or that file's URL on this site; undefined
 * for anything else.
 */
export function packEdition(pack: string): string | undefined {
  const path = pack.startsWith(`${SITE_ORIGIN}/`) ? pack.slice(SITE_ORIGIN.length + 1) : pack;
  const prefix = `${EDITIONS_FOLDER}/`;
  if (!path.startsWith(prefix) || !path.endsWith(CONFORMANCE_PATH)) return undefined;
  const id = path.slice(prefix.length, path.length - CONFORMANCE_PATH.length);
  return id.includes('/') || editionIdProblem(id) ? undefined : id;
}

/** What the record holds that a committed report is checked against. */
export interface ReportRecord {
  requirementIds: ReadonlySet<string>;
  /** The evaluated_at of released edition `id`'s pack; undefined when the record has no such edition. */
  editionEvaluatedAt(id: string): string | undefined;
}

/** A schema-valid committed report's problems against the record, each at its JSON Pointer. */
export function committedReportProblems(file: string, report: ConformanceReport, record: ReportRecord): Problem[] {
  const problems: Problem[] = [];
  const edition = packEdition(report.pack);
  const evaluatedAt = edition === undefined ? undefined : record.editionEvaluatedAt(edition);
  if (evaluatedAt === undefined)
    problems.push(
      problemAtPointer(
        file,
        '/pack',
        `${JSON.stringify(report.pack)} names no pack the record holds; run the harness with --pack ${EDITIONS_FOLDER}/<id>${CONFORMANCE_PATH} of a released edition`,
        RULE,
      ),
    );
  else if (report.evaluated_at !== evaluatedAt)
    problems.push(
      problemAtPointer(
        file,
        '/evaluated_at',
        `${report.evaluated_at} is not the evaluated_at of edition ${edition}'s pack (${evaluatedAt})`,
        RULE,
      ),
    );
  const unknown = (pointer: string, id: string) => {
    if (!record.requirementIds.has(id))
      problems.push(problemAtPointer(file, pointer, `${id} is no requirement of content/requirements.json`, RULE));
  };
  report.requirements.forEach((entry, index) => unknown(`/requirements/${index}/id`, entry.id));
  report.results.forEach((result, index) =>
    result.requirements.forEach((id, place) => unknown(`/results/${index}/requirements/${place}`, id)),
  );
  return problems;
}

/** One column of the matrix: a report and the URL it is published at. */
export interface MatrixReport {
  url: string;
  report: ConformanceReport;
}

/** The columns of the record's matrix: the reference report, then the committed ones, each at its published URL. */
export function recordMatrixReports(
  reference: ConformanceReport,
  committed: readonly { fileName: string; report: ConformanceReport }[],
): MatrixReport[] {
  return [
    { url: `${SITE_ORIGIN}${REFERENCE_REPORT_PATH}`, report: reference },
    ...committed.map(({ fileName, report }) => ({ url: `${SITE_ORIGIN}${committedReportPath(fileName)}`, report })),
  ];
}

/** A requirement's cell in one report: pass (every case), fail (none), partial, or untested (no case). */
export function matrixCell(report: ConformanceReport, id: string): MatrixCell {
  const entry = report.requirements.find((candidate) => candidate.id === id);
  if (!entry || entry.cases === 0) return { status: 'untested', passed: 0, cases: 0 };
  const status = entry.passed === entry.cases ? 'pass' : entry.passed === 0 ? 'fail' : 'partial';
  return { status, passed: entry.passed, cases: entry.cases };
}

/** The matrix of `requirements` (rows, in the record's order) against `reports` (columns, in order). */
export function implementationsMatrix(
  requirements: readonly { id: string; level: string | null }[],
  reports: readonly MatrixReport[],
): MatrixDocument {
  return {
    $schema: `${SITE_ORIGIN}${IMPLEMENTATIONS_MATRIX_SCHEMA_PATH}` as MatrixDocument['$schema'],
    standard: 'UAI-1',
    implementations: reports.map(({ url, report }) => ({
      report: url,
      implementation: report.implementation,
      pack: report.pack,
      edition: packEdition(report.pack) ?? null,
      seed: report.seed,
      generated: report.generated.made,
      evaluated_at: report.evaluated_at,
      cases: report.summary.fixtures,
      passed: report.summary.passed,
    })),
    requirements: requirements.map(({ id, level }) => ({
      id,
      level,
      cells: reports.map(({ report }) => matrixCell(report, id)),
    })),
  };
}
