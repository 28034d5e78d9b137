/**
 * `npm run package`: compiles and packs `@uaix/uai-1` (src/pipeline/uaiPackage.ts) and prints the
 * tarball and its sha256.
 */
import { relative } from 'node:path';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { packPackage, PackageBuildError } from '../src/pipeline/uaiPackage.ts';
import { formatProblem } from '../src/uai/problem.ts';
import { scriptErrorLine } from './scriptErrors.ts';

if (process.argv.length > 2) {
  console.error(`uaix: ${process.argv.slice(2).join(' ')}: npm run package takes no arguments`);
  process.exit(2);
}

try {
  const release = await packPackage();
  console.log(`${relative(REPOSITORY_ROOT, release.file)} ${release.sha256}`);
} catch (error) {
  if (error instanceof PackageBuildError)
    for (const problem of error.problems) console.error(`uaix: package: ${formatProblem(problem)}`);
  else console.error(scriptErrorLine('package', error));
  process.exitCode = 1;
}
