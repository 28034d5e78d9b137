/**
 * `@uaix/uai-1/node`: file helpers for Node. Validate or check a file on disk, and load the
 * schemas and fixtures the package ships (`schemas/uai-1/`, `schemas/uai-1/examples/`).
 */
import { createValidator, createRouteRecordChecker } from '../index.ts';
import type { PacketReport, ValidateOptions } from '../packetValidator.ts';
import type { RouteReport } from '../routeRecord.ts';
import { readPacketFile } from './packetFiles.ts';

export { readPacketFile, UnreadableInput } from './packetFiles.ts';
export {
  loadSchemaDocuments,
  loadFixtureTree,
  loadRouteFixtureTree,
  RecordFileError,
  SCHEMA_DIR,
  EXAMPLES_DIR
} from './recordFiles.ts';
export type { FixtureTree } from './recordFiles.ts';
export type { FixtureInput, ExpectationInput } from '../fixtureCheck.ts';

let validator: ReturnType<typeof createValidator> | undefined;
let routeChecker: ReturnType<typeof createRouteRecordChecker> | undefined;

/** Validates the packet in a file (keyed or keyless); throws `UnreadableInput` when it cannot be read. */
export function validateFile(path: string, options?: ValidateOptions): PacketReport {
  validator ??= createValidator();
  return validator.validateBytes(readPacketFile(path), options);
}

/** Checks the route record in a file; throws `UnreadableInput` when it cannot be read. */
export function checkRouteFile(path: string): RouteReport {
  routeChecker ??= createRouteRecordChecker();
  return routeChecker.checkBytes(readPacketFile(path));
}
