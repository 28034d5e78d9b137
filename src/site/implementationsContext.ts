/**
 * The implementations page's data as the templates read it: the listed packages, and the reference
 * report the page summarises (computed once per record model, for every locale's page).
 */
import { loadImplementations } from '../record/implementations/node/implementationFiles.ts';
import { shippedReferenceReport } from '../record/implementations/node/referenceReport.ts';
import type { ImplementationsData } from '../record/implementations/implementations.ts';
import type { ConformanceReport } from '../uai/conformanceRun.ts';
import type { RecordModel } from '../record/model/recordModel.ts';

const reports = new WeakMap<RecordModel, Promise<ConformanceReport>>();

export function listedImplementations(): ImplementationsData {
  return loadImplementations().data;
}

export function referenceReportOf(model: RecordModel): Promise<ConformanceReport> {
  let report = reports.get(model);
  if (!report) reports.set(model, (report = shippedReferenceReport(model)));
  return report;
}
