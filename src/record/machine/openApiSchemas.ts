/**
 * The record's JSON Schemas as OpenAPI components, so /openapi.json is complete offline: every
 * schema of schemas/uai-1/ becomes `components/schemas/<name>` (its file name without
 * `.schema.json`) and each of its `$defs` `components/schemas/<name>.<def>`, with `$id` and
 * `$schema` dropped and every `$ref` rewritten to the component it names. OpenAPI tools resolve
 * `#/…` against the description, not against a schema's `$id`, and some (openapi-typescript) read
 * a `$defs` member as a property, so the definitions are lifted out rather than left in place.
 * A reference that names no schema or definition of the record is refused: it would send a tool
 * to the network.
 */
const SCHEMA_SUFFIX = '.schema.json';

/** A schema document of the record: its `$id` and its published file name and bytes. */
export interface ComponentSource {
  id: string;
  fileName: string;
  text: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The component name of a schema file: `uai.agent.ack.v1.schema.json` → `uai.agent.ack.v1`. */
export const componentName = (fileName: string): string => fileName.slice(0, -SCHEMA_SUFFIX.length);

export const componentRef = (name: string): string => `#/components/schemas/${name}`;

/** The component a `$ref` of the schema `from` names (a schema, or one of its `$defs`). */
function rewriteReference(ref: string, from: ComponentSource, sources: ReadonlyMap<string, ParsedSource>): string {
  const target = new URL(ref, from.id);
  const fragment = decodeURIComponent(target.hash.slice(1));
  target.hash = '';
  const source = sources.get(target.href);
  const definition = /^\/\$defs\/([^/]+)$/.exec(fragment)?.[1];
  if (source && fragment === '') return componentRef(source.name);
  if (source && definition !== undefined && isObject(source.definitions[definition]))
    return componentRef(`${source.name}.${definition}`);
  throw new Error(
    `${from.fileName}: $ref "${ref}" names no schema of the record nor one of its $defs, so /openapi.json cannot hold it`,
  );
}

function rewrite(value: Json, from: ComponentSource, sources: ReadonlyMap<string, ParsedSource>): Json {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, from, sources));
  if (!isObject(value)) return value;
  const entries = Object.entries(value).map(([key, member]): [string, Json] =>
    key === '$ref' && typeof member === 'string'
      ? [key, rewriteReference(member, from, sources)]
      : [key, rewrite(member, from, sources)],
  );
  for (const [key, member] of entries)
    if ((key === '$defs' || key === '$id') && isObject(member))
      throw new Error(`${from.fileName}: a nested ${key} is not lifted into the components`);
  return Object.fromEntries(entries);
}

interface ParsedSource {
  name: string;
  root: JsonObject;
  definitions: JsonObject;
}

/** `components.schemas`: each schema and each of its definitions, names in code-point order. */
export function schemaComponents(schemas: readonly ComponentSource[]): Record<string, Json> {
  const sources = new Map<string, ParsedSource>();
  for (const schema of schemas) {
    const { $defs, $id: _id, $schema: _dialect, ...root } = JSON.parse(schema.text) as JsonObject;
    sources.set(schema.id, { name: componentName(schema.fileName), root, definitions: isObject($defs) ? $defs : {} });
  }
  const components: [string, Json][] = [];
  for (const schema of schemas) {
    const source = sources.get(schema.id)!;
    components.push([source.name, rewrite(source.root, schema, sources)]);
    for (const [definition, body] of Object.entries(source.definitions))
      components.push([`${source.name}.${definition}`, rewrite(body, schema, sources)]);
  }
  return Object.fromEntries(components.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
