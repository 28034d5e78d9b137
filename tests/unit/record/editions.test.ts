import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  compareEditionIds,
  editionIdProblem,
  editionIndex,
  editionIndexText,
  fileChanges,
  frozenFiles,
  nextEditionProblem,
  rewriteIntoEdition,
  type EditionContents,
} from '../../../src/record/editions/editions.ts';
import { committedEditionProblems, readCommittedEditions } from '../../../src/record/editions/node/editionFiles.ts';
import { REPOSITORY_ROOT } from '../../../src/uai/node/recordFiles.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

/** The committed editions' problems as the terminal prints them. */
const editionLines = (root: string) => committedEditionProblems(readCommittedEditions(root)).map(formatProblem);

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (value: Uint8Array) => new TextDecoder().decode(value);

const envelope = `{
  "$id": "https://uaix.org/schemas/uai-1/envelope.schema.json",
  "properties": { "x": { "$ref": "https://uaix.org/schemas/uai-1/envelope.schema.json#/$defs/x" } },
  "description": "see https://uaix.org/en-us/specification/uai-1/"
}
`;
const contents: EditionContents = {
  machineFiles: [
    { path: '/schemas/uai-1/envelope.schema.json', bytes: bytes(envelope) },
    {
      path: '/examples/uai-1/g/a.json',
      bytes: bytes('{"url":"https://uaix.org/schemas/uai-1/envelope.schema.json"}\n'),
    },
    {
      path: '/examples/uai-1/conformance.json',
      bytes: bytes('{"url":"https://uaix.org/examples/uai-1/g/a.json","other":"https://uaix.org/tools/x.tgz"}\n'),
    },
  ],
  pages: [{ locale: 'en-us', path: 'specification/uai-1', bytes: bytes('# UAI-1\n') }],
  sources: [{ file: 'content/pages/en-us/specification/uai-1.md', bytes: bytes('text') }],
};

test('edition ids are real dates, optionally with .N from 2, ordered by date then N', () => {
  for (const id of ['2026-12-01', '2026-12-01.2', '2024-02-29', '2026-12-01.10'])
    assert.equal(editionIdProblem(id), undefined, id);
  for (const id of [
    '2026-13-01',
    '2026-02-30',
    '2025-02-29',
    '26-12-01',
    '2026-12-01.1',
    '2026-12-01.0',
    'latest',
    '2026-12-01.2a',
  ])
    assert.ok(editionIdProblem(id), id);
  const sorted = ['2026-12-01.10', '2027-01-01', '2026-12-01', '2026-12-01.2'].sort(compareEditionIds);
  assert.deepEqual(sorted, ['2026-12-01', '2026-12-01.2', '2026-12-01.10', '2027-01-01']);
});

test('a new edition id must be a date, new, and after the latest edition', () => {
  assert.equal(nextEditionProblem('2026-12-02', ['2026-12-01']), undefined);
  assert.equal(nextEditionProblem('2026-12-01.2', ['2026-12-01']), undefined);
  assert.match(nextEditionProblem('2026-12-01', ['2026-12-01'])!, /exists/);
  assert.match(nextEditionProblem('2026-11-30', ['2026-12-01'])!, /not after the latest edition 2026-12-01/);
  assert.match(nextEditionProblem('tomorrow', [])!, /not an edition id/);
});

test('freezing rewrites $id, absolute $refs and conformance URLs of frozen files into the edition, nothing else', () => {
  const files = frozenFiles('2026-12-01', contents);
  assert.deepEqual(
    [...files.keys()],
    [
      'examples/uai-1/conformance.json',
      'examples/uai-1/g/a.json',
      'pages/en-us/specification/uai-1.md',
      'schemas/uai-1/envelope.schema.json',
    ],
  );
  const schema = JSON.parse(text(files.get('schemas/uai-1/envelope.schema.json')!));
  assert.equal(schema.$id, 'https://uaix.org/editions/2026-12-01/schemas/uai-1/envelope.schema.json');
  assert.equal(
    schema.properties.x.$ref,
    'https://uaix.org/editions/2026-12-01/schemas/uai-1/envelope.schema.json#/$defs/x',
  );
  assert.equal(
    schema.description,
    'see https://uaix.org/en-us/specification/uai-1/',
    'a page URL inside a string stays',
  );
  const pack = JSON.parse(text(files.get('examples/uai-1/conformance.json')!));
  assert.equal(pack.url, 'https://uaix.org/editions/2026-12-01/examples/uai-1/g/a.json');
  assert.equal(pack.other, 'https://uaix.org/tools/x.tgz', 'a file the edition does not hold stays at its URL');
  // Fixtures are frozen verbatim: their bytes are what the conformance pack's digests are of.
  assert.equal(text(files.get('examples/uai-1/g/a.json')!), text(contents.machineFiles[1].bytes));
  assert.equal(rewriteIntoEdition('"https://uaix.org/a"', 'x', new Set(['/b'])), '"https://uaix.org/a"');
});

