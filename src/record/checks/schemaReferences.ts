/**
 * Every `$ref` of the record's schemas resolves, before any schema is compiled: to a schema of the
 * same folder (or another of the record's) by `$id`, and to a place that exists in it (a JSON Pointer
 * fragment). Nothing is fetched: an external reference is refused, and so is a chain of references
 * that comes back to where it started (a validator would recurse until the stack overflows). And a
 * `$ref` never stands beside keywords that validate: VS Code's JSON service and other draft-7-era tools
 * apply the `$ref` alone and drop the rest, so the record writes `allOf: [{ "$ref": … }, …]`
 * (src/uai/schemaReference.ts). Released editions keep the spelling they were released with.
 */
import { jsonPointer, parsePointer, valueAtPointer } from '../../uai/jsonPointer.ts';
import type { Problem } from '../../uai/problem.ts';
import { ANNOTATION_KEYWORDS, baseReference, isLoneReference, refBesideValidation } from '../../uai/schemaReference.ts';
import { EDITIONS_FOLDER } from '../editions/editions.ts';

export const SCHEMA_REFERENCE_RULE = 'schema-ref';
export const SCHEMA_REF_SIBLINGS_RULE = 'schema-ref-siblings';

export interface SchemaSource {
  /** Repository-relative path. */
  file: string;
  doc: unknown;
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);
const folderOf = (file: string) => file.slice(0, file.lastIndexOf('/'));

/** The schema a reference names, and where in it. */
interface Target {
  source: SchemaSource;
  node: unknown;
  key: string;
}

/** The problems of the `$ref`s in `sources`; none when each resolves and no chain loops. */
export function schemaReferenceProblems(sources: readonly SchemaSource[]): Problem[] {
  const byFolder = new Map<string, Map<string, SchemaSource>>();
  const anywhere = new Map<string, SchemaSource>();
  for (const source of sources) {
    const id = isNode(source.doc) && typeof source.doc.$id === 'string' ? source.doc.$id : undefined;
    if (!id) continue;
    const folder = byFolder.get(folderOf(source.file)) ?? new Map<string, SchemaSource>();
    folder.set(id, source);
    byFolder.set(folderOf(source.file), folder);
    if (!anywhere.has(id) || !source.file.startsWith('editions/')) anywhere.set(id, source);
  }

  /** The target of `ref` written in `source`, or why there is none. */
  const resolve = (source: SchemaSource, ref: string): Target | string => {
    const base = isNode(source.doc) && typeof source.doc.$id === 'string' ? source.doc.$id : undefined;
    let url: URL;
    try {
      url = new URL(ref, base);
    } catch {
      return `$ref ${JSON.stringify(ref)} is not a URI reference`;
    }
    const fragment = decodeURIComponent(url.hash.slice(1));
    url.hash = '';
    const target = byFolder.get(folderOf(source.file))?.get(url.href) ?? anywhere.get(url.href);
    if (!target) {
      const local = base !== undefined && new URL(base).origin === url.origin;
      return local
        ? `$ref ${JSON.stringify(ref)} names no schema of the record (no file has $id ${url.href})`
        : `$ref ${JSON.stringify(ref)} is external: a schema's references are never fetched, only the record's own schemas are`;
    }
    if (fragment !== '' && !fragment.startsWith('/'))
      return `$ref ${JSON.stringify(ref)}: only JSON Pointer fragments are resolved`;
    let node: unknown;
    try {
      node = valueAtPointer(target.doc, parsePointer(fragment));
    } catch {
      node = undefined;
    }
    if (!isNode(node)) return `$ref ${JSON.stringify(ref)} points at nothing in ${target.file}`;
    return { source: target, node, key: `${target.file}#${fragment}` };
  };

  const problems: Problem[] = [];
  for (const source of sources) {
    const released = source.file.startsWith(`${EDITIONS_FOLDER}/`);
    const visit = (value: unknown, path: (string | number)[]): void => {
      if (Array.isArray(value)) return value.forEach((item, index) => visit(item, [...path, index]));
      if (!isNode(value)) return;
      if (!released && refBesideValidation(value)) {
        const siblings = Object.keys(value).filter((key) => key !== '$ref' && !ANNOTATION_KEYWORDS.has(key));
        problems.push({
          file: source.file,
          place: { pointer: jsonPointer([...path, '$ref']) },
          message: `$ref beside ${siblings.join(', ')}: write "allOf": [{ "$ref": … }] so that every JSON Schema tool applies both`,
          rule: SCHEMA_REF_SIBLINGS_RULE,
        });
      }
      if (typeof value.$ref === 'string') {
        // The lone `$ref` of an `allOf` is its owner's reference: a chain back to the owner is a cycle too.
        const owner = path.at(-2) === 'allOf' && isLoneReference(value) ? [path.slice(0, -2)] : [];
        const selves = [path, ...owner].map((at) => `${source.file}#${jsonPointer(at)}`);
        const problem = refProblem(source, selves, value.$ref, resolve);
        if (problem)
          problems.push({
            file: source.file,
            place: { pointer: jsonPointer([...path, '$ref']) },
            message: problem,
            rule: SCHEMA_REFERENCE_RULE,
          });
      }
      for (const [key, member] of Object.entries(value))
        if (key !== 'const' && key !== 'enum') visit(member, [...path, key]);
    };
    visit(source.doc, []);
  }
  return problems;
}

/**
 * Why the reference `ref`, written in the node `selves[0]` of `source`, cannot be used: it does not
 * resolve, or its chain of `$ref`s comes back to that node (or to the schema whose `allOf` holds it).
 */
function refProblem(
  source: SchemaSource,
  selves: readonly string[],
  ref: string,
  resolve: (source: SchemaSource, ref: string) => Target | string,
): string | undefined {
  const seen = new Set<string>();
  let target = resolve(source, ref);
  while (typeof target !== 'string') {
    // A cycle is reported at each reference in it, not at every reference that leads into it.
    if (selves.includes(target.key))
      return `$ref ${JSON.stringify(ref)} leads round a cycle of references (${[...seen, target.key].join(' -> ')})`;
    if (seen.has(target.key)) return undefined;
    seen.add(target.key);
    const next = baseReference(target.node as Node);
    // A chain that is broken further on is reported where the broken reference is written.
    if (typeof next !== 'string') return undefined;
    target = resolve(target.source, next);
  }
  return seen.size ? undefined : target;
}
