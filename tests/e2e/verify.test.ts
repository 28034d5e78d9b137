/**
 * Issue 13, gate 3: `npm run verify -- <dist-folder | origin>` against dist/ as a folder, against
 * dist/ served on 127.0.0.1, and against a served copy with one file altered and one page removed:
 * one line per mismatch, exit 0/1, and 2 for usage errors.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runVerify as verify, type VerifyRun as Run } from '../support/verifyRun.ts';
import { startStaticServer, type StaticServer } from '../support/staticServer.ts';
import { DIST, SITE_ORIGIN, assertBuilt } from '../support/paths.ts';

const show = (run: Run) => `exit ${run.status}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr.slice(0, 3000)}`;

let copy: string;
let server: StaticServer;
let alteredServer: StaticServer;
const ALTERED = '/uai-1-field-registry.json';
const REMOVED = '/fr-fr/about/';

before(async () => {
  assertBuilt();
  server = await startStaticServer(DIST);
  copy = mkdtempSync(join(tmpdir(), 'uaix-verify-'));
  cpSync(DIST, copy, { recursive: true });
  // The same JSON, minified: its bytes change (sha256), its canonical form does not (jcs_sha256).
  const registry = join(copy, ALTERED.slice(1));
  writeFileSync(registry, JSON.stringify(JSON.parse(readFileSync(registry, 'utf8'))));
  rmSync(join(copy, REMOVED.slice(1), 'index.html'));
  alteredServer = await startStaticServer(copy);
});

after(async () => {
  await server?.close();
  await alteredServer?.close();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test('dist/ as a folder: every listed file matches its digests, every sitemap URL is a listed page; exit 0', async () => {
  const run = await verify(DIST);
  assert.equal(run.status, 0, show(run));
  assert.match(run.stdout, /uaix verify: .+: \d+ files and \d+ sitemap URLs checked against the manifest: all match/);
});

test('dist/ served on 127.0.0.1: the same verdict over HTTP; exit 0', async () => {
  const run = await verify(server.origin);
  assert.equal(run.status, 0, show(run));
  const sitemapUrls = (text: string) => Number(/(\d+) sitemap URLs/.exec(text)?.[1]);
  const folder = await verify(DIST);
  assert.ok(
    sitemapUrls(run.stdout) > 0 && sitemapUrls(run.stdout) === sitemapUrls(folder.stdout),
    `over HTTP:\n${show(run)}\nas a folder:\n${show(folder)}`,
  );
});

test('a served copy with one file altered and one page removed: one line per mismatch, exit 1', async () => {
  const run = await verify(alteredServer.origin);
  assert.equal(run.status, 1, show(run));
  const lines = run.stderr.trim().split('\n');
  const about = lines.filter((line) => line.startsWith(`${SITE_ORIGIN}${REMOVED}`));
  assert.ok(
    about.some((line) => line === `${SITE_ORIGIN}${REMOVED}: answered 404, the sitemap lists it`),
    show(run),
  );
  const altered = lines.filter((line) => line.startsWith(`${SITE_ORIGIN}${ALTERED}:`));
  assert.equal(
    altered.length,
    1,
    `the altered file: only its bytes changed, so exactly one line (sha256):\n${show(run)}`,
  );
  assert.match(altered[0], /: sha256 is sha256:[0-9a-f]{64}, the manifest says sha256:[0-9a-f]{64}$/);
  assert.match(lines.at(-1)!, /: \d+ mismatch(es)?$/);
  // The removed page is also a listed file that no longer answers: nothing else may differ.
  const others = lines
    .slice(0, -1)
    .filter((line) => !line.startsWith(`${SITE_ORIGIN}${REMOVED}`) && !line.startsWith(`${SITE_ORIGIN}${ALTERED}:`));
  assert.deepEqual(others, [], 'lines about files that were not changed');
});

test('a manifest that breaks its schema is reported with the place and the rule', async () => {
  const broken = mkdtempSync(join(tmpdir(), 'uaix-verify-'));
  try {
    cpSync(join(DIST, '.well-known'), join(broken, '.well-known'), { recursive: true });
    const file = join(broken, '.well-known/uaix.json');
    const document = JSON.parse(readFileSync(file, 'utf8'));
    delete document.files[0].sha256;
    writeFileSync(file, JSON.stringify(document));
    const run = await verify(broken);
    assert.equal(run.status, 1, show(run));
    assert.match(
      run.stderr,
      new RegExp(`^${SITE_ORIGIN}/\\.well-known/uaix\\.json /files/0: must have required property 'sha256'`, 'm'),
      show(run),
    );
  } finally {
    rmSync(broken, { recursive: true, force: true });
  }
});

test('usage errors and unreadable targets exit 2 with one line', async () => {
  for (const args of [
    [],
    ['a', 'b'],
    [join(tmpdir(), 'uaix-no-such-folder')],
    ['http://example.com'],
    ['https://uaix.org/en-us/'],
  ]) {
    const run = await verify(...args);
    assert.equal(run.status, 2, `${args.join(' ')}: ${show(run)}`);
    assert.match(run.stderr, /^uaix verify: .+\nusage: npm run verify/, `${args.join(' ')}: ${show(run)}`);
  }
  const empty = mkdtempSync(join(tmpdir(), 'uaix-verify-'));
  try {
    const run = await verify(empty);
    assert.equal(run.status, 2, show(run));
    assert.match(
      run.stderr,
      /^uaix verify: https:\/\/uaix\.org\/\.well-known\/uaix\.json: answered 404; nothing can be verified without the manifest\n$/,
    );
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

/** A copy of dist/ with `tamper` applied, verified as a folder (with `args` before it). */
async function verifyTampered(tamper: (copy: string) => void, ...args: string[]): Promise<Run> {
  const tampered = mkdtempSync(join(tmpdir(), 'uaix-verify-tampered-'));
  try {
    cpSync(DIST, tampered, { recursive: true });
    tamper(tampered);
    return await verify(...args, tampered);
  } finally {
    rmSync(tampered, { recursive: true, force: true });
  }
}