/** A committed edition in a temporary repository root, with the edition schema it is checked against. */
function fixtureRoot(id = '2026-12-01', previous: string | null = null) {
  const root = mkdtempSync(join(tmpdir(), 'uaix-editions-'));
  mkdirSync(join(root, 'schemas/site'), { recursive: true });
  cpSync(join(REPOSITORY_ROOT, 'schemas/site/edition.schema.json'), join(root, 'schemas/site/edition.schema.json'));
  const files = frozenFiles(id, contents);
  const index = editionIndex({ id, previous, standardVersion: '1.0' }, files, contents.sources);
  const folder = join(root, 'editions', id);
  for (const [path, value] of files) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), value);
  }
  writeFileSync(join(folder, 'edition.json'), editionIndexText(index));
  return { root, folder, index };
}

test('an edition whose files match its index has no problem; a changed byte, a missing or an extra file each fail', () => {
  const { root, folder } = fixtureRoot();
  try {
    assert.deepEqual(editionLines(root), []);
    const schemaFile = join(folder, 'schemas/uai-1/envelope.schema.json');
    const original = readFileSync(schemaFile);
    writeFileSync(schemaFile, Buffer.concat([original.subarray(0, 10), Buffer.from('X'), original.subarray(11)]));
    assert.deepEqual(editionLines(root), [
      'editions/2026-12-01/schemas/uai-1/envelope.schema.json: its sha256 is not the ' +
        `${readCommittedEditions(root).editions[0].index!.files['schemas/uai-1/envelope.schema.json']} edition.json lists; a released edition never changes [editions]`,
    ]);
    writeFileSync(schemaFile, original);
    rmSync(join(folder, 'examples/uai-1/g/a.json'));
    writeFileSync(join(folder, 'extra.json'), '{}');
    assert.deepEqual(editionLines(root), [
      'editions/2026-12-01/examples/uai-1/g/a.json: listed in edition.json but missing; a released edition never loses a file [editions]',
      'editions/2026-12-01/extra.json: not listed in edition.json; a released edition never gains a file [editions]',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('an index that breaks the schema or the chain of editions is reported with its pointer', () => {
  const { root, folder, index } = fixtureRoot('2026-12-02', '2026-12-01');
  try {
    assert.deepEqual(editionLines(root), [
      'editions/2026-12-02/edition.json /previous: "2026-12-01", but the edition before it is null [editions]',
    ]);
    writeFileSync(join(folder, 'edition.json'), editionIndexText({ ...index, previous: null, date: 'soon' }));
    assert.deepEqual(editionLines(root), [
      'editions/2026-12-02/edition.json /date: must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" [schemas/site/edition.schema.json]',
    ]);
    writeFileSync(join(folder, 'edition.json'), '{');
    assert.match(editionLines(root)[0], /^editions\/2026-12-02\/edition.json: not JSON/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('fileChanges names the files added, removed and changed between two indexes', () => {
  const files = frozenFiles('2026-12-01', contents);
  const latest = editionIndex({ id: '2026-12-01', previous: null, standardVersion: '1.0' }, files, contents.sources);
  const changed = { ...latest.files, 'schemas/uai-1/envelope.schema.json': 'sha256:0' };
  assert.deepEqual(fileChanges(latest.files, changed).changed, ['schemas/uai-1/envelope.schema.json']);
});

test('every committed edition of the record matches its index, byte for byte', () => {
  assert.deepEqual(committedEditionProblems(readCommittedEditions()), []);
});

test('no commit and no working-tree change ever modified or removed a file under editions/ (editions are only added)', () => {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: REPOSITORY_ROOT, encoding: 'utf8' });
  const history = git('log', '--diff-filter=MDRT', '--name-status', '--format=%h', '--', 'editions/').trim();
  assert.equal(history, '', `commits that changed a released edition:\n${history}`);
  const working = git('status', '--porcelain', '--', 'editions/')
    .split('\n')
    .filter((line) => line && !line.startsWith('??') && !line.startsWith('A '));
  assert.deepEqual(working, [], 'changes to released editions in the working tree');
});
