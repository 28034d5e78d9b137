/**
 * The words of route records (UAIX-DOC-3382, Agent Fallbacks and Full-Spectrum Support): the
 * capabilities a client may have, the fallback fields a client without one goes to, and what a
 * route's highest path needs, read from its method, execution class and advertised paths. The
 * rules (routeRules.ts) and the client ladder (clientLadder.ts) read the same tables.
 */
import { SCHEMA_BASE_URL } from './schemaRegistry.ts';
import { jsonPointer } from './jsonPointer.ts';
import type { FallbackTarget as GeneratedFallbackTarget, UAIXRouteRecord } from './generated/types/route-record.ts';
import { isJsonObject } from './jsonObject.ts';

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
export function sourceOfNeed(capability: Capability, record: Record<string, unknown>): string {
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

/** A target every client reaches: a GET of a static page or file. */
export function isStaticTarget(target: FallbackTarget | undefined): boolean {
  return target !== undefined && targetNeeds(target).every((capability) => capability === 'static-get');
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
