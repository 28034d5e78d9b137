/**
 * The package is compiled and packed on a worker thread beside Astro's start and content sync
 * (which keep one core busy): cold, it is about two seconds of esbuild, TypeScript and npm pack that
 * no page needs before Astro renders. The worker runs `packPackage`, exactly as `npm run package`
 * does; a PackageBuildError there comes back as one here, with the same lines.
 */
import { Worker } from 'node:worker_threads';
import type { PackedRelease } from '../record/node/packageRelease.ts';
import { PackageBuildError } from './uaiPackage.ts';

/** What the worker answers: the release, or the package's problems, or another failure. */
export type PackageOutcome = { release: PackedRelease } | { packageProblem: string } | { error: string };

/** `packPackage()` on a worker thread. */
export function packPackageOnWorker(): Promise<PackedRelease> {
  return new Promise((resolve, reject) => {
    let answered = false;
    new Worker(new URL('./packageWorker.mjs', import.meta.url))
      .once('message', (outcome: PackageOutcome) => {
        answered = true;
        if ('release' in outcome) resolve(outcome.release);
        else if ('packageProblem' in outcome) reject(new PackageBuildError(outcome.packageProblem));
        else reject(new Error(outcome.error));
      })
      .once('error', reject)
      .once('exit', (code) => {
        if (!answered) reject(new Error(`the package's worker exited with ${code} before answering`));
      });
  });
}
