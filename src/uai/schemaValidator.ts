/**
 * Turns the errors of the schema validators into UAI-1 issues with stable codes. The code of a
 * failure comes from the schemas themselves (`x-uai-error-code`), so the rule and its code live in
 * one place. The validate functions come from `precompiledSchemas.ts` (generated ahead of time) or,
 * for edited schemas in tests, from `schemaCompiler.ts`.
 */
import type { SchemaRegistry, JsonSchema } from './schemaRegistry.ts';
import type { Shape } from './fieldShape.ts';
import { shapesAlong } from './fieldShape.ts';
import { isJsonObject } from './jsonObject.ts';
import { REQUIRED_TEXT_PATTERN, passesPatternInvisibly } from './visibleText.ts';
import type { UaiIssue } from './errorCodes.ts';
import { errorCodeEntry, MAX_ISSUES_PER_DOCUMENT, truncationIssue } from './errorCodes.ts';
import { escapePointerToken, jsonPointer, parsePointer, valueAtPointer } from './jsonPointer.ts';
import { parseUtcDateTime } from './utcDateTime.ts';
import { templatedIssue, type IssueText } from './issueText.ts';

export const ERROR_CODE_KEYWORD = 'x-uai-error-code';

export { REQUIRED_TEXT_PATTERN };

/** A failure of the required-text pattern on a blank (not empty) value: the field counts as absent. */
function isBlankText(error: SchemaError): boolean {
  return error.keyword === 'pattern' && (error.params as { pattern?: string }).pattern === REQUIRED_TEXT_PATTERN;
}

/** The part of an ajv error this module reads (ajv's `ErrorObject`, with `verbose: true`). */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: unknown;
  data?: unknown;
  message?: string;
}

/** A validate function as ajv makes it, compiled at run time or generated as standalone code. */
export interface SchemaCheck {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}

export interface CompiledSchemas {
  /**
   * Validates a keyed value against a schema `$id`; returns issues with codes. `asciiText`: the
   * caller has read every string value and each is ASCII, so none can be made of the astral
   * invisible characters that `passesPatternInvisibly` looks for, and that walk is skipped.
   */
  validate(schemaId: string, value: unknown, shape: Shape, asciiText?: boolean): UaiIssue[];
}

/** Makes the validators for a registry: the schema `$id`s of the envelope and profiles, plus `extraIds`. */
export type SchemaCompiler = (registry: SchemaRegistry, extraIds?: readonly string[]) => CompiledSchemas;

/** Wraps validate functions (by schema `$id`) so they answer with UAI-1 issues. */
export function schemasFromChecks(compiled: ReadonlyMap<string, SchemaCheck>): CompiledSchemas {
  return {
    validate(schemaId, value, shape, asciiText = false) {
      const validate = compiled.get(schemaId);
      if (!validate) throw new Error(`schema ${schemaId} is not compiled`);
      if (validate(value)) {
        if (asciiText) return [];
        const invisible = invisibleTextErrors(value, shape, [], []);
        return invisible.slice(0, MAX_ISSUES_PER_DOCUMENT).map((error) => issueFromAjvError(error, shape, value));
      }
      // An empty string fails minLength too; one issue for it is enough.
      const errors = (validate.errors ?? []).filter(
        (error) => error.keyword !== 'if' && !(isBlankText(error) && error.data === ''),
      );
      if (!asciiText) invisibleTextErrors(value, shape, [], errors);
      // Messages are built for a report's worth only: a document with 400,000 bad members costs no more.
      const issues = errors.slice(0, MAX_ISSUES_PER_DOCUMENT).map((error) => issueFromAjvError(error, shape, value));
      if (errors.length > MAX_ISSUES_PER_DOCUMENT) {
        issues.push(truncationIssue(errors.length - MAX_ISSUES_PER_DOCUMENT));
        // ajv keeps each validator's last errors, the referenced ones' too: validating an empty
        // object replaces a huge list with a short one instead of holding it until the next call.
        validate({});
      }
      validate.errors = null;
      return issues;
    },
  };
}

/**
 * The required-text pattern's failures that no portable pattern can see: a declared required text
 * field holding only astral invisible characters (see visibleText.ts), as the pattern's own error,
 * so it gets the same code and message. Walks the declared fields only, in document order.
 */
function invisibleTextErrors(
  value: unknown,
  shape: Shape,
  segments: (string | number)[],
  out: SchemaError[],
): SchemaError[] {
  if (shape.kind === 'scalar') {
    if (
      shape.constraints.pattern === REQUIRED_TEXT_PATTERN &&
      typeof value === 'string' &&
      passesPatternInvisibly(value)
    )
      out.push({
        keyword: 'pattern',
        instancePath: jsonPointer(segments),
        params: { pattern: REQUIRED_TEXT_PATTERN },
        data: value,
      });
  } else if (shape.kind === 'object' && isJsonObject(value)) {
    for (const field of shape.fields) {
      if (!Object.hasOwn(value, field.name)) continue;
      segments.push(field.name);
      invisibleTextErrors(value[field.name], field.shape, segments, out);
      segments.pop();
    }
  } else if (shape.kind === 'array' && Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      segments.push(index);
      invisibleTextErrors(value[index], shape.items, segments, out);
      segments.pop();
    }
  }
  return out;
}

function placeOf(error: SchemaError): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required')
    return `${error.instancePath}/${escapePointerToken(String(params.missingProperty))}`;
  if (error.keyword === 'additionalProperties')
    return `${error.instancePath}/${escapePointerToken(String(params.additionalProperty))}`;
  return error.instancePath;
}

