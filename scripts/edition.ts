/**
 * `npm run edition -- <id>`: releases edition <id> of the record. It refuses an id that is not a
 * date (YYYY-MM-DD, or YYYY-MM-DD.N for a further edition that day), one that exists, or one not
 * after the latest edition; then builds the record (so what it freezes is exactly what this
 * checkout publishes) and writes editions/<id>/: the normative files, schemas with their `$id` and
 * absolute `$ref`s at the edition's URL, and edition.json with the sha256 of each file. It never
 * touches an existing edition. Exit 0 written, 1 build or edition problems, 2 usage error.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { EDITIONS_FOLDER, nextEditionProblem } from '../src/record/editions/editions.ts';
import {
  committedEditionProblems,
  readCommittedEditions,
  writeEdition,
} from '../src/record/editions/node/editionFiles.ts';
import { editionContentsFromDist } from '../src/record/machine/node/editionState.ts';
import { loadSite } from '../src/site/siteContext.ts';
import { FREEZING_ENV } from '../src/pipeline/editionStages.ts';

const args = process.argv.slice(2);
if (args.length !== 1 || args[0].startsWith('-')) {
  console.error('usage: npm run edition -- <YYYY-MM-DD[.N]>');
  process.exit(2);
}
const [id] = args;
const committed = readCommittedEditions();
const ids = committed.editions.map((edition) => edition.folder);
const idProblem = nextEditionProblem(id, ids);
if (idProblem) {
  console.error(`edition: ${idProblem}`);
  process.exit(2);
}
const problems = committedEditionProblems(committed);
if (problems.length) {
  for (const problem of problems) console.error(`edition: ${problem}`);
  process.exit(1);
}

const build = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'scripts/build.ts'], {
  cwd: REPOSITORY_ROOT,
  stdio: 'inherit',
  env: { ...process.env, [FREEZING_ENV]: id },
});
if (build.status !== 0) {
  console.error(`edition: the build failed; nothing was written to ${EDITIONS_FOLDER}/${id}/`);
  process.exit(1);
}

try {
  const site = loadSite();
  const contents = editionContentsFromDist(site, join(REPOSITORY_ROOT, 'dist'));
  const previous = committed.editions.at(-1)?.folder ?? null;
  const index = writeEdition(id, previous, site, contents);
  console.log(
    `edition: wrote ${EDITIONS_FOLDER}/${id}/ (${Object.keys(index.files).length} files, UAI-1 ${index.standard_version}, previous ${previous ?? 'none'}); commit it, then npm run build publishes it`,
  );
} catch (error) {
  console.error(`edition: ${(error as Error).message}`);
  process.exit(1);
}
