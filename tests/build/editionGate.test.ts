/**
 * Issue 39, parts 1 and 2, in a copy of the repository, as an editor would: the ack schema's
 * `rejection_reason` gets a maxLength below the previous edition's valid fixture (the record's own
 * fixture shortened and resealed to follow it), with a new invalid fixture and requirement
 * UAI1-PROF-007 in the four locales. `npm run edition` classifies it `packet-tightened` and stops
 * before it builds anything; with the changelog entry declaring it as an erratum it releases; an
 * edition id without a changelog entry, and a record unchanged since its latest edition, are refused.
 * Two builds: the release, and the dry run that finds nothing changed.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './_support/site.ts';
import { copyRepository, lineNaming, removeCopy, runCommand, type BuildRun } from './_support/tempRepo.ts';
import { readCommittedEditions } from '../../src/record/editions/node/editionFiles.ts';
import { packetDigest } from '../../src/uai/packetDigest.ts';

const ACK = 'schemas/uai-1/uai.agent.ack.v1.schema.json';
const FIXTURES = 'schemas/uai-1/examples/uai-agent-ack-v1';
const CHANGELOG = 'content/changelog/en-us.json';
const SUBJECT = 'uai.agent.ack.v1#/body/rejection_reason';
const COMMITTED = readCommittedEditions(REPO).editions.map((edition) => edition.folder);
const LATEST = COMMITTED.at(-1)!;
/** The day after the latest edition, then a second edition that day. */
const NEXT = new Date(Date.parse(`${LATEST.slice(0, 10)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const AFTER_NEXT = `${NEXT}.2`;
const REQUIREMENT: Record<string, string> = {
  'en-us': '[UAI1-PROF-007] The `rejection_reason` of an acknowledgement **MUST NOT** be longer than 60 characters.',
  'es-us': '[UAI1-PROF-007] El `rejection_reason` de un acuse **NO DEBE** tener más de 60 caracteres.',
  'fr-fr': '[UAI1-PROF-007] Le `rejection_reason` d’un accusé de réception **NE DOIT PAS** dépasser 60 caractères.',
  'zh-cn': '[UAI1-PROF-007] 确认的 `rejection_reason` **不得**超过 60 个字符。',
};

let copy: string;
let refused: BuildRun;
let noEntry: BuildRun;
let released: BuildRun;
let unchanged: BuildRun;

const read = (file: string) => readFileSync(join(copy, file), 'utf8');
const writeJson = (file: string, value: unknown, indent = 2) =>
  writeFileSync(join(copy, file), `${JSON.stringify(value, null, indent)}\n`);
const output = (run: BuildRun) => `--- stderr\n${run.stderr.slice(-3000)}\n--- stdout\n${run.stdout.slice(-3000)}`;
const edition = (...args: string[]) =>
  runCommand(copy, 'npm', ['run', '--silent', 'edition', '--', ...args], { timeoutMs: 600_000 });

/** A packet with its rejection reason replaced and its checksum resealed. */
function withReason(packet: Record<string, any>, reason: string): Record<string, any> {
  const changed = structuredClone(packet);
  changed.body.rejection_reason = reason;
  changed.integrity.checksum = packetDigest(changed);
  return changed;
}

function entry(id: string, declares?: unknown[]) {
  return {
    edition: id,
    title: `Edition ${id}: a rejection reason is at most 60 characters`,
    summary: 'UAI-1 stays at `1.0`: an erratum bounds the rejection reason of an acknowledgement.',
    changes: ['`rejection_reason` is at most 60 characters long ([UAI1-PROF-007](/en-us/registry/#UAI1-PROF-007)).'],
    ...(declares ? { declares } : {}),
  };
}

/** The English changelog: `entries` above the committed editions' entries (every locale's own draft entry dropped). */
function setChangelog(...entries: unknown[]) {
  for (const file of readdirSync(join(copy, 'content/changelog'))) {
    const path = `content/changelog/${file}`;
    const data = JSON.parse(read(path));
    data.entries = data.entries.filter((item: { edition: string }) => COMMITTED.includes(item.edition));
    if (path === CHANGELOG) data.entries.unshift(...entries);
    writeJson(path, data);
  }
}

before(() => {
  copy = copyRepository();
  const schema = JSON.parse(read(ACK));
  assert.equal(schema.$defs.body.properties.rejection_reason.maxLength, 2000, `${ACK}: the bound to tighten moved`);
  schema.$defs.body.properties.rejection_reason.maxLength = 60;
  writeJson(ACK, schema);
  const valid = JSON.parse(read(`${FIXTURES}/valid/with-rejection-reason.json`));
  assert.ok(valid.body.rejection_reason.length > 60, 'the released fixture is no longer over 60 characters');
  writeJson(
    `${FIXTURES}/valid/with-rejection-reason.json`,
    withReason(valid, 'idempotency_key was missing; resend it.'),
    4,
  );
  writeJson(
    `${FIXTURES}/invalid/rejection-reason-too-long.json`,
    withReason(valid, 'delivery.idempotency_key was missing; resend the packet with a stable idem_ key.'),
    4,
  );
  const expected = JSON.parse(read(`${FIXTURES}/invalid/_expected.json`));
  expected['rejection-reason-too-long.json'] = {
    code: 'UAI-SCHEMA-INVALID',
    path: '/body/rejection_reason',
    why: 'A rejection reason longer than 60 characters breaks the bound of UAI1-PROF-007.',
  };
  writeJson(`${FIXTURES}/invalid/_expected.json`, expected);
  for (const [locale, text] of Object.entries(REQUIREMENT)) {
    const page = `content/pages/${locale}/registry/index.md`;
    const markdown = read(page);
    const at = markdown.indexOf('[UAI1-PROF-006]');
    assert.ok(at > 0, `${page}: no UAI1-PROF-006`);
    const end = markdown.indexOf('\n', at);
    writeFileSync(join(copy, page), `${markdown.slice(0, end)}\n\n${text}${markdown.slice(end)}`);
  }
  const requirements = JSON.parse(read('content/requirements.json'));
  requirements.requirements['UAI1-PROF-007'] = {
    tests: [{ code: 'UAI-SCHEMA-INVALID', path: '/body/rejection_reason' }],
  };
  writeJson('content/requirements.json', requirements);
  setChangelog(entry(NEXT));
  const stamped = runCommand(
    copy,
    'npm',
    [
      'run',
      '--silent',
      'i18n:stamp',
      '--',
      ...['es-us', 'fr-fr', 'zh-cn'].map((l) => `content/pages/${l}/registry/index.md`),
    ],
    { timeoutMs: 120_000 },
  );
  assert.equal(stamped.status, 0, output(stamped));
  const generated = runCommand(copy, 'npm', ['run', '--silent', 'generate'], { timeoutMs: 200_000 });
  assert.equal(generated.status, 0, output(generated));

  refused = edition(NEXT);
  noEntry = edition(`${NEXT}.3`);
  setChangelog(
    entry(NEXT, [{ rule: 'packet-tightened', subject: SUBJECT, as: 'erratum', requirement: 'UAI1-PROF-007' }]),
  );
  released = edition(NEXT);
  if (released.status === 0) {
    setChangelog(
      { ...entry(AFTER_NEXT), title: `Edition ${AFTER_NEXT}: nothing new` },
      entry(NEXT, [{ rule: 'packet-tightened', subject: SUBJECT, as: 'erratum', requirement: 'UAI1-PROF-007' }]),
    );
    unchanged = edition(AFTER_NEXT, '--dry-run');
  }
});

after(() => removeCopy(copy));

test('the tightening is classified packet-tightened and stops the release before any build', () => {
  assert.equal(refused.status, 1, output(refused));
  const line = lineNaming(refused, `edition: packet-tightened ${SUBJECT}: `);
  assert.match(
    line,
    /valid in \S+ now fails? with UAI-SCHEMA-INVALID \(fixtures examples\/uai-1\/uai-agent-ack-v1\/with-rejection-reason\.json/,
  );
  assert.ok(line.endsWith('[breaking]'), line);
  assert.ok(refused.stderr.includes(`edition: refused; nothing was written to editions/${NEXT}/`), output(refused));
  // Classified beside it: the new requirement and fixture; and no build ran.
  assert.ok(refused.stdout.includes('edition: requirement-added UAI1-PROF-007: MUST NOT, new since '), output(refused));
  assert.ok(
    refused.stdout.includes(
      'edition: fixture-added examples/uai-1/uai-agent-ack-v1/invalid/rejection-reason-too-long.json: invalid UAI-SCHEMA-INVALID at /body/rejection_reason [non-breaking]',
    ),
    output(refused),
  );
  assert.ok(!existsSync(join(copy, 'editions', NEXT, 'edition.json')) || released.status === 0);
  assert.doesNotMatch(refused.stdout, /packet fixtures \(\d+ profiles\)/, 'a build ran before the refusal');
});

test('an edition id with no changelog entry is refused', () => {
  assert.equal(noEntry.status, 1, output(noEntry));
  assert.equal(
    lineNaming(noEntry, 'no changelog entry'),
    `edition: no changelog entry for ${NEXT}.3 in ${CHANGELOG}; write it (its newest entry) first`,
  );
});

test('declared as an erratum in the changelog entry, the tightening releases', () => {
  assert.equal(released.status, 0, output(released));
  assert.ok(released.stdout.includes(`edition: packet-tightened ${SUBJECT}: `), output(released));
  const index = JSON.parse(read(`editions/${NEXT}/edition.json`));
  assert.equal(index.previous, LATEST);
  assert.ok(read(`editions/${NEXT}/${ACK}`).includes('"maxLength": 60'));
});

test('a record unchanged since its latest edition cannot be released', () => {
  assert.equal(unchanged?.status, 1, unchanged ? output(unchanged) : 'the release did not run');
  assert.equal(lineNaming(unchanged, 'nothing changed'), `edition: nothing changed since ${NEXT}`);
  assert.ok(!existsSync(join(copy, 'editions', AFTER_NEXT)));
});
