/**
 * The build tests and the site benchmark run package.json's `build` script, read from the copy they
 * build, so the build command is written in one place.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCommand } from '../build/_support/tempRepo.ts';
import { REPOSITORY_ROOT } from '../support/paths.ts';

function withScripts(scripts: Record<string, string>, check: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'uaix-build-command-'));
  try {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts }));
    check(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("the repository's build command is its package.json script, with this process's node", () => {
  const script: string = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'package.json'), 'utf8')).scripts.build;
  const [command, ...args] = buildCommand(REPOSITORY_ROOT);
  assert.equal(command, process.execPath);
  assert.deepEqual(['node', ...args], script.split(' '));
});

test('a changed build script is what runs', () => {
  withScripts({ build: 'node --max-old-space-size=512 scripts/other.ts' }, (dir) => {
    assert.deepEqual(buildCommand(dir), [process.execPath, '--max-old-space-size=512', 'scripts/other.ts']);
  });
  withScripts({ build: 'astro build' }, (dir) => assert.deepEqual(buildCommand(dir), ['astro', 'build']));
});

test('a build script that needs a shell, or none, is refused with the file, the pointer and the reason', () => {
  withScripts({ build: 'npm run generate && node scripts/build.ts' }, (dir) => {
    assert.throws(
      () => buildCommand(dir),
      new Error(
        `${join(dir, 'package.json')}: /scripts/build: "&&" needs a shell; the build must be one plain command line`,
      ),
    );
  });
  withScripts({ test: 'true' }, (dir) => {
    assert.throws(() => buildCommand(dir), /package\.json: \/scripts\/build: missing/);
  });
});
