/**
 * The published UAI-1 schemas as plain data, indexed by `$id`, with `$ref` resolution.
 * Callers load the documents (from disk, or bundled for the browser) and pass them in.
 */
import { unescapePointerToken, valueAtPointer } from './jsonPointer.ts';

export const SCHEMA_BASE_URL = 'https://uaix.org/schemas/uai-1/';
export const ENVELOPE_SCHEMA_ID = `${SCHEMA_BASE_URL}envelope.schema.json`;

export type JsonSchema = Record<string, unknown>;

export interface SchemaDocument extends JsonSchema {
  $id: string;
}

export interface ResolvedSchema {
  schema: JsonSchema;
  /** `$id` of the document the schema lives in: the base for its own `$ref`s. */
  documentId: string;
}

export interface SchemaRegistry {
  documents: ReadonlyMap<string, SchemaDocument>;
  /** Profile names, in the order the documents were given. */
  profiles: readonly string[];
  profileSchemaId(profile: string): string | undefined;
  /** Resolves a `$ref` written inside the document `documentId`. */
  resolveRef(ref: string, documentId: string): ResolvedSchema;
}

export class SchemaRegistryError extends Error {}

/** The file name a schema is published under: its `$id` relative to the base URL. */
export function schemaFileName(id: string): string {
  if (!id.startsWith(SCHEMA_BASE_URL)) throw new SchemaRegistryError(`$id ${id} is not under ${SCHEMA_BASE_URL}`);
  return id.slice(SCHEMA_BASE_URL.length);
}

function profileOf(doc: SchemaDocument): string | undefined {
  const properties = doc.properties as Record<string, JsonSchema> | undefined;
  const constant = properties?.profile?.const;
  return typeof constant === 'string' ? constant : undefined;
}

/** The schema a `$ref` fragment names; its tokens are URI-escaped as well as pointer-escaped. */
function pointerGet(root: unknown, fragment: string, ref: string): JsonSchema {
  if (fragment === '' || fragment === '/') return root as JsonSchema;
  let found: unknown;
  try {
    found = valueAtPointer(
      root,
      fragment
        .slice(1)
        .split('/')
        .map((raw) => unescapePointerToken(decodeURIComponent(raw))),
    );
  } catch {
    found = undefined; // a malformed escape names nothing
  }
  if (found === undefined) throw new SchemaRegistryError(`$ref ${ref} points at nothing`);
  return found as JsonSchema;
}

export function createSchemaRegistry(docs: readonly SchemaDocument[]): SchemaRegistry {
  const documents = new Map<string, SchemaDocument>();
  const profileIds = new Map<string, string>();
  for (const doc of docs) {
    if (typeof doc.$id !== 'string') throw new SchemaRegistryError('a schema document has no $id');
    if (documents.has(doc.$id)) throw new SchemaRegistryError(`two schema documents share the $id ${doc.$id}`);
    documents.set(doc.$id, doc);
    const profile = profileOf(doc);
    if (profile) profileIds.set(profile, doc.$id);
  }
  if (!documents.has(ENVELOPE_SCHEMA_ID))
    throw new SchemaRegistryError(`the envelope schema ${ENVELOPE_SCHEMA_ID} is missing`);
  return {
    documents,
    profiles: [...profileIds.keys()],
    profileSchemaId: (profile) => profileIds.get(profile),
    resolveRef(ref, documentId) {
      const [address, fragment = ''] = ref.split('#');
      const targetId = address ? new URL(address, documentId).href : documentId;
      const doc = documents.get(targetId);
      if (!doc) throw new SchemaRegistryError(`$ref ${ref} in ${documentId} names no published schema`);
      return { schema: pointerGet(doc, fragment, ref), documentId: targetId };
    },
  };
}
