/**
 * ajv's compiler, used ahead of time: it turns the published schemas into the standalone
 * validator module `generated/schemaValidators.ts` (`npm run generate`), and compiles edited
 * schemas at run time in tests. Nothing that validates packets in the CLI, the package or the
 * browser imports this module, so they carry no compiler and call no `new Function`.
 */
import Ajv2020Import from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import standaloneCodeImport from 'ajv/dist/standalone/index.js';
import type { SchemaDocument, SchemaRegistry } from './schemaRegistry.ts';
import { ENVELOPE_SCHEMA_ID, createSchemaRegistry, schemaFileName } from './schemaRegistry.ts';
import { ERROR_CODE_KEYWORD, schemasFromChecks, type SchemaCheck, type SchemaCompiler } from './schemaValidator.ts';

// ajv ships CommonJS; Node's ESM loader and Vite expose the class on `default` differently.
type AjvClass = typeof Ajv2020Import;
const Ajv2020 = ((Ajv2020Import as unknown as { default?: AjvClass }).default ?? Ajv2020Import) as AjvClass;
type AddFormats = typeof addFormatsImport;
const addFormats = ((addFormatsImport as unknown as { default?: AddFormats }).default ??
  addFormatsImport) as AddFormats;
type StandaloneCode = typeof standaloneCodeImport;
const standaloneCode = ((standaloneCodeImport as unknown as { default?: StandaloneCode }).default ??
  standaloneCodeImport) as StandaloneCode;

// ajv adds the errors of a referenced validator with `vErrors = vErrors.concat(errors)`, which copies
// every error gathered so far at each failing `$ref`: N failing array items cost N²/2 copies.
const CONCAT_ERRORS = /vErrors = vErrors === null \? ([\w$.]+) : vErrors\.concat\(\1\);/g;

/**
 * ajv's code with each error merge appending in place instead (same errors, same order), so the
 * work is linear in the number of errors. Throws when a merge is left that it does not recognize.
 */
export function linearErrorMerge(code: string): string {
  const linear = code.replace(
    CONCAT_ERRORS,
    (_merge, errors: string) =>
      `if(vErrors === null){vErrors = ${errors};}else {for(const e of ${errors}){vErrors.push(e);}}`,
  );
  if (linear.includes('vErrors.concat('))
    throw new Error('ajv merges errors with a concat that linearErrorMerge does not recognize; update its pattern');
  return linear;
}

export function createAjv(options: { source?: boolean } = {}) {
  const ajv = new Ajv2020({
    strict: true,
    strictRequired: false,
    allErrors: true,
    verbose: true,
    messages: options.source !== true,
    code: { source: options.source ?? false, esm: true, process: linearErrorMerge },
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: ERROR_CODE_KEYWORD, schemaType: 'string' });
  return ajv;
}

/** Compiles each schema `$id` a validator needs, naming the schema file when one is not strict 2020-12. */
function compileAll(ajv: ReturnType<typeof createAjv>, ids: readonly string[]): Map<string, SchemaCheck> {
  const compiled = new Map<string, SchemaCheck>();
  for (const id of ids) {
    let validate;
    try {
      validate = ajv.getSchema(id);
    } catch (error) {
      // ajv's messages name the keyword but not always the document: say which schema failed.
      throw new Error(
        `schemas/uai-1/${id.split('/').pop()}: not a valid strict JSON Schema 2020-12 (${(error as Error).message})`,
      );
    }
    if (!validate) throw new Error(`schemas/uai-1/${id.split('/').pop()}: did not compile`);
    compiled.set(id, validate as SchemaCheck);
  }
  return compiled;
}

/** Compiles the schemas at run time (for schemas other than the published ones, e.g. in tests). */
export const compileSchemas: SchemaCompiler = (registry: SchemaRegistry, extraIds: readonly string[] = []) => {
  const ajv = createAjv();
  for (const doc of registry.documents.values()) ajv.addSchema(doc);
  const ids = [
    ENVELOPE_SCHEMA_ID,
    ...registry.profiles.map((profile) => registry.profileSchemaId(profile)!),
    ...extraIds,
  ];
  return schemasFromChecks(compileAll(ajv, ids));
};

