/**
 * `npm run edition -- <id> [--dry-run]`: releases edition <id> of the record. It refuses an id that
 * is not a date (YYYY-MM-DD, or YYYY-MM-DD.N for a further edition that day), one that exists, or
 * one not after the latest edition, and an id with no pending changelog entry; then builds the
 * record (so what it freezes is exactly what this checkout publishes), classifies every change
 * since the latest edition (changeClassification.ts: fixtures and generated packets through both
 * editions' schemas) and lets the release gate decide (releaseGate.ts: nothing changed, or an
 * undeclared breaking change under the same standard version, stops it, one line each). Then it
 * writes editions/<id>/: the normative files, schemas with their `$id` and absolute `$ref`s at the
 * edition's URL, and edition.json with the sha256 of each file. It never touches an existing
 * edition; `--dry-run` classifies and decides, and writes nothing. Exit 0 written (or would be), 1
 * build, edition or gate problems, 2 usage error.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { EDITIONS_FOLDER, frozenFiles, nextEditionProblem } from '../src/record/editions/editions.ts';
import {
  committedEditionProblems,
  readCommittedEditions,
  standardVersionOf,
  writeEdition,
} from '../src/record/editions/node/editionFiles.ts';
import { classifyChanges } from '../src/record/editions/changeClassification.ts';
import { changeLine, releaseProblems } from '../src/record/editions/releaseGate.ts';
import { readChangelogFiles } from '../src/record/editions/node/changelogFiles.ts';
import { CHANGELOG_FOLDER } from '../src/record/editions/changelog.ts';
import { SOURCE_LOCALE } from '../src/record/model/locales.ts';
import { nodeSha256 } from '../src/uai/node/nodeValidator.ts';
import { editionContentsFromDist, machineFilesOf } from '../src/record/machine/node/editionState.ts';
import type { ClassifiedChange } from '../src/record/editions/changeRules.ts';
import { loadSite } from '../src/site/siteContext.ts';
import { FREEZING_ENV } from '../src/pipeline/editionStages.ts';

const DRY_RUN = '--dry-run';
/** Generated valid packets per classification (and half as many invalid ones): a few thousand, a few seconds. */
const GENERATED_PACKETS = 3000;

const args = process.argv.slice(2);
const dryRun = args.includes(DRY_RUN);
const ids = args.filter((arg) => arg !== DRY_RUN);
if (ids.length !== 1 || ids[0].startsWith('-')) {
  console.error(`usage: npm run edition -- <YYYY-MM-DD[.N]> [${DRY_RUN}]`);
  process.exit(2);
}
const [id] = ids;
const committed = readCommittedEditions();
const idProblem = nextEditionProblem(
  id,
  committed.editions.map((edition) => edition.folder),
);
if (idProblem) {
  console.error(`edition: ${idProblem}`);
  process.exit(2);
}
const problems = committedEditionProblems(committed);
if (problems.length) {
  for (const problem of problems) console.error(`edition: ${problem}`);
  process.exit(1);
}
const changelog = readChangelogFiles();
const englishChangelog = changelog.files.find((file) => file.locale === SOURCE_LOCALE);
const entry = englishChangelog?.data.entries.find((candidate) => candidate.edition === id);
const changelogFile = `${CHANGELOG_FOLDER}/${SOURCE_LOCALE}.json`;
if (!entry) {
  console.error(
    `edition: ${releaseProblems({ id, previous: undefined, standardVersion: '', changes: [], entry, changelogFile })[0]}`,
  );
  process.exit(1);
}

const latest = committed.editions.at(-1);
const released = latest?.index ? { id: latest.folder, standardVersion: latest.index.standard_version } : undefined;
const isPage = (path: string) => path.startsWith('pages/');
const filesWhere = (files: ReadonlyMap<string, Uint8Array>, keep: (path: string) => boolean) =>
  new Map([...files].filter(([path]) => keep(path)));

/** The changes of one part of the files since the latest edition, measured and printed. */
function classified(
  part: string,
  next: ReadonlyMap<string, Uint8Array>,
  keep: (path: string) => boolean,
  generated: number,
  standardVersion: string,
) {
  if (!latest || !released) return [];
  const started = performance.now();
  const { changes, judged } = classifyChanges(
    { id: released.id, standardVersion: released.standardVersion, files: filesWhere(latest.files, keep) },
    { id, standardVersion, files: filesWhere(next, keep) },
    { generated, sha256: nodeSha256 },
  );
  const count = (kind: string) => changes.filter((change) => change.class === kind).length;
  console.log(
    `edition: ${part}: ${changes.length} changes since ${released.id} (${count('breaking')} breaking, ${count('non-breaking')} non-breaking, ${count('editorial')} editorial), from ${judged.fixtures} fixtures and ${judged.generated} generated packets in ${Math.round(performance.now() - started)} ms`,
  );
  for (const change of changes) console.log(`edition: ${changeLine(change)}`);
  return changes;
}

/** Stops the release when the gate refuses it, one line per reason. */
function decide(changes: readonly ClassifiedChange[], standardVersion: string, pagesCompared: boolean): void {
  const refused = releaseProblems({
    id,
    previous: released,
    standardVersion,
    changes,
    entry,
    changelogFile,
    pagesCompared,
  });
  if (!refused.length) return;
  for (const line of refused) console.error(`edition: ${line}`);
  console.error(`edition: refused; nothing was written to ${EDITIONS_FOLDER}/${id}/`);
  process.exit(1);
}

// Before the build: the machine files (schemas, fixtures, requirements, codes) hold every breaking
// change, and rendering them from the model takes seconds where the build takes minutes.
let machineChanges: ClassifiedChange[];
let standardVersion: string;
try {
  const site = loadSite();
  standardVersion = standardVersionOf(site.model);
  const machine = frozenFiles(id, { machineFiles: machineFilesOf(site), pages: [], sources: [] });
  machineChanges = classified('machine files', machine, (path) => !isPage(path), GENERATED_PACKETS, standardVersion);
} catch (error) {
  console.error(`edition: ${(error as Error).message}; run npm run build for the record's problems`);
  process.exit(1);
}
decide(machineChanges, standardVersion, false);

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
  // After the build: the normative pages as built (their changes are editorial), then the whole decision.
  const pageChanges = classified('pages', frozenFiles(id, contents), isPage, 0, standardVersion);
  decide([...machineChanges, ...pageChanges], standardVersion, true);
  if (dryRun) {
    console.log(`edition: ${id} may be released (${DRY_RUN}: nothing written)`);
    process.exit(0);
  }
  const index = writeEdition(id, released?.id ?? null, site, contents);
  console.log(
    `edition: wrote ${EDITIONS_FOLDER}/${id}/ (${Object.keys(index.files).length} files, UAI-1 ${index.standard_version}, previous ${released?.id ?? 'none'}); commit it, then npm run build publishes it`,
  );
} catch (error) {
  console.error(`edition: ${(error as Error).message}`);
  process.exit(1);
}
