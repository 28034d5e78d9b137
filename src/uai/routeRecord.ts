/**
 * Route records (UAIX-DOC-3382, Agent Fallbacks and Full-Spectrum Support): what a route's highest
 * path needs, and the rules a schema cannot state. A route may advertise a richer path only when it
 * also names the lower safe fallback for clients that cannot use it, every chain ends in a public
 * human-review URL, no public URL carries a secret, and a GET with side effects is never a safe read.
 */
import type { SchemaDocument } from './schemaRegistry.ts';
import { createSchemaRegistry, SCHEMA_BASE_URL, type SchemaRegistry } from './schemaRegistry.ts';
import { shapeOf, type ObjectShape, type Shape } from './fieldShape.ts';
import type { CompiledSchemas, SchemaCompiler } from './schemaValidator.ts';
import { precompiledSchemas, SCHEMA_DOCUMENTS } from './precompiledSchemas.ts';
import { readJsonText, decodeJsonBytes, type JsonReadLimits, type JsonReadResult } from './jsonText.ts';
import { findSecret, maskSecret } from './secretScan.ts';
import { reportIssues, type UaiIssue } from './errorCodes.ts';
import { jsonPointer } from './jsonPointer.ts';
import type { FallbackTarget as GeneratedFallbackTarget, UAIXRouteRecord } from './generated/types/route-record.ts';
import { isJsonObject } from './jsonObject.ts';
import { hasVisibleText } from './visibleText.ts';

export const ROUTE_RECORD_SCHEMA_ID = `${SCHEMA_BASE_URL}route-record.schema.json`;

/** A route record as the schema declares it (valid records only; see `checkRouteRecord`). */
export type RouteRecord = UAIXRouteRecord;
/** A step a client can take instead of the highest path: a URL and every capability it needs. */
export type FallbackTarget = NonNullable<GeneratedFallbackTarget>;
/** What a client can do: the schema's `$defs/capability` enum. */
export type Capability = FallbackTarget['needs'][number];
export type HttpMethod = RouteRecord['method'];
export type SideEffectStatus = RouteRecord['side_effect_status'];
export type FetchExecutionClass = RouteRecord['fetch_execution_class'];
export type GetSafety = RouteRecord['get_safety'];
export type AdvertisedPath = RouteRecord['advertises'][number];

/** Every capability, in the order of the schema's enum (tests/unit/routeRecord.test.ts compares the two). */
export const CAPABILITIES = [
  'static-get',
  'uri-template',
  'live-get',
  'javascript',
  'browser-form',
  'post',
  'credentials',
  'mcp',
  'mcp-tools',
  'a2a',
  'restore-readback',
  'packet-exchange',
] as const satisfies readonly Capability[];
// Fails to compile when the schema gains a capability this list lacks.
const everyCapabilityListed: Exclude<Capability, (typeof CAPABILITIES)[number]> extends never ? true : never = true;
void everyCapabilityListed;

/** Names used in reasons and messages. */
export const CAPABILITY_LABELS: Readonly<Record<Capability, string>> = {
  'static-get': 'GET of static pages',
  'uri-template': 'URI template expansion',
  'live-get': 'live dynamic GET',
  javascript: 'JavaScript',
  'browser-form': 'browser forms',
  post: 'POST',
  credentials: 'credentials',
  mcp: 'MCP',
  'mcp-tools': 'MCP tools',
  a2a: 'A2A delegation',
  'restore-readback': 'restore/readback',
  'packet-exchange': 'multi-agent packet exchange',
};

export type FallbackField =
  | 'lowest_safe_fallback'
  | 'browser_form_equivalent'
  | 'post_blocked_fallback'
  | 'live_get_blocked_fallback'
  | 'mcp_unavailable_fallback'
  | 'auth_unavailable_fallback'
  | 'tool_unavailable_fallback';

export const FALLBACK_FIELDS: readonly FallbackField[] = [
  'lowest_safe_fallback',
  'browser_form_equivalent',
  'post_blocked_fallback',
  'live_get_blocked_fallback',
  'mcp_unavailable_fallback',
  'auth_unavailable_fallback',
  'tool_unavailable_fallback',
];

