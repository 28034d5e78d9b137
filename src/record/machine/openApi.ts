/**
 * /openapi.json: an OpenAPI 3.1 description generated from the route records. Each GET route is
 * one operation: its path (a `{name}` segment is a path parameter), its response's media type and
 * schema (the schema the files it names link as `describedby`), and its fallbacks, review URL and
 * no-op behaviour as the extension `x-uaix-fallbacks`, so a client that cannot take the route
 * knows what to do instead.
 */
import type { RouteRecord } from '../../uai/routeVocabulary.ts';
import type { RecordLicense } from '../model/recordConfig.ts';
import { SITE_ORIGIN } from '../model/locales.ts';
import { routeRecordPath } from '../model/publicPaths.ts';
import { pathPatternMatches } from './machineRecords.ts';

export interface OpenApiRoute {
  routeId: string;
  record: RouteRecord;
}

export interface OpenApiInput {
  routes: readonly OpenApiRoute[];
  /** The published machine files, by path. */
  paths: readonly string[];
  /** The schema a published file links as `describedby`, if any. */
  schemaOf(path: string): string | undefined;
  license: RecordLicense;
  /** The standard version, UAI-1's `uai_version`. */
  version: string;
  description: string;
}

const absolute = (url: string) => (url.startsWith('/') ? `${SITE_ORIGIN}${url}` : url);

/** The fields of a route record that say what a client does when it cannot take the route. */
function fallbacksOf(record: RouteRecord): Record<string, unknown> {
  const entries = Object.entries(record).filter(
    ([name, value]) =>
      value !== null && (name.endsWith('_fallback') || name === 'human_review_url' || name === 'no_op_behavior'),
  );
  return Object.fromEntries(entries);
}

/** The response schema: the one schema (or each of the schemas) the route's files link; else by media type. */
function responseSchema(route: OpenApiRoute, input: OpenApiInput): Record<string, unknown> {
  const pattern = route.record.path.replace(/\{[^{}/]*\}/g, '*');
  const schemas = [
    ...new Set(
      input.paths
        .filter((path) => pathPatternMatches(pattern, path))
        .map((path) => input.schemaOf(path))
        .filter((schema): schema is string => schema !== undefined),
    ),
  ].sort();
  if (schemas.length === 1) return { $ref: absolute(schemas[0]) };
  if (schemas.length > 1) return { anyOf: schemas.map((schema) => ({ $ref: absolute(schema) })) };
  return (route.record.content_type ?? '').includes('json') ? { type: 'object' } : { type: 'string' };
}

function operation(route: OpenApiRoute, input: OpenApiInput): Record<string, unknown> {
  const { record } = route;
  const parameters = [...record.path.matchAll(/\{([^{}/]+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const mediaType = (record.content_type ?? 'application/octet-stream').split(';')[0].trim();
  return {
    operationId: route.routeId,
    summary: record.title,
    description: `${record.description} ${record.highest_supported_path}`,
    ...(parameters.length ? { parameters } : {}),
    responses: {
      '200': {
        description: record.title,
        content: { [mediaType]: { schema: responseSchema(route, input) } },
      },
    },
    'x-uaix-route-record': `${SITE_ORIGIN}${routeRecordPath(route.routeId)}`,
    'x-uaix-fallbacks': fallbacksOf(record),
  };
}

export function openApiDocument(input: OpenApiInput): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of input.routes) {
    if (route.record.method !== 'GET' || !route.record.path.startsWith('/')) continue;
    paths[route.record.path] = { get: operation(route, input) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'UAIX public standards record',
      version: input.version,
      description: input.description,
      license: { name: input.license.name, identifier: input.license.id },
    },
    servers: [{ url: SITE_ORIGIN }],
    paths,
  };
}
