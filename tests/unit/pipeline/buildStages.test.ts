import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_STAGES, buildStageList, passed, type StageName } from '../../../src/pipeline/buildStages.ts';
import { isBuildFailure } from '../../../src/pipeline/buildFailure.ts';
import { REPOSITORY_ROOT } from '../../../src/uai/node/recordFiles.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

const IN_ORDER = BUILD_STAGES.map((stage) => stage.name).filter((name) => name !== 'astro');

const failureOf = (run: () => void): string => {
  try {
    run();
  } catch (error) {
    assert.ok(isBuildFailure(error), `not a build failure: ${error}`);
    return error.problems.map(formatProblem).join('\n');
  }
  return '';
};

test('stages passed in the listed order, twice over (a rebuild starts again at the first), are accepted', () => {
  for (const _ of [1, 2]) for (const name of IN_ORDER) passed(name);
});

test('a stage passed before one listed ahead of it, or again after a later one, stops the build', () => {
  passed('sources');
  assert.match(
    failureOf(() => passed('fixtures')),
    /the stage "fixtures" ended before "content"/,
  );
  passed('sources');
  passed('content');
  passed('fixtures');
  passed('machine records');
  assert.match(
    failureOf(() => passed('content' as StageName)),
    /the stage "content" ended after "machine records"/,
  );
});

test('every stage the build runs is marked by name in the build module', () => {
  const source = readFileSync(join(REPOSITORY_ROOT, 'src/pipeline/recordStages.ts'), 'utf8');
  for (const name of IN_ORDER)
    assert.ok(source.includes(`passed('${name}')`), `recordStages.ts never passes "${name}"`);
});

test("docs/build.md's list numbers the stages in the table's order, continuation lines indented under their item", () => {
  const list = buildStageList().split('\n');
  assert.equal(list.filter((line) => /^\d+\. /.test(line)).length, BUILD_STAGES.length);
  assert.ok(list[0].startsWith(`1. ${BUILD_STAGES[0].readme[0]}`));
  assert.ok(list.some((line) => line.startsWith(`${BUILD_STAGES.length}. `)));
  for (const line of list) assert.match(line, /^(\d+\. |\s{3,4}\S)/);
});
