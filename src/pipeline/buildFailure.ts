/**
 * A build stage that found problems. The message is the whole report (a heading line, then one line
 * per problem naming file, place and rule) and the error carries no stack: Astro prints an
 * integration's error as message plus stack trace, and a trace would only point at this module.
 */
import { formatProblem, type Problem } from '../uai/problem.ts';

export class BuildFailure extends Error {
  override readonly name = 'BuildFailure';
  constructor(
    readonly stage: string,
    readonly problems: readonly Problem[],
    context: FailureContext = 'build',
  ) {
    super(failureLines(stage, problems, context).join('\n'));
    this.stack = '';
  }
}

/** Stops the build at `stage` with its problems. */
export function fail(stage: string, problems: readonly Problem[]): never {
  throw new BuildFailure(stage, problems);
}

/**
 * True for a BuildFailure, also one made by another copy of this module: Astro loads astro.config.mjs
 * with Vite when Node cannot import it, and that copy's class is not this one.
 */
export function isBuildFailure(error: unknown): error is BuildFailure {
  if (error instanceof BuildFailure) return true;
  const candidate = error as Partial<BuildFailure> | null;
  return candidate?.name === 'BuildFailure' && typeof candidate.stage === 'string' && Array.isArray(candidate.problems);
}

/**
 * Who reports a failed stage: the build (which keeps the previous dist/) or the dev server (which
 * writes no dist/ and shows the problems on every page until the files are fixed).
 */
export type FailureContext = 'build' | 'dev';

const FAILURE_HEADINGS: Record<FailureContext, (stage: string, count: string) => string> = {
  build: (stage, count) => `uaix: build failed at ${stage} (${count}); dist/ unchanged`,
  dev: (stage, count) => `uaix: dev: ${stage} (${count}); the dev server shows this until the files are fixed`,
};

/** The report of a failed stage: one heading line, then each problem indented on its own line. */
export function failureLines(stage: string, problems: readonly Problem[], context: FailureContext = 'build'): string[] {
  const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  return [FAILURE_HEADINGS[context](stage, count), ...problems.map((problem) => `  ${formatProblem(problem)}`)];
}
