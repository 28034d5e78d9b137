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
  REFERENCE_REPORT_PATH,
} from '../record/machine/publicPaths.ts';
import { loadImplementations } from '../record/implementations/node/implementationFiles.ts';
import {
  referenceReport,
  shippedReferenceReport,
  summaryMismatch,
} from '../record/implementations/node/referenceReport.ts';
import { writeFileReporting } from '../record/node/fileWrites.ts';
import type { RecordModel } from '../record/model/recordModel.ts';
import type { PublishedFile } from '../record/machine/machineRecords.ts';
import { fail } from './buildFailure.ts';
import { recordSchemaProblems } from '../record/content/node/siteSchemas.ts';

const STAGE = 'implementations';

/** Before Astro: the listed packages read and fit their schema. */
export function checkImplementations(): void {
  const { problems } = loadImplementations();
  if (problems.length) fail(STAGE, problems);
}

/** After the machine records: the reference report over the published pack, checked and written. */
export async function publishReferenceReport(
  distRoot: string,
  model: Pick<RecordModel, 'validator' | 'routeChecker'>,
): Promise<PublishedFile> {
  let cases;
  try {
    cases = packCases(join(distRoot, CONFORMANCE_PATH.slice(1)), model.validator);
  } catch (error) {
    if (!(error instanceof RecordFileError)) throw error;
    // The message names files in the output folder: by their public paths, as every build line does.
    const { file, message } = error.problem;
    const published = (text: string) => text.split(distRoot).join('');
    fail(STAGE, [
      { ...error.problem, file: published(file), message: `the published pack cannot be run: ${published(message)}` },
    ]);
  }
  const report = await referenceReport(model, cases);
  const mismatch = summaryMismatch(
    REFERENCE_REPORT_PATH,
    report.summary,
    (await shippedReferenceReport(model)).summary,
  );
  if (mismatch) fail(STAGE, [mismatch]);
  const problems = recordSchemaProblems(REFERENCE_REPORT_PATH, report, CONFORMANCE_REPORT_SCHEMA_PATH);
  if (problems.length) fail(STAGE, problems);
  const text = `${JSON.stringify(report, null, 2)}\n`;
  const problem = writeFileReporting(join(distRoot, REFERENCE_REPORT_PATH.slice(1)), text);
  if (problem) fail('writing dist/', [problem]);
  return { path: REFERENCE_REPORT_PATH, text };
}
