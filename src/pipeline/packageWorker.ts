/** Worker thread of packPackageOnWorker: packs the package once and answers with the outcome. */
import { parentPort } from 'node:worker_threads';
import { packPackage, PackageBuildError } from './uaiPackage.ts';
import type { PackageOutcome } from './packageThread.ts';

let outcome: PackageOutcome;
try {
  outcome = { release: await packPackage() };
} catch (error) {
  outcome =
    error instanceof PackageBuildError ? { packageProblems: [...error.problems] } : { error: (error as Error).message };
}
parentPort!.postMessage(outcome);