function codeOf(error: SchemaError, path: string, shape: Shape): string {
  if (error.keyword === 'additionalProperties') return 'UAI-SCHEMA-UNDECLARED';
  const parent = (error.parentSchema ?? {}) as JsonSchema;
  if (typeof parent[ERROR_CODE_KEYWORD] === 'string') return parent[ERROR_CODE_KEYWORD] as string;
  if ((error.keyword === 'format' || error.keyword === 'pattern') && parent.format === 'date-time')
    return 'UAI-TIME-NOT-UTC';
  const along = shapesAlong(shape, parsePointer(path));
  for (let index = along.length - 1; index >= 0; index--) {
    const code = along[index].errorCode;
    if (code) return code;
  }
  return error.keyword === 'required' || isBlankText(error) ? 'UAI-SCHEMA-MISSING' : 'UAI-SCHEMA-INVALID';
}

function quote(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** A UTC rewrite of an offset date-time, to show the fix ("…+02:00" → "…Z"). */
function utcSuggestion(value: unknown): string {
  if (typeof value !== 'string') return '';
  const time = Date.parse(value);
  // Date.parse rolls impossible dates over (February 30 becomes March 2): suggest a rewrite only of
  // a date-time whose local date and time exist, as the UTC reader checks them.
  const local = parseUtcDateTime(`${value.slice(0, 19)}Z`);
  if (Number.isNaN(time) || !local.ok || !/[+-]\d{2}:\d{2}$|Z$/i.test(value)) return ', e.g. 2026-05-31T18:01:00Z';
  return `, e.g. ${new Date(time).toISOString().replace('.000Z', 'Z')}`;
}

/** A message as text, or as a template of issueText.ts with its values (the browser translates those). */
type SchemaMessage = string | IssueText;

function messageOf(error: SchemaError, code: string, root: unknown): SchemaMessage {
  const params = error.params as Record<string, unknown>;
  const at = error.instancePath;
  const where = at || 'the top level';
  const value = valueAtPointer(root, parsePointer(error.instancePath));
  switch (error.keyword) {
    case 'additionalProperties': {
      const allowed = Object.keys(((error.parentSchema as JsonSchema)?.properties ?? {}) as object);
      // JSON-quoted: a member name may hold a line break, and a message is one line.
      const values = { field: JSON.stringify(String(params.additionalProperty)), declared: allowed.join(', ') };
      return at
        ? { id: 'undeclared-field', params: { ...values, where: at } }
        : { id: 'undeclared-field-top', params: values };
    }
    case 'required': {
      const field = String(params.missingProperty);
      return at
        ? { id: 'required-field', params: { field, where: at } }
        : { id: 'required-field-top', params: { field } };
    }
  }
  if (isBlankText(error))
    return at
      ? { id: 'blank-value', params: { where: at } }
      : `${where} holds only white space or invisible characters, which counts as absent: write a value`;
  if (code === 'UAI-TIME-NOT-UTC')
    return `${where} is ${quote(value)}: write an RFC 3339 date-time in UTC ending in Z${utcSuggestion(value)}`;
  switch (error.keyword) {
    case 'pattern': {
      const example = ((error.parentSchema as JsonSchema)?.examples as unknown[] | undefined)?.[0];
      return `${where} is ${quote(value)}: it must match ${params.pattern}${example ? `, e.g. ${quote(example)}` : ''}`;
    }
    case 'enum': {
      const values = {
        value: quote(value),
        allowed: (params.allowedValues as unknown[]).map((v) => quote(v)).join(', '),
      };
      return at
        ? { id: 'enum-value', params: { ...values, where: at } }
        : `${where} is ${values.value}: use one of ${values.allowed}`;
    }
    case 'const':
      return code !== 'UAI-SCHEMA-INVALID' && errorCodeEntry(code)
        ? `${where} is ${quote(value)}: ${errorCodeEntry(code)!.fix}`
        : `${where} is ${quote(value)}: it must be ${quote(params.allowedValue)}`;
    case 'not':
      return `${where} is ${quote(value)}: ${errorCodeEntry(code)?.fix ?? 'that value is not allowed here'}`;
    case 'type':
      return `${where} is ${quote(value)}: it must be ${params.type === 'integer' ? 'an integer' : params.type === 'object' ? 'an object' : params.type === 'array' ? 'an array' : `a ${params.type}`}`;
    case 'format':
      return `${where} is ${quote(value)}: it must be a valid ${params.format === 'uri' ? 'absolute URI' : String(params.format)}`;
    case 'minLength':
      return params.limit === 1
        ? at
          ? { id: 'empty-value', params: { where: at } }
          : `${where} is empty: write a value`
        : `${where} is too short: at least ${params.limit} characters`;
    case 'maxLength':
      return `${where} is too long: at most ${params.limit} characters`;
    case 'minItems':
      return `${where} must list at least ${params.limit} item${params.limit === 1 ? '' : 's'}`;
    case 'minimum':
    case 'maximum':
      return `${where} is ${quote(value)}: it must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${params.limit}`;
    case 'uniqueItems':
      return `${where} lists the same item twice (items ${params.j} and ${params.i}): list each item once`;
    case 'contains':
      return `${where} has no item of the kind its schema requires`;
    // The precompiled validators carry no ajv message text (it would only reach this line).
    default:
      return `${where}: ${error.message ?? `does not match the schema (${error.keyword})`}`;
  }
}

function issueFromAjvError(error: SchemaError, shape: Shape, root: unknown): UaiIssue {
  const path = placeOf(error);
  const code = codeOf(error, path, shape);
  const message = messageOf(error, code, root);
  return typeof message === 'string' ? { code, path, message } : templatedIssue(code, path, message.id, message.params);
}
