/**
 * The implementations page's data as the templates read it: the listed packages, the reference
 * report the page summarises (computed once per record model, for every locale's page), and the
 * matrix of every requirement against it and the committed reports.
 */
import { loadImplementations } from '../record/implementations/node/implementationFiles.ts';
import { shippedReferenceReport } from '../record/implementations/node/referenceReport.ts';
import type { ImplementationsData } from '../record/implementations/implementations.ts';
import type { ConformanceReport } from '../uai/conformanceRun.ts';
import type { RecordModel } from '../record/model/recordModel.ts';
import type { TracedRequirement } from '../record/requirements/requirementTrace.ts';
import { loadCommittedReports } from '../record/implementations/node/committedReports.ts';
import {
  implementationsMatrix,
  recordMatrixReports,
  type MatrixDocument,
} from '../record/implementations/implementationsMatrix.ts';

const reports = new WeakMap<RecordModel, Promise<ConformanceReport>>();

export function listedImplementations(): ImplementationsData {
  return loadImplementations().data;
}

/** The reference report over the shipped fixtures, each testing the requirements the record traces to it. */
export function referenceReportOf(
  model: RecordModel,
  requirements: readonly Pick<TracedRequirement, 'id' | 'fixtures'>[],
): Promise<ConformanceReport> {
  let report = reports.get(model);
  if (!report) reports.set(model, (report = shippedReferenceReport(model, requirements)));
  return report;
}

/** The matrix the build publishes at IMPLEMENTATIONS_MATRIX_PATH, made the same way (implementationStages.ts). */
export async function implementationsMatrixOf(
  model: RecordModel,
  requirements: readonly TracedRequirement[],
): Promise<MatrixDocument> {
  const committed = loadCommittedReports(new Set(requirements.map((requirement) => requirement.id)));
  return implementationsMatrix(
    requirements,
    recordMatrixReports(await referenceReportOf(model, requirements), committed.reports),
  );
}
