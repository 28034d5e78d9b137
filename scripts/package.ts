/**
 * `npm run package`: compiles and packs `@uaix/uai-1` (src/build/uaiPackage.ts) and prints the
 * tarball and its sha256.
 */
import { relative } from 'node:path';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { packPackage, PackageBuildError } from '../src/build/uaiPackage.ts';

try {
  const release = packPackage();
  console.log(`${relative(REPOSITORY_ROOT, release.file)} ${release.sha256}`);
} catch (error) {
  if (!(error instanceof PackageBuildError)) throw error;
  console.error(`uaix: package: ${error.message}`);
  process.exitCode = 1;
}
