/**
 * What the published schemas alone decide about a fixture: the verdict of a plain JSON parser and
 * the precompiled JSON Schema validators (ajv's standalone code of schemas/uai-1/), without the
 * core's JSON reader, keyless codec or policy rules. It is what an implementer gets from the schema
 * files and any JSON Schema 2020-12 library, so the coverage page can say per requirement whether
 * the schemas enforce it.
 */
import { PRECOMPILED_VALIDATORS } from '../../uai/generated/schemaValidators.ts';

const SCHEMA_BASE = 'https://uaix.org/schemas/uai-1/';
const ENVELOPE = `${SCHEMA_BASE}envelope.schema.json`;
const ROUTE_RECORD = `${SCHEMA_BASE}route-record.schema.json`;

/**
 * `rejected`: the JSON parser or the schema rejects the document; `accepted`: both accept it;
 * `keyless`: the document is a keyless array, which the schemas (written for the keyed form) do not describe.
 */
export type SchemaOnlyVerdict = 'rejected' | 'accepted' | 'keyless';

export function schemaOnlyVerdict(text: string, kind: 'packet' | 'route-record'): SchemaOnlyVerdict {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'rejected';
  }
  if (kind === 'packet' && Array.isArray(value)) return 'keyless';
  const profile = (value as { profile?: unknown } | null)?.profile;
  const id =
    kind === 'route-record'
      ? ROUTE_RECORD
      : typeof profile === 'string' && `${SCHEMA_BASE}${profile}.schema.json` in PRECOMPILED_VALIDATORS
        ? `${SCHEMA_BASE}${profile}.schema.json`
        : ENVELOPE;
  return PRECOMPILED_VALIDATORS[id](value) ? 'accepted' : 'rejected';
}
