/**
 * One data file of content/ read the way every schema-checked data file is read: its bytes as
 * content text (contentBytes.ts), then JSON, then its schema. Each problem names the file and the
 * place: a line and column for bytes and JSON, a JSON Pointer and the schema for the schema. Used by
 * the changelog, the errata register and the implementations.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { jsonReadProblem, readJsonText } from '../../../uai/jsonText.ts';
import { contentText } from '../contentBytes.ts';
import { schemaProblems, type Problem } from '../../../uai/problem.ts';

export type CheckedJsonFile = { ok: true; text: string; value: unknown } | { ok: false; problems: Problem[] };

/**
 * `file` (repository-relative) with its bytes, checked by `validate`; `schemaOf` names the schema
 * (or the part of it) each error comes from, the rule at the end of its line.
 */
export function checkedJsonFile(
  file: string,
  bytes: Uint8Array,
  validate: ValidateFunction,
  schemaOf: (error: ErrorObject) => string,
): CheckedJsonFile {
  const read = contentText(file, bytes);
  if (!read.ok) return { ok: false, problems: [read.problem] };
  const json = readJsonText(read.text);
  if (!json.ok) return { ok: false, problems: [jsonReadProblem(file, json.error)] };
  if (validate(json.value)) return { ok: true, text: read.text, value: json.value };
  return { ok: false, problems: schemaProblems(file, validate.errors, schemaOf) };
}
