/**
 * Issue 39, diffs by identity, done when: in a copy of the repository, an edition is released, one
 * fixture and one requirement are added, and a further edition is released: its changes record
 * holds each as one `add` of the record at its index (a few operations in all, each patch applying
 * with the library to the previous file with its edition URLs rebased), and its edition page is a
 * few KB of changes: a summary table first, each file's diff behind a disclosure. Three builds: the
 * two `npm run edition` makes to freeze, and the one that publishes.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as jsonPatch from 'fast-json-patch/index.mjs';
import { REPO } from './_support/site.ts';
import { copyRepository, removeCopy, runBuild, runCommand, type BuildRun } from './_support/tempRepo.ts';
import { readCommittedEditions } from '../../src/record/editions/node/editionFiles.ts';
import { SITE_ORIGIN } from '../../src/record/model/locales.ts';
import type { EditionChanges } from '../../src/record/editions/editionChanges.ts';

/** The fixture and the requirement the last release adds. */
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
const CHANGELOG = 'content/changelog/en-us.json';
const COMMITTED = readCommittedEditions(REPO).editions.map((edition) => edition.folder);
const dayAfter = (id: string) =>
  new Date(Date.parse(`${id.slice(0, 10)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/**
 * The edition that takes in the record as it is (when the record has changes since its latest
 * edition; otherwise the latest edition is it), and the one after it with the fixture and the requirement.
 */
let SECOND = dayAfter(COMMITTED.at(-1)!);
const THIRD = dayAfter(SECOND);

let copy: string;
let run: BuildRun | undefined;
const output = (done: BuildRun) => `--- stderr\n${done.stderr.slice(-3000)}\n--- stdout\n${done.stdout.slice(-1500)}`;
const read = (path: string) => readFileSync(join(copy, path), 'utf8');
const write = (path: string, text: string) => writeFileSync(join(copy, path), text);

/** The changelog entry of an edition, first in the English changelog, as a maintainer writes it before releasing. */
function addEntry(edition: string, title: string): void {
  const changelog = JSON.parse(read(CHANGELOG));
  changelog.entries.unshift({ edition, title, summary: title, changes: [title] });
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

before(() => {
  copy = copyRepository();
  // The record's own draft entry of the next edition, if it has one, gives way to the copy's.
  for (const file of readdirSync(join(copy, 'content/changelog'))) {
    const path = `content/changelog/${file}`;
    const entries = JSON.parse(read(path));
    if (COMMITTED.includes(entries.entries[0].edition)) continue;
    entries.entries.shift();
    write(path, `${JSON.stringify(entries, null, 2)}\n`);
  }
  addEntry(SECOND, `Edition ${SECOND}: the record as it is`);
  run = release(SECOND);
  if (run.status !== 0 && run.stderr.includes(`nothing changed since ${COMMITTED.at(-1)}`)) {
    // The record is its latest edition already: that edition is the one the last release follows.
    const changelog = JSON.parse(read(CHANGELOG));
    changelog.entries.shift();
    write(CHANGELOG, `${JSON.stringify(changelog, null, 2)}\n`);
    SECOND = COMMITTED.at(-1)!;
  } else if (run.status !== 0) return;
  plantFixtureAndRequirement();
  addEntry(THIRD, `Edition ${THIRD}: one fixture and one requirement`);
  run = release(THIRD);
  if (run.status === 0) run = runBuild(copy, { timeoutMs: 600_000 });
});

after(() => removeCopy(copy));

const changesOf = (): EditionChanges => JSON.parse(read(`dist/edition-changes/${THIRD}.json`));

test('the fixture and the requirement are one add each, and the patches a few operations in all', () => {
  assert.equal(run?.status, 0, run ? output(run) : 'no build ran');
  const changes = changesOf();
  assert.equal(changes.previous, SECOND);
  const patchOf = (path: string) => changes.changed.find((file) => file.path === path)?.json_patch ?? [];
  const recordAdds = (path: string, array: string) =>
    patchOf(path).filter((operation) => operation.op === 'add' && new RegExp(`^${array}/[0-9]+$`).test(operation.path));
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
  assert.equal(run?.status, 0, 'the build failed');
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
  assert.equal(run?.status, 0, 'the build failed');
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
