/**
 * Issue 43 part 3: a rebuild writes only the files whose bytes changed; the others are linked from the
 * output the build replaces, which stays byte for byte as it was whatever the stages write after.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Dist } from '../../../src/pipeline/distFiles.ts';
import { previousOutput } from '../../../src/pipeline/stagedOutput.ts';
import { linkIfSame } from '../../../src/record/node/fileWrites.ts';
import { inTempFolder } from '../../support/tempFolder.ts';

/** A previous output with `files` (public path → text) and an empty staging folder beside it. */
function outputs(folder: string, files: Record<string, string>): { previous: string; staging: string } {
  const previous = join(folder, 'dist');
  const staging = join(folder, '.dist-staging-1');
  mkdirSync(previous);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(previous, path, '..'), { recursive: true });
    writeFileSync(join(previous, path), text);
  }
  mkdirSync(staging);
  return { previous, staging };
}

const sameFile = (a: string, b: string) => statSync(a).ino === statSync(b).ino;

test('the same bytes at the same path are linked, not written; other bytes are written', () =>
  inTempFolder('uaix-dist-', (folder) => {
    const { previous, staging } = outputs(folder, {
      '/a/index.md': '# A\n',
      '/b/index.md': '# B\n',
      '/c/index.md': '# C, longer\n',
    });
    const dist = new Dist(staging, previous);
    dist.write('/a/index.md', '# A\n');
    dist.write('/b/index.md', '# b\n'); // Same length, other bytes.
    dist.write('/c/index.md', '# C\n'); // Other length.
    dist.write('/d/index.md', '# D\n'); // Not in the previous output.
    assert.ok(sameFile(join(staging, 'a/index.md'), join(previous, 'a/index.md')));
    for (const path of ['b', 'c', 'd']) {
      assert.ok(!sameFile(join(staging, path, 'index.md'), join(staging, 'a/index.md')));
    }
    assert.deepEqual([...dist.linked], ['/a/index.md']);
    assert.equal(dist.written, 3);
    assert.equal(readFileSync(join(staging, 'b/index.md'), 'utf8'), '# b\n');
    assert.equal(readFileSync(join(previous, 'b/index.md'), 'utf8'), '# B\n');
  }));

test('a copy of a source file is linked when the previous output holds its bytes, else copied', () =>
  inTempFolder('uaix-dist-', (folder) => {
    const { previous, staging } = outputs(folder, { '/editions/1/a.md': 'released\n', '/editions/1/b.md': 'old\n' });
    writeFileSync(join(folder, 'a.md'), 'released\n');
    writeFileSync(join(folder, 'b.md'), 'new\n');
    const dist = new Dist(staging, previous);
    dist.copy(join(folder, 'a.md'), '/editions/1/a.md');
    dist.copy(join(folder, 'b.md'), '/editions/1/b.md');
    assert.ok(sameFile(join(staging, 'editions/1/a.md'), join(previous, 'editions/1/a.md')));
    assert.ok(!sameFile(join(staging, 'editions/1/a.md'), join(folder, 'a.md')), 'never a link to the source');
    assert.equal(readFileSync(join(staging, 'editions/1/b.md'), 'utf8'), 'new\n');
    assert.deepEqual([[...dist.linked], dist.written], [['/editions/1/a.md'], 1]);
    assert.throws(() => dist.copy(join(folder, 'missing.md'), '/editions/1/c.md'), /missing\.md|could not be written/);
  }));

test('a path written again after it was linked leaves the previous output’s file as it was', () =>
  inTempFolder('uaix-dist-', (folder) => {
    const { previous, staging } = outputs(folder, { '/a/index.json': '{}\n', '/r.txt': 'release\n' });
    writeFileSync(join(folder, 'release.txt'), 'another release\n');
    const dist = new Dist(staging, previous);
    dist.write('/a/index.json', '{}\n');
    dist.write('/r.txt', 'release\n');
    dist.write('/a/index.json', '{"changed":true}\n');
    dist.copy(join(folder, 'release.txt'), '/r.txt');
    assert.equal(readFileSync(join(previous, 'a/index.json'), 'utf8'), '{}\n');
    assert.equal(readFileSync(join(previous, 'r.txt'), 'utf8'), 'release\n');
    assert.equal(readFileSync(join(staging, 'a/index.json'), 'utf8'), '{"changed":true}\n');
    assert.equal(readFileSync(join(staging, 'r.txt'), 'utf8'), 'another release\n');
    assert.deepEqual([...dist.linked], []);
  }));

test('only a regular file of the previous output is linked: not a symbolic link, a folder or a missing file', () =>
  inTempFolder('uaix-dist-', (folder) => {
    // The link's own size is the length of its target's name: as long as the bytes its target holds.
    const target = join(folder, 'elsewhere.txt');
    const bytes = Buffer.from('y'.repeat(target.length));
    writeFileSync(target, bytes);
    const { previous, staging } = outputs(folder, {});
    symlinkSync(target, join(previous, 'link.txt'));
    mkdirSync(join(previous, 'folder'));
    for (const name of ['link.txt', 'folder', 'missing.txt']) {
      assert.equal(linkIfSame(join(previous, name), join(staging, name), bytes), false, name);
      assert.throws(() => statSync(join(staging, name)), /ENOENT/, `${name}: nothing is left in its place`);
    }
  }));

test('no previous output, or one that is a symbolic link: every file is written', () =>
  inTempFolder('uaix-dist-', (folder) => {
    const { previous, staging } = outputs(folder, { '/a.txt': 'a\n' });
    assert.equal(previousOutput({ destination: previous }), previous);
    assert.equal(previousOutput({ destination: join(folder, 'none') }), undefined);
    symlinkSync(previous, join(folder, 'linked-dist'));
    assert.equal(previousOutput({ destination: join(folder, 'linked-dist') }), undefined);
    const dist = new Dist(staging);
    dist.write('/a.txt', 'a\n');
    assert.ok(!sameFile(join(staging, 'a.txt'), join(previous, 'a.txt')));
    assert.equal(dist.written, 1);
  }));
