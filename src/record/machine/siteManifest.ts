/**
 * /.well-known/uaix.json: what the record publishes, where, and the digest of every published file
 * but itself (a file cannot contain its own digest; the manifest says so in `coverage`).
 */
import type { RecordModel } from '../model/recordModel.ts';
import type { PageIndex } from '../pages/pageIndex.ts';
import type { RouteRecord } from '../../uai/routeVocabulary.ts';
import type { Sha256 } from '../../uai/sha256.ts';
import type { UAIXSiteManifestWellKnownUaixJson } from '../generated/uaix-manifest.ts';
import { DIGEST_RULE, fileDigests, mediaTypeOf } from './machineRecords.ts';
import { templateValues } from './pathTemplate.ts';
import { LOCALES, SITE_ORIGIN, SOURCE_LOCALE, pageUrl } from '../model/locales.ts';
import { runCommand, type PackageRelease } from '../implementations/packageCommands.ts';
import { UNSUPPORTED_OFFERING_LIST } from '../../uai/supportClaims.ts';
import { ERRATA_JSON_PATH } from '../editions/errata.ts';
import {
  CONFORMANCE_PATH,
  FIELD_REGISTRY_PATH,
  LLMS_FULL_PATH,
  LLMS_PATH,
  HEADERS_PATH,
  MANIFEST_PATH,
  MANIFEST_SCHEMA_PATH,
  CONFORMANCE_REPORT_SCHEMA_PATH,
  REFERENCE_REPORT_PATH,
  IMPLEMENTATIONS_MATRIX_PATH,
  MIRROR_SCHEMA_PATH,
  API_CATALOG_PATH,
  OPENAPI_PATH,
  SCHEMA_CATALOG_PATH,
  SITEMAP_PATH,
  routeRecordPath,
} from '../model/publicPaths.ts';
import type { RecordLicense } from '../model/recordConfig.ts';
import { PAGE_PATHS } from '../pages/pagePaths.ts';
import { problemAtPointer, type Problem } from '../../uai/problem.ts';

/** What the record does and does not do; the list of what it does not provide is the claim detector's. */
export const SUPPORT_BOUNDARY = [
  'Agent runtimes execute.',
  'UAIX records the reviewed communication, memory, trust, evidence, and handoff boundary.',
  `UAIX does not provide ${UNSUPPORTED_OFFERING_LIST}.`,
].join(' ');

/** A file of the built site: its public path and its bytes as served. */
export interface BuiltFile {
  path: string;
  bytes: Uint8Array;
}

/** A route record as the build has it: its id, its record and the bytes of its file. */
export interface ManifestRoute {
  routeId: string;
  text: string;
  record: RouteRecord;
}

export const MANIFEST_COVERAGE =
  'files lists every file of the published site with the sha256 of its bytes: HTML pages and their index.json and index.md mirrors, schemas, fixtures, route records, the conformance pack, the field registry, the errata register, llms.txt, llms-full.txt, robots.txt, the sitemaps, the search index, assets, and the host configuration file _headers (read by the host, not served). jcs_sha256 is given for JSON files that are I-JSON (RFC 7493), so not for the invalid-on-purpose fixtures. The only file left out is in omits.';

/** /.well-known/uaix.json as schemas/site/uaix-manifest.schema.json declares it. */
export type SiteManifest = UAIXSiteManifestWellKnownUaixJson;

const url = (path: string) => `${SITE_ORIGIN}${path}`;

/** Each profile with its record code, schema, page and fixtures. */
function manifestProfiles(model: RecordModel, index: PageIndex): SiteManifest['profiles'] {
  return model.profiles.map((profile) => {
    const page = index.byUrl.get(pageUrl(SOURCE_LOCALE, `registry/${profile.slug}`));
    return {
      profile: profile.profile,
      record_code: page?.code ?? '',
      schema: profile.schema.id,
      page: url(pageUrl(SOURCE_LOCALE, `registry/${profile.slug}`)),
      fixtures: profile.fixtures.flatMap((fixture) => [
        url(fixture.url),
        ...(fixture.keylessUrl ? [url(fixture.keylessUrl)] : []),
      ]),
    };
  });
}

/** Each locale with its home page and whether its content is source, translated or a fallback. */
function manifestLocales(): SiteManifest['locales'] {
  return LOCALES.map((locale) => ({
    code: locale.code,
    lang: locale.lang,
    home: url(pageUrl(locale.code, PAGE_PATHS.home)),
    content: locale.code === SOURCE_LOCALE ? 'source' : locale.translatesContent ? 'translated' : 'fallback',
    fallback: [...locale.fallback],
  }));
}

/** Where each site-wide machine record is published. */
function machineRoutes(): SiteManifest['machine_routes'] {
  return {
    llms_txt: url(LLMS_PATH),
    llms_full_txt: url(LLMS_FULL_PATH),
    sitemap: url(SITEMAP_PATH),
    field_registry: url(FIELD_REGISTRY_PATH),
    conformance_pack: url(CONFORMANCE_PATH),
    page_mirror_schema: url(MIRROR_SCHEMA_PATH),
    manifest_schema: url(MANIFEST_SCHEMA_PATH),
    api_catalog: url(API_CATALOG_PATH),
    openapi: url(OPENAPI_PATH),
    schema_catalog: url(SCHEMA_CATALOG_PATH),
    errata: url(ERRATA_JSON_PATH),
    conformance_report_schema: url(CONFORMANCE_REPORT_SCHEMA_PATH),
    reference_conformance_report: url(REFERENCE_REPORT_PATH),
    implementations_matrix: url(IMPLEMENTATIONS_MATRIX_PATH),
  };
}

