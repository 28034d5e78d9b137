/**
 * `npm run lint`'s layer check: the rules of `.dependency-cruiser.cjs` over `src/` (the `.astro`
 * templates included), `scripts/` and `bin/`. Exits 1 when a rule is broken.
 */
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { checkLayers } from './layerCheck.ts';

const { report, errors } = await checkLayers(REPOSITORY_ROOT, {
  folders: ['src', 'scripts', 'bin'],
  configFile: join(REPOSITORY_ROOT, '.dependency-cruiser.cjs'),
  tsConfigFile: join(REPOSITORY_ROOT, 'tsconfig.json'),
});
process.stdout.write(report);
process.exitCode = errors ? 1 : 0;
