/**
 * The full-spectrum client ladder (UAIX-DOC-3382) as data, and the resolver that walks a route
 * record down it. "Speed up only once capability is proven; slow down before guessing": a client
 * kind has only the capabilities its ladder row proves, and the resolver never returns a step that
 * needs one it lacks. Decisions come from the record's fields and this table, nothing else.
 */
import {
  CAPABILITIES,
  CAPABILITY_FALLBACKS,
  FALLBACK_FIELDS,
  fallbackTargetOf,
  highestPathNeeds,
  listCapabilities,
  targetNeeds,
  type Capability,
  type FallbackField,
  type RouteRecord,
} from './routeVocabulary.ts';
import { fillTemplate } from './issueText.ts';

export const CLIENT_KINDS = [
  'url-only-chatbot',
  'indexed-fetcher',
  'browser-agent',
  'json-post-agent',
  'authenticated-owner-agent',
  'restore-readback-agent',
  'multi-agent-runtime',
  'a2a-peer',
  'mcp-client',
  'mcp-server-system',
] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];

export interface ClientProfile {
  kind: ClientKind;
  /** The ladder row's name (content/client-ladder/en-us.json). */
  label: string;
  capabilities: readonly Capability[];
}

/**
 * What each kind can be assumed to do. Every kind fetches public static URLs; nothing else is
 * implied unless the ladder row's highest supported path proves it. An MCP client gets tools only
 * where its host explicitly provides them, so only the MCP-server-capable system has mcp-tools.
 * Kinds that build their own requests (JSON, MCP resource templates, agent protocols) can fill a URI
 * template; a URL-only chatbot, a cached fetcher and a browser agent follow the URLs and links they
 * are given, so they get the concrete listing instead.
 */
export const CLIENT_PROFILES: Readonly<Record<ClientKind, ClientProfile>> = {
  'url-only-chatbot': { kind: 'url-only-chatbot', label: 'URL-only chatbot', capabilities: ['static-get'] },
  'indexed-fetcher': { kind: 'indexed-fetcher', label: 'Indexed or cached fetcher', capabilities: ['static-get'] },
  'browser-agent': {
    kind: 'browser-agent',
    label: 'Browser-assisted agent',
    capabilities: ['static-get', 'live-get', 'javascript', 'browser-form'],
  },
  'json-post-agent': {
    kind: 'json-post-agent',
    label: 'Structured JSON POST agent',
    capabilities: ['static-get', 'uri-template', 'live-get', 'post'],
  },
  'authenticated-owner-agent': {
    kind: 'authenticated-owner-agent',
    label: 'Authenticated owner agent',
    capabilities: ['static-get', 'uri-template', 'live-get', 'post', 'credentials'],
  },
  'restore-readback-agent': {
    kind: 'restore-readback-agent',
    label: 'Restore/readback agent',
    capabilities: ['static-get', 'uri-template', 'live-get', 'restore-readback'],
  },
  'multi-agent-runtime': {
    kind: 'multi-agent-runtime',
    label: 'Multi-agent runtime',
    capabilities: ['static-get', 'uri-template', 'packet-exchange'],
  },
  'a2a-peer': { kind: 'a2a-peer', label: 'A2A peer', capabilities: ['static-get', 'uri-template', 'a2a'] },
  'mcp-client': { kind: 'mcp-client', label: 'MCP client', capabilities: ['static-get', 'uri-template', 'mcp'] },
  'mcp-server-system': {
    kind: 'mcp-server-system',
    label: 'MCP-server-capable system',
    capabilities: ['static-get', 'uri-template', 'mcp', 'mcp-tools'],
  },
};

export function isClientKind(value: unknown): value is ClientKind {
  return typeof value === 'string' && (CLIENT_KINDS as readonly string[]).includes(value);
}

export class UnknownClientKindError extends Error {
  constructor(readonly kind: string) {
    super(`unknown client kind ${JSON.stringify(kind)}; use one of ${CLIENT_KINDS.join(', ')}`);
  }
}

export type RouteDecision = 'highest' | 'fallback' | 'no-op';

export interface RouteResolution {
  route: string;
  client: ClientKind;
  decision: RouteDecision;
  /** Where the client goes: the route's path, the fallback's url, or the human-review URL. */
  target: string | null;
  /** One English sentence naming the missing capability, if any. */
  reason: string;
  /** The record field the target comes from: path, a fallback field, or human_review_url. */
  via: 'path' | FallbackField | 'human_review_url';
  /** Every capability the target needs; always a subset of the client's capabilities. */
  needs: Capability[];
}

export interface ResolveOptions {
  /**
   * Capabilities the kind normally has but that are missing now (credentials not granted, the host
   * does not provide the tool, no consent). They can only be taken away, never added.
   */
  unavailable?: readonly Capability[];
}

/** The capabilities a client has for this resolution, in CAPABILITIES order. */
export function clientCapabilities(kind: ClientKind, options: ResolveOptions = {}): Capability[] {
  const profile = CLIENT_PROFILES[kind];
  return CAPABILITIES.filter(
    (capability) => profile.capabilities.includes(capability) && !options.unavailable?.includes(capability),
  );
}

