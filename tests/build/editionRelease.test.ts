/**
 * Two releases in one copy of the repository, as a maintainer makes them, each published by a build.
 *
 * Issue 22: a schema changes and `npm run edition` releases a second edition. The first edition's
 * published files stay byte for byte what was released and are still served (listed in the
 * manifest, under the immutable /editions/ rule), the latest alias is now the second edition, and
 * the first edition's pages point at the newer one. The second edition's page shows what changed,
 * with <ins> and <del>; its changes record's JSON Patch turns the first edition's schema into the
 * second's; changelog.json and the Atom feeds (read by Debian's feedparser, a parser nobody here
 * wrote) list both editions.
 *
 * Issue 39, diffs by identity: then one fixture and one requirement are added and a third edition is
 * released: its changes record holds each as one `add` of the record at its index (a few operations
 * in all, each patch applying with the library to the previous file with its edition URLs rebased),
 * and its edition page is a few KB of changes: a summary table first, each file's diff behind a
 * disclosure.
 *
 * Four builds: for each release, the one `npm run edition` makes to freeze and the one that publishes.
 * The suites run in order: the second edition's tests read the copy before the third release.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createHash } from 'node:crypto';
import { REPO } from './_support/site.ts';
import { copyRepository, removeCopy, runBuild, runCommand, type BuildRun } from './_support/tempRepo.ts';
import { readCommittedEditions } from '../../src/record/editions/node/editionFiles.ts';
import { walkFiles } from '../../src/record/node/walkFiles.ts';
import { SITE_ORIGIN } from '../../src/record/model/locales.ts';
import { createAjv } from '../../src/uai/schemaCompiler.ts';
import * as jsonPatch from 'fast-json-patch/index.mjs';
import type { EditionChanges } from '../../src/record/editions/editionChanges.ts';

const SCHEMA = 'schemas/uai-1/uai.agent.ack.v1.schema.json';
const CHANGED = 'Records, in the second edition, receipt';
/** The English ack page's purpose: a normative page whose words change too. */
const PAGE = 'content/registry/en-us/uai-agent-ack-v1.md';
const CHANGELOG = 'content/changelog/en-us.json';
/** The committed editions, oldest first; FIRST is the latest of them, the one the copy's release follows. */
const COMMITTED = readCommittedEditions(REPO).editions.map((edition) => edition.folder);
const OLDEST = COMMITTED[0];
const FIRST = COMMITTED.at(-1)!;
/** Every edition of the copy after the release, newest first. */
const NEWEST_FIRST = (): string[] => [...COMMITTED, SECOND].reverse();
/** The banner an older edition's page shows, in a locale (its interface string, else its fallback's). */
function newerBanner(locale: string, id: string): string {
  const chain = locale === 'es-es' ? ['es-es', 'es-us', 'en-us'] : [locale, 'en-us'];
  const strings = chain.map((code) => JSON.parse(readFileSync(join(REPO, `content/i18n/${code}.json`), 'utf8')));
  const text: string = strings.find((table) => table['edition.newer'])['edition.newer'];
  return text.replace('{id}', id);
}
const dayAfter = (id: string) =>
  new Date(Date.parse(`${id.slice(0, 10)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** The day after the first edition: a valid next edition id; the third edition is the day after it. */
const SECOND = dayAfter(FIRST);
const THIRD = dayAfter(SECOND);

let copy: string;
/** The second release, and the build that publishes it. */
let released: BuildRun;
let published: BuildRun;
/** The third release, then the build that publishes it. */
let third: BuildRun | undefined;

const output = (run: BuildRun) => `--- stderr\n${run.stderr.slice(-3000)}\n--- stdout\n${run.stdout.slice(-1500)}`;
const dist = (path: string) => join(copy, 'dist', path);
const read = (path: string) => readFileSync(join(copy, path), 'utf8');
const write = (path: string, text: string) => writeFileSync(join(copy, path), text);

/** The fixture and the requirement the third release adds. */
const FIXTURES = 'schemas/uai-1/examples/uai-agent-ack-v1/invalid';
const NEW_FIXTURE = 'status-outside-enum-finished.json';
const NEW_CASE = `examples/uai-1/uai-agent-ack-v1/invalid/${NEW_FIXTURE}`;
const NEW_REQUIREMENT = 'UAI1-PROF-007';
/** The new requirement's statement on the registry page, in each locale that has the page. */
const REQUIREMENT_TEXT: Record<string, string> = {
  'en-us': "An acknowledgement's status **MUST** be one of the statuses its schema lists.",
  'es-us': 'El estado de un acuse de recibo **DEBE** ser uno de los estados que enumera su esquema.',
  'fr-fr': 'Le statut d’un accusé de réception **DOIT** être l’un des statuts que son schéma énumère.',
  'zh-cn': '确认的状态**必须**是其模式所列的状态之一。',
};
/** The changelog entry of an edition, first in the English changelog, as a maintainer writes it before releasing. */
function addEntry(edition: string, title: string, summary = title, changes = [title]): void {
  const changelog = JSON.parse(read(CHANGELOG));
  changelog.entries.unshift({ edition, title, summary, changes });
  write(CHANGELOG, `${JSON.stringify(changelog, null, 2)}\n`);
}

/** `npm run generate` then `npm run edition -- <id>`, as a maintainer releases; the first failure stops. */
function release(id: string): BuildRun {
  const generated = runCommand(copy, 'npm', ['run', '--silent', 'generate'], { timeoutMs: 200_000 });
  if (generated.status !== 0) return generated;
  return runCommand(copy, 'npm', ['run', '--silent', 'edition', '--', id], { timeoutMs: 600_000 });
}

function plantFixtureAndRequirement(): void {
  const model = read(`${FIXTURES}/status-outside-enum.json`);
  assert.ok(model.includes('"status": "done"'), 'the fixture to copy changed');
  write(`${FIXTURES}/${NEW_FIXTURE}`, model.replace('"status": "done"', '"status": "finished"'));
  const expected = JSON.parse(read(`${FIXTURES}/_expected.json`));
  expected[NEW_FIXTURE] = {
    ...expected['status-outside-enum.json'],
    why: 'body.status is "finished", which is not one of the statuses the ack schema lists.',
  };
  const sorted = Object.fromEntries(
    Object.keys(expected)
      .sort()
      .map((name) => [name, expected[name]]),
  );
  write(`${FIXTURES}/_expected.json`, `${JSON.stringify(sorted, null, 2)}\n`);
  const requirements = JSON.parse(read('content/requirements.json'));
  requirements.requirements[NEW_REQUIREMENT] = { tests: [{ code: 'UAI-SCHEMA-INVALID', path: '/body/status' }] };
  write('content/requirements.json', `${JSON.stringify(requirements, null, 2)}\n`);
  for (const [locale, statement] of Object.entries(REQUIREMENT_TEXT)) {
    const page = `content/pages/${locale}/registry/index.md`;
    const lines = read(page).split('\n');
    const at = lines.findIndex((line) => line.startsWith('[UAI1-PROF-006]'));
    assert.ok(at > 0, `${page}: no UAI1-PROF-006 to follow`);
    lines.splice(at + 1, 0, '', `[${NEW_REQUIREMENT}] ${statement}`);
    write(page, lines.join('\n'));
  }
}

after(() => {
  if (copy) removeCopy(copy);
});

describe('the second edition: a schema and a page changed', () => {
  before(() => {
    copy = copyRepository();
    const text = read(SCHEMA);
    assert.ok(text.includes('"description": "Acknowledges receipt'), `${SCHEMA}: the description to change is gone`);
    write(SCHEMA, text.replace('"description": "Acknowledges receipt', `"description": "${CHANGED}`));
    const page = read(PAGE);
    assert.ok(page.includes('purpose: Acknowledges receipt'), `${PAGE}: the purpose to change is gone`);
    write(PAGE, page.replace('purpose: Acknowledges receipt', 'purpose: Records receipt'));
    // The entry is written before the release, as a draft of the next edition, as a maintainer would.
    // The record's own draft entry of the next edition, if it has one, gives way to this one (in
    // English only, so the translations show it in English).
    for (const file of readdirSync(join(copy, 'content/changelog'))) {
      const path = `content/changelog/${file}`;
      const entries = JSON.parse(read(path));
      if (COMMITTED.includes(entries.entries[0].edition)) continue;
      entries.entries.shift();
      write(path, `${JSON.stringify(entries, null, 2)}\n`);
    }
    addEntry(SECOND, `Edition ${SECOND}: the ack profile's description`, 'The ack profile says what it records.', [
      '`uai.agent.ack.v1` records receipt.',
    ]);
    // As a maintainer would: the precompiled validators follow the schema, then the release.
    released = release(SECOND);
    if (released.status === 0) published = runBuild(copy, { timeoutMs: 600_000 });
  });

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
      /^\/editions\/:edition\/\*\n(?: {2}.*\n)*? {2}Cache-Control: public, max-age=31536000, immutable$/m,
    );
  });

  test('the latest alias is now the second edition', () => {
    assert.equal(published?.status, 0, 'the publishing build failed');
    const manifest = JSON.parse(readFileSync(dist('.well-known/uaix.json'), 'utf8'));
    assert.equal(manifest.edition.label, `edition ${SECOND}`);
    assert.deepEqual(
      manifest.edition.editions.map((edition: { id: string }) => edition.id),
      [...COMMITTED, SECOND],
    );
    // The copy's own editions build test: every edition published byte for byte, and the alias
    // (today's URLs) freezing to exactly the latest edition's files.
    const check = runCommand(copy, process.execPath, ['--import', 'tsx', '--test', 'tests/build/editions.test.ts'], {
      timeoutMs: 200_000,
    });
    assert.equal(check.status, 0, output(check));
    // Its own summary: a `node --test` that ran nothing exits 0 too.
    const passed = Number(/^# pass (\d+)$/m.exec(check.stdout)?.[1] ?? 0);
    assert.ok(passed > 0, `the copy's editions test passed ${passed} tests\n${output(check)}`);
  });

  test("the first edition's pages say a newer edition exists, in their language; the second's do not", () => {
    assert.equal(published?.status, 0, 'the publishing build failed');
    const page = (locale: string, id: string) => readFileSync(dist(`${locale}/editions/${id}/index.html`), 'utf8');
    for (const [locale, text] of ['en-us', 'es-us', 'es-es', 'fr-fr', 'zh-cn'].map((code) => [
      code,
      newerBanner(code, SECOND),
    ])) {
      const html = page(locale, FIRST);
      assert.ok(html.includes(text), `${locale}/editions/${FIRST}/: no "${text}"`);
      assert.ok(html.includes(`href="/${locale}/editions/${SECOND}/"`), `${locale}/editions/${FIRST}/: no link`);
      assert.ok(!page(locale, SECOND).includes('banner-stale'), `${locale}/editions/${SECOND}/ has a banner`);
    }
  });

  const schemaOf = (name: string) =>
    createAjv().compile(JSON.parse(readFileSync(join(REPO, `schemas/site/${name}.schema.json`), 'utf8')));

  test("the second edition's page shows what changed since the first, with <ins> and <del>", () => {
    assert.equal(published?.status, 0, 'the publishing build failed');
    const html = readFileSync(dist(`en-us/editions/${SECOND}/index.html`), 'utf8');
    assert.ok(html.includes(`Changes since ${FIRST}`), 'no "Changes since" heading');
    const hidden = (word: string) => `<span class="visually-hidden">[${word} </span>`;
    // The schema's description, and the page's purpose, word by word.
    assert.ok(
      html.includes(`<del>${hidden('removed:')}Acknowledges<span class="visually-hidden">]</span></del>`),
      'no <del> of the old word',
    );
    assert.match(html, /<ins><span class="visually-hidden">\[added: <\/span>Records<span class="visually-hidden">\]/);
    assert.ok(html.includes(`href="/edition-changes/${SECOND}.json"`), 'no link to the changes record');
    assert.ok(html.includes(`<code>pages/en-us/registry/uai-agent-ack-v1.md</code>`), 'the changed page is not named');
    const french = readFileSync(dist(`fr-fr/editions/${SECOND}/index.html`), 'utf8');
    assert.ok(french.includes(`Modifications depuis ${FIRST}`), 'the French page has no changes heading');
    const first = readFileSync(dist(`en-us/editions/${OLDEST}/index.html`), 'utf8');
    assert.ok(first.includes('there is no previous edition to compare it with'), 'the first edition does not say so');
  });

  test("the changes record's JSON Patch, applied by the library to the first edition's file (URLs rebased), gives the second's", () => {
    assert.equal(published?.status, 0, 'the publishing build failed');
    const changes: EditionChanges = JSON.parse(readFileSync(dist(`edition-changes/${SECOND}.json`), 'utf8'));
    const validate = schemaOf('edition-changes');
    assert.ok(validate(changes), JSON.stringify(validate.errors));
    assert.equal(changes.previous, FIRST);
    const schema = changes.changed.find((file) => file.path === SCHEMA);
    assert.equal(schema?.edition_urls_only, false, `${SCHEMA} is not a content change`);
    const patched = changes.changed.filter((file) => file.json_patch);
    assert.ok(patched.length > 5, `${patched.length} patches`);
    assert.deepEqual(changes.rebase, {
      from: `${SITE_ORIGIN}/editions/${FIRST}/`,
      to: `${SITE_ORIGIN}/editions/${SECOND}/`,
    });
    for (const file of patched) {
      const text = readFileSync(dist(`editions/${FIRST}/${file.path}`), 'utf8');
      const before = JSON.parse(text.split(changes.rebase.from).join(changes.rebase.to));
      const after = JSON.parse(readFileSync(dist(`editions/${SECOND}/${file.path}`), 'utf8'));
      assert.deepEqual(
        jsonPatch.applyPatch(before, file.json_patch as jsonPatch.Operation[], true).newDocument,
        after,
        file.path,
      );
    }
    const page = changes.changed.find((file) => file.path === 'pages/en-us/registry/uai-agent-ack-v1.md');
    const words = page?.word_diff ?? [];
    assert.ok(words.some((part) => part.op === 'insert' && part.text.includes('Records')));
  });

  test('changelog.json and the Atom feeds, read by an independent parser, list both editions', () => {
    assert.equal(published?.status, 0, 'the publishing build failed');
    const changelog: { entries: { edition: string; status: string }[] } = JSON.parse(
      readFileSync(dist('changelog.json'), 'utf8'),
    );
    const validate = schemaOf('changelog');
    assert.ok(validate(changelog), JSON.stringify(validate.errors));
    assert.deepEqual(
      changelog.entries.map((entry: { edition: string; status: string }) => [entry.edition, entry.status]),
      NEWEST_FIRST().map((id) => [id, 'released']),
    );
    const ensured = spawnSync('bash', [join(REPO, 'scripts/ensure-debian-packages.sh'), 'python3-feedparser'], {
      encoding: 'utf8',
    });
    assert.equal(ensured.status, 0, ensured.stderr);
    for (const locale of ['en-us', 'fr-fr']) {
      const file = dist(`${locale}/governance/changelog/feed.xml`);
      const read = spawnSync('/usr/bin/python3', [join(REPO, 'tests/build/_support/parseFeed.py'), file], {
        encoding: 'utf8',
      });
      assert.equal(read.status, 0, read.stderr);
      const feed = JSON.parse(read.stdout);
      assert.equal(feed.version, 'atom10', `${locale}: not read as Atom 1.0`);
      assert.equal(feed.bozo, false, `${locale}: ${feed.bozo_exception}`);
      assert.equal(feed.id, `${SITE_ORIGIN}/${locale}/governance/changelog/feed.xml`);
      assert.equal(feed.language, locale === 'en-us' ? 'en-US' : 'fr-FR', `${locale}: the feed's xml:lang`);
      assert.match(
        feed.rights,
        /^Apache License 2\.0 \(Apache-2\.0\): https:\/\/www\.apache\.org\/licenses\/LICENSE-2\.0$/,
      );
      assert.equal(feed.updated, `${SECOND}T00:00:00.000Z`);
      assert.deepEqual(
        feed.entries.map((entry: { id: string; link: string; updated: string }) => [
          entry.id,
          entry.link,
          entry.updated,
        ]),
        NEWEST_FIRST().map((id) => [
          `${SITE_ORIGIN}/${locale}/editions/${id}/`,
          `${SITE_ORIGIN}/${locale}/editions/${id}/`,
          `${id.split('.')[0]}T00:00:00.000Z`,
        ]),
      );
      // The French feed shows the second edition's entry in English (it has no translation) and the first in French.
      assert.equal(feed.entries[0].title, `Edition ${SECOND}: the ack profile's description`);
    }
    const html = readFileSync(dist('en-us/governance/changelog/index.html'), 'utf8');
    assert.ok(
      html.includes('<link rel="alternate" type="application/atom+xml" href="/en-us/governance/changelog/feed.xml"'),
    );
  });
});

