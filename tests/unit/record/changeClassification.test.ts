/**
 * The change classifier and the release gate over small editions: hand-made file sets for the rules
 * read by id (requirements, codes, fixtures, pages), and the committed edition 2026-12-01.2 with
 * one keyword of its ack schema changed for the verdicts (a tightening, a loosening, a keyword that
 * moves no verdict, an annotation).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { classifyChanges, type EditionSnapshot } from '../../../src/record/editions/changeClassification.ts';
import { CHANGE_RULES, type ClassifiedChange } from '../../../src/record/editions/changeRules.ts';
import { changeLine, releaseProblems } from '../../../src/record/editions/releaseGate.ts';
import { readCommittedEditions } from '../../../src/record/editions/node/editionFiles.ts';
import { nodeSha256 } from '../../../src/uai/node/nodeValidator.ts';
import { releaseStateProblems, type ChangelogFile } from '../../../src/record/editions/changelog.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

const REPO = join(import.meta.dirname, '../../..');
const encoder = new TextEncoder();
const decoder = new TextDecoder();

const json = (value: unknown) => encoder.encode(`${JSON.stringify(value, null, 2)}\n`);

function snapshot(id: string, files: Record<string, unknown>, standardVersion = '1.0'): EditionSnapshot {
  return {
    id,
    standardVersion,
    files: new Map(
      Object.entries(files).map(([path, value]) => [
        path,
        typeof value === 'string' ? encoder.encode(value) : json(value),
      ]),
    ),
  };
}

const requirement = (id: string, level: string, en: string, fr = en) => ({
  id,
  level,
  statements: { 'en-us': en, 'fr-fr': fr },
});
const requirements = (...list: unknown[]) => ({ requirements: list, retired: {} });
const fixture = (path: string, verdict: string, code?: string) => ({
  kind: 'packet',
  verdict,
  url: `https://uaix.org/${path}`,
  keyless_url: null,
  expected: code ? { code, path: '/body' } : null,
});

const rulesOf = (changes: readonly ClassifiedChange[]) => changes.map((change) => `${change.rule} ${change.subject}`);

test('requirements by id: added, removed, level raised and lowered, English text, translation only', () => {
  const before = snapshot('2026-01-01', {
    'specification/uai-1/requirements.json': requirements(
      requirement('UAI1-ENV-001', 'MUST', 'A packet MUST have an id.'),
      requirement('UAI1-ENV-002', 'SHOULD', 'A packet SHOULD be small.'),
      requirement('UAI1-ENV-003', 'MUST', 'A packet MUST be JSON.'),
      requirement('UAI1-ENV-004', 'MAY', 'A packet MAY carry extensions.'),
      requirement('UAI1-ENV-005', 'MUST', 'Same.', 'Pareil.'),
    ),
  });
  const after = snapshot('2026-01-02', {
    'specification/uai-1/requirements.json': requirements(
      requirement('UAI1-ENV-001', 'MUST', 'A packet MUST have an id.'),
      requirement('UAI1-ENV-002', 'MUST', 'A packet SHOULD be small.'),
      requirement('UAI1-ENV-004', 'MAY', 'A packet MAY carry extensions of any kind.'),
      requirement('UAI1-ENV-005', 'MUST', 'Same.', 'Le même.'),
      requirement('UAI1-ENV-006', 'SHOULD', 'A packet SHOULD name its source.'),
    ),
  });
  const { changes } = classifyChanges(before, after, { generated: 0 });
  assert.deepEqual(rulesOf(changes), [
    'requirement-level-raised UAI1-ENV-002',
    'requirement-removed UAI1-ENV-003',
    'requirement-text-changed UAI1-ENV-004',
    'requirement-translation-changed UAI1-ENV-005',
    'requirement-added UAI1-ENV-006',
  ]);
  assert.deepEqual(
    changes.map((change) => change.class),
    ['breaking', 'breaking', 'non-breaking', 'editorial', 'non-breaking'],
  );
  const lowered = classifyChanges(after, before, { generated: 0 }).changes.find((c) => c.subject === 'UAI1-ENV-002');
  assert.equal(lowered?.rule, 'requirement-level-lowered');
  assert.equal(lowered?.class, 'non-breaking');
});

test('fixtures by URL, codes by identity, pages by locale and path, any other file by path', () => {
  const pack = (...fixtures: unknown[]) => ({ evaluated_at: '2026-06-01T00:00:00Z', fixtures });
  const before = snapshot('E', {
    'examples/uai-1/conformance.json': pack(
      fixture('examples/uai-1/a/invalid/one.json', 'invalid', 'UAI-ONE'),
      fixture('examples/uai-1/a/invalid/two.json', 'invalid', 'UAI-TWO'),
      fixture('examples/uai-1/a/valid.json', 'valid'),
    ),
    'examples/uai-1/a/valid.json': '{"a":1}',
    'pages/en-us/specification/uai-1.md': '# UAI-1\n',
    'pages/fr-fr/specification/uai-1.md': '# UAI-1\n',
    'routes/route_review.json': '{}',
  });
  const after = snapshot('F', {
    'examples/uai-1/conformance.json': pack(
      fixture('examples/uai-1/a/invalid/one.json', 'invalid', 'UAI-ONE-ELSE'),
      fixture('examples/uai-1/a/valid.json', 'valid'),
      fixture('examples/uai-1/a/invalid/three.json', 'invalid', 'UAI-ONE'),
    ),
    'examples/uai-1/a/valid.json': '{"a":2}',
    'pages/en-us/specification/uai-1.md': '# UAI-1, reworded\n',
    'pages/fr-fr/specification/uai-1.md': '# UAI-1\n',
    'pages/zh-cn/specification/uai-1.md': '# UAI-1\n',
    'routes/route_review.json': '{"changed":true}',
  });
  const { changes } = classifyChanges(before, after, { generated: 0 });
  assert.deepEqual(rulesOf(changes), [
    'error-code-added UAI-ONE-ELSE',
    'error-code-removed UAI-TWO',
    'fixture-expectation-changed examples/uai-1/a/invalid/one.json',
    'fixture-added examples/uai-1/a/invalid/three.json',
    'fixture-removed examples/uai-1/a/invalid/two.json',
    'fixture-changed examples/uai-1/a/valid.json',
    'page-text-changed en-us/specification/uai-1',
    'page-added zh-cn/specification/uai-1',
    'file-changed routes/route_review.json',
  ]);
  for (const change of changes) assert.equal(change.class, CHANGE_RULES[change.rule].class);
});

test('an edition compared with itself has no change; its own URLs do not count', () => {
  const files = { 'examples/uai-1/conformance.json': { fixtures: [fixture('examples/uai-1/a/valid.json', 'valid')] } };
  const before = snapshot('E', files);
  const text = JSON.stringify(files['examples/uai-1/conformance.json'], null, 2).replaceAll(
    '/editions/E/',
    '/editions/F/',
  );
  const after = snapshot('F', { 'examples/uai-1/conformance.json': `${text}\n` });
  assert.deepEqual(classifyChanges(before, after, { generated: 0 }).changes, []);
});

// The committed edition, and the same files with the ack schema's rejection_reason bound changed.
const released = readCommittedEditions(REPO).editions.find((edition) => edition.folder === '2026-12-01.2')!;
const ACK = 'schemas/uai-1/uai.agent.ack.v1.schema.json';
function withAck(edit: (schema: Record<string, any>) => void): EditionSnapshot {
  // As frozen into the next edition: its own URLs.
  const files = new Map(
    [...released.files].map(([path, bytes]) => [
      path,
      encoder.encode(decoder.decode(bytes).replaceAll('/editions/2026-12-01.2/', '/editions/2026-12-01.3/')),
    ]),
  );
  const schema = JSON.parse(decoder.decode(files.get(ACK)));
  edit(schema);
  files.set(ACK, json(schema));
  return { id: '2026-12-01.3', standardVersion: '1.0', files };
}
const base: EditionSnapshot = { id: released.folder, standardVersion: '1.0', files: released.files };
const rejectionReason = (schema: Record<string, any>) => schema.$defs.body.properties.rejection_reason;

test('a maxLength below a valid fixture’s length is a tightening: the fixture and generated packets fail now', () => {
  const next = withAck((schema) => (rejectionReason(schema).maxLength = 40));
  const { changes, judged } = classifyChanges(base, next, { generated: 400, sha256: nodeSha256 });
  assert.ok(judged.generated >= 400, `generated ${judged.generated}`);
  const tightened = changes.filter((change) => change.rule === 'packet-tightened');
  assert.equal(tightened.length, 1, changes.map(changeLine).join('\n'));
  assert.equal(tightened[0].subject, 'uai.agent.ack.v1#/body/rejection_reason');
  assert.equal(tightened[0].class, 'breaking');
  assert.match(tightened[0].detail, /examples\/uai-1\/uai-agent-ack-v1\/with-rejection-reason\.json/);
  assert.match(tightened[0].detail, /generated packet/);
  // Its schema's change is explained by the verdicts: no "same verdicts" line beside it.
  assert.ok(!changes.some((change) => change.rule === 'schema-changed-same-verdicts'));
});

test('a generated packet finds a tightening no fixture shows; without generated packets it is only a keyword change', () => {
  // Every fixture's reason is under 100 characters; generated ones reach 400.
  const next = withAck((schema) => (rejectionReason(schema).maxLength = 150));
  const withPackets = classifyChanges(base, next, { generated: 1000, sha256: nodeSha256 }).changes;
  const tightened = withPackets.find((change) => change.rule === 'packet-tightened');
  assert.ok(tightened, withPackets.map(changeLine).join('\n'));
  assert.doesNotMatch(tightened.detail, /fixtures/);
  const fixturesOnly = classifyChanges(base, next, { generated: 0 }).changes;
  assert.deepEqual(rulesOf(fixturesOnly), [`schema-changed-same-verdicts ${ACK}`]);
});

test('dropping the rejected-needs-a-reason rule is a loosening; an annotation is editorial', () => {
  const loosened = classifyChanges(
    base,
    withAck((schema) => delete schema.$defs.body.allOf),
    { generated: 200, sha256: nodeSha256 },
  ).changes;
  const loose = loosened.filter((change) => change.rule === 'packet-loosened');
  assert.ok(loose.length >= 1, loosened.map(changeLine).join('\n'));
  assert.ok(loose.every((change) => change.class === 'non-breaking'));
  assert.ok(loose.some((change) => change.subject.startsWith('uai.agent.ack.v1#/body')));
  const annotated = classifyChanges(
    base,
    withAck((schema) => (rejectionReason(schema).description = 'Why it was rejected.')),
    { generated: 50, sha256: nodeSha256 },
  ).changes;
  assert.deepEqual(rulesOf(annotated), [`schema-text-changed ${ACK}`]);
  assert.equal(annotated[0].class, 'editorial');
});

test('the release gate: no entry, nothing changed, an undeclared breaking change, a stray declaration, a new version', () => {
  const breaking = {
    rule: 'packet-tightened',
    class: 'breaking',
    subject: 'uai.agent.ack.v1#/body/rejection_reason',
    detail: '1 packet valid in E now fails with UAI-SCHEMA-MAXLENGTH',
  } as const;
  const editorial = {
    rule: 'page-text-changed',
    class: 'editorial',
    subject: 'en-us/x',
    detail: 'its Markdown changed',
  } as const;
  const candidate = {
    id: 'F',
    previous: { id: 'E', standardVersion: '1.0' },
    standardVersion: '1.0',
    changes: [breaking, editorial],
    entry: {},
    changelogFile: 'content/changelog/en-us.json',
  };
  assert.deepEqual(releaseProblems({ ...candidate, changes: [] }), ['nothing changed since E']);
  assert.deepEqual(releaseProblems({ ...candidate, changes: [editorial], entry: undefined }), [
    'no changelog entry for F in content/changelog/en-us.json; write it (its newest entry) first',
  ]);
  const refused = releaseProblems(candidate);
  assert.equal(refused[0], `packet-tightened ${breaking.subject}: ${breaking.detail} [breaking]`);
  assert.equal(refused.length, 2);
  const declaration = {
    rule: breaking.rule,
    subject: breaking.subject,
    as: 'erratum' as const,
    requirement: 'UAI1-PROF-002',
  };
  assert.deepEqual(releaseProblems({ ...candidate, entry: { declares: [declaration] } }), []);
  assert.deepEqual(releaseProblems({ ...candidate, changes: [editorial], entry: { declares: [declaration] } }), [
    `content/changelog/en-us.json declares packet-tightened ${breaking.subject}, which is no breaking change of F; remove the declaration`,
  ]);
  assert.deepEqual(releaseProblems({ ...candidate, standardVersion: '1.1' }), []);
});

test('a changelog entry that speaks of its own release state is refused, in any locale', () => {
  const file = (locale: string, summary: string): ChangelogFile => ({
    locale,
    file: `content/changelog/${locale}.json`,
    data: { entries: [{ edition: '2026-12-02', title: 'Edition 2026-12-02', summary, changes: ['A change.'] }] },
  });
  const lines = releaseStateProblems([
    file('en-us', 'The next edition, not released yet.'),
    file('fr-fr', 'La prochaine édition, pas encore publiée.'),
    file('zh-cn', '本记录的下一个版次，尚未发布。'),
    file('es-us', 'La tercera edición del registro.'),
  ]).map(formatProblem);
  assert.deepEqual(lines, [
    'content/changelog/en-us.json /entries/0/summary: says "not released yet": an entry\'s text does not speak of its own release state; the changelog page shows it from the editions [changelog]',
    'content/changelog/fr-fr.json /entries/0/summary: says "pas encore publiée": an entry\'s text does not speak of its own release state; the changelog page shows it from the editions [changelog]',
    'content/changelog/zh-cn.json /entries/0/summary: says "尚未发布": an entry\'s text does not speak of its own release state; the changelog page shows it from the editions [changelog]',
  ]);
});
