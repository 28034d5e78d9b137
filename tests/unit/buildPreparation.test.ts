/**
 * The package and the language check run on worker threads beside Astro's content sync; before Astro
 * renders, `finishPreparation` waits for both: the worker packs what `packPackage` packs, and the
 * language check's problems, a failed worker or a package problem stop the build at their stage.
 */
import { formatProblem, type Problem } from '../../src/uai/problem.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { packPackageOnWorker } from '../../src/pipeline/packageThread.ts';
import { packPackage, PackageBuildError } from '../../src/pipeline/uaiPackage.ts';
import { finishPreparation, type StartedRecord } from '../../src/pipeline/recordStages.ts';
import { isBuildFailure, type BuildFailure } from '../../src/pipeline/buildFailure.ts';
import type { PackedRelease } from '../../src/record/implementations/node/packageRelease.ts';
import { withPackageFolderAsync } from '../support/packageFolderLock.ts';

test('the worker thread packs the package packPackage packs', async () => {
  const [onWorker, onMain] = await withPackageFolderAsync(async () => [
    await packPackageOnWorker(),
    await packPackage(),
  ]);
  assert.deepEqual(onWorker, onMain);
  assert.match(onWorker.sha256, /^sha256:[0-9a-f]{64}$/);
});

const RELEASE = { fileName: 'uaix-uai-1-0.1.0.tgz', sha256: `sha256:${'0'.repeat(64)}` } as PackedRelease;
const never = <T>() => new Promise<T>(() => undefined);

function started(languageProblems: Promise<Problem[]>, release: Promise<PackedRelease>): StartedRecord {
  const site = {
    model: { fixtures: [{}], profiles: [{}], routeFixtures: [] },
    index: { pages: [{}, {}] },
    routes: [],
    catalogPending: [],
    glossaryPending: [],
  };
  return { site, languageProblems, release, changelogPending: [] } as unknown as StartedRecord;
}

function failsAt(stage: string, problems: RegExp[]) {
  return (error: unknown) => {
    assert.ok(isBuildFailure(error), String(error));
    const failure = error as BuildFailure;
    assert.equal(failure.stage, stage);
    const lines = failure.problems.map(formatProblem);
    assert.equal(lines.length, problems.length, lines.join('\n'));
    problems.forEach((pattern, at) => assert.match(lines[at], pattern));
    return true;
  };
}

test('a clean language check and a packed package: the release and the report line', async () => {
  const prepared = await finishPreparation(started(Promise.resolve([]), Promise.resolve(RELEASE)));
  assert.equal(prepared.release, RELEASE);
  assert.match(
    prepared.summary,
    /^1 packet fixtures \(1 profiles\) and 0 route fixtures checked.*content of 2 pages checked$/,
  );
});

test("the language check's problems stop the build at the content stage, without waiting for the package", async () => {
  const problem: Problem = {
    file: 'content/pages/fr-fr/a.md',
    place: { line: 4 },
    message: '"appareils" for "fixture"',
    rule: 'banned-term',
  };
  await assert.rejects(
    finishPreparation(started(Promise.resolve([problem]), never())),
    failsAt('content', [/^content\/pages\/fr-fr\/a\.md:4: "appareils" for "fixture" \[banned-term\]$/]),
  );
  await assert.rejects(
    finishPreparation(started(Promise.reject(new Error('worker exited with 1')), never())),
    failsAt('content', [/language check could not run: worker exited with 1/]),
  );
});

test('a package problem stops the build at the package stage, one line each', async () => {
  const problem = new PackageBuildError([
    { file: 'src/uai/a.ts', place: { line: 3 }, message: 'Type error one' },
    { file: 'src/uai/b.ts', place: { line: 9 }, message: 'Type error two' },
  ]);
  await assert.rejects(
    finishPreparation(started(Promise.resolve([]), Promise.reject(problem))),
    failsAt('package', [/^src\/uai\/a\.ts:3: Type error one$/, /^src\/uai\/b\.ts:9: Type error two$/]),
  );
  await assert.rejects(
    finishPreparation(started(Promise.resolve([]), Promise.reject(new Error("the package's worker exited with 1")))),
    failsAt('package', [/the package could not be built: the package's worker exited with 1/]),
  );
});
