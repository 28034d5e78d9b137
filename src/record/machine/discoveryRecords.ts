/**
 * The records through which tools find the others: the OpenAPI description of the routes, the
 * editor schema catalog and the RFC 9727 API catalog. Built from the machine records already
 * published, so each names only files that exist.
 */
import type { RecordModel } from '../model/recordModel.ts';
import type { RecordConfig } from '../model/recordConfig.ts';
import type { OpenApiRoute } from './openApi.ts';
import { openApiDocument } from './openApi.ts';
import { schemaCatalog } from './schemaCatalog.ts';
import { apiCatalog, catalogItems } from './apiCatalog.ts';
import { describedBySchemaOf, fixtureLinkRules, HEADER_RULES, type PublishedFile } from './machineRecords.ts';
import { API_CATALOG_PATH, OPENAPI_PATH, SCHEMA_CATALOG_PATH } from '../model/publicPaths.ts';
import { SUPPORT_BOUNDARY } from './siteManifest.ts';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The standard version the envelope fixes (`uai_version`). */
export function standardVersion(model: Pick<RecordModel, 'envelopeShape'>): string {
  return String(
    model.envelopeShape.fields.find((field) => field.name === 'uai_version')?.shape.constraints.const ?? '1.0',
  );
}

export function discoveryRecordFiles(
  model: RecordModel,
  routes: readonly OpenApiRoute[],
  config: RecordConfig,
  published: readonly PublishedFile[],
): PublishedFile[] {
  const rules = [...HEADER_RULES, ...fixtureLinkRules(model)];
  const openApi = openApiDocument({
    routes,
    paths: published.map((file) => file.path),
    schemaOf: (path) => describedBySchemaOf(path, rules),
    schemas: model.schemas,
    fixtures: [...model.fixtures, ...model.routeFixtures],
    license: config.license,
    version: standardVersion(model),
    description: `The static GET routes of the UAIX record, generated from its route records. ${SUPPORT_BOUNDARY}`,
  });
  const items = catalogItems(
    model,
    routes.map((route) => route.routeId),
  );
  return [
    { path: OPENAPI_PATH, text: json(openApi) },
    { path: SCHEMA_CATALOG_PATH, text: json(schemaCatalog(model)) },
    { path: API_CATALOG_PATH, text: json(apiCatalog(items, config.license)) },
  ];
}