/** What ajv's standalone code `require`s, and the name `schemaRuntime.ts` exports it under. */
const RUNTIME_IMPORTS: ReadonlyMap<string, string> = new Map([
  ['require("ajv/dist/runtime/ucs2length").default', 'ucs2length'],
  ['require("ajv/dist/runtime/equal").default', 'equal'],
  ['require("ajv-formats/dist/formats").fullFormats', 'formats'],
]);

export const GENERATED_MODULE_FILE = 'src/uai/generated/schemaValidators.ts';

/**
 * The source of `generated/schemaValidators.ts`: one validate function per schema document
 * (ajv standalone code, ES module), the documents it was generated from, and a map by `$id`.
 * Deterministic: the same schemas give the same bytes.
 */
export function generateValidatorModule(documents: readonly SchemaDocument[]): string {
  const registry = createSchemaRegistry(documents);
  const ajv = createAjv({ source: true });
  for (const doc of registry.documents.values()) ajv.addSchema(doc);
  const ids = [...registry.documents.keys()];
  compileAll(ajv, ids);
  const exportNames = new Map(
    ids.map((id) => [
      id,
      `validate_${schemaFileName(id)
        .replace(/\.schema\.json$/, '')
        .replace(/[^A-Za-z0-9]/g, '_')}`,
    ]),
  );
  // The standalone code is ajv's, before `code.process`: make its error merges linear here too.
  let code = linearErrorMerge(standaloneCode(ajv, Object.fromEntries(ids.map((id) => [exportNames.get(id)!, id]))));
  for (const [required, name] of RUNTIME_IMPORTS) code = code.split(required).join(name);
  const leftover = /require\("[^"]*"\)/.exec(code);
  if (leftover)
    throw new Error(
      `${GENERATED_MODULE_FILE}: ajv's standalone code needs ${leftover[0]}, which schemaRuntime.ts does not provide`,
    );
  code = code.replace(/^"use strict";/, '');
  // ajv writes each schema document it references (for `parentSchema`) as a literal: point those at
  // the documents this module exports instead of shipping every schema twice.
  documents.forEach((doc, index) => {
    code = code.split(` = ${JSON.stringify(doc)};`).join(` = PRECOMPILED_DOCUMENTS[${index}];`);
  });
  // ajv exports each validator under its name; keep them module-private and export only the map by $id.
  const functionNames = new Map<string, string>();
  code = code.replace(
    /export const (validate_\w+) = (validate\d+);/g,
    (_line, exportName: string, functionName: string) => {
      functionNames.set(exportName, functionName);
      return '';
    },
  );
  const byId = ids.map((id) => `  ${JSON.stringify(id)}: ${functionNames.get(exportNames.get(id)!)},`).join('\n');
  return [
    '// @ts-nocheck: ajv standalone code, generated by `npm run generate` from schemas/uai-1/*.schema.json; do not edit.',
    '// A unit test fails when this file differs from what the schemas generate.',
    "import type { SchemaDocument } from '../schemaRegistry.ts';",
    "import type { SchemaCheck } from '../schemaValidator.ts';",
    `import { ${[...RUNTIME_IMPORTS.values()].join(', ')} } from '../schemaRuntime.ts';`,
    '',
    '/** The schema documents these validators were generated from, in file-name order. */',
    `export const PRECOMPILED_DOCUMENTS: readonly SchemaDocument[] = ${JSON.stringify(documents)};`,
    '',
    code.trim(),
    '',
    '/** One validate function per schema, by `$id`. */',
    'export const PRECOMPILED_VALIDATORS: Readonly<Record<string, SchemaCheck>> = {',
    byId,
    '};',
    '',
  ].join('\n');
}
