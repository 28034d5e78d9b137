/**
 * Issue 21 item 5: a write the system refuses is one line naming the file (repository-relative),
 * what the system said, the rule and what to do; a full disk (a tiny tmpfs, or /dev/full) says the
 * disk is full.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { copyFileReporting, writeFileReporting, writeProblem } from '../../../src/record/node/fileWrites.ts';
import { formatProblem, type Problem } from '../../../src/uai/problem.ts';
import { REPOSITORY_ROOT } from '../../../src/uai/node/recordFiles.ts';
import { readCacheFile, writeCacheFile } from '../../../src/record/node/cacheFile.ts';
import { jsonObject } from '../../../src/record/model/jsonShape.ts';

const line = (problem: Problem | undefined) => problem && formatProblem(problem);

/**
 * A file on a full disk: in a 64 KiB tmpfs the test mounts when it may (as root), else /dev/full;
 * undefined when neither is there. `release` undoes the mount.
 */
function fullDiskFile(): { file: string; release: () => void } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'uaix-full-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'ignore' });
  if (mounted.status === 0) {
    const release = () => {
      spawnSync('umount', [dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    };
    return { file: join(dir, 'page.html'), release };
  }
  rmSync(dir, { recursive: true, force: true });
  return existsSync('/dev/full') ? { file: '/dev/full', release: () => undefined } : undefined;
}

test('a full disk: the file, ENOSPC, the rule and "the disk is full"', (context) => {
  const full = fullDiskFile();
  if (!full) return context.skip('no tmpfs can be mounted and there is no /dev/full');
  try {
    assert.equal(
      line(writeFileReporting(full.file, 'x'.repeat(1_000_000))),
      `${full.file}: could not be written: ENOSPC, no space left on device [file-write]; the disk is full: free space, then build again`,
    );
    const big = join(REPOSITORY_ROOT, 'package-lock.json');
    assert.match(line(copyFileReporting(big, full.file)) ?? '', /: could not be written: ENOSPC, .*disk is full/);
  } finally {
    full.release();
  }
});

test('a cache file on a full disk: one note, nothing left aside, the build goes on', (context) => {
  const full = fullDiskFile();
  if (!full || full.file === '/dev/full') {
    full?.release();
    return context.skip('needs a tmpfs (as root): a cache file is written aside in its folder');
  }
  const notes: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string) => notes.push(String(chunk)) > 0) as typeof process.stderr.write;
  try {
    const file = join(full.file, '..', 'analysis.json');
    writeCacheFile(file, { text: 'x'.repeat(1_000_000) });
    process.stderr.write = write;
    assert.deepEqual(notes, [
      `uaix: note: ${file}: could not be written: ENOSPC, no space left on device [file-write]; ` +
        'the disk is full: free space, then build again (a cache file: the build goes on without it)\n',
    ]);
    assert.deepEqual(readCacheFile(file, jsonObject), { absent: true });
    assert.equal(existsSync(`${file}.${process.pid}`), false, 'the part written aside is removed');
  } finally {
    process.stderr.write = write;
    full.release();
  }
});

test('an ENOSPC however it comes: the disk is full', () => {
  const error = Object.assign(new Error("ENOSPC: no space left on device, open '/x/dist/a.html'"), { code: 'ENOSPC' });
  assert.equal(
    formatProblem(writeProblem(join(REPOSITORY_ROOT, 'dist/a.html'), error)),
    'dist/a.html: could not be written: ENOSPC, no space left on device [file-write]; the disk is full: free space, then build again',
  );
});

test('a path inside the repository is named from its root, never absolutely', () => {
  assert.equal(
    line(writeFileReporting(join(REPOSITORY_ROOT, 'content'), 'x')),
    'content: could not be written: EISDIR, illegal operation on a directory [file-write]; a folder stands where the file goes: remove it',
  );
  assert.equal(
    formatProblem(
      writeProblem(
        join(REPOSITORY_ROOT, 'dist/a.html'),
        Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' }),
      ),
    ),
    'dist/a.html: could not be written: EIO, i/o error [file-write]; check the folder and the disk, then build again',
  );
});

test('a write that succeeds makes the folder and returns no problem', () => {
  const dir = mkdtempSync(join(tmpdir(), 'uaix-writes-'));
  try {
    assert.equal(writeFileReporting(join(dir, 'a/b/c.txt'), 'text'), undefined);
    assert.equal(readFileSync(join(dir, 'a/b/c.txt'), 'utf8'), 'text');
    assert.equal(copyFileReporting(join(dir, 'a/b/c.txt'), join(dir, 'd/e.txt')), undefined);
    assert.equal(readFileSync(join(dir, 'd/e.txt'), 'utf8'), 'text');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
