/**
 * The public field registry: for the envelope, each nested object and each profile body, the
 * ordered fields, required and nullable keyless indexes, conditions, error codes and the
 * identifier grammar, all read off the shapes the core computes from the schemas.
 */
import type { Field, ObjectShape, Shape, ValueConstraints } from '../../uai/fieldShape.ts';
import { isNullable } from '../../uai/fieldShape.ts';
import type { RecordModel } from './recordModel.ts';
import { ERROR_CODES, WARNING_CODES } from '../../uai/errorCodes.ts';
import { FIELD_REGISTRY_PATH } from './publicPaths.ts';

export interface RegistryField {
  name: string;
  index: number;
  required: boolean;
  required_when: { field: string; values: unknown[] }[];
  nullable: boolean;
  keyless: 'array' | 'array-of-arrays' | 'object' | 'value' | 'array-of-values';
  type: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  error_code?: string;
  description?: string;
}

export interface RegistryObject {
  /** Dotted name: envelope, source, delivery, body (uai.agent.ack.v1), provenance.lineage[] … */
  name: string;
  /** JSON Pointer template of the object in a keyed packet (`*` for any array index). */
  pointer: string;
  ordered_fields: string[];
  required_indexes: number[];
  nullable_indexes: number[];
  fields: RegistryField[];
}

export interface IdentifierRule {
  definition: string;
  pattern: string;
  format?: string;
  example?: unknown;
  description?: string;
  pointers: string[];
}

export function typeLabel(constraints: ValueConstraints, shape: Shape): string {
  if (shape.kind === 'object') return 'object';
  if (shape.kind === 'free-object') return 'object (free-form)';
  if (shape.kind === 'array') return `array of ${typeLabel(shape.items.constraints, shape.items)}`;
  if ('const' in constraints) return `const ${JSON.stringify(constraints.const)}`;
  if (constraints.enum) return 'enum';
  if (constraints.format === 'date-time') return 'date-time (UTC, Z)';
  if (constraints.format) return `string (${constraints.format})`;
  return Array.isArray(constraints.type) ? constraints.type.join(' | ') : (constraints.type ?? 'any');
}

function keylessKind(shape: Shape): RegistryField['keyless'] {
  if (shape.kind === 'object') return 'array';
  if (shape.kind === 'free-object') return 'object';
  if (shape.kind === 'array') return shape.items.kind === 'object' ? 'array-of-arrays' : 'array-of-values';
  return 'value';
}

function registryField(field: Field, index: number): RegistryField {
  const c = field.shape.constraints;
  return {
    name: field.name,
    index,
    required: field.required,
    required_when: field.requiredWhen,
    nullable: isNullable(field),
    keyless: keylessKind(field.shape),
    type: typeLabel(c, field.shape),
    ...(c.enum ? { enum: c.enum } : {}),
    ...('const' in c ? { const: c.const } : {}),
    ...(c.pattern ? { pattern: c.pattern } : {}),
    ...(c.format ? { format: c.format } : {}),
    ...(field.shape.errorCode ? { error_code: field.shape.errorCode } : {}),
    ...(c.description ? { description: c.description } : {}),
  };
}

export function registryObject(name: string, pointer: string, shape: ObjectShape): RegistryObject {
  const fields = shape.fields.map(registryField);
  return {
    name,
    pointer,
    ordered_fields: fields.map((field) => field.name),
    required_indexes: fields.filter((field) => field.required).map((field) => field.index),
    nullable_indexes: fields.filter((field) => field.nullable).map((field) => field.index),
    fields,
  };
}

/** Every declared object below `shape` (objects and arrays of objects), depth first, in field order. */
export function nestedObjects(prefixName: string, prefixPointer: string, shape: ObjectShape): RegistryObject[] {
  const found: RegistryObject[] = [];
  for (const field of shape.fields) {
    let inner: Shape = field.shape;
    let name = prefixName ? `${prefixName}.${field.name}` : field.name;
    let pointer = `${prefixPointer}/${field.name}`;
    if (inner.kind === 'array' && inner.items.kind === 'object') {
      inner = inner.items;
      name += '[]';
      pointer += '/*';
    }
    if (inner.kind === 'object') {
      found.push(registryObject(name, pointer, inner));
      found.push(...nestedObjects(name, pointer, inner));
    }
  }
  return found;
}

