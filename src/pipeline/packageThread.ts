/**
 * The package is compiled and packed on a worker thread beside Astro's start and content sync
 * (which keep one core busy): cold, it is about two seconds of esbuild, TypeScript and npm pack that
 * no page needs before Astro renders. The worker runs `packPackage`, exactly as `npm run package`
 * does; a PackageBuildError there comes back as one here, with the same lines.
 */
import type { PackedRelease } from '../record/implementations/node/packageRelease.ts';
import { workerAnswer } from '../record/node/typeScriptWorker.ts';
import { PackageBuildError } from './uaiPackage.ts';
import type { Problem } from '../uai/problem.ts';

/** What the worker answers: the release, or the package's problems, or another failure. */
export type PackageOutcome = { release: PackedRelease } | { packageProblems: Problem[] } | { error: string };

/** `packPackage()` on a worker thread. */
export async function packPackageOnWorker(): Promise<PackedRelease> {
  const outcome = await workerAnswer<PackageOutcome>(
    new URL('./packageWorker.ts', import.meta.url),
    undefined,
    "the package's worker",
  );
  if ('release' in outcome) return outcome.release;
  if ('packageProblems' in outcome) throw new PackageBuildError(outcome.packageProblems);
  throw new Error(outcome.error);
}
