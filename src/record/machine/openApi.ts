/**
 * /openapi.json: an OpenAPI 3.1 description generated from the route records, complete offline.
 * Each GET route is one operation: its path (a `{name}` segment is a path parameter whose enum is
 * the values the record publishes), its response's media type and schema (the schema the files
 * it names link as `describedby`, as a component: openApiSchemas.ts), a 404 for every other
 * value, and its fallbacks, review URL and no-op behaviour as the extension `x-uaix-fallbacks`, so
 * a client that cannot take the route knows what to do instead. The fixtures' route also documents
 * the two other URL shapes its files have (invalid fixtures, keyless forms), so every published
 * fixture has a documented path. Every file is public: `security: []`.
 */
import type { RouteRecord } from '../../uai/routeVocabulary.ts';
import type { RecordLicense } from '../model/recordConfig.ts';
import { SITE_ORIGIN } from '../model/locales.ts';
import { fixturePath, JSON_SCHEMA_DIALECT, keylessFixturePath, routeRecordPath } from '../model/publicPaths.ts';
import { componentName, componentRef, schemaComponents, type ComponentSource } from './openApiSchemas.ts';
import { templateValues } from './pathTemplate.ts';

export interface OpenApiRoute {
  routeId: string;
  record: RouteRecord;
}

/** A published fixture: its group (a profile folder, `envelope` or `routes`), name and verdict. */
export interface OpenApiFixture {
  group: string;
  name: string;
  verdict: 'valid' | 'invalid';
  url: string;
  keylessUrl?: string;
}

export interface OpenApiInput {
  routes: readonly OpenApiRoute[];
  /** The published machine files, by path. */
  paths: readonly string[];
  /** The schema a published file links as `describedby`, if any. */
  schemaOf(path: string): string | undefined;
  /** The record's schemas (schemas/uai-1/), held as components; `url` is the path each is published at. */
  schemas: readonly (ComponentSource & { url: string })[];
  fixtures: readonly OpenApiFixture[];
  license: RecordLicense;
  /** The standard version, UAI-1's `uai_version`. */
  version: string;
  description: string;
}

/** The component that describes a published schema file: a JSON Schema 2020-12 document. */
const SCHEMA_DOCUMENT = 'json-schema-2020-12';
const SCHEMA_DOCUMENT_COMPONENT = {
  description: `A JSON Schema document of dialect ${JSON_SCHEMA_DIALECT}; its $id is the URL it is published at.`,
  type: 'object',
  required: ['$schema', '$id'],
  properties: {
    $schema: { const: JSON_SCHEMA_DIALECT },
    $id: { type: 'string', format: 'uri' },
  },
};

/** Path parameters of fixture URLs, as the fixtures' route record names them. */
const GROUP = '{profile}';
const NAME = '{name}';

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** The fields of a route record that say what a client does when it cannot take the route. */
function fallbacksOf(record: RouteRecord): Record<string, unknown> {
  const entries = Object.entries(record).filter(
    ([name, value]) =>
      value !== null && (name.endsWith('_fallback') || name === 'human_review_url' || name === 'no_op_behavior'),
  );
  return Object.fromEntries(entries);
}

const PARAMETER_DESCRIPTIONS: Readonly<Record<string, string>> = {
  profile: 'The fixture group: a profile folder, `envelope` (the envelope’s own fixtures) or `routes` (route records).',
  name: 'A name the record publishes in this place; any other name is not found (404).',
};

/** One path parameter, its values those the record publishes: any other value is a 404. */
function parameter(name: string, values: readonly string[]) {
  return {
    name,
    in: 'path',
    required: true,
    ...(PARAMETER_DESCRIPTIONS[name] ? { description: PARAMETER_DESCRIPTIONS[name] } : {}),
    schema: { type: 'string', enum: values },
  };
}

/** The component refs of the schemas files link as `describedby`: a record schema, or the schema dialect. */
function schemaRefs(files: readonly string[], input: OpenApiInput): string[] {
  const byUrl = new Map(input.schemas.map((schema) => [schema.url, componentName(schema.fileName)]));
  const links = sorted(files.map((path) => input.schemaOf(path)).filter((url): url is string => url !== undefined));
  return links.map((url) => {
    if (url === JSON_SCHEMA_DIALECT) return componentRef(SCHEMA_DOCUMENT);
    const name = byUrl.get(url);
    if (name === undefined)
      throw new Error(`/openapi.json: ${url} is linked as a schema but is not one of the record's`);
    return componentRef(name);
  });
}

/** The response schema: the one schema (or each of the schemas) the files link; else by media type. */
function responseSchema(files: readonly string[], mediaType: string, input: OpenApiInput): Record<string, unknown> {
  const refs = schemaRefs(files, input);
  if (refs.length === 1) return { $ref: refs[0] };
  if (refs.length > 1) return { anyOf: refs.map((ref) => ({ $ref: ref })) };
  return mediaType.includes('json') ? { type: 'object' } : { type: 'string' };
}

const NOT_FOUND = {
  description:
    'Not found: the record publishes no file at this URL (a parameter value outside its enum, or a combination it does not publish). The host answers with its not-found page.',
  content: { 'text/html': { schema: { type: 'string' } } },
};

