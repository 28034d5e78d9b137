/**
 * `npm run package`: compiles and packs `@uaix/uai-1` (src/pipeline/uaiPackage.ts) and prints the
 * tarball and its sha256.
 */
import { relative } from 'node:path';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { packPackage, PackageBuildError } from '../src/pipeline/uaiPackage.ts';

try {
  const release = packPackage();
  console.log(`${relative(REPOSITORY_ROOT, release.file)} ${release.sha256}`);
} catch (error) {
  if (!(error instanceof PackageBuildError)) throw error;
  for (const problem of error.problems) console.error(`uaix: package: ${problem}`);
  process.exitCode = 1;
}
