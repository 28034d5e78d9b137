/**
 * TypeScript types generated from the JSON Schemas (json-schema-to-typescript), so the code's types
 * of packets, route records, page mirrors and the manifest cannot drift from what the schemas say.
 * `npm run generate:types` writes them; tests/unit/schemaTypes.test.ts regenerates them in memory and
 * compares. Every `$ref` is resolved from the local files by `$id`, never over the network.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { baseReference, isLoneReference } from '../src/uai/schemaReference.ts';
import prettier from 'prettier';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { ENVELOPE_SCHEMA_ID } from '../src/uai/schemaRegistry.ts';

type SchemaNode = Record<string, unknown>;

/**
 * The schema folders and where their types go (paths relative to the repository root). A site
 * schema whose documents the core itself writes (the conformance report of `uaix conformance`) has
 * its types in the core, which may not import the record's code; `only` and `except` split a folder.
 */
export const TYPE_TARGETS: readonly { schemas: string; types: string; only?: string[]; except?: string[] }[] = [
  { schemas: 'schemas/uai-1', types: 'src/uai/generated/types' },
  { schemas: 'schemas/site', types: 'src/uai/generated/site', only: ['conformance-report'] },
  { schemas: 'schemas/site', types: 'src/record/generated', except: ['conformance-report'] },
];

/** The schema files of a target, by the name its type file gets. */
function targetSchemaFiles(target: (typeof TYPE_TARGETS)[number]): SchemaFile[] {
  const nameOf = (file: SchemaFile) => file.file.slice(target.schemas.length + 1).replace(/\.schema\.json$/, '');
  return readSchemaFiles(target.schemas).filter(
    (file) => (!target.only || target.only.includes(nameOf(file))) && !target.except?.includes(nameOf(file)),
  );
}

/**
 * Keywords that may stand beside a nested `$ref` and only annotate or narrow the referenced type in
 * ways TypeScript cannot state (lengths, patterns, `contains`); the TypeScript type is the referenced one.
 */
const NARROWING_KEYWORDS = new Set([
  'description',
  'title',
  'examples',
  '$comment',
  'x-uai-error-code',
  'type',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'properties',
]);

export class SchemaTypeError extends Error {}

const isSchemaNode = (value: unknown): value is SchemaNode =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

interface SchemaFile {
  /** Path relative to the repository root. */
  file: string;
  doc: SchemaNode & { $id: string };
}

/**
 * The schemas write a `$ref` that has sibling keywords as `allOf: [{ $ref }, …]` (src/uai/schemaReference.ts);
 * this generator reads the equivalent `$ref`-beside-siblings form, which it turns into an imported or
 * narrowed type.
 */
function refBesideSiblings(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(refBesideSiblings);
  if (!isSchemaNode(node)) return node;
  const out: SchemaNode = {};
  for (const [key, value] of Object.entries(node))
    out[key] = key === 'const' || key === 'enum' ? value : refBesideSiblings(value);
  const ref = '$ref' in out ? undefined : baseReference(out);
  if (ref === undefined) return out;
  const { allOf, ...siblings } = out;
  const rest = (allOf as unknown[]).filter((item) => !(isLoneReference(item) && item.$ref === ref));
  return { $ref: ref, ...siblings, ...(rest.length > 0 ? { allOf: rest } : {}) };
}

function readSchemaFiles(folder: string): SchemaFile[] {
  return readdirSync(join(REPOSITORY_ROOT, folder))
    .filter((name) => name.endsWith('.schema.json'))
    .sort()
    .map((name) => {
      const file = `${folder}/${name}`;
      const doc = refBesideSiblings(JSON.parse(readFileSync(join(REPOSITORY_ROOT, file), 'utf8'))) as SchemaFile['doc'];
      if (typeof doc.$id !== 'string') throw new SchemaTypeError(`${file}: /$id: a schema needs an absolute $id`);
      return { file, doc };
    });
}

const describesObjects = (schema: SchemaNode): boolean =>
  'properties' in schema || [schema.type].flat().includes('object') || !('type' in schema || '$ref' in schema);

function pointerTarget(docs: ReadonlyMap<string, SchemaNode>, ref: string, file: string, at: string): SchemaNode {
  const [id, fragment = ''] = ref.split('#');
  let node: unknown = docs.get(id);
  for (const key of fragment.split('/').slice(1)) node = isSchemaNode(node) ? node[key] : undefined;
  if (!isSchemaNode(node)) throw new SchemaTypeError(`${file}: ${at}: $ref ${ref} points at nothing`);
  return node;
}

/**
 * The schema as json-schema-to-typescript reads it: every `$ref` absolute (its resolver does not read
 * `$id`), a document-level `$ref` with sibling members as `allOf` (JSON Schema 2020-12 applies both),
 * a nested `$ref` without its narrowing siblings, `required` lists kept in `allOf` (so they can
 * carry their own error code) moved to the object they constrain, and the `allOf` rules that add no
 * member (if/then between members, narrowings of declared members) left to the validators.
 */
