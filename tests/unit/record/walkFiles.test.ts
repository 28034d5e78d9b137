/**
 * Issue 37: the one walk of the record's inputs reads regular files only. Over a small tree made in
 * a temp folder: a link to a file outside it, a linked folder, a link inside it, a FIFO, a socket, a
 * name with a newline, DEL or C1 character, a name that is not UTF-8 and (as another user) a file it
 * may not read, each refused in one line without being opened, all of them in one error; and a read
 * the system refuses is reported as a read of that file, never as a write.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileTreeError, walkFiles } from '../../../src/record/node/walkFiles.ts';
import { readRecordFile, RecordFileError, REPOSITORY_ROOT } from '../../../src/uai/node/recordFiles.ts';
import { isWriteError } from '../../../src/record/node/fileWrites.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

/** The lines of the walk's FileTreeError, with the temp folder's path as `<dir>`. */
function walkProblems(dir: string): string[] {
  try {
    walkFiles(dir);
  } catch (error) {
    assert.ok(error instanceof FileTreeError, String(error));
    return error.problems.map((problem) => formatProblem(problem).replaceAll(dir, '<dir>'));
  }
  assert.fail('the walk refused nothing');
}

function tempTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'uaix-walk-'));
  mkdirSync(join(dir, 'guides/en-us'), { recursive: true });
  writeFileSync(join(dir, 'guides/en-us/a.md'), 'a');
  writeFileSync(join(dir, 'b.md'), 'b');
  return dir;
}

test('regular files, depth first and sorted; a regular file given as the root is its one file', () => {
  const dir = tempTree();
  try {
    assert.deepEqual(walkFiles(dir), [join(dir, 'b.md'), join(dir, 'guides/en-us/a.md')]);
    assert.deepEqual(walkFiles(join(dir, 'b.md')), [join(dir, 'b.md')]);
    assert.deepEqual(walkFiles(join(dir, 'absent')), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('links, a FIFO, a socket and unprintable names: each refused in one line, all together, none opened', async () => {
  const dir = tempTree();
  const socket = createServer();
  try {
    const guides = join(dir, 'guides/en-us');
    symlinkSync('/etc/hostname', join(guides, 'outside.md'));
    symlinkSync('/etc', join(dir, 'linked-folder'));
    symlinkSync('a.md', join(guides, 'inside.md'));
    symlinkSync('loop.md', join(guides, 'loop.md'));
    symlinkSync('missing.md', join(guides, 'dangling.md'));
    execFileSync('mkfifo', [join(guides, 'pipe.md')]);
    await new Promise<void>((listening) => socket.listen(join(dir, 'socket'), listening));
    writeFileSync(join(guides, 'new\nline.md'), 'x');
    writeFileSync(join(guides, 'del\x7f.md'), 'x');
    writeFileSync(join(guides, 'c1\u0085.md'), 'x');
    writeFileSync(Buffer.from(`${guides}/latin1-\xe9.md`, 'latin1'), 'x');
    mkdirSync(join(dir, 'bad\tfolder'));
    writeFileSync(join(dir, 'bad\tfolder/hidden.md'), 'x');
    const lines = walkProblems(dir);
    const expected = [
      '<dir>/bad\\x09folder: a name with a control character or bytes that are not UTF-8 (shown escaped) [file-tree]; rename it with printable UTF-8 characters',
      '<dir>/guides/en-us/c1\\x85.md: a name with a control character or bytes that are not UTF-8 (shown escaped) [file-tree]; rename it with printable UTF-8 characters',
      '<dir>/guides/en-us/del\\x7f.md: a name with a control character or bytes that are not UTF-8 (shown escaped) [file-tree]; rename it with printable UTF-8 characters',
      '<dir>/guides/en-us/latin1-\\xe9.md: a name with a control character or bytes that are not UTF-8 (shown escaped) [file-tree]; rename it with printable UTF-8 characters',
      '<dir>/guides/en-us/new\\x0aline.md: a name with a control character or bytes that are not UTF-8 (shown escaped) [file-tree]; rename it with printable UTF-8 characters',
      '<dir>/guides/en-us/dangling.md: a symbolic link whose target cannot be read (ENOENT) [file-tree]; replace the link with the file itself (the build reads regular files only)',
      '<dir>/guides/en-us/inside.md: a symbolic link to a file outside the repository [file-tree]; replace the link with the file itself (the build reads regular files only)',
      '<dir>/guides/en-us/loop.md: a symbolic link that loops (ELOOP) [file-tree]; replace the link with the file itself (the build reads regular files only)',
      '<dir>/guides/en-us/outside.md: a symbolic link to a file outside the repository [file-tree]; replace the link with the file itself (the build reads regular files only)',
      '<dir>/guides/en-us/pipe.md: a FIFO (named pipe), not a regular file [file-tree]; remove it (the build reads regular files only)',
      '<dir>/linked-folder: a symbolic link to a folder outside the repository [file-tree]; replace the link with the file itself (the build reads regular files only)',
      '<dir>/socket: a socket, not a regular file [file-tree]; remove it (the build reads regular files only)',
    ];
    assert.deepEqual(lines, expected);
  } finally {
    socket.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a link inside the repository is refused too, naming its target by repository path', () => {
  const link = join(REPOSITORY_ROOT, `.walk-test-${process.pid}`);
  mkdirSync(link);
  try {
    symlinkSync('../package.json', join(link, 'package.json'));
    assert.deepEqual(walkProblems(link), [
      `${link.slice(REPOSITORY_ROOT.length + 1)}/package.json: a symbolic link to a file inside the repository (package.json) [file-tree]; replace the link with the file itself (the build reads regular files only)`,
    ]);
  } finally {
    rmSync(link, { recursive: true, force: true });
  }
});

test('a file the builder may not read: a read problem with the system code, found without opening it', (context) => {
  if (process.getuid?.() !== 0) {
    context.skip('needs root, to walk as another user (uid 65534) for whom mode 000 stops reading');
    return;
  }
  const dir = tempTree();
  try {
    chmodSync(dir, 0o755);
    chmodSync(join(dir, 'b.md'), 0o000);
    const walked = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./src/record/node/walkFiles.ts').then(({ walkFiles }) => { try { walkFiles(${JSON.stringify(dir)}) } catch (error) { console.log(error.message) } })`,
      ],
      { cwd: REPOSITORY_ROOT, uid: 65534, gid: 65534, encoding: 'utf8', env: { ...process.env, HOME: tmpdir() } },
    );
    assert.equal(
      walked.stdout.trim(),
      `${dir}/b.md: could not be read: EACCES, permission denied [file-read]; make it readable by the user who builds`,
      walked.stderr,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a read the system refuses names the file and says read, never write (EISDIR)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'uaix-read-'));
  try {
    assert.throws(
      () => readRecordFile(dir),
      (error) =>
        error instanceof RecordFileError &&
        formatProblem(error.problem) ===
          `${dir}: could not be read: EISDIR, illegal operation on a directory [file-read]; a folder stands where a file is read: replace it with the file`,
    );
    let raw: unknown;
    try {
      readFileSync(dir);
    } catch (error) {
      raw = error;
    }
    assert.equal((raw as NodeJS.ErrnoException).code, 'EISDIR');
    assert.equal(isWriteError(raw), false, 'a failed read() is called a write');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
