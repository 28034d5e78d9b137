/**
 * The build's implementations stages. Before Astro: content/implementations.json reads and fits its
 * schema. After the machine records: the harness runs the reference implementation over the
 * conformance pack just written to dist/, as `uaix conformance --pack` would, and the report is
 * published at REFERENCE_REPORT_PATH, checked against its schema and against the report the pages
 * summarise (made from the fixtures the pack is made from, before the pack existed).
 */
import { join } from 'node:path';
import { RecordFileError } from '../uai/node/recordFiles.ts';
import { packCases } from '../uai/node/conformanceCases.ts';
import {
  CONFORMANCE_PATH,
  CONFORMANCE_REPORT_SCHEMA_PATH,
  IMPLEMENTATIONS_MATRIX_PATH,
  IMPLEMENTATIONS_MATRIX_SCHEMA_PATH,
  REFERENCE_REPORT_PATH,
  committedReportPath,
} from '../record/model/publicPaths.ts';
import { loadCommittedReports } from '../record/implementations/node/committedReports.ts';
import { implementationsMatrix, recordMatrixReports } from '../record/implementations/implementationsMatrix.ts';
import type { ConformanceReport } from '../uai/conformanceRun.ts';
import type { TracedRequirement } from '../record/requirements/requirementTrace.ts';
import { loadImplementations } from '../record/implementations/node/implementationFiles.ts';
import {
  referenceReport,
  shippedReferenceReport,
  requirementsMismatch,
  summaryMismatch,
} from '../record/implementations/node/referenceReport.ts';
import type { Dist } from './distFiles.ts';
import type { RecordModel } from '../record/model/recordModel.ts';
import type { PublishedFile } from '../record/machine/machineRecords.ts';
import { fail } from './buildFailure.ts';
import { recordSchemaProblems } from '../record/content/node/siteSchemas.ts';

const STAGE = 'implementations';

/** Before Astro: the listed packages and the committed reports read and fit their schemas and the record. */
export function checkImplementations(requirements: readonly { id: string }[]): void {
  const reports = loadCommittedReports(new Set(requirements.map((requirement) => requirement.id)));
  const problems = [...loadImplementations().problems, ...reports.problems];
  if (problems.length) fail(STAGE, problems);
}

/**
 * After the reference report: the committed reports, published as committed, and the matrix of
 * every requirement against the reference report and them, checked against its schema.
 */
export function publishImplementationsMatrix(
  dist: Dist,
  reference: ConformanceReport,
  requirements: readonly { id: string; level: string | null }[],
): PublishedFile[] {
  const committed = loadCommittedReports(new Set(requirements.map((requirement) => requirement.id)));
  const files: PublishedFile[] = committed.reports.map(({ fileName, text }) => ({
    path: committedReportPath(fileName),
    text,
  }));
  const matrix = implementationsMatrix(requirements, recordMatrixReports(reference, committed.reports));
  const problems = recordSchemaProblems(IMPLEMENTATIONS_MATRIX_PATH, matrix, IMPLEMENTATIONS_MATRIX_SCHEMA_PATH);
  if (problems.length) fail(STAGE, problems);
  files.push({ path: IMPLEMENTATIONS_MATRIX_PATH, text: `${JSON.stringify(matrix, null, 2)}\n` });
  for (const file of files) dist.write(file.path, file.text);
  return files;
}

/** After the machine records: the reference report over the published pack, checked and written. */
export async function publishReferenceReport(
  dist: Dist,
  model: Pick<RecordModel, 'validator' | 'routeChecker'>,
  requirements: readonly TracedRequirement[],
): Promise<{ file: PublishedFile; report: ConformanceReport }> {
  let cases;
  try {
    cases = packCases(join(dist.root, CONFORMANCE_PATH.slice(1)), model.validator);
  } catch (error) {
    if (!(error instanceof RecordFileError)) throw error;
    // The message names files in the output folder: by their public paths, as every build line does.
    const { file, message } = error.problem;
    const published = (text: string) => text.split(dist.root).join('');
    fail(STAGE, [
      { ...error.problem, file: published(file), message: `the published pack cannot be run: ${published(message)}` },
    ]);
  }
  const report = await referenceReport(model, cases);
  const shown = await shippedReferenceReport(model, requirements);
  const mismatch =
    summaryMismatch(REFERENCE_REPORT_PATH, report.summary, shown.summary) ??
    requirementsMismatch(REFERENCE_REPORT_PATH, report.requirements, shown.requirements);
  if (mismatch) fail(STAGE, [mismatch]);
  const problems = recordSchemaProblems(REFERENCE_REPORT_PATH, report, CONFORMANCE_REPORT_SCHEMA_PATH);
  if (problems.length) fail(STAGE, problems);
  const text = `${JSON.stringify(report, null, 2)}\n`;
  dist.write(REFERENCE_REPORT_PATH, text);
  return { file: { path: REFERENCE_REPORT_PATH, text }, report };
}
