import { problemLine, type ProblemLine } from '../uai/problem.ts';

/**
 * An error that carries its problems as data, one line each (file, place, rule). Callers read
 * `problems`; none splits a message back into lines. The message lists them too, for a reader
 * that only prints an error.
 */
export class ProblemListError extends Error {
  readonly problems: readonly ProblemLine[];

  constructor(problems: ProblemLine | readonly ProblemLine[]) {
    const list = Array.isArray(problems) ? [...problems] : [problems as ProblemLine];
    super(list.map(problemLine).join('\n'));
    this.problems = list;
  }
}
