/**
 * A problem as data: the file, the place in it, what is wrong and the rule it breaks. Gates make
 * problems, and one formatter turns each into the line the terminal shows, so every gate's line
 * reads the same way: `file:line:column: message [rule]` for a place in text, `file /pointer:
 * message [rule]` for a place in JSON (`(root)` for the whole document), and `file:line (/pointer):
 * message [rule]` for a string of a JSON file whose line is known; `; hint` follows, where a gate
 * says what to do.
 */

/**
 * A place in text (1-based line, and column where a gate knows it), in a JSON document (a JSON
 * Pointer), or both: the line of a JSON file where the value at the pointer is written.
 */
export type Place = { line: number; column?: number; pointer?: string } | { pointer: string };

/** What a gate found wrong: the file, the place in it, the message, the rule it breaks and what to do. */
export interface Problem {
  /** Repository-relative for a source, the public path (`/a/b.json`) for a published file. */
  file: string;
  place?: Place;
  message: string;
  /** The rule broken: a schema file, a gate's rule name or an error code. */
  rule?: string;
  /** What to do about it, where the gate knows (printed after the rule). */
  hint?: string;
}

/** A problem at a line of a file. */
export function problemAtLine(file: string, line: number, message: string, rule: string): Problem {
  return { file, place: { line }, message, rule };
}

/** A problem at a JSON Pointer of a file (`''` for the whole document). */
export function problemAtPointer(file: string, pointer: string, message: string, rule?: string): Problem {
  return rule === undefined ? { file, place: { pointer }, message } : { file, place: { pointer }, message, rule };
}

/** The one line a problem prints as. */
export function formatProblem({ file, place, message, rule, hint }: Problem): string {
  return `${placeText(file, place)}: ${message}${rule ? ` [${rule}]` : ''}${hint ? `; ${hint}` : ''}`;
}

function placeText(file: string, place: Place | undefined): string {
  if (place === undefined) return file;
  if (!('line' in place)) return `${file} ${place.pointer || '(root)'}`;
  const { line, column, pointer } = place;
  return `${file}:${line}${column === undefined ? '' : `:${column}`}${pointer === undefined ? '' : ` (${pointer || '(root)'})`}`;
}

/** What a JSON Schema validator (ajv) says of one error. */
export interface SchemaError {
  instancePath: string;
  message?: string;
  keyword?: string;
}

/**
 * The problems of a document that failed its schema, one per error at its JSON Pointer, the rule
 * the schema (or the part of it the error comes from). An `if` error only says that its `then` or
 * `else` failed, which is reported on its own.
 */
export function schemaProblems<E extends SchemaError>(
  file: string,
  errors: readonly E[] | null | undefined,
  rule: string | ((error: E) => string),
): Problem[] {
  return (errors ?? [])
    .filter((error) => error.keyword !== 'if')
    .map((error) => ({
      file,
      place: { pointer: error.instancePath },
      message: error.message ?? `fails the schema's ${error.keyword ?? ''} keyword`,
      rule: typeof rule === 'string' ? rule : rule(error),
    }));
}

/**
 * An error that carries its problems as data: callers read its problems, and none splits a message
 * back into lines. Its message lists them too, one formatted line each, for a reader that only
 * prints an error.
 */
export class ProblemListError extends Error {
  readonly problems: readonly Problem[];

  constructor(problems: Problem | readonly Problem[]) {
    const list: Problem[] = Array.isArray(problems) ? [...problems] : [problems as Problem];
    super(list.map(formatProblem).join('\n'));
    this.problems = list;
  }
}