/** Identifier rules: every named definition with a pattern, and where it is used. */
export function identifierGrammar(shapes: { pointer: string; shape: Shape }[]): IdentifierRule[] {
  const rules = new Map<string, IdentifierRule>();
  const visit = (shape: Shape, pointer: string) => {
    if (shape.definition && shape.constraints.pattern && shape.kind === 'scalar') {
      const definition = shape.definition.replace(/^.*#\/\$defs\//, '');
      const rule = rules.get(definition) ?? {
        definition,
        pattern: shape.constraints.pattern,
        ...(shape.constraints.format ? { format: shape.constraints.format } : {}),
        example: shape.constraints.examples?.[0],
        description: shape.constraints.description,
        pointers: [],
      };
      if (!rule.pointers.includes(pointer)) rule.pointers.push(pointer);
      rules.set(definition, rule);
    }
    if (shape.kind === 'object') for (const field of shape.fields) visit(field.shape, `${pointer}/${field.name}`);
    if (shape.kind === 'array') visit(shape.items, `${pointer}/*`);
  };
  for (const { pointer, shape } of shapes) visit(shape, pointer);
  return [...rules.values()];
}

export interface FieldRegistryDocument {
  $schema?: string;
  standard: 'UAI-1';
  version: string;
  url: string;
  schemas: string[];
  envelope: RegistryObject;
  objects: RegistryObject[];
  profiles: {
    profile: string;
    schema: string;
    body: RegistryObject;
    body_objects: RegistryObject[];
    example: {
      fixture: string;
      keyless: string;
      digest: string;
      keyed_payload: unknown;
      keyless_payload: unknown;
    } | null;
  }[];
  identifier_grammar: IdentifierRule[];
  error_codes: { code: string; layer: string; rule: string; fix: string }[];
  warning_codes: { code: string; layer: string; rule: string; fix: string }[];
}

export function buildFieldRegistry(model: RecordModel, origin: string): FieldRegistryDocument {
  const envelope = registryObject('envelope', '', model.envelopeShape);
  const objects = nestedObjects('', '', model.envelopeShape).filter((object) => !object.name.startsWith('body'));
  const profiles = model.profiles.map((profile) => {
    const bodyField = profile.shape.fields.find((field) => field.name === 'body')!;
    const bodyShape = bodyField.shape as ObjectShape;
    const example = profile.fixtures.find((fixture) => fixture.verdict === 'valid' && fixture.keyless !== undefined);
    return {
      profile: profile.profile,
      schema: `${origin}${profile.schema.url}`,
      body: registryObject(`body (${profile.profile})`, '/body', bodyShape),
      body_objects: nestedObjects('body', '/body', bodyShape),
      example: example
        ? {
            fixture: `${origin}${example.url}`,
            keyless: `${origin}${example.keylessUrl}`,
            digest: example.digest!,
            keyed_payload: example.keyed,
            keyless_payload: example.keyless,
          }
        : null,
    };
  });
  const grammar = identifierGrammar([
    { pointer: '', shape: model.envelopeShape },
    ...model.profiles.map((profile) => ({ pointer: '', shape: profile.shape })),
  ]);
  return {
    standard: 'UAI-1',
    version: String(
      (model.envelopeShape.fields.find((field) => field.name === 'uai_version')?.shape.constraints.const as string) ??
        '1.0',
    ),
    url: `${origin}${FIELD_REGISTRY_PATH}`,
    schemas: model.schemas.map((schema) => schema.id),
    envelope,
    objects,
    profiles,
    identifier_grammar: grammar,
    error_codes: ERROR_CODES.map(({ code, layer, rule, fix }) => ({ code, layer, rule, fix })),
    warning_codes: WARNING_CODES.map(({ code, layer, rule, fix }) => ({ code, layer, rule, fix })),
  };
}
