/**
 * The locale-free machine records, as a map from public path to bytes: schemas at their `$id`,
 * fixtures and their keyless forms, the conformance pack, the field registry, route records,
 * robots.txt, with the media type each path is served with. The `_headers` rules, whose
 * Content-Security-Policy depends on the pages, the manifest and llms.txt are built after the mirrors.
 */
import type { RecordModel } from '../model/recordModel.ts';
import type { FieldRegistryDocument } from '../model/fieldRegistry.ts';
import { FIXTURE_EVALUATED_AT } from '../../uai/fixtureCheck.ts';
import { canonicalBytes } from '../../uai/jcs.ts';
import { fixtureRequirements, type RequirementTests } from '../../uai/conformanceRequirements.ts';
import type { CaseKind } from '../../uai/conformanceProtocol.ts';
import { sha256, sha256Digest, type Sha256 } from '../../uai/sha256.ts';
import { LOCALES, SITE_ORIGIN } from '../model/locales.ts';
import { extensionMediaType } from '../model/mediaTypes.ts';
import {
  API_CATALOG_PATH,
  API_CATALOG_SCHEMA_PATH,
  CONFORMANCE_PATH,
  CONFORMANCE_REPORT_SCHEMA_PATH,
  EXAMPLES_DIR_PATH,
  FIELD_REGISTRY_PATH,
  HEADERS_PATH,
  JSON_SCHEMA_DIALECT,
  LLMS_FULL_PATH,
  LLMS_PATH,
  MANIFEST_PATH,
  MANIFEST_SCHEMA_PATH,
  MIRROR_SCHEMA_PATH,
  OPENAPI_PATH,
  OPENAPI_SCHEMA_URL,
  REFERENCE_REPORT_PATH,
  IMPLEMENTATIONS_MATRIX_PATH,
  IMPLEMENTATIONS_MATRIX_SCHEMA_PATH,
  committedReportPath,
  REQUIREMENTS_PATH,
  REQUIREMENTS_SCHEMA_PATH,
  ROBOTS_PATH,
  ROUTE_RECORD_SCHEMA_PATH,
  SCHEMA_CATALOG_PATH,
  SCHEMA_CATALOG_SCHEMA_URL,
  SITEMAP_PATH,
  routeRecordPath,
} from '../model/publicPaths.ts';
import { decodeJsonBytes } from '../../uai/jsonText.ts';
import { hostPatternMatches } from './hostPathPattern.ts';
import { CHANGELOG_PATH, CHANGELOG_SCHEMA_PATH, changelogFeedPath } from '../editions/changelog.ts';
import { EDITION_CHANGES_FOLDER, EDITION_CHANGES_SCHEMA_PATH } from '../editions/editionChanges.ts';
import { ERRATA_JSON_PATH, ERRATA_SCHEMA_PATH } from '../editions/errata.ts';
import { EDITIONS_FOLDER } from '../editions/editions.ts';
import type { TracedRequirement } from '../requirements/requirementTrace.ts';
import { requirementsByFixture, requirementsDocument } from '../requirements/requirementsRecord.ts';

/** A file the build writes; its media type follows from its path (mediaTypeOf). */
export interface PublishedFile {
  path: string;
  text: string;
}

export const DIGEST_RULE =
  'sha256: + lowercase hex SHA-256 of the RFC 8785 (JCS) UTF-8 bytes of the keyed packet with the member integrity.checksum removed; keyed, minified keyed and keyless forms of one packet share one digest.';

export interface RouteRecordFile {
  routeId: string;
  text: string;
}

function expectedOf(fixture: RecordModel['fixtures'][number]) {
  return fixture.expectation
    ? { code: fixture.expectation.code, path: fixture.expectation.path, why: fixture.expectation.why }
    : null;
}

/** The requirements of the record and the ids no requirement may carry again. */
export interface RecordRequirements {
  requirements: readonly TracedRequirement[];
  retired: Readonly<Record<string, string>>;
}

function expectedWarningsOf(fixture: RecordModel['fixtures'][number]) {
  const warning = fixture.warningExpectation;
  return warning ? [{ code: warning.code, path: warning.path, why: warning.why }] : [];
}

