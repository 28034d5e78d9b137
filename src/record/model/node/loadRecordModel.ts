/** Loads the record model from the repository's schemas/ folder (memoized per process). */
import { loadSchemaFiles, loadFixtureTree, loadRouteFixtureTree } from '../../../uai/node/recordFiles.ts';
import { buildRecordModel, type RecordModel } from '../recordModel.ts';

let cached: RecordModel | undefined;

export function loadRecordModel(): RecordModel {
  if (cached) return cached;
  const schemaFiles = loadSchemaFiles().map(({ fileName, text }) => ({ fileName, text }));
  const tree = loadFixtureTree();
  const routeTree = loadRouteFixtureTree();
  cached = buildRecordModel({
    schemaFiles,
    fixtures: tree.fixtures,
    expectations: tree.expectations,
    routeFixtures: routeTree.fixtures,
    routeExpectations: routeTree.expectations,
  });
  return cached;
}

/** Forgets the memoized model, so the next load reads schemas/ again (`astro dev`, after an edit). */
export function forgetRecordModel(): void {
  cached = undefined;
}
