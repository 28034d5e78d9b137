/**
 * Issue 37, parts 3, 4 and 6: the build publishes only regular files it read from inside the
 * repository, one source per URL, readable by a web server running as another user. In one copy of
 * the repository:
 * 1. a plain `astro build` (as a static host runs it) under `umask 077`, with public/ checked out
 *    0600, passes, and every file of dist/ is 0644 and every folder 0755;
 * 2. a link to a file outside the copy as a guide, a linked folder pointing outside, a FIFO, a name
 *    with a newline and a file the builder may not read: the build stops before Astro within a
 *    bounded time (a FIFO used to block it forever), one line per plant, dist/ untouched;
 * 3. a page beside the guide of the same slug and a page at an edition page's URL: one line each,
 *    naming both sources; then files of public/ where a mirror and the not-found page go;
 * 4. a folder where a schema file is read: a read problem (EISDIR), never "could not be written".
 * Each failing build stops before Astro renders, in seconds; the passing one runs first, so the
 * failing ones show that dist/ is left as it was.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import {
  buildCommand,
  copyRepository,
  lineNaming,
  removeCopy,
  runCommand,
  type BuildRun,
} from './_support/tempRepo.ts';

/** A bound on a build that stops before Astro (seconds on a quiet machine); the old build never ended. */
const FAILING_BUILD_LIMIT_MS = 240_000;

let copy: string;
let outside: string;
before(() => {
  copy = copyRepository();
  outside = mkdtempSync(join(tmpdir(), 'uaix-outside-'));
});
after(() => {
  if (copy) removeCopy(copy);
  if (outside) rmSync(outside, { recursive: true, force: true });
});

interface Spawn {
  /** A shell line run before the build (`umask 077`). */
  shell?: string;
  /** The user and group the build runs as. */
  user?: number;
  /** `astro build` as a static host runs it, instead of `npm run build`'s command. */
  plainAstro?: boolean;
  timeoutMs?: number;
}

/** The build in the copy, killed (SIGKILL: the hung build ignored SIGTERM) past its time. */
function build({ shell, user, plainAstro, timeoutMs = 600_000 }: Spawn = {}): BuildRun {
  const command = plainAstro ? [process.execPath, 'node_modules/astro/astro.js', 'build'] : buildCommand(copy);
  const [file, ...args] = shell ? ['sh', '-c', `${shell}; exec "$0" "$@"`, ...command] : command;
  const env: Record<string, string> = user === undefined ? {} : { HOME: tmpdir() };
  return runCommand(copy, file, args, { timeoutMs, killSignal: 'SIGKILL', user, env });
}

/** Every entry below `dir` with its mode, size and mtime: what "untouched" compares. */
function snapshot(dir: string): string[] {
  const entries: string[] = [];
  if (!existsSync(dir)) return entries;
  const visit = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      const entry = lstatSync(path);
      entries.push(`${relative(dir, path)} ${entry.mode.toString(8)} ${entry.size} ${entry.mtimeMs}`);
      if (entry.isDirectory()) visit(path);
    }
  };
  visit(dir);
  return entries;
}

/** A failed build: exit 1 in time, no stack trace, no staging folder left, dist/ as it was. */
function assertRefused(run: BuildRun, distBefore: string[]): void {
  const output = `--- stderr\n${run.stderr}\n--- stdout (tail)\n${run.stdout.slice(-1500)}`;
  assert.equal(run.signal, null, `the build was killed by ${run.signal} after ${run.seconds} s\n${output}`);
  assert.equal(run.status, 1, `exit code ${run.status}, expected 1\n${output}`);
  assert.deepEqual(
    `${run.stderr}\n${run.stdout}`.split('\n').filter((line) => /^\s+at\s/.test(line)),
    [],
    `a stack trace\n${output}`,
  );
  assert.ok(!run.stderr.includes(copy), `a line holds the copy's absolute path\n${output}`);
  assert.deepEqual(
    readdirSync(copy).filter((name) => name.startsWith('.dist-staging-')),
    [],
    `a staging folder left\n${output}`,
  );
  assert.deepEqual(snapshot(join(copy, 'dist')), distBefore, 'dist/ changed');
}

