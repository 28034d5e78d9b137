/**
 * Issue 22, done when: in a copy of the repository, a schema changes and `npm run edition` releases a
 * second edition. The first edition's published files stay byte for byte what was released and
 * are still served (listed in the manifest, under the immutable /editions/ rule), the latest alias
 * is now the second edition, and the first edition's pages point at the newer one. Two builds:
 * the one `npm run edition` makes to freeze, and the one that publishes the new edition.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createHash } from 'node:crypto';
import { REPO } from './_support/site.ts';
import { copyRepository, removeCopy, runBuild, runCommand, type BuildRun } from './_support/tempRepo.ts';
import { readCommittedEditions } from '../../src/record/node/editionFiles.ts';
import { walkFiles } from '../../src/record/node/walkFiles.ts';
import { SITE_ORIGIN } from '../../src/record/locales.ts';

const SCHEMA = 'schemas/uai-1/uai.agent.ack.v1.schema.json';
const CHANGED = 'Acknowledges, in the second edition, receipt';
const FIRST = readCommittedEditions(REPO).editions.at(-1)!.folder;
/** The day after the first edition: a valid next edition id. */
const SECOND = new Date(Date.parse(`${FIRST.slice(0, 10)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

let copy: string;
let released: BuildRun;
let published: BuildRun;

const output = (run: BuildRun) => `--- stderr\n${run.stderr.slice(-3000)}\n--- stdout\n${run.stdout.slice(-1500)}`;
const dist = (path: string) => join(copy, 'dist', path);

before(() => {
  copy = copyRepository();
  const schema = join(copy, SCHEMA);
  const text = readFileSync(schema, 'utf8');
  assert.ok(text.includes('"description": "Acknowledges receipt'), `${SCHEMA}: the description to change is gone`);
  writeFileSync(schema, text.replace('"description": "Acknowledges receipt', `"description": "${CHANGED}`));
  // As a maintainer would: the precompiled validators follow the schema, then the release.
  released = runCommand(copy, 'npm', ['run', '--silent', 'generate'], { timeoutMs: 200_000 });
  if (released.status === 0)
    released = runCommand(copy, 'npm', ['run', '--silent', 'edition', '--', SECOND], { timeoutMs: 400_000 });
  if (released.status === 0) published = runBuild(copy, { timeoutMs: 400_000 });
});

after(() => removeCopy(copy));

test('npm run edition freezes the changed schema into the second edition and leaves the first alone', () => {
  assert.equal(released.status, 0, output(released));
  const index = JSON.parse(readFileSync(join(copy, 'editions', SECOND, 'edition.json'), 'utf8'));
  assert.equal(index.previous, FIRST);
  const frozen = readFileSync(join(copy, 'editions', SECOND, SCHEMA), 'utf8');
  assert.ok(frozen.includes(CHANGED), 'the second edition holds the changed schema');
  assert.ok(frozen.includes(`"$id": "${SITE_ORIGIN}/editions/${SECOND}/${SCHEMA}"`), frozen.slice(0, 300));
  const first = readFileSync(join(copy, 'editions', FIRST, SCHEMA), 'utf8');
  assert.ok(!first.includes(CHANGED), 'the first edition keeps the schema as released');
});

test("the first edition's published files are byte for byte the released ones, and still served", () => {
  assert.equal(published?.status, 0, published ? output(published) : 'no build ran');
  const manifest = JSON.parse(readFileSync(dist('.well-known/uaix.json'), 'utf8')) as {
    files: { url: string; sha256: string }[];
  };
  const listed = new Map(manifest.files.map((file) => [file.url, file.sha256]));
  const folder = join(REPO, 'editions', FIRST);
  const files = walkFiles(folder).map((file) => relative(folder, file));
  assert.ok(files.includes('edition.json') && files.length > 10, `${FIRST}: ${files.length} files`);
  for (const file of files) {
    const releasedBytes = readFileSync(join(folder, file));
    const servedBytes = readFileSync(dist(`editions/${FIRST}/${file}`));
    assert.ok(servedBytes.equals(releasedBytes), `dist/editions/${FIRST}/${file} differs from the released file`);
    const digest = `sha256:${createHash('sha256').update(releasedBytes).digest('hex')}`;
    assert.equal(listed.get(`${SITE_ORIGIN}/editions/${FIRST}/${file}`), digest, `manifest entry of ${file}`);
  }
  assert.match(
    readFileSync(dist('_headers'), 'utf8'),
    /^\/editions\/\*\n(?: {2}.*\n)*? {2}Cache-Control: public, max-age=31536000, immutable$/m,
  );
});

test('the latest alias is now the second edition', () => {
  assert.equal(published?.status, 0, 'the publishing build failed');
  const manifest = JSON.parse(readFileSync(dist('.well-known/uaix.json'), 'utf8'));
  assert.equal(manifest.edition.label, `edition ${SECOND}`);
  assert.deepEqual(
    manifest.edition.editions.map((edition: { id: string }) => edition.id),
    [FIRST, SECOND],
  );
  // The copy's own editions build test: every edition published byte for byte, and the alias
  // (today's URLs) freezing to exactly the latest edition's files.
  const check = runCommand(copy, process.execPath, ['--import', 'tsx', '--test', 'tests/build/editions.test.ts'], {
    timeoutMs: 200_000,
  });
  assert.equal(check.status, 0, output(check));
});

test("the first edition's pages say a newer edition exists, in their language; the second's do not", () => {
  assert.equal(published?.status, 0, 'the publishing build failed');
  const page = (locale: string, id: string) => readFileSync(dist(`${locale}/editions/${id}/index.html`), 'utf8');
  for (const [locale, text] of [
    ['en-us', `A newer edition of the record exists: ${SECOND}.`],
    ['es-us', `Existe una edición más reciente del registro: ${SECOND}.`],
    ['es-es', `Existe una edición más reciente del registro: ${SECOND}.`],
    ['fr-fr', `Une édition plus récente du registre existe\u00a0: ${SECOND}.`],
    ['zh-cn', `A newer edition of the record exists: ${SECOND}.`],
  ]) {
    const html = page(locale, FIRST);
    assert.ok(html.includes(text), `${locale}/editions/${FIRST}/: no "${text}"`);
    assert.ok(html.includes(`href="/${locale}/editions/${SECOND}/"`), `${locale}/editions/${FIRST}/: no link`);
    assert.ok(!page(locale, SECOND).includes('banner-stale'), `${locale}/editions/${SECOND}/ has a banner`);
  }
});