/**
 * For each capability a highest path may need: the record field that must be declared when it does
 * (the rule), and the fallback fields a client without it tries first (the resolver). One table, so
 * the rule and the resolver cannot drift apart. Capabilities without a dedicated field (javascript,
 * restore-readback) fall through to browser_form_equivalent and lowest_safe_fallback.
 */
export const CAPABILITY_FALLBACKS: Readonly<
  Record<Capability, { declare?: keyof RouteRecord; fallbacks: readonly FallbackField[] }>
> = {
  'static-get': { fallbacks: [] },
  // A client that only GETs the URLs it is given goes to the concrete listing that names every URL.
  'uri-template': { declare: 'lowest_safe_fallback', fallbacks: ['lowest_safe_fallback'] },
  'live-get': { declare: 'live_get_blocked_fallback', fallbacks: ['live_get_blocked_fallback'] },
  javascript: { fallbacks: [] },
  'browser-form': { fallbacks: [] },
  post: { declare: 'post_blocked_fallback', fallbacks: ['post_blocked_fallback'] },
  credentials: { declare: 'auth_unavailable_fallback', fallbacks: ['auth_unavailable_fallback'] },
  mcp: { declare: 'mcp_unavailable_fallback', fallbacks: ['mcp_unavailable_fallback'] },
  'mcp-tools': { declare: 'tool_unavailable_fallback', fallbacks: ['tool_unavailable_fallback'] },
  a2a: { declare: 'lowest_safe_fallback', fallbacks: ['lowest_safe_fallback'] },
  // The readback location must be published so agents never guess a private endpoint; clients
  // without restore/readback go to the lowest safe fallback (result URL plus final report, or review).
  'restore-readback': { declare: 'restore_readback_url_field', fallbacks: [] },
  'packet-exchange': { declare: 'lowest_safe_fallback', fallbacks: ['lowest_safe_fallback'] },
};

const ADVERTISED_NEEDS: Readonly<Record<AdvertisedPath, readonly Capability[]>> = {
  'mcp-resource': ['mcp'],
  'mcp-tool': ['mcp', 'mcp-tools'],
  'a2a-delegation': ['a2a'],
  'restore-readback': ['restore-readback'],
  'packet-exchange': ['packet-exchange'],
};

const EXECUTION_NEEDS: Readonly<Record<FetchExecutionClass, readonly Capability[]>> = {
  static: ['static-get'],
  'static-json': ['static-get'],
  'client-side-script': ['static-get', 'javascript'],
  'live-dynamic': ['live-get'],
  authenticated: ['live-get', 'credentials'],
};

const WRITE_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];
const FETCH_CAPABILITIES: readonly Capability[] = ['static-get', 'live-get'];