/** The number of problems the failure's heading announces. */
function problemCount(run: BuildRun): number {
  return Number(/\((\d+) problems?\)/.exec(run.stderr)?.[1]);
}

test('under umask 077, a plain astro build publishes every file 0644 and every folder 0755', () => {
  // As checked out under umask 077: a copy keeps its source's mode, whatever the build's umask.
  // Under umask 077 git checks out folders 0700 and files 0600.
  const checkedOutUnder077 = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        chmodSync(path, 0o700);
        checkedOutUnder077(path);
      } else chmodSync(path, 0o600);
    }
  };
  checkedOutUnder077(join(copy, 'public'));
  const run = build({ shell: 'umask 077', plainAstro: true });
  assert.equal(run.status, 0, `the build failed\n${run.stderr}\n${run.stdout.slice(-2000)}`);
  const wrong: string[] = [];
  let files = 0;
  const visit = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      const entry = lstatSync(path);
      const mode = entry.mode & 0o7777;
      if (entry.isDirectory()) {
        if (mode !== 0o755) wrong.push(`${relative(copy, path)}/ ${mode.toString(8)}`);
        visit(path);
      } else {
        files++;
        if (!entry.isFile() || mode !== 0o644) wrong.push(`${relative(copy, path)} ${mode.toString(8)}`);
      }
    }
  };
  const dist = join(copy, 'dist');
  assert.equal(statSync(dist).mode & 0o7777, 0o755, 'dist/ itself');
  visit(dist);
  assert.ok(files > 1000, `only ${files} files published`);
  assert.deepEqual(wrong.slice(0, 20), [], `${wrong.length} of ${files} files or folders not 0644/0755`);
});

test('links leaving the copy, a FIFO, a newline in a name and an unreadable file: one line each, before Astro, in time', () => {
  const guides = join(copy, 'content/guides/en-us');
  const guide = readFileSync(join(guides, 'project-handoff.md'));
  writeFileSync(join(outside, 'outside-guide.md'), guide);
  const plants = {
    hostname: join(guides, 'hostname.md'),
    linkedFolder: join(guides, 'linked'),
    fifo: join(guides, 'pipe.md'),
    newline: join(guides, 'new\nline.md'),
    locked: join(guides, 'locked.md'),
  };
  const distBefore = snapshot(join(copy, 'dist'));
  // As root a mode of 000 stops no read: the build runs as nobody (65534), for whom it does.
  const asRoot = process.getuid?.() === 0;
  try {
    symlinkSync('/etc/hostname', plants.hostname);
    symlinkSync(outside, plants.linkedFolder);
    execFileSync('mkfifo', [plants.fifo]);
    writeFileSync(plants.newline, guide);
    writeFileSync(plants.locked, guide, { mode: 0o000 });
    if (asRoot) execFileSync('chown', ['-hR', '65534:65534', copy]);
    const run = build({ user: asRoot ? 65534 : undefined, timeoutMs: FAILING_BUILD_LIMIT_MS });
    if (asRoot) execFileSync('chown', ['-hR', '0:0', copy]);
    assertRefused(run, distBefore);
    assert.match(run.stderr, /build failed at sources \(5 problems\)/, run.stderr);
    assert.match(
      lineNaming(run, 'content/guides/en-us/hostname.md:'),
      /: a symbolic link to a file outside the repository \[file-tree\]/,
    );
    assert.match(
      lineNaming(run, 'content/guides/en-us/linked:'),
      /: a symbolic link to a folder outside the repository \[file-tree\]/,
    );
    assert.match(
      lineNaming(run, 'content/guides/en-us/pipe.md:'),
      /: a FIFO \(named pipe\), not a regular file \[file-tree\]/,
    );
    assert.match(
      lineNaming(run, 'content/guides/en-us/new\\x0aline.md:'),
      /: a name with a control character or bytes that are not UTF-8 \(shown escaped\) \[file-tree\]/,
    );
    assert.match(
      lineNaming(run, 'content/guides/en-us/locked.md:'),
      /: could not be read: EACCES, permission denied \[file-read\]; make it readable by the user who builds/,
    );
    assert.doesNotMatch(run.stderr, /could not be written/);
  } finally {
    if (asRoot) execFileSync('chown', ['-hR', '0:0', copy]);
    for (const plant of Object.values(plants)) rmSync(plant, { force: true });
  }
});