const MANIFEST_FILE = '.well-known/uaix.json';
type ManifestJson = {
  files: ({ url: string; sha256: string } | null)[];
  package: { tarball: string; sha256: string; integrity: string; bytes: number };
  support_boundary: string;
};
const editManifest = (copy: string, edit: (manifest: ManifestJson) => void) => {
  const file = join(copy, MANIFEST_FILE);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as ManifestJson;
  edit(manifest);
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
};
const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The mismatch lines of a run (its closing summary left out). */
const mismatches = (run: Run) => run.stderr.trim().split('\n').slice(0, -1);

test('a file the manifest does not list is reported; the manifest itself (its coverage omits it) is not', async () => {
  const run = await verifyTampered((copy) => writeFileSync(join(copy, 'en-us/extra.html'), '<p>unlisted</p>'));
  assert.equal(run.status, 1, show(run));
  assert.deepEqual(mismatches(run), [`${SITE_ORIGIN}/en-us/extra.html: in the target but not listed in the manifest`]);
});

test('the package entry is checked against the tarball: sha256, integrity and a tarball that does not open', async () => {
  const wrong = await verifyTampered((copy) =>
    editManifest(copy, (manifest) => {
      manifest.package.sha256 = `sha256:${'0'.repeat(64)}`;
      manifest.package.integrity = `sha512-${'A'.repeat(86)}==`;
    }),
  );
  assert.equal(wrong.status, 1, show(wrong));
  assert.equal(mismatches(wrong).length, 2, show(wrong));
  assert.match(wrong.stderr, /\.tgz: sha256 is sha256:[0-9a-f]{64}, \/package\/sha256 says sha256:0{64}$/m);
  assert.match(wrong.stderr, /\.tgz: integrity is sha512-\S+, \/package\/integrity says sha512-A+==$/m);
  // A tarball cut short, published with its own (wrong) digests everywhere, as a trusted cache once did.
  const cut = await verifyTampered((copy) =>
    editManifest(copy, (manifest) => {
      const tarball = join(copy, new URL(manifest.package.tarball).pathname.slice(1));
      const bytes = readFileSync(tarball).subarray(0, 2000);
      writeFileSync(tarball, bytes);
      Object.assign(manifest.package, {
        sha256: `sha256:${sha256Of(bytes)}`,
        integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
        bytes: bytes.length,
      });
      const entry = manifest.files.find((file) => file?.url === manifest.package.tarball)!;
      entry.sha256 = manifest.package.sha256;
    }),
  );
  assert.equal(cut.status, 1, show(cut));
  assert.deepEqual(mismatches(cut).length, 1, show(cut));
  assert.match(cut.stderr, /\.tgz: the package tarball does not open as a gzipped tar archive: /);
});

