/**
 * The one-`git log` reading of last changes names exactly the commit that `git log -1 -- <files>`
 * names, for every content and schema file of this repository, for pairs of files (a translation
 * and its English source), and for a path git does not know (HEAD). Commits, not dates, are
 * compared: most commits of a young history share one date.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { REPOSITORY_ROOT } from '../../../src/uai/node/recordFiles.ts';
import { lastChange, lastChangedDate } from '../../../src/record/content/node/gitDates.ts';

const git = (...args: string[]) => execFileSync('git', args, { cwd: REPOSITORY_ROOT, encoding: 'utf8' }).trim();
const pathLimitedCommit = (files: string[]) =>
  git('log', '-1', '--format=%H', '--', ...files) || git('log', '-1', '--format=%H');
const tracked = git('ls-files', 'content', 'schemas').split('\n').filter(Boolean);

test('every tracked content and schema file gets the commit of git log -1 -- <file>', () => {
  assert.ok(tracked.length > 50, `expected the record's files, found ${tracked.length}`);
  const wrong = tracked.filter((file) => lastChange([file])?.commit !== pathLimitedCommit([file]));
  assert.deepEqual(
    wrong.map((file) => `${file}: ${lastChange([file])?.commit} vs ${pathLimitedCommit([file])}`),
    [],
  );
});

test('a translation and its English source together get the later of their commits', () => {
  const pairs = tracked
    .filter((file) => /^content\/[^/]+\/fr-fr\//.test(file))
    .map((file) => [file, file.replace('/fr-fr/', '/en-us/')]);
  assert.ok(pairs.length > 10);
  for (const pair of pairs) assert.equal(lastChange(pair)?.commit, pathLimitedCommit(pair), pair.join(' + '));
});

test('a file git does not know takes HEAD, and dates are the commit dates as YYYY-MM-DD', () => {
  assert.equal(lastChange(['content/no-such-file.md'])?.commit, pathLimitedCommit([]));
  const file = tracked[0];
  assert.equal(
    lastChangedDate([file]),
    new Date(git('log', '-1', '--format=%cI', '--', file)).toISOString().slice(0, 10),
  );
});
