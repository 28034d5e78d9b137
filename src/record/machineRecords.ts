/**
 * The locale-free machine records, as a map from public path to bytes: schemas at their `$id`,
 * fixtures and their keyless forms, the conformance pack, the field registry, route records,
 * and robots.txt. The manifest, llms.txt and the _headers hints (whose Content-Security-Policy
 * depends on the pages) are built after the mirrors.
 */
import type { RecordModel } from './recordModel.ts';
import type { FieldRegistryDocument } from './fieldRegistry.ts';
import { FIXTURE_EVALUATED_AT } from '../uai/fixtureCheck.ts';
import { canonicalBytes } from '../uai/jcs.ts';
import { sha256, sha256Digest } from '../uai/sha256.ts';
import { SITE_ORIGIN } from './locales.ts';
import { CONFORMANCE_PATH, FIELD_REGISTRY_PATH, SITEMAP_PATH, routeRecordPath } from './publicPaths.ts';

export interface PublishedFile {
  path: string;
  text: string;
  mediaType: string;
}

export const DIGEST_RULE =
  'sha256: + lowercase hex SHA-256 of the RFC 8785 (JCS) UTF-8 bytes of the keyed packet with the member integrity.checksum removed; keyed, minified keyed and keyless forms of one packet share one digest.';

export interface RouteRecordFile {
  routeId: string;
  text: string;
}

function expectedOf(fixture: RecordModel['fixtures'][number]) {
  return fixture.expectation ? { code: fixture.expectation.code, path: fixture.expectation.path, why: fixture.expectation.why } : null;
}

export function conformancePack(model: RecordModel) {
  return {
    standard: 'UAI-1',
    evaluated_at: FIXTURE_EVALUATED_AT,
    digest_rule: DIGEST_RULE,
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
              ? { keyed: fixture.digest, minified: fixture.minifiedDigest ?? null, keyless: keylessDigest && keylessDigest.ok ? (keylessDigest.value as string) : null }
              : null,
          expected: expectedOf(fixture),
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
      })),
    ],
  };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function machineRecordFiles(model: RecordModel, fieldRegistry: FieldRegistryDocument, siteSchemas: { path: string; text: string }[], routes: RouteRecordFile[]): PublishedFile[] {
  const files: PublishedFile[] = [];
  for (const schema of model.schemas) files.push({ path: schema.url, text: schema.text, mediaType: 'application/schema+json' });
  for (const schema of siteSchemas) files.push({ path: schema.path, text: schema.text, mediaType: 'application/schema+json' });
  for (const fixture of [...model.fixtures, ...model.routeFixtures]) {
    files.push({ path: fixture.url, text: fixture.text, mediaType: 'application/json' });
    if (fixture.keylessUrl && fixture.keylessText) files.push({ path: fixture.keylessUrl, text: fixture.keylessText, mediaType: 'application/json' });
  }
  files.push({ path: CONFORMANCE_PATH, text: json(conformancePack(model)), mediaType: 'application/json' });
  files.push({ path: FIELD_REGISTRY_PATH, text: json(fieldRegistry), mediaType: 'application/json' });
  for (const route of routes) files.push({ path: routeRecordPath(route.routeId), text: route.text, mediaType: 'application/json' });
  files.push({ path: '/robots.txt', text: `User-agent: *\nAllow: /\n\nSitemap: ${SITE_ORIGIN}${SITEMAP_PATH}\n`, mediaType: 'text/plain' });
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
  const hashes = [...new Set(styleAttributes)].sort().map((value) => `'sha256-${toBase64(sha256(new TextEncoder().encode(value)))}'`);
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

/** Serve-time hints for static hosts that read a _headers file (Netlify, Cloudflare Pages). */
export function headersFile(contentSecurityPolicy: string): string {
  return [
    '/*',
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: no-referrer',
    `  Content-Security-Policy: ${contentSecurityPolicy}`,
    '/schemas/*',
    '  Content-Type: application/schema+json; charset=utf-8',
    '  Access-Control-Allow-Origin: *',
    '  Cache-Control: public, max-age=604800, stale-while-revalidate=86400',
    '/examples/*',
    '  Content-Type: application/json; charset=utf-8',
    '  Access-Control-Allow-Origin: *',
    '/routes/*',
    '  Content-Type: application/json; charset=utf-8',
    '  Access-Control-Allow-Origin: *',
    '/.well-known/uaix.json',
    '  Content-Type: application/json; charset=utf-8',
    '  Access-Control-Allow-Origin: *',
    '/uai-1-field-registry.json',
    '  Content-Type: application/json; charset=utf-8',
    '  Access-Control-Allow-Origin: *',
    '/*.md',
    '  Content-Type: text/markdown; charset=utf-8',
    '/llms.txt',
    '  Content-Type: text/plain; charset=utf-8',
    '/llms-full.txt',
    '  Content-Type: text/plain; charset=utf-8',
    '/*/index.json',
    '  Content-Type: application/json; charset=utf-8',
    '  Access-Control-Allow-Origin: *',
    '/_astro/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
  ].join('\n');
}

/** sha256 of a file's bytes, and of its JCS form when it is JSON. */
export function fileDigests(text: string, mediaType: string): { sha256: string; jcs_sha256?: string } {
  const bytes = new TextEncoder().encode(text);
  const result: { sha256: string; jcs_sha256?: string } = { sha256: sha256Digest(bytes) };
  if (mediaType.includes('json')) {
    try {
      result.jcs_sha256 = sha256Digest(canonicalBytes(JSON.parse(text)));
    } catch {
      // Invalid JSON fixtures (on purpose) have no canonical form.
    }
  }
  return result;
}
