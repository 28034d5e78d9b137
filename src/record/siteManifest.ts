/** /.well-known/uaix.json: what the record publishes, where, and the digest of every file. */
import type { RecordModel } from './recordModel.ts';
import type { RecordIndex } from './pageIndex.ts';
import type { PublishedFile, RouteRecordFile } from './machineRecords.ts';
import { DIGEST_RULE, fileDigests } from './machineRecords.ts';
import { LOCALES, SITE_ORIGIN, SOURCE_LOCALE, pageUrl } from './locales.ts';
import { runCommand, type PackageRelease } from './packageCommands.ts';
import {
  CONFORMANCE_PATH,
  FIELD_REGISTRY_PATH,
  LLMS_FULL_PATH,
  LLMS_PATH,
  MANIFEST_SCHEMA_PATH,
  MIRROR_SCHEMA_PATH,
  SITEMAP_PATH,
  routeRecordPath,
} from './publicPaths.ts';

export const SUPPORT_BOUNDARY =
  'Agent runtimes execute. UAIX records the reviewed communication, memory, trust, evidence, and handoff boundary. UAIX does not provide automatic sync, hosted messaging, runtime orchestration, official adapters, repository write execution, certification authority or hosted import mechanisms.';

export function buildSiteManifest(model: RecordModel, index: RecordIndex, files: PublishedFile[], routes: RouteRecordFile[], release: PackageRelease) {
  const url = (path: string) => `${SITE_ORIGIN}${path}`;
  return {
    $schema: url(MANIFEST_SCHEMA_PATH),
    publisher: { name: 'UAIX.org — Universal Artificial Intelligence Exchange', url: url('/'), attribution: 'Michael Joseph Kappel, MCP' },
    standard: {
      name: 'UAI-1',
      version: String(model.envelopeShape.fields.find((field) => field.name === 'uai_version')?.shape.constraints.const ?? '1.0'),
      definition: 'Open message format for auditable AI-to-AI exchange',
      specification: url(pageUrl(SOURCE_LOCALE, 'specification/uai-1')),
      envelope_schema: model.envelope.id,
      digest_rule: DIGEST_RULE,
    },
    profiles: model.profiles.map((profile) => {
      const page = index.byUrl.get(pageUrl(SOURCE_LOCALE, `registry/${profile.slug}`));
      return {
        profile: profile.profile,
        record_code: page?.code ?? '',
        schema: profile.schema.id,
        page: url(pageUrl(SOURCE_LOCALE, `registry/${profile.slug}`)),
        fixtures: profile.fixtures.flatMap((fixture) => [url(fixture.url), ...(fixture.keylessUrl ? [url(fixture.keylessUrl)] : [])]),
      };
    }),
    locales: LOCALES.map((locale) => ({
      code: locale.code,
      lang: locale.lang,
      home: url(pageUrl(locale.code, '')),
      content: locale.code === SOURCE_LOCALE ? ('source' as const) : locale.translatesContent ? ('translated' as const) : ('fallback-to-english' as const),
    })),
    authoritative: 'The English text and the JSON records are authoritative.',
    machine_routes: {
      llms_txt: url(LLMS_PATH),
      llms_full_txt: url(LLMS_FULL_PATH),
      sitemap: url(SITEMAP_PATH),
      field_registry: url(FIELD_REGISTRY_PATH),
      conformance_pack: url(CONFORMANCE_PATH),
      page_mirror_schema: url(MIRROR_SCHEMA_PATH),
      manifest_schema: url(MANIFEST_SCHEMA_PATH),
    },
    support_boundary: SUPPORT_BOUNDARY,
    routes: routes.map((route) => ({
      route_id: route.routeId,
      record: url(routeRecordPath(route.routeId)),
      record_sha256: fileDigests(route.text, 'application/json').sha256,
    })),
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
    files: files
      .filter((file) => file.mediaType.includes('json') || file.path.endsWith('.txt'))
      .map((file) => ({ url: url(file.path), media_type: file.mediaType, ...fileDigests(file.text, file.mediaType) })),
  };
}