/**
 * The requirement ids of a pack entry: those whose tests its fixture matches, else (a valid fixture,
 * a truncated report) those the harness derives from the requirement ↔ code map for its every form,
 * so that every entry names at least one.
 */
function entryRequirements(
  tested: ReadonlyMap<string, string[]>,
  tests: RequirementTests,
  fixture: RecordModel['fixtures'][number] | RecordModel['routeFixtures'][number],
  kind: CaseKind,
): string[] {
  const listed = tested.get(fixture.url);
  if (listed?.length) return listed;
  const expected = fixture.expectation ? { code: fixture.expectation.code, path: fixture.expectation.path } : null;
  const otherCodes = fixture.errorCodes.filter((code) => code !== expected?.code);
  return fixtureRequirements(tests, { kind, verdict: fixture.verdict, expected, otherCodes });
}

export function conformancePack(model: RecordModel, requirements: RecordRequirements) {
  const tested = requirementsByFixture(requirements.requirements);
  const tests: RequirementTests = new Map(requirements.requirements.map((entry) => [entry.id, entry.tests]));
  return {
    standard: 'UAI-1',
    evaluated_at: FIXTURE_EVALUATED_AT,
    digest_rule: DIGEST_RULE,
    // Each entry's `requirements` are ids of this record; it says what each requirement is and how it is tested.
    requirements_url: `${SITE_ORIGIN}${REQUIREMENTS_PATH}`,
    how_to_use:
      'Validate each fixture with your implementation, using evaluated_at as the current time. A valid fixture must pass; an invalid fixture must fail with expected.code at expected.path. For valid fixtures, the keyed, minified and keyless forms must all give digest. Entries of kind route-record are route records: check them with a route-record checker (uaix route check).',
    fixtures: [
      ...model.fixtures.map((fixture) => {
        const keylessDigest = fixture.keyless === undefined ? null : model.validator.digest(fixture.keyless);
        return {
          kind: 'packet' as const,
          profile: fixture.profile,
          group: fixture.group,
          name: fixture.name,
          verdict: fixture.verdict,
          url: `${SITE_ORIGIN}${fixture.url}`,
          keyless_url: fixture.keylessUrl ? `${SITE_ORIGIN}${fixture.keylessUrl}` : null,
          digest: fixture.digest,
          form_digests:
            fixture.verdict === 'valid'
              ? {
                  keyed: fixture.digest,
                  minified: fixture.minifiedDigest ?? null,
                  keyless: keylessDigest && keylessDigest.ok ? (keylessDigest.value as string) : null,
                }
              : null,
          expected: expectedOf(fixture),
          expected_warnings: expectedWarningsOf(fixture),
          requirements: entryRequirements(tested, tests, fixture, 'packet'),
        };
      }),
      ...model.routeFixtures.map((fixture) => ({
        kind: 'route-record' as const,
        profile: null,
        group: fixture.group,
        name: fixture.name,
        verdict: fixture.verdict,
        url: `${SITE_ORIGIN}${fixture.url}`,
        keyless_url: null,
        digest: null,
        form_digests: null,
        expected: expectedOf(fixture),
        expected_warnings: expectedWarningsOf(fixture),
        requirements: entryRequirements(tested, tests, fixture, 'route-record'),
      })),
    ],
  };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function machineRecordFiles(
  model: RecordModel,
  fieldRegistry: FieldRegistryDocument,
  siteSchemas: { path: string; text: string }[],
  routes: RouteRecordFile[],
  requirements: RecordRequirements,
): PublishedFile[] {
  const files: PublishedFile[] = [];
  for (const schema of model.schemas) files.push({ path: schema.url, text: schema.text });
  for (const schema of siteSchemas) files.push({ path: schema.path, text: schema.text });
  for (const fixture of [...model.fixtures, ...model.routeFixtures]) {
    files.push({ path: fixture.url, text: fixture.text });
    if (fixture.keylessUrl && fixture.keylessText) files.push({ path: fixture.keylessUrl, text: fixture.keylessText });
  }
  files.push({ path: CONFORMANCE_PATH, text: json(conformancePack(model, requirements)) });
  files.push({
    path: REQUIREMENTS_PATH,
    text: json(requirementsDocument(requirements.requirements, requirements.retired)),
  });
  files.push({ path: FIELD_REGISTRY_PATH, text: json(fieldRegistry) });
  for (const route of routes) files.push({ path: routeRecordPath(route.routeId), text: route.text });
  files.push({ path: ROBOTS_PATH, text: `User-agent: *\nAllow: /\n\nSitemap: ${SITE_ORIGIN}${SITEMAP_PATH}\n` });
  return files;
}

/**
 * The Content-Security-Policy of every file: only this origin's scripts, styles, images, workers
 * and fetches; no plugin, no framing, no <base>, forms only to this origin; no inline script and
 * no eval. Two deliberate allowances:
 * - 'wasm-unsafe-eval' lets Pagefind (search) compile its WebAssembly; it allows no JavaScript
 *   eval, and only scripts this origin serves can use it. It is site-wide because hosts join a
 *   header set by two `_headers` rules into two policies, so one page cannot be loosened alone.
 * - The code blocks' colours are Shiki's `style` attributes. Only those exact values are allowed,
 *   by their hashes (`style-src-attr 'unsafe-hashes' 'sha256-…'`); `<style>` elements stay
 *   forbidden (`style-src 'self'`).
 */
export function contentSecurityPolicy(styleAttributes: Iterable<string>): string {
  const hashes = [...new Set(styleAttributes)]
    .sort()
    .map((value) => `'sha256-${toBase64(sha256(new TextEncoder().encode(value)))}'`);
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    hashes.length ? `style-src-attr 'unsafe-hashes' ${hashes.join(' ')}` : "style-src-attr 'none'",
    "img-src 'self' data:",
    "worker-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Always revalidated: a cached copy can never disagree with the digests of a fresher manifest. */
export const REVALIDATE = 'public, max-age=0, must-revalidate';
/** Only for files whose bytes never change at their URL: Astro's hashed assets and released editions. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface HeaderRule {
  /** A host path pattern: `*` matches any characters, `/` included. */
  path: string;
  headers: Readonly<Record<string, string>>;
}

/** One link of an HTTP `Link` header (RFC 8288). */
export interface HeaderLink {
  /** A URI reference; a relative one resolves against the URL that was requested. */
  href: string;
  rel: string;
  type?: string;
}

/** The value of a `Link` header: the links, comma-separated. */
export function linkHeaderValue(links: readonly HeaderLink[]): string {
  return links.map((link) => `<${link.href}>; rel="${link.rel}"${link.type ? `; type="${link.type}"` : ''}`).join(', ');
}

/** The RFC 9727 profile of an API catalog's linkset. */
export const API_CATALOG_PROFILE = 'https://www.rfc-editor.org/info/rfc9727';
export const API_CATALOG_TYPE = 'application/linkset+json';
export const OPENAPI_TYPE = 'application/vnd.oai.openapi+json';

/**
 * What every HTML page links: its two mirrors (relative, so one rule serves every page: each
 * resolves against the page's own URL), the manifest, llms.txt and the API catalog.
 */
export const PAGE_LINKS: readonly HeaderLink[] = [
  { href: 'index.md', rel: 'alternate', type: 'text/markdown' },
  { href: 'index.json', rel: 'alternate', type: 'application/json' },
  { href: MANIFEST_PATH, rel: 'describedby', type: 'application/json' },
  { href: LLMS_PATH, rel: 'describedby', type: 'text/plain' },
  { href: API_CATALOG_PATH, rel: 'api-catalog', type: API_CATALOG_TYPE },
];

/** A machine file's link to the schema that describes it. */
export function describedBy(schema: string): HeaderLink {
  return { href: schema, rel: 'describedby', type: 'application/schema+json' };
}

/** A machine-readable file: its media type, readable from any origin, revalidated on every use; and its schema. */
function machineReadable(path: string, mediaType: string, schema?: string): HeaderRule {
  return {
    path,
    headers: {
      'Content-Type': `${mediaType}; charset=utf-8`,
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': REVALIDATE,
      ...(schema ? { Link: linkHeaderValue([describedBy(schema)]) } : {}),
    },
  };
}

/**
 * The pages' Link rule: the root and every path under a locale that ends in `/`. Not one rule for
 * every path that ends in `/`: a host's `*` spans `/`, so it would also match the folders under
 * /schemas/, whose rule links a schema.
 */
function pageLinkRules(): HeaderRule[] {
  const headers = { Link: linkHeaderValue(PAGE_LINKS) };
  return [
    { path: '/', headers },
    ...LOCALES.flatMap((locale) => [
      { path: `/${locale.code}/`, headers },
      { path: `/${locale.code}/*/`, headers },
    ]),
  ];
}

/**
 * The `_headers` rules (Netlify, Cloudflare Pages). Hosts combine every rule that matches a path,
 * and one of them joins repeated headers with commas, so no header name is set by two rules that
 * can match the same path (tests/build/machineRecords.test.ts checks this for every file). HTML
 * pages and the not-found page keep the host's default, which revalidates. The fixtures' schema
 * links depend on the profiles, so they are added when the file is written (fixtureLinkRules).
 */
export const HEADER_RULES: readonly HeaderRule[] = [
  { path: '/*', headers: { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' } },
  ...pageLinkRules(),
  // Unversioned schemas: a 404 under /schemas/ is not cached either, so a schema published later is found.
  machineReadable('/schemas/*', 'application/schema+json', JSON_SCHEMA_DIALECT),
  machineReadable('/examples/*', 'application/json'),
  machineReadable('/routes/*', 'application/json', ROUTE_RECORD_SCHEMA_PATH),
  machineReadable(MANIFEST_PATH, 'application/json', MANIFEST_SCHEMA_PATH),
  {
    path: API_CATALOG_PATH,
    headers: {
      'Content-Type': `${API_CATALOG_TYPE}; profile="${API_CATALOG_PROFILE}"`,
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': REVALIDATE,
      Link: linkHeaderValue([describedBy(API_CATALOG_SCHEMA_PATH)]),
    },
  },
  machineReadable(OPENAPI_PATH, OPENAPI_TYPE, OPENAPI_SCHEMA_URL),
  machineReadable(SCHEMA_CATALOG_PATH, 'application/json', SCHEMA_CATALOG_SCHEMA_URL),
  machineReadable(FIELD_REGISTRY_PATH, 'application/json'),
  machineReadable('/index.json', 'application/json', MIRROR_SCHEMA_PATH),
  machineReadable('/*/index.json', 'application/json', MIRROR_SCHEMA_PATH),
  machineReadable('/index.md', 'text/markdown'),
  machineReadable('/*/index.md', 'text/markdown'),
  machineReadable(LLMS_PATH, 'text/plain'),
  machineReadable(LLMS_FULL_PATH, 'text/plain'),
  machineReadable(ROBOTS_PATH, 'text/plain'),
  machineReadable('/sitemap-*', 'application/xml'),
  // What changed between editions and the changelog: generated, so revalidated like every machine record.
  machineReadable(`/${EDITION_CHANGES_FOLDER}/*`, 'application/json', EDITION_CHANGES_SCHEMA_PATH),
  machineReadable(CHANGELOG_PATH, 'application/json', CHANGELOG_SCHEMA_PATH),
  machineReadable(ERRATA_JSON_PATH, 'application/json', ERRATA_SCHEMA_PATH),
  machineReadable(REQUIREMENTS_PATH, 'application/json', REQUIREMENTS_SCHEMA_PATH),
  machineReadable(REFERENCE_REPORT_PATH, 'application/json', CONFORMANCE_REPORT_SCHEMA_PATH),
  machineReadable(committedReportPath('*'), 'application/json', CONFORMANCE_REPORT_SCHEMA_PATH),
  machineReadable(IMPLEMENTATIONS_MATRIX_PATH, 'application/json', IMPLEMENTATIONS_MATRIX_SCHEMA_PATH),
  machineReadable(changelogFeedPath('*'), 'application/atom+xml'),
  { path: '/pagefind/*', headers: { 'Cache-Control': REVALIDATE } },
  // Released editions never change (src/record/editions/editions.ts): the files in their folders are cached for
  // good. Only the schemas need a media type their extension does not give (a `*` spans folders, so one
  // rule per kind would overlap). Cloudflare Pages allows one splat per pattern: the edition is a placeholder.
  {
    path: `/${EDITIONS_FOLDER}/:edition/*`,
    headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': IMMUTABLE },
  },
  {
    path: `/${EDITIONS_FOLDER}/:edition/schemas/*`,
    headers: { 'Content-Type': 'application/schema+json; charset=utf-8' },
  },
  // An edition's bundle beside its folder is made by the build (zlib writes its bytes), so it is revalidated.
  {
    path: `/${EDITIONS_FOLDER}/*.tar.gz`,
    headers: { 'Content-Type': 'application/gzip', 'Access-Control-Allow-Origin': '*', 'Cache-Control': REVALIDATE },
  },
  { path: '/_astro/*', headers: { 'Cache-Control': IMMUTABLE } },
];

/**
 * Each fixture folder's link to the schema its fixtures are checked against: the profile's schema
 * (for the valid, invalid and keyless fixtures alike), the envelope's for the envelope's own
 * fixtures, the route-record schema for route fixtures.
 */
export function fixtureLinkRules(
  model: Pick<RecordModel, 'profiles' | 'fixtures' | 'routeFixtures' | 'envelope'>,
): HeaderRule[] {
  const profileSchemas = new Map(model.profiles.map((profile) => [profile.slug, profile.schema.url]));
  const groups = [
    // A group that is no profile's (the envelope's own fixtures) is checked against the envelope.
    ...[...new Set(model.fixtures.map((fixture) => fixture.group))].map((group) => ({
      group,
      schema: profileSchemas.get(group) ?? model.envelope.url,
    })),
    ...[...new Set(model.routeFixtures.map((fixture) => fixture.group))].map((group) => ({
      group,
      schema: ROUTE_RECORD_SCHEMA_PATH,
    })),
  ];
  return groups.map(({ group, schema }) => ({
    path: `${EXAMPLES_DIR_PATH}${group}/*`,
    headers: { Link: linkHeaderValue([describedBy(schema)]) },
  }));
}

/** The rules whose pattern matches a path, in file order. */
export function headerRulesFor(path: string): HeaderRule[] {
  return HEADER_RULES.filter((rule) => hostPatternMatches(rule.path, path));
}

/**
 * The media type a published file is served with: the Content-Type its `_headers` rule sets,
 * else the one its extension implies. The manifest states it and route records must agree.
 */
export function mediaTypeOf(path: string): string {
  if (path === HEADERS_PATH) return 'text/plain';
  const declared = headerRulesFor(path).find((rule) => rule.headers['Content-Type'])?.headers['Content-Type'];
  if (declared) return declared.split(';')[0];
  return extensionMediaType(path);
}

/** The rules with the site's Content-Security-Policy on every path (the `/*` rule: set once, never joined). */
export function withContentSecurityPolicy(rules: readonly HeaderRule[], policy: string): HeaderRule[] {
  return rules.map((rule) =>
    rule.path === '/*' ? { ...rule, headers: { ...rule.headers, 'Content-Security-Policy': policy } } : rule,
  );
}

/** The `_headers` file: the rules, one pattern line and its indented headers each. */
export function headersFile(rules: readonly HeaderRule[] = HEADER_RULES): string {
  return `${rules.flatMap((rule) => [rule.path, ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`)]).join('\n')}\n`;
}

/**
 * sha256 of a file's bytes, and of its RFC 8785 form when it is JSON and I-JSON (no duplicate
 * names, well-formed UTF-8). `hash` is the core's pure-JavaScript SHA-256 unless the caller has a
 * faster one (the build passes node:crypto's).
 */
export function fileDigests(
  bytes: Uint8Array,
  mediaType: string,
  hash: Sha256 = sha256,
): { sha256: string; jcs_sha256?: string } {
  const result: { sha256: string; jcs_sha256?: string } = { sha256: sha256Digest(bytes, hash) };
  if (!mediaType.includes('json')) return result;
  // Invalid-on-purpose fixtures (not JSON, duplicate keys) have no canonical form.
  const read = decodeJsonBytes(bytes);
  if (read.ok) result.jcs_sha256 = sha256Digest(canonicalBytes(read.value), hash);
  return result;
}

/** The schema a published file links as `describedby` under these rules, if any. */
export function describedBySchemaOf(path: string, rules: readonly HeaderRule[]): string | undefined {
  for (const rule of rules) {
    if (!rule.headers.Link || !hostPatternMatches(rule.path, path)) continue;
    const link = /<([^<>]*)>; rel="describedby"; type="application\/schema\+json"/.exec(rule.headers.Link);
    if (link) return link[1];
  }
  return undefined;
}
