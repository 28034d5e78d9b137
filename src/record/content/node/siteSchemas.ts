/**
 * The published site schemas (schemas/site/), compiled once: for the data files of content/ and
 * the records the build generates. A generated record that fails its schema is the generator's
 * fault, reported at the record's public path and JSON Pointer with the schema as the rule.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { createAjv } from '../../../uai/schemaCompiler.ts';
import { schemaProblems, type Problem } from '../../../uai/problem.ts';

const compiled = new Map<string, ValidateFunction>();

/**
 * The validator of the site schema published at `schemaPath` (`/schemas/site/x.schema.json`), read
 * from the repository at `root`, compiled once per root.
 */
export function siteSchema(schemaPath: string, root = REPOSITORY_ROOT): ValidateFunction {
  const key = `${root}\0${schemaPath}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = createAjv().compile(JSON.parse(readFileSync(join(root, schemaPath.slice(1)), 'utf8')));
    compiled.set(key, validate);
  }
  return validate;
}

/** The problems of the record at public path `path` against its site schema; none when it is valid. */
export function recordSchemaProblems(path: string, value: unknown, schemaPath: string): Problem[] {
  const validate = siteSchema(schemaPath);
  return validate(value) ? [] : schemaProblems(path, validate.errors, schemaPath.slice(1));
}