/**
 * How far down the ladder a step is, the same for every client: the highest path, then a named
 * fallback (a field for one missing capability, or the browser form), then the lowest safe fallback,
 * then the no-op. A client that can do more never lands lower than one that can do less.
 */
export const STEP_TIER: Readonly<Record<RouteResolution['via'], number>> = {
  path: 0,
  post_blocked_fallback: 1,
  live_get_blocked_fallback: 1,
  mcp_unavailable_fallback: 1,
  auth_unavailable_fallback: 1,
  tool_unavailable_fallback: 1,
  browser_form_equivalent: 1,
  lowest_safe_fallback: 2,
  human_review_url: 3,
};

/**
 * The fallback fields a client lacking `missing` tries, in order: the field for each missing
 * capability (the answer made for it), then the browser form, then every other named fallback (a
 * static index made for cached readers still beats the review page for a client that has live GET),
 * and the lowest safe fallback last.
 */
export function fallbackOrder(missing: readonly Capability[]): FallbackField[] {
  const specific = missing.flatMap((capability) => CAPABILITY_FALLBACKS[capability].fallbacks);
  const named = FALLBACK_FIELDS.filter((field) => STEP_TIER[field] === 1);
  return [
    ...new Set([
      ...specific.filter((field) => STEP_TIER[field] === 1),
      'browser_form_equivalent' as const,
      ...named,
      'lowest_safe_fallback' as const,
    ]),
  ];
}

/** The step a client with exactly the capabilities `has` takes on a (valid) route record, and what it lacks. */
export interface RouteStep {
  decision: RouteDecision;
  target: string | null;
  via: RouteResolution['via'];
  needs: Capability[];
  /** What the highest path needs and the client lacks, in CAPABILITIES order. */
  missing: Capability[];
}

/**
 * The highest step whose needs `has` covers. A fallback target is taken only when every capability it
 * lists is in `has` (a URL with a {name} segment lists uri-template, which the schema enforces), so a
 * client that cannot expand a URI template is never handed one.
 */
export function chooseStep(record: RouteRecord, has: readonly Capability[]): RouteStep {
  const needs = highestPathNeeds(record);
  const missing = needs.filter((capability) => !has.includes(capability));
  if (missing.length === 0) return { decision: 'highest', target: record.path, via: 'path', needs, missing };
  for (const field of fallbackOrder(missing)) {
    const target = fallbackTargetOf(record, field);
    if (!target) continue;
    const targetNeed = targetNeeds(target);
    if (targetNeed.length !== target.needs.length || !targetNeed.every((capability) => has.includes(capability)))
      continue;
    return { decision: 'fallback', target: target.url, via: field, needs: targetNeed, missing };
  }
  return {
    decision: 'no-op',
    target: record.human_review_url,
    via: 'human_review_url',
    needs: ['static-get'],
    missing,
  };
}

/**
 * The resolver's reason for each decision, as templates (the catalog translates them as
 * `resolver.reason.<decision>`): `{client}` the ladder row's name inside a sentence, `{field}` the
 * fallback field taken, `{needs}`, `{missing}` and `{has}` lists of capabilities (see ReasonParts).
 */
export const RESOLVER_REASONS: Readonly<Record<RouteDecision, string>> = {
  highest: 'The {client} has every capability the highest path needs ({needs}), so it takes that path.',
  fallback:
    'The highest path needs {missing}, which the {client} lacks, so it takes {field}, which needs only {needs}.',
  'no-op':
    'The highest path needs {missing}, which the {client} lacks, and no named fallback can be taken with {has} alone, so it stops and returns the human-review URL.',
};

/** What a resolution's reason is made of: its template's values, before they are written in a language. */
export interface ReasonParts {
  decision: RouteDecision;
  client: ClientKind;
  field: RouteResolution['via'];
  needs: Capability[];
  missing: Capability[];
  has: Capability[];
}

/** The step a client kind takes on a (valid) route record, with the parts of its reason. */
export function routeReasonParts(record: RouteRecord, kind: string, options: ResolveOptions = {}): ReasonParts {
  return stepOf(record, kind, options).parts;
}

function stepOf(record: RouteRecord, kind: string, options: ResolveOptions): { step: RouteStep; parts: ReasonParts } {
  if (!isClientKind(kind)) throw new UnknownClientKindError(kind);
  const has = clientCapabilities(kind, options);
  const step = chooseStep(record, has);
  const { decision, via: field, needs, missing } = step;
  return { step, parts: { decision, client: kind, field, needs, missing, has } };
}

/** Decides where a client kind goes on a (valid) route record. */
export function resolveRoute(record: RouteRecord, kind: string, options: ResolveOptions = {}): RouteResolution {
  const { step, parts } = stepOf(record, kind, options);
  const { missing: _missing, ...resolved } = step;
  const reason = fillTemplate(RESOLVER_REASONS[parts.decision], {
    client: inSentence(CLIENT_PROFILES[parts.client].label),
    field: parts.field,
    needs: listCapabilities(parts.needs),
    missing: listCapabilities(parts.missing),
    has: listCapabilities(parts.has),
  });
  return { route: record.route_id, client: parts.client, ...resolved, reason };
}

/**
 * A ladder label inside a sentence: "Indexed or cached fetcher" → "indexed or cached fetcher";
 * "URL-only chatbot" and "MCP client" keep their case.
 */
function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}
