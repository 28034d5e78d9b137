/**
 * An error that carries its problems as data, one line each (file, place, rule). Callers read
 * `problems`; none splits a message back into lines. The message lists them too, for a reader
 * that only prints an error.
 */
export class ProblemListError extends Error {
  readonly problems: readonly string[];

  constructor(problems: string | readonly string[]) {
    const list = typeof problems === 'string' ? [problems] : [...problems];
    super(list.join('\n'));
    this.problems = list;
  }
}
