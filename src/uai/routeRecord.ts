/**
 * The route checker: one route record against the route-record schema and the route rules
 * (routeRules.ts), from a value, text or bytes, with the same report for each.
 */
import type { SchemaDocument } from './schemaRegistry.ts';
import { createSchemaRegistry, type SchemaRegistry } from './schemaRegistry.ts';
import { shapeOf, type ObjectShape, type Shape } from './fieldShape.ts';
import type { CompiledSchemas, SchemaCompiler } from './schemaValidator.ts';
import { precompiledSchemas, SCHEMA_DOCUMENTS } from './precompiledSchemas.ts';
import { readJsonText, decodeJsonBytes, resolveLimits, type JsonReadLimits, type JsonReadResult } from './jsonText.ts';
import { MAX_ISSUES_PER_DOCUMENT, reportIssues, type UaiIssue } from './errorCodes.ts';
import { findNonJsonValues, nonJsonIssues } from './jsonValue.ts';
import { isJsonObject } from './jsonObject.ts';
import { routeRuleIssues } from './routeRules.ts';
import { ROUTE_RECORD_SCHEMA_ID, type RouteRecord } from './routeVocabulary.ts';

/** The shape of a route record, for the schema's error-code lookup and for field tables. */
export function routeRecordShape(registry: SchemaRegistry): ObjectShape {
  const shape = shapeOf(registry, {
    schema: registry.documents.get(ROUTE_RECORD_SCHEMA_ID)!,
    documentId: ROUTE_RECORD_SCHEMA_ID,
  });
  if (shape.kind !== 'object') throw new Error(`${ROUTE_RECORD_SCHEMA_ID} does not describe an object`);
  return shape;
}

/**
 * Schema issues and rule issues of one route record, in report order and bounded. `compiled` must
 * include the route-record schema.
 */
export function checkRouteRecord(value: unknown, compiled: CompiledSchemas, shape: Shape): UaiIssue[] {
  const rules = routeRuleIssues(value);
  // The schema states most route rules too (its if/then members), so a schema-only validator gets
  // them; where both report one code at one place, the rule's message says more and stays alone.
  const ruled = new Set(rules.map((issue) => `${issue.code} ${issue.path}`));
  const schema = compiled
    .validate(ROUTE_RECORD_SCHEMA_ID, value, shape)
    .filter((issue) => !ruled.has(`${issue.code} ${issue.path}`));
  return reportIssues([...schema, ...rules]);
}

export interface RouteReport {
  valid: boolean;
  /** The record's route_id when it has a string one. */
  route: string | null;
  errors: UaiIssue[];
  warnings: UaiIssue[];
  /** The record, when it is valid. */
  record?: RouteRecord;
}

export interface RouteChecker {
  registry: SchemaRegistry;
  shape: ObjectShape;
  checkValue(value: unknown): RouteReport;
  checkText(text: string): RouteReport;
  checkBytes(bytes: Uint8Array): RouteReport;
}

/**
 * Builds the route checker once from the schema documents (the same set the packet validator takes;
 * by default the published ones).
 */
export function createRouteChecker(
  documents: readonly SchemaDocument[] = SCHEMA_DOCUMENTS,
  limits?: Partial<JsonReadLimits>,
  compile: SchemaCompiler = precompiledSchemas,
): RouteChecker {
  const registry = createSchemaRegistry(documents);
  if (!registry.documents.has(ROUTE_RECORD_SCHEMA_ID))
    throw new Error(`the route-record schema ${ROUTE_RECORD_SCHEMA_ID} is missing`);
  const compiled = compile(registry, [ROUTE_RECORD_SCHEMA_ID]);
  const shape = routeRecordShape(registry);
  const resolved = resolveLimits(limits);

  function checkValue(value: unknown): RouteReport {
    // A value from code that no JSON text can hold (a cycle, undefined, deeper or larger than a
    // document may be) is reported as such, as the packet validator does, before any rule reads it.
    const nonJson = findNonJsonValues(value, resolved, MAX_ISSUES_PER_DOCUMENT);
    if (nonJson.total > 0 || nonJson.tooLarge)
      return {
        valid: false,
        route: null,
        errors: reportIssues(nonJsonIssues(nonJson, resolved.maxBytes)),
        warnings: [],
      };
    const errors = checkRouteRecord(value, compiled, shape);
    const route = isJsonObject(value) && typeof value.route_id === 'string' ? value.route_id : null;
    const valid = errors.length === 0;
    return { valid, route, errors, warnings: [], ...(valid ? { record: value as unknown as RouteRecord } : {}) };
  }

  function fromRead(read: JsonReadResult): RouteReport {
    if (read.ok) return checkValue(read.value);
    const { code, path, message } = read.error;
    return { valid: false, route: null, errors: [{ code, path, message }], warnings: [] };
  }

  return {
    registry,
    shape,
    checkValue,
    checkText: (text) => fromRead(readJsonText(text, limits)),
    checkBytes: (bytes) => fromRead(decodeJsonBytes(bytes, limits)),
  };
}