/** A table entry for a value read from an unchecked record; "constructor" and the like find nothing. */
function lookup<T>(table: Readonly<Record<string, T>>, key: unknown): T | undefined {
  return typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** The value of a fallback field when it is a well-formed target; undefined otherwise. */
export function fallbackTargetOf(record: unknown, field: FallbackField): FallbackTarget | undefined {
  const value = isJsonObject(record) ? record[field] : undefined;
  if (!isJsonObject(value) || typeof value.url !== 'string' || !Array.isArray(value.needs)) return undefined;
  return value as unknown as FallbackTarget;
}

/** Every capability a target needs, in CAPABILITIES order, ignoring names that are not capabilities. */
export function targetNeeds(target: FallbackTarget): Capability[] {
  return CAPABILITIES.filter((capability) => target.needs.includes(capability));
}

/** A URL with a `{name}` segment is a URI template: only a client that can expand one may be given it. */
export function isUriTemplate(url: unknown): boolean {
  return typeof url === 'string' && url.includes('{');
}

/**
 * Every capability the route's highest path needs, in CAPABILITIES order, read from method,
 * fetch_execution_class and advertises. Tolerates a record that failed the schema: unknown values
 * contribute nothing, so the rules can still run on the rest.
 */
export function highestPathNeeds(record: unknown): Capability[] {
  if (!isJsonObject(record)) return [];
  const needs = new Set<Capability>();
  // A GET is fetched as its execution class says; another method (or none) replaces the GET with its own request.
  for (const capability of lookup(EXECUTION_NEEDS, record.fetch_execution_class) ?? []) {
    if (record.method === 'GET' || !FETCH_CAPABILITIES.includes(capability)) needs.add(capability);
  }
  if (WRITE_METHODS.includes(record.method as string)) needs.add('post');
  if (isUriTemplate(record.path)) needs.add('uri-template');
  if (Array.isArray(record.advertises)) {
    for (const path of record.advertises)
      for (const capability of lookup(ADVERTISED_NEEDS, path) ?? []) needs.add(capability);
  }
  return CAPABILITIES.filter((capability) => needs.has(capability));
}

/** "A", "A and B", "A, B and C". */
export function listCapabilities(capabilities: readonly Capability[]): string {
  const labels = capabilities.map((capability) => CAPABILITY_LABELS[capability]);
  return labels.length <= 1
    ? (labels[0] ?? 'nothing')
    : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

/** Which field of the record makes the highest path need `capability`, for messages. */
function sourceOfNeed(capability: Capability, record: Record<string, unknown>): string {
  if (capability === 'post') return `method ${String(record.method)}`;
  if (capability === 'credentials') {
    return `fetch_execution_class authenticated: an authenticated ${record.side_effect_status === 'none' ? 'read' : 'mutation'}`;
  }
  if (capability === 'live-get' || capability === 'javascript')
    return `fetch_execution_class ${String(record.fetch_execution_class)}`;
  if (capability === 'uri-template') return `path ${String(record.path)} is a URI template`;
  const advertised = (record.advertises as unknown[]).filter((path) =>
    lookup(ADVERTISED_NEEDS, path)?.includes(capability),
  );
  return `advertises ${advertised.join(', ')}`;
}

/**
 * UAI-ROUTE-FALLBACK-MISSING: a rich path without its declared lower fallback, or a fallback that
 * needs what it stands in for.
 */
function fallbackRule(record: Record<string, unknown>, needs: readonly Capability[]): UaiIssue[] {
  const issues: UaiIssue[] = [];
  for (const capability of needs) {
    const field = CAPABILITY_FALLBACKS[capability].declare;
    if (!field) continue;
    if (record[field] === null) {
      const what =
        field === 'restore_readback_url_field'
          ? 'set it to the JSON Pointer of the response member that carries the published readback URL, so agents never guess a private endpoint'
          : capability === 'uri-template'
            ? 'name a concrete page that lists every URL the template stands for, for clients that only GET the URLs they are given'
            : `name the lower safe step (at least the review URL) for clients without ${CAPABILITY_LABELS[capability]}`;
      issues.push({
        code: 'UAI-ROUTE-FALLBACK-MISSING',
        path: jsonPointer([field]),
        message: `the highest path needs ${CAPABILITY_LABELS[capability]} (${sourceOfNeed(capability, record)}) but ${field} is null: ${what}`,
      });
    }
  }
  for (const [capability, { fallbacks }] of Object.entries(CAPABILITY_FALLBACKS) as [
    Capability,
    { fallbacks: readonly FallbackField[] },
  ][]) {
    for (const field of fallbacks) {
      const target = fallbackTargetOf(record, field);
      if (field === 'lowest_safe_fallback' || !target?.needs.includes(capability)) continue;
      issues.push({
        code: 'UAI-ROUTE-FALLBACK-MISSING',
        path: jsonPointer([field, 'needs']),
        message: `${field} is for clients without ${CAPABILITY_LABELS[capability]}, but it needs ${CAPABILITY_LABELS[capability]} itself: point it at a step that does not`,
      });
    }
  }
  // The lowest safe fallback stands in for the whole highest path: it may not need any rich capability that path needs.
  const lowest = fallbackTargetOf(record, 'lowest_safe_fallback');
  const shared = lowest
    ? targetNeeds(lowest).filter((capability) => capability !== 'static-get' && needs.includes(capability))
    : [];
  if (shared.length > 0) {
    issues.push({
      code: 'UAI-ROUTE-FALLBACK-MISSING',
      path: '/lowest_safe_fallback/needs',
      message: `lowest_safe_fallback needs ${listCapabilities(shared)}, like the highest path it stands in for: point it at a step without ${shared.length === 1 ? 'it' : 'them'}`,
    });
  }
  return issues;
}

/** A target every client reaches: a GET of a static page or file. */
export function isStaticTarget(target: FallbackTarget | undefined): boolean {
  return target !== undefined && targetNeeds(target).every((capability) => capability === 'static-get');
}

/**
 * UAI-ROUTE-NO-REVIEW: every chain ends at a public human-review URL, and without a static fallback
 * the no-op is described.
 */
function reviewRule(record: Record<string, unknown>): UaiIssue[] {
  const issues: UaiIssue[] = [];
  if (record.human_review_url === null) {
    issues.push({
      code: 'UAI-ROUTE-NO-REVIEW',
      path: '/human_review_url',
      message:
        "human_review_url is null: every fallback chain ends in human review; set it to the route's section of the public review page, /<locale>/review/#<route_id>",
    });
  }
  const lowest = fallbackTargetOf(record, 'lowest_safe_fallback');
  // Text that shows nothing (white space, invisible characters) describes nothing: it counts as null.
  const noOpAbsent =
    record.no_op_behavior === null ||
    (typeof record.no_op_behavior === 'string' && !hasVisibleText(record.no_op_behavior));
  if (noOpAbsent && !isStaticTarget(lowest)) {
    issues.push({
      code: 'UAI-ROUTE-NO-REVIEW',
      path: '/no_op_behavior',
      message: `no_op_behavior is ${record.no_op_behavior === null ? 'null' : 'blank'} and ${lowest ? 'lowest_safe_fallback needs more than a GET of static pages' : 'there is no lowest_safe_fallback'}: describe the no-op (stop, record what could not be done, return human_review_url)`,
    });
  }
  return issues;
}

/** Every URL-valued place in a record: path, human_review_url and each fallback target's url. */
export function routeUrls(record: unknown): { path: string; url: string }[] {
  if (!isJsonObject(record)) return [];
  const urls: { path: string; url: string }[] = [];
  for (const field of ['path', 'human_review_url'] as const) {
    if (typeof record[field] === 'string') urls.push({ path: jsonPointer([field]), url: record[field] as string });
  }
  for (const field of FALLBACK_FIELDS) {
    const target = fallbackTargetOf(record, field);
    if (target) urls.push({ path: jsonPointer([field, 'url']), url: target.url });
  }
  return urls;
}

/** UAI-ROUTE-SECRET-IN-URL: the shared secret scanner, applied to every public URL of the record. */
function secretRule(record: Record<string, unknown>): UaiIssue[] {
  return routeUrls(record).flatMap(({ path, url }) => {
    const finding = findSecret(url);
    if (!finding) return [];
    const value = maskSecret(url.slice(finding.start, finding.end));
    return [
      {
        code: 'UAI-ROUTE-SECRET-IN-URL',
        path,
        message: `the URL carries ${finding.kind} (${value}): remove it; credentials travel in headers or a private store, never in a public URL`,
      },
    ];
  });
}

/** UAI-ROUTE-UNSAFE-GET: a GET that changes something must say so in get_safety. */
function unsafeGetRule(record: Record<string, unknown>): UaiIssue[] {
  const sideEffect = record.side_effect_status;
  if (
    record.method !== 'GET' ||
    typeof sideEffect !== 'string' ||
    sideEffect === 'none' ||
    record.get_safety === 'side-effecting'
  )
    return [];
  return [
    {
      code: 'UAI-ROUTE-UNSAFE-GET',
      path: '/get_safety',
      message: `a GET with side_effect_status ${sideEffect} is presented as ${JSON.stringify(record.get_safety)}: set get_safety to "side-effecting", or move the action off GET`,
    },
  ];
}

/** The route rules alone (no schema), for any JSON value; each issue names the field to change. */
export function routeRuleIssues(value: unknown): UaiIssue[] {
  if (!isJsonObject(value)) return [];
  return [
    ...fallbackRule(value, highestPathNeeds(value)),
    ...reviewRule(value),
    ...secretRule(value),
    ...unsafeGetRule(value),
  ];
}

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
  return reportIssues([...compiled.validate(ROUTE_RECORD_SCHEMA_ID, value, shape), ...routeRuleIssues(value)]);
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

  function checkValue(value: unknown): RouteReport {
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