test('a page beside the guide of its slug, and a page at an edition page: one line each, naming both sources', () => {
  const edition = readdirSync(join(copy, 'editions')).sort()[0];
  const page = (code: string, title: string) =>
    `---\ncode: ${code}\ntitle: ${title}\ndescription: A page planted at another source's address.\norder: 90\n---\n\nThis page has the address of another record.\n`;
  const plants = {
    [`content/pages/en-us/guides/project-handoff.md`]: page('UAIX-DOC-9901', 'Planted handoff page'),
    [`content/pages/en-us/editions/${edition}.md`]: page('UAIX-ABOU-9902', 'Planted edition page'),
  };
  const distBefore = snapshot(join(copy, 'dist'));
  try {
    for (const [file, text] of Object.entries(plants)) writeFileSync(join(copy, file), text);
    const run = build({ timeoutMs: FAILING_BUILD_LIMIT_MS });
    assertRefused(run, distBefore);
    assert.equal(problemCount(run), 2, run.stderr);
    assert.match(
      lineNaming(run, 'content/pages/en-us/guides/project-handoff.md:'),
      / publishes \/en-us\/guides\/project-handoff\/, and so does content\/guides\/en-us\/project-handoff\.md \[one-source-per-url\]/,
    );
    assert.match(
      lineNaming(run, `content/pages/en-us/editions/${edition}.md:`),
      new RegExp(
        ` publishes /en-us/editions/${edition.replace('.', '\\.')}/, and so does editions/${edition.replace('.', '\\.')}/edition\\.json \\[one-source-per-url\\]`,
      ),
    );
  } finally {
    for (const file of Object.keys(plants)) rmSync(join(copy, file), { force: true });
  }
});

// public/ holds static assets only (publicAssets.ts), so a mirror or a page placed there is refused as
// such, one line each, before one source per URL would name the page it collides with.
test('a file of public/ where a page mirror and the not-found page go: one line each', () => {
  const plants = { 'public/en-us/about/index.md': '# Not the mirror\n', 'public/404.html': '<p>Not found</p>\n' };
  const distBefore = snapshot(join(copy, 'dist'));
  try {
    for (const [file, text] of Object.entries(plants)) {
      mkdirSync(join(copy, file, '..'), { recursive: true });
      writeFileSync(join(copy, file), text);
    }
    const run = build({ timeoutMs: FAILING_BUILD_LIMIT_MS });
    assertRefused(run, distBefore);
    assert.equal(problemCount(run), 2, run.stderr);
    for (const file of Object.keys(plants))
      assert.match(lineNaming(run, `${file}:`), / public\/ holds static assets \(svg, .*\); .* \[public-asset\]/);
  } finally {
    rmSync(join(copy, 'public/en-us'), { recursive: true, force: true });
    rmSync(join(copy, 'public/404.html'), { force: true });
  }
});

test('a folder where a schema file is read: a read problem naming it (EISDIR), not a failed write', () => {
  const folder = join(copy, 'schemas/uai-1/planted.schema.json');
  const distBefore = snapshot(join(copy, 'dist'));
  try {
    mkdirSync(folder);
    const run = build({ timeoutMs: FAILING_BUILD_LIMIT_MS });
    assertRefused(run, distBefore);
    assert.match(
      lineNaming(run, 'schemas/uai-1/planted.schema.json:'),
      /: could not be read: EISDIR, illegal operation on a directory \[file-read\]/,
    );
    assert.doesNotMatch(run.stderr, /could not be written/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
