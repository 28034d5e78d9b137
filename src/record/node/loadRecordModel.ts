/** Loads the record model from the repository's schemas/ folder (memoized per process). */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMA_DIR, loadFixtureTree, loadRouteFixtureTree } from '../../uai/node/recordFiles.ts';
import { buildRecordModel, type RecordModel } from '../recordModel.ts';

let cached: RecordModel | undefined;

export function loadRecordModel(): RecordModel {
  if (cached) return cached;
  const schemaFiles = readdirSync(SCHEMA_DIR)
    .filter((name) => name.endsWith('.schema.json'))
    .sort()
    .map((fileName) => ({ fileName, text: readFileSync(join(SCHEMA_DIR, fileName), 'utf8') }));
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