/** Each route record with its path, media type and the digest of its file. */
function manifestRoutes(routes: readonly ManifestRoute[], hash: Sha256 | undefined): SiteManifest['routes'] {
  return routes.map((route) => ({
    route_id: route.routeId,
    title: route.record.title,
    purpose: route.record.description,
    path: route.record.path,
    content_type: route.record.content_type,
    record: url(routeRecordPath(route.routeId)),
    record_sha256: fileDigests(new TextEncoder().encode(route.text), 'application/json', hash).sha256,
  }));
}

/** Every published file but the manifest, with its media type and digests. */
function manifestFiles(files: readonly BuiltFile[], hash: Sha256 | undefined): SiteManifest['files'] {
  return files
    .filter((file) => file.path !== MANIFEST_PATH)
    .map((file) => {
      const mediaType = mediaTypeOf(file.path);
      return {
        url: url(file.path),
        media_type: mediaType,
        ...fileDigests(file.bytes, mediaType, hash),
        ...(file.path === HEADERS_PATH ? { served: false } : {}),
      };
    });
}

export function buildSiteManifest(
  model: RecordModel,
  index: PageIndex,
  files: readonly BuiltFile[],
  routes: readonly ManifestRoute[],
  release: PackageRelease,
  hash: Sha256 | undefined,
  /** What the record says about its editions (editionRecords.ts) and its licence (record.config.json). */
  extra: Pick<SiteManifest, 'edition'> & { license: RecordLicense },
): SiteManifest {
  const { license, ...editionEntry } = extra;
  return {
    $schema: url(MANIFEST_SCHEMA_PATH) as SiteManifest['$schema'],
    publisher: {
      name: 'UAIX.org — Universal Artificial Intelligence Exchange',
      url: url('/'),
      attribution: 'Michael Joseph Kappel, MCP',
    },
    standard: {
      name: 'UAI-1',
      version: String(
        model.envelopeShape.fields.find((field) => field.name === 'uai_version')?.shape.constraints.const ?? '1.0',
      ),
      definition: 'Open message format for auditable AI-to-AI exchange',
      specification: url(pageUrl(SOURCE_LOCALE, PAGE_PATHS.specification)),
      envelope_schema: model.envelope.id,
      digest_rule: DIGEST_RULE,
    },
    profiles: manifestProfiles(model, index),
    locales: manifestLocales(),
    authoritative: 'The English text and the JSON records are authoritative.',
    machine_routes: machineRoutes(),
    support_boundary: SUPPORT_BOUNDARY,
    license: { id: license.id, name: license.name, url: license.url },
    routes: manifestRoutes(routes, hash),
    package: {
      name: release.name,
      version: release.version,
      license: release.license,
      tarball: url(release.path),
      sha256: release.sha256,
      integrity: release.integrity,
      bytes: release.bytes,
      run: runCommand(release, 'validate packet.json'),
    },
    ...editionEntry,
    coverage: {
      files: MANIFEST_COVERAGE,
      omits: [
        {
          url: url(MANIFEST_PATH),
          why: 'This manifest: a file cannot contain its own digest. Fetch it over HTTPS from the publisher.',
        },
      ],
    },
    files: manifestFiles(files, hash),
  };
}

/**
 * A GET route's content_type must be the media type of the files its path names (a `{name}`
 * parameter stands for one segment or part of one, as in /openapi.json), so a client, the manifest
 * and the host agree. One line per disagreement, naming the route record field.
 */
export function routeMediaTypeProblems(
  routes: readonly (ManifestRoute & { file: string })[],
  paths: readonly string[],
): Problem[] {
  const problems: Problem[] = [];
  for (const { file, record } of routes) {
    if (record.method !== 'GET' || record.content_type === null || !record.path.startsWith('/')) continue;
    // The template read as /openapi.json reads it: a folder's path is served as its index.html.
    let named: string[];
    try {
      named = templateValues(record.path.replace(/\/$/, '/index.html'), paths).files;
    } catch (error) {
      problems.push(problemAtPointer(file, '/path', (error as Error).message, 'route-content-type'));
      continue;
    }
    if (named.length === 0)
      problems.push(problemAtPointer(file, '/path', `${record.path} names no published file`, 'route-content-type'));
    const expected = record.content_type.split(';')[0].trim();
    const other = named.find((path) => mediaTypeOf(path) !== expected);
    if (other)
      problems.push(
        problemAtPointer(
          file,
          '/content_type',
          `${JSON.stringify(record.content_type)}, but ${other} is served and listed in the manifest as ${mediaTypeOf(other)}`,
          'route-content-type',
        ),
      );
  }
  return problems;
}