describe('the third edition: one fixture and one requirement added', () => {
  before(() => {
    if (published?.status !== 0) return;
    plantFixtureAndRequirement();
    addEntry(THIRD, `Edition ${THIRD}: one fixture and one requirement`);
    third = release(THIRD);
    if (third.status === 0) third = runBuild(copy, { timeoutMs: 600_000 });
  });

  const changesOf = (): EditionChanges => JSON.parse(read(`dist/edition-changes/${THIRD}.json`));

  test('the fixture and the requirement are one add each, and the patches a few operations in all', () => {
    assert.equal(third?.status, 0, third ? output(third) : 'no build ran');
    const changes = changesOf();
    assert.equal(changes.previous, SECOND);
    const patchOf = (path: string) => changes.changed.find((file) => file.path === path)?.json_patch ?? [];
    const recordAdds = (path: string, array: string) =>
      patchOf(path).filter(
        (operation) => operation.op === 'add' && new RegExp(`^${array}/[0-9]+$`).test(operation.path),
      );
    assert.deepEqual(
      recordAdds('examples/uai-1/conformance.json', '/fixtures').map(
        (operation) => operation.op === 'add' && (operation.value as { url: string }).url,
      ),
      [`${SITE_ORIGIN}/editions/${THIRD}/${NEW_CASE}`],
    );
    assert.deepEqual(
      recordAdds('specification/uai-1/requirements.json', '/requirements').map(
        (operation) => operation.op === 'add' && (operation.value as { id: string }).id,
      ),
      [NEW_REQUIREMENT],
    );
    const records = changes.changed.flatMap((file) => file.record_changes ?? []);
    assert.ok(records.some((record) => record.change === 'added' && record.id === NEW_REQUIREMENT));
    const operations = changes.changed.flatMap((file) => file.json_patch ?? []);
    // Before issue 39, by position: 827 operations on conformance.json and 407 on requirements.json.
    assert.ok(operations.length <= 30, `${operations.length} operations: ${JSON.stringify(operations).slice(0, 3000)}`);
    assert.ok(patchOf('examples/uai-1/conformance.json').length <= 8, 'conformance.json');
    assert.ok(patchOf('specification/uai-1/requirements.json').length <= 12, 'requirements.json');
  });

  test("each patch, applied by the library to the previous edition's file with its URLs rebased, gives the new one", () => {
    assert.equal(third?.status, 0, 'the build failed');
    const changes = changesOf();
    const patched = changes.changed.filter((file) => file.json_patch);
    assert.ok(patched.length > 2, `${patched.length} patches`);
    for (const file of patched) {
      const text = read(`editions/${SECOND}/${file.path}`);
      const previous = JSON.parse(text.split(changes.rebase.from).join(changes.rebase.to));
      const next = JSON.parse(read(`editions/${THIRD}/${file.path}`));
      const patch = file.json_patch as jsonPatch.Operation[];
      assert.deepEqual(jsonPatch.applyPatch(previous, patch, true).newDocument, next, file.path);
    }
  });

  test('the edition page is a few KB of changes: the summary table first, each diff behind a disclosure', () => {
    assert.equal(third?.status, 0, 'the build failed');
    for (const locale of ['en-us', 'es-es', 'fr-fr', 'zh-cn']) {
      const html = read(`dist/${locale}/editions/${THIRD}/index.html`);
      const start = html.indexOf('<section aria-labelledby="edition-changes" data-pagefind-ignore="all"');
      // The changes section runs up to the list of every file of the edition with its digest, which
      // grows with the record, not with the change (about 70 KB of the page; 11 KB of changes in English).
      const end = html.indexOf('<h2 id="edition-files"', start);
      const section = html.slice(start, end);
      assert.ok(start > 0 && end > start, `${locale}: no changes section before the file list`);
      assert.ok(section.length <= 16_000, `${locale}: the changes section is ${section.length} bytes`);
      assert.ok(html.length <= 120_000, `${locale}: the page is ${html.length} bytes`);
      const table = section.indexOf('class="change-summary"');
      assert.ok(table > 0 && table < section.indexOf('<details'), `${locale}: the summary table is not first`);
    }
  });
});