test("the manifest's own text goes through the claims and redaction rules", async () => {
  const run = await verifyTampered((copy) =>
    editManifest(copy, (manifest) => {
      manifest.support_boundary = 'UAIX provides hosted messaging for every agent. Reports go to http://10.0.0.7/in.';
    }),
  );
  assert.equal(run.status, 1, show(run));
  assert.match(
    run.stderr,
    new RegExp(`^${SITE_ORIGIN}/\\.well-known/uaix\\.json: claims that UAIX provides hosted messaging`, 'm'),
  );
  assert.match(run.stderr, /^\/\.well-known\/uaix\.json:\d+:\d+: .+ \[[\w-]+\]$/m, show(run));
});

test('--manifest-sha256 catches a file changed together with its entry; a bad value is a usage error', async () => {
  const pinned = sha256Of(readFileSync(join(DIST, MANIFEST_FILE)));
  const changeTogether = (copy: string) => {
    const file = join(copy, 'robots.txt');
    writeFileSync(file, `${readFileSync(file, 'utf8')}# changed\n`);
    editManifest(copy, (manifest) => {
      manifest.files.find((entry) => entry?.url === `${SITE_ORIGIN}/robots.txt`)!.sha256 =
        `sha256:${sha256Of(readFileSync(file))}`;
    });
  };
  const unpinned = await verifyTampered(changeTogether);
  assert.equal(unpinned.status, 0, `without a pin the change cannot be seen: ${show(unpinned)}`);
  const run = await verifyTampered(changeTogether, '--manifest-sha256', pinned);
  assert.equal(run.status, 1, show(run));
  assert.deepEqual(mismatches(run), [
    `${SITE_ORIGIN}/.well-known/uaix.json: sha256 is ${/sha256 is ([0-9a-f]{64})/.exec(run.stderr)?.[1]}, --manifest-sha256 pins ${pinned}`,
  ]);
  assert.equal((await verify('--manifest-sha256', pinned, DIST)).status, 0);
  const bad = await verify('--manifest-sha256', 'abc', DIST);
  assert.equal(bad.status, 2, show(bad));
  assert.match(bad.stderr, /^uaix verify: --manifest-sha256 takes the 64 hex digits of a sha256\nusage:/);
});

test('a null or malformed entry in files is reported with its place and rule, never a crash', async () => {
  const run = await verifyTampered((copy) =>
    editManifest(copy, (manifest) => {
      manifest.files[3] = null;
      (manifest.files[5] as { sha256: unknown }).sha256 = 7;
    }),
  );
  assert.equal(run.status, 1, show(run));
  assert.doesNotMatch(run.stderr, /^\s+at |TypeError/m);
  assert.match(run.stderr, new RegExp(`^${SITE_ORIGIN}/\\.well-known/uaix\\.json /files/3: must be an object$`, 'm'));
  assert.match(
    run.stderr,
    new RegExp(`^${SITE_ORIGIN}/\\.well-known/uaix\\.json /files/5/sha256: must be a string$`, 'm'),
  );
});

test('a listed file replaced by a symbolic link to an identical copy outside, and a FIFO: one line each, naming it', async () => {
  const outside = mkdtempSync(join(tmpdir(), 'uaix-verify-outside-'));
  try {
    const run = await verifyTampered((copy) => {
      const target = join(outside, 'robots.txt');
      cpSync(join(copy, 'robots.txt'), target);
      rmSync(join(copy, 'robots.txt'));
      symlinkSync(target, join(copy, 'robots.txt'));
      execFileSync('mkfifo', [join(copy, 'en-us/pipe')]);
    });
    assert.equal(run.status, 1, show(run));
    assert.deepEqual(mismatches(run), [
      `${SITE_ORIGIN}/en-us/pipe: a FIFO, not a regular file or folder, which a host cannot serve`,
      `${SITE_ORIGIN}/robots.txt: a symbolic link, which a host may follow anywhere: publish the file itself`,
    ]);
  } finally {
    rmSync(outside, { recursive: true, force: true });
  }
});
