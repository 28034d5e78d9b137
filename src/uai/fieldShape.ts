/**
 * The shape of a packet as the schemas declare it: ordered fields, required and nullable slots,
 * nested objects, arrays of objects and free-form objects. The keyless codec, the error-code
 * lookup and the published field registry are all computed from this one tree.
 */
import type { JsonSchema, ResolvedSchema, SchemaRegistry } from './schemaRegistry.ts';
import { ENVELOPE_SCHEMA_ID } from './schemaRegistry.ts';
import { baseReference } from './schemaReference.ts';

/** Keywords that describe a value; merged along a `$ref` chain for documentation. */
export interface ValueConstraints {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  description?: string;
  examples?: unknown[];
}

export interface RequiredWhen {
  /** Sibling field whose value makes this field required. */
  field: string;
  values: unknown[];
}

export interface Field {
  name: string;
  required: boolean;
  requiredWhen: RequiredWhen[];
  shape: Shape;
}

interface ShapeBase {
  constraints: ValueConstraints;
  /** Stable error code for failures at or below this place (`x-uai-error-code`). */
  errorCode?: string;
  /** `$id#pointer` of the definition, when the shape comes from a named definition. */
  definition?: string;
}

export interface ObjectShape extends ShapeBase {
  kind: 'object';
  fields: Field[];
}
export interface ArrayShape extends ShapeBase {
  kind: 'array';
  items: Shape;
}
export interface FreeObjectShape extends ShapeBase {
  kind: 'free-object';
}
export interface ScalarShape extends ShapeBase {
  kind: 'scalar';
}
export type Shape = ObjectShape | ArrayShape | FreeObjectShape | ScalarShape;

const CONSTRAINT_KEYS = [
  'type',
  'enum',
  'const',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'description',
  'examples',
] as const;

export class ShapeError extends Error {}

/**
 * Follows `$ref` chains (a `$ref`, or the lone `$ref` of an `allOf`), collecting the schemas along the way
 * (referrer first).
 */
function refChain(registry: SchemaRegistry, start: ResolvedSchema): ResolvedSchema[] {
  const chain: ResolvedSchema[] = [start];
  let current = start;
  for (let ref = baseReference(current.schema); ref !== undefined; ref = baseReference(current.schema)) {
    current = registry.resolveRef(ref, current.documentId);
    if (chain.length > 32) throw new ShapeError(`$ref chain too deep at ${current.documentId}`);
    chain.push(current);
  }
  return chain;
}

function requiredWhenOf(schema: JsonSchema): Map<string, RequiredWhen[]> {
  const result = new Map<string, RequiredWhen[]>();
  const allOf = (schema.allOf as JsonSchema[] | undefined) ?? [];
  for (const branch of allOf) {
    const condition = branch.if as JsonSchema | undefined;
    const then = branch.then as JsonSchema | undefined;
    if (!condition || !then || !Array.isArray(then.required)) continue;
    const props = (condition.properties ?? {}) as Record<string, JsonSchema>;
    for (const [field, test] of Object.entries(props)) {
      const values = 'const' in test ? [test.const] : Array.isArray(test.enum) ? test.enum : [];
      for (const name of then.required as string[]) {
        result.set(name, [...(result.get(name) ?? []), { field, values }]);
      }
    }
  }
  return result;
}

export function shapeOf(registry: SchemaRegistry, start: ResolvedSchema): Shape {
  const chain = refChain(registry, start);
  const constraints: ValueConstraints = {};
  let errorCode: string | undefined;
  // Later links of the chain are the definitions; the referrer's own keywords win.
  for (const link of [...chain].reverse()) {
    for (const key of CONSTRAINT_KEYS) {
      if (key in link.schema) (constraints as Record<string, unknown>)[key] = link.schema[key];
    }
    if (typeof link.schema['x-uai-error-code'] === 'string') errorCode = link.schema['x-uai-error-code'];
  }
  const definitionLink = chain.length > 1 ? chain[chain.length - 1] : undefined;
  const definition = definitionLink ? baseReference(start.schema) : undefined;
  const base: ShapeBase = { constraints, ...(errorCode ? { errorCode } : {}), ...(definition ? { definition } : {}) };

  // Objects: fields come from the deepest definition first, then each referrer overlays its own.
  const objectLinks = [...chain]
    .reverse()
    .filter((link) => link.schema.properties && typeof link.schema.properties === 'object');
  if (objectLinks.length > 0) {
    const order: string[] = [];
    const fieldSchemas = new Map<string, ResolvedSchema>();
    const required = new Set<string>();
    const requiredWhen = new Map<string, RequiredWhen[]>();
    for (const link of objectLinks) {
      for (const [name, schema] of Object.entries(link.schema.properties as Record<string, JsonSchema>)) {
        if (!fieldSchemas.has(name)) order.push(name);
        fieldSchemas.set(name, { schema, documentId: link.documentId });
      }
      for (const name of (link.schema.required as string[] | undefined) ?? []) required.add(name);
      for (const [name, conditions] of requiredWhenOf(link.schema)) requiredWhen.set(name, conditions);
    }
    const fields = order.map((name) => ({
      name,
      required: required.has(name),
      requiredWhen: requiredWhen.get(name) ?? [],
      shape: shapeOf(registry, fieldSchemas.get(name)!),
    }));
    return { kind: 'object', fields, ...base };
  }
  if (constraints.type === 'object') return { kind: 'free-object', ...base };
  const itemsLink = chain.find((link) => link.schema.items && typeof link.schema.items === 'object');
  if (itemsLink) {
    return {
      kind: 'array',
      items: shapeOf(registry, { schema: itemsLink.schema.items as JsonSchema, documentId: itemsLink.documentId }),
      ...base,
    };
  }
  return { kind: 'scalar', ...base };
}

/** The shape of a whole packet of one profile (or of the bare envelope). */
export function packetShape(registry: SchemaRegistry, profile?: string): ObjectShape {
  const id = (profile && registry.profileSchemaId(profile)) || ENVELOPE_SCHEMA_ID;
  const shape = shapeOf(registry, { schema: registry.documents.get(id)!, documentId: id });
  if (shape.kind !== 'object') throw new ShapeError(`${id} does not describe an object`);
  return shape;
}

/** Index of a field in its object's keyless array. */
export function fieldIndex(shape: ObjectShape, name: string): number {
  return shape.fields.findIndex((field) => field.name === name);
}

/** A field is nullable in the keyless form when it may be absent. */
export function isNullable(field: Field): boolean {
  return !field.required;
}

/**
 * Walks `segments` (keyed pointer segments) down a shape. Returns the shapes passed through, one per
 * segment that the shape declares; stops at the first undeclared segment.
 */
export function shapesAlong(root: Shape, segments: readonly string[]): Shape[] {
  const passed: Shape[] = [root];
  let current: Shape = root;
  for (const segment of segments) {
    let next: Shape | undefined;
    if (current.kind === 'object') next = current.fields.find((field) => field.name === segment)?.shape;
    else if (current.kind === 'array' && /^(0|[1-9][0-9]*)$/.test(segment)) next = current.items;
    if (!next) break;
    passed.push(next);
    current = next;
  }
  return passed;
}
