/**
 * Issue 22, done when: `npm run verify` checks edition files against the edition index. Copies of
 * dist/ are tampered with, and verify, as a folder and over HTTP on 127.0.0.1, must answer each
 * change with a line naming the file and the rule: an edition file changed, one removed, one added
 * that edition.json does not list (a folder only: an origin cannot be listed), the bundle repacked
 * with an altered file, and an edition.json with malformed entries (lines at their JSON Pointer,
 * the well-formed entries still checked, no crash).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runVerify as verify, type VerifyRun as Run } from '../support/verifyRun.ts';
import { startStaticServer, type StaticServer } from '../support/staticServer.ts';
import { DIST, SITE_ORIGIN, assertBuilt } from '../support/paths.ts';

const show = (run: Run) => `exit ${run.status}\n--- stderr\n${run.stderr.slice(0, 4000)}`;
const lines = (run: Run) => run.stderr.trim().split('\n');

const manifest = () => JSON.parse(readFileSync(join(DIST, '.well-known/uaix.json'), 'utf8'));
let id: string;
const CHANGED = 'schemas/uai-1/uai.agent.ack.v1.schema.json';
const REMOVED = 'uai-1-field-registry.json';
const ADDED = 'schemas/uai-1/unlisted.schema.json';
const REPACKED = 'examples/uai-1/conformance.json';
const url = (file: string) => `${SITE_ORIGIN}/editions/${id}/${file}`;

let files: string;
let index: string;
let filesServer: StaticServer;
let indexServer: StaticServer;

before(async () => {
  assertBuilt();
  id = manifest().edition.editions[0].id;
  // One copy for the files and the bundle, one for a malformed edition.json.
  files = mkdtempSync(join(tmpdir(), 'uaix-verify-editions-'));
  cpSync(DIST, files, { recursive: true });
  const edition = join(files, 'editions', id);
  appendFileSync(join(edition, CHANGED), ' ');
  rmSync(join(edition, REMOVED));
  writeFileSync(join(edition, ADDED), '{}\n');
  // The bundle unpacked, one file altered, packed again (ustar, as the build writes it).
  const work = mkdtempSync(join(tmpdir(), 'uaix-verify-bundle-'));
  const bundle = join(files, 'editions', `${id}.tar.gz`);
  execFileSync('tar', ['-xzf', bundle, '-C', work]);
  appendFileSync(join(work, `uaix-edition-${id}`, REPACKED), '\n');
  execFileSync('tar', ['--format=ustar', '-czf', bundle, '-C', work, `uaix-edition-${id}`]);
  rmSync(work, { recursive: true, force: true });

  index = mkdtempSync(join(tmpdir(), 'uaix-verify-index-'));
  cpSync(DIST, index, { recursive: true });
  const indexFile = join(index, 'editions', id, 'edition.json');
  const document = JSON.parse(readFileSync(indexFile, 'utf8'));
  document.files[CHANGED] = null;
  document.files['../../_headers'] = document.files[REMOVED];
  document.files[REPACKED] = 42;
  writeFileSync(indexFile, JSON.stringify(document, null, 2));

  filesServer = await startStaticServer(files);
  indexServer = await startStaticServer(index);
});

after(async () => {
  await filesServer?.close();
  await indexServer?.close();
  for (const copy of [files, index]) if (copy) rmSync(copy, { recursive: true, force: true });
});

for (const mode of ['a folder', 'over HTTP'] as const) {
  test(`${mode}: a changed, a removed and an unlisted edition file, and a repacked bundle, each a line`, async () => {
    const run = await verify(mode === 'a folder' ? files : filesServer.origin);
    assert.equal(run.status, 1, show(run));
    const found = lines(run);
    const has = (pattern: RegExp) =>
      assert.ok(
        found.some((line) => pattern.test(line)),
        `${pattern}\n${show(run)}`,
      );
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    has(
      new RegExp(
        `^${escape(url(CHANGED))}: sha256 is sha256:[0-9a-f]{64}, its edition\\.json lists sha256:[0-9a-f]{64}$`,
      ),
    );
    has(
      new RegExp(
        `^${escape(url(REMOVED))}: answered 404, its edition\\.json lists it; a released edition never loses a file$`,
      ),
    );
    const unlisted = `${url(ADDED)}: in the edition's folder but not listed in its edition.json`;
    if (mode === 'a folder') assert.ok(found.includes(unlisted), show(run));
    else assert.ok(!found.includes(unlisted), 'an origin cannot be listed');
    const bundle = `${SITE_ORIGIN}/editions/${id}.tar.gz`;
    has(
      new RegExp(
        `^${escape(bundle)}: sha256 is sha256:[0-9a-f]{64}, .*uaix\\.json /edition/editions/0/bundle/sha256 says`,
      ),
    );
    has(new RegExp(`^${escape(bundle)}: \\d+ bytes, .*/bundle/bytes says \\d+$`));
    has(
      new RegExp(
        `^${escape(bundle)}: its uaix-edition-${escape(id)}/${escape(REPACKED)} is not the file edition\\.json lists`,
      ),
    );
  });

  test(`${mode}: malformed edition.json entries are lines at their JSON Pointer; the rest is still checked`, async () => {
    const run = await verify(mode === 'a folder' ? index : indexServer.origin);
    assert.equal(run.status, 1, show(run));
    assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
    const found = lines(run);
    const at = `${url('edition.json')} /files/`;
    for (const line of [
      `${at}${CHANGED.replace(/\//g, '~1')}: must be a string sha256:<64 lowercase hex>`,
      `${at}..~1..~1_headers: not a relative path inside the edition`,
      `${at}${REPACKED.replace(/\//g, '~1')}: must be a string sha256:<64 lowercase hex>`,
    ])
      assert.ok(found.includes(line), `${line}\n${show(run)}`);
    // The well-formed entries are still fetched and compared: every other file matches.
    assert.ok(!found.some((line) => line.startsWith(`${SITE_ORIGIN}/editions/${id}/schemas/`)), show(run));
    // The edition.json the bundle holds is the released one, not this.
    assert.ok(
      found.includes(
        `${SITE_ORIGIN}/editions/${id}.tar.gz: its uaix-edition-${id}/edition.json is not the published edition.json`,
      ),
      show(run),
    );
  });
}

test('an edition.json that is not JSON is one line, not a crash', async () => {
  const copy = mkdtempSync(join(tmpdir(), 'uaix-verify-index-'));
  try {
    cpSync(DIST, copy, { recursive: true });
    writeFileSync(join(copy, 'editions', id, 'edition.json'), '{"files": ');
    const run = await verify(copy);
    assert.equal(run.status, 1, show(run));
    assert.ok(
      lines(run).some(
        (line) =>
          line.startsWith(`${url('edition.json')}: not JSON (`) &&
          line.endsWith("the edition's files cannot be checked"),
      ),
      show(run),
    );
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
