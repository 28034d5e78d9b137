/**
 * How the UAI-1 schemas build one schema on another. A `$ref` with sibling keywords is written as
 * `allOf: [{ "$ref": … }, …]`: JSON Schema 2020-12 applies a `$ref` and its siblings alike, but
 * draft-7-era tools (VS Code's JSON service among them) apply only the `$ref` and drop the rest.
 * Readers of the schemas' structure (the field shapes, the generated types) follow both spellings.
 */

/** Keywords that only annotate, so a `$ref` beside them alone is applied the same by every tool. */
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  '$defs',
  '$comment',
  'title',
  'description',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** `{ "$ref": "…" }` and nothing else. */
export const isLoneReference = (value: unknown): value is { $ref: string } =>
  isObject(value) && Object.keys(value).length === 1 && typeof value.$ref === 'string';

/** The reference a schema is built on: its own `$ref`, or the first lone `$ref` of its `allOf`. */
export function baseReference(schema: Record<string, unknown>): string | undefined {
  if (typeof schema.$ref === 'string') return schema.$ref;
  return Array.isArray(schema.allOf) ? schema.allOf.find(isLoneReference)?.$ref : undefined;
}

/** A `$ref` that stands beside keywords which validate: the spelling the schemas must not use. */
export const refBesideValidation = (schema: Record<string, unknown>): boolean =>
  typeof schema.$ref === 'string' && Object.keys(schema).some((key) => key !== '$ref' && !ANNOTATION_KEYWORDS.has(key));