interface OperationParts {
  operationId: string;
  summary: string;
  description: string;
  parameters: ReturnType<typeof parameter>[];
  mediaType: string;
  schema: Record<string, unknown>;
  route: OpenApiRoute;
}

function operation(parts: OperationParts): Record<string, unknown> {
  const { record, routeId } = parts.route;
  return {
    operationId: parts.operationId,
    summary: parts.summary,
    description: parts.description,
    ...(parts.parameters.length ? { parameters: parts.parameters } : {}),
    responses: {
      '200': { description: parts.summary, content: { [parts.mediaType]: { schema: parts.schema } } },
      '404': NOT_FOUND,
    },
    'x-uaix-route-record': `${SITE_ORIGIN}${routeRecordPath(routeId)}`,
    'x-uaix-fallbacks': fallbacksOf(record),
  };
}

const routeWording = (record: RouteRecord) => ({
  summary: record.title,
  description: `${record.description} ${record.highest_supported_path}`,
});

const mediaTypeOf = (record: RouteRecord) => (record.content_type ?? 'application/octet-stream').split(';')[0].trim();

/** A route's own operation: its parameters' values and response schema read from the files it names. */
function routeOperation(route: OpenApiRoute, input: OpenApiInput): Record<string, unknown> {
  const { record } = route;
  const { values, files } = templateValues(record.path, input.paths);
  const mediaType = mediaTypeOf(record);
  return operation({
    operationId: route.routeId,
    ...routeWording(record),
    parameters: [...values].map(([name, found]) => parameter(name, sorted(found))),
    mediaType,
    schema: responseSchema(files, mediaType, input),
    route,
  });
}

/** The URL shapes of the fixture files: keyed valid fixtures, their keyless forms, invalid fixtures. */
interface FixtureShape {
  template: string;
  suffix: string;
  summary: string;
  files: { group: string; name: string; url: string }[];
  /** An invalid fixture breaks its schema on purpose (one is not even JSON): no schema describes it. */
  schema(files: readonly string[], input: OpenApiInput): Record<string, unknown>;
}

function fixtureShapes(fixtures: readonly OpenApiFixture[]): FixtureShape[] {
  const valid = fixtures.filter((fixture) => fixture.verdict === 'valid');
  return [
    {
      template: fixturePath(GROUP, NAME, 'valid'),
      suffix: '',
      summary: 'Valid fixture',
      files: valid,
      schema: (files, input) => responseSchema(files, 'application/json', input),
    },
    {
      template: keylessFixturePath(GROUP, NAME),
      suffix: '_keyless',
      summary: 'Valid fixture, keyless form',
      files: valid.flatMap((fixture) => (fixture.keylessUrl ? [{ ...fixture, url: fixture.keylessUrl }] : [])),
      schema: () => ({
        type: 'array',
        description: 'The keyless form: the envelope’s values in its property order, without member names.',
      }),
    },
    {
      template: fixturePath(GROUP, NAME, 'invalid'),
      suffix: '_invalid',
      summary: 'Invalid fixture',
      files: fixtures.filter((fixture) => fixture.verdict === 'invalid'),
      schema: () => ({
        description:
          'An invalid fixture: it breaks a rule of its schema or of the policy on purpose, and may not be JSON at all; the conformance pack names the error each must give.',
      }),
    },
  ];
}

/** The fixtures' route documents every fixture URL shape, each value of its parameters from the record. */
function fixtureOperations(route: OpenApiRoute, input: OpenApiInput): [string, Record<string, unknown>][] {
  return fixtureShapes(input.fixtures)
    .filter((shape) => shape.files.length > 0)
    .map((shape) => [
      shape.template,
      operation({
        operationId: `${route.routeId}${shape.suffix}`,
        // The route's own URL shape keeps the record's wording; the others say which files they are.
        ...(shape.suffix === ''
          ? routeWording(route.record)
          : {
              summary: `${route.record.title}: ${shape.summary.toLowerCase()}`,
              description: `${shape.summary} at ${shape.template}. ${route.record.description}`,
            }),
        parameters: [
          parameter('profile', sorted(shape.files.map((file) => file.group))),
          parameter('name', sorted(shape.files.map((file) => file.name))),
        ],
        mediaType: mediaTypeOf(route.record),
        schema: shape.schema(
          shape.files.map((file) => file.url),
          input,
        ),
        route,
      }),
    ]);
}

export function openApiDocument(input: OpenApiInput): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const fixtureTemplate = fixturePath(GROUP, NAME, 'valid');
  for (const route of input.routes) {
    if (route.record.method !== 'GET' || !route.record.path.startsWith('/')) continue;
    if (route.record.path !== fixtureTemplate) {
      paths[route.record.path] = { get: routeOperation(route, input) };
      continue;
    }
    for (const [template, get] of fixtureOperations(route, input)) paths[template] = { get };
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
    // Every file of the record is public: no operation needs credentials.
    security: [],
    paths,
    components: {
      schemas: { ...schemaComponents(input.schemas), [SCHEMA_DOCUMENT]: SCHEMA_DOCUMENT_COMPONENT },
    },
  };
}
