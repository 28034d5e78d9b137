/**
 * /schema-catalog.json: the record's schemas in SchemaStore's catalog format
 * (https://json.schemastore.org/schema-catalog.json), so an editor checks a file as it is typed by
 * its name: `*.uai.json` against the envelope, `*.<profile>.uai.json` (such as
 * `reply.uai-agent-ack-v1.uai.json`) against that profile's schema too, and `*.uai-route.json`
 * against the route-record schema. Keyless packets (arrays) have no schema of their own.
 */
import type { RecordModel } from '../model/recordModel.ts';
import { SCHEMA_CATALOG_SCHEMA_URL } from '../model/publicPaths.ts';

export interface SchemaCatalogEntry {
  name: string;
  description: string;
  fileMatch: string[];
  url: string;
}

export function schemaCatalog(model: Pick<RecordModel, 'envelope' | 'profiles' | 'schemas'>) {
  const route = model.schemas.find((schema) => schema.fileName === 'route-record.schema.json');
  const schemas: SchemaCatalogEntry[] = [
    {
      name: 'UAI-1 packet',
      description: 'A UAI-1 agent communication packet (keyed form), checked against the envelope.',
      fileMatch: ['*.uai.json'],
      url: model.envelope.id,
    },
    ...model.profiles.map((profile) => ({
      name: `UAI-1 ${profile.profile} packet`,
      description: profile.schema.description || `A UAI-1 packet of the profile ${profile.profile}.`,
      fileMatch: [`*.${profile.slug}.uai.json`],
      url: profile.schema.id,
    })),
    ...(route
      ? [
          {
            name: 'UAI-1 route record',
            description: route.description || 'A UAI-1 route record.',
            fileMatch: ['*.uai-route.json'],
            url: route.id,
          },
        ]
      : []),
  ];
  return { $schema: SCHEMA_CATALOG_SCHEMA_URL, version: 1, schemas };
}