function forTypes(
  node: unknown,
  base: string,
  docs: ReadonlyMap<string, SchemaNode>,
  file: string,
  at: string,
): unknown {
  if (Array.isArray(node)) return node.map((item, index) => forTypes(item, base, docs, file, `${at}/${index}`));
  if (!isSchemaNode(node)) return node;
  const out: SchemaNode = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === '$ref' ? new URL(String(value), base).href : forTypes(value, base, docs, file, `${at}/${key}`);
  }
  if (typeof out.$ref === 'string' && at !== '') {
    const target = pointerTarget(docs, out.$ref, file, at);
    if (!describesObjects(target)) {
      // A string or number rule: both sets of keywords apply, and the type is written in place rather
      // than named after whichever $defs entry json-schema-to-typescript met first.
      const { $ref, ...siblings } = out;
      return forTypes({ ...target, ...siblings }, $ref.split('#')[0], docs, file, at);
    }
    const targetProperties = isSchemaNode(target.properties) ? target.properties : {};
    for (const key of Object.keys(out)) {
      const narrows =
        key === '$ref' ||
        (NARROWING_KEYWORDS.has(key) &&
          (key !== 'properties' ||
            Object.keys(out.properties as SchemaNode).every((name) => name in targetProperties)));
      if (!narrows)
        throw new SchemaTypeError(`${file}: ${at}/${key}: a $ref sibling that adds to the type is not supported`);
    }
    return { $ref: out.$ref };
  }
  if (Array.isArray(out.allOf)) {
    const required = new Set<string>(Array.isArray(out.required) ? (out.required as string[]) : []);
    const declared = isSchemaNode(out.properties) ? out.properties : {};
    out.allOf = (out.allOf as SchemaNode[]).filter((member) => {
      const onlyRequired = Object.keys(member).every((key) =>
        ['required', 'description', 'x-uai-error-code'].includes(key),
      );
      if (onlyRequired) for (const name of member.required as string[]) required.add(name);
      // A rule between members (if/then), or one that only narrows declared members, adds no member:
      // the type is the object's own (the validators still apply the rule).
      const rule =
        'if' in member ||
        (Object.keys(member).every((key) => ['properties', 'description'].includes(key)) &&
          isSchemaNode(member.properties) &&
          Object.keys(member.properties).every((name) => name in declared));
      return !onlyRequired && !rule;
    });
    if ((out.allOf as unknown[]).length === 0) delete out.allOf;
    if (required.size > 0) out.required = [...required];
  }
  return out;
}

function documentForTypes(schema: SchemaFile, docs: ReadonlyMap<string, SchemaNode>): JSONSchema {
  const doc = forTypes(schema.doc, schema.doc.$id, docs, schema.file, '') as SchemaNode;
  if (typeof doc.$ref !== 'string') return doc as JSONSchema;
  // The referenced document forbids members it does not declare, so the siblings add none either.
  const { $schema, $id, title, description, $ref, $defs, ...siblings } = doc;
  const referenced = pointerTarget(docs, $ref, schema.file, '/$ref');
  const required = Object.keys((siblings.properties as SchemaNode | undefined) ?? {}).filter((name) =>
    (referenced.required as string[] | undefined)?.includes(name),
  );
  const ownPart = { ...siblings, required, additionalProperties: false };
  // The referenced document's type is imported from its own generated file rather than declared again.
  const imported = { tsType: typeName(referenced) };
  return { $schema, $id, title, description, allOf: [imported, ownPart], $defs } as JSONSchema;
}

/** The name json-schema-to-typescript gives a document's type: its title in PascalCase. */
const typeName = (doc: SchemaNode) =>
  String(doc.title)
    .split(/[^A-Za-z0-9]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

const BANNER = (file: string) =>
  `/* Generated by npm run generate:types from ${file} (json-schema-to-typescript). Do not edit: change the schema and regenerate. */`;

/** The generated files, by path relative to the repository root, in a stable order. */
export async function generateSchemaTypes(): Promise<Map<string, string>> {
  const targets = TYPE_TARGETS.map((target) => ({ ...target, files: targetSchemaFiles(target) }));
  const docs = new Map<string, SchemaNode>(
    targets.flatMap((target) => target.files.map((file) => [file.doc.$id, file.doc])),
  );
  const localResolver = {
    order: 1,
    canRead: (ref: { url: string }) => docs.has(ref.url.split('#')[0]),
    read: (ref: { url: string }) => JSON.stringify(docs.get(ref.url.split('#')[0])),
  };
  const generated = new Map<string, string>();
  for (const target of targets) {
    for (const schema of target.files) {
      const name = schema.file.slice(target.schemas.length + 1).replace(/\.schema\.json$/, '');
      const refersToEnvelope = schema.doc.$ref === 'envelope.schema.json';
      const text = await compile(documentForTypes(schema, docs), name, {
        bannerComment: BANNER(schema.file),
        ignoreMinAndMaxItems: true,
        cwd: REPOSITORY_ROOT,
        // The repository's Prettier options for the file written, so the generated types need no reformatting.
        style: (await prettier.resolveConfig(join(REPOSITORY_ROOT, target.types, `${name}.ts`))) ?? {},
        $refOptions: { resolve: { http: false, file: false, uaix: localResolver } } as never,
      });
      const imports = refersToEnvelope
        ? `import type { ${typeName(docs.get(ENVELOPE_SCHEMA_ID) ?? {})} } from './envelope.ts';\n\n`
        : '';
      const [banner, ...rest] = text.split('\n');
      generated.set(`${target.types}/${name}.ts`, `${banner}\n${imports}${rest.join('\n').replace(/^\n+/, '')}`);
    }
  }
  return generated;
}

/**
 * The files that differ from what the schemas generate, by path: changed or missing ones, and files
 * in a types folder that no schema generates any more. `read` gives a file's text, or undefined.
 */
export function driftedTypeFiles(
  generated: ReadonlyMap<string, string>,
  read: (file: string) => string | undefined,
): string[] {
  const onDisk = TYPE_TARGETS.flatMap((target) => {
    const folder = join(REPOSITORY_ROOT, target.types);
    return existsSync(folder)
      ? readdirSync(folder)
          .filter((name) => name.endsWith('.ts'))
          .map((name) => `${target.types}/${name}`)
      : [];
  });
  const changed = [...generated].filter(([file, text]) => read(file) !== text).map(([file]) => file);
  return [...changed, ...onDisk.filter((file) => !generated.has(file))].sort();
}
