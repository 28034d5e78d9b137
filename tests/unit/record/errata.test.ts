/**
 * The errata register's rules: the schema of its files (a bad file is one line naming the file,
 * the JSON Pointer and the rule), the cross-checks a schema cannot state (unique ids, released
 * editions, a fix after its edition, a record code the edition holds, translations of known ids),
 * anchors on the touched page, the text a locale shows, and /errata.json.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../../src/uai/node/recordFiles.ts';
import {
  errataAnchorProblems,
  errataDocument,
  errataProblems,
  erratumText,
  type ErrataRegister,
  type Erratum,
} from '../../../src/record/editions/errata.ts';
import { frozenRecordCodes, loadErrata } from '../../../src/record/editions/node/errataFiles.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

/** The problems as the terminal prints them. */
const errataLines = (...args: Parameters<typeof errataProblems>) => errataProblems(...args).map(formatProblem);
const anchorLines = (...args: Parameters<typeof errataAnchorProblems>) =>
  errataAnchorProblems(...args).map(formatProblem);

const erratum: Erratum = {
  id: 'UAIX-ERRATUM-0001',
  edition: '2026-12-01',
  record_code: 'UAIX-REGI-2599',
  section: 'names-and-versions',
  status: 'confirmed',
  reported: '2026-12-02',
  text: 'The example name lacks its version suffix.',
};
const FILE = 'content/errata/en-us.json';

function register(errata: Erratum[], translations: ErrataRegister['translations'] = []): ErrataRegister {
  return { source: { file: FILE, digest: 'sha256:' + 'a'.repeat(64), errata }, translations };
}

const context = {
  editions: ['2026-12-01', '2027-01-01'],
  pages: new Map([
    ['UAIX-REGI-2599', '/en-us/registry/'],
    ['UAIX-GUID-0001', '/en-us/guides/x/'],
  ]),
  frozenCodes: () => new Set(['UAIX-REGI-2599']),
};

test('a well-formed erratum on a page the edition holds has no problem', () => {
  assert.deepEqual(errataLines(register([erratum]), context), []);
  assert.deepEqual(errataLines(register([{ ...erratum, status: 'fixed', fixed_in: '2027-01-01' }]), context), []);
});

test('each cross-check is one line at its JSON Pointer', () => {
  const cases: [Partial<Erratum>, string][] = [
    [{ edition: '2026-11-30' }, `${FILE} /errata/0/edition: 2026-11-30 is not a released edition [errata]`],
    [
      { record_code: 'UAIX-REGI-9999' },
      `${FILE} /errata/0/record_code: UAIX-REGI-9999 is not the record code of a page [errata]`,
    ],
    [
      { record_code: 'UAIX-GUID-0001' },
      `${FILE} /errata/0/record_code: edition 2026-12-01 holds no page UAIX-GUID-0001 [errata]`,
    ],
    [
      { status: 'fixed', fixed_in: '2027-02-01' },
      `${FILE} /errata/0/fixed_in: 2027-02-01 is not a released edition [errata]`,
    ],
    [
      { status: 'fixed', fixed_in: '2026-12-01' },
      `${FILE} /errata/0/fixed_in: 2026-12-01 is not after the edition 2026-12-01 [errata]`,
    ],
  ];
  for (const [change, line] of cases)
    assert.deepEqual(errataLines(register([{ ...erratum, ...change }]), context), [line]);
  assert.deepEqual(errataLines(register([erratum, erratum]), context), [
    `${FILE} /errata/1/id: UAIX-ERRATUM-0001 is used twice; an erratum id is unique [errata]`,
  ]);
  const translation = {
    locale: 'es-us',
    file: 'content/errata/es-us.json',
    source_digest: 'x',
    text: { 'UAIX-ERRATUM-0002': 'y' },
  };
  assert.deepEqual(errataLines(register([erratum], [translation]), context), [
    `content/errata/es-us.json /text/UAIX-ERRATUM-0002: no erratum UAIX-ERRATUM-0002 in ${FILE}; a translation only translates [errata]`,
  ]);
});

test('a section that is not an id of the touched page is one line naming the file, the place and the page', () => {
  const ids = new Map([['/en-us/registry/', new Set(['names-and-versions'])]]);
  assert.deepEqual(
    anchorLines(register([erratum]), context.pages, (url) => ids.get(url)),
    [],
  );
  assert.deepEqual(
    anchorLines(register([{ ...erratum, section: 'no-such-section' }]), context.pages, (url) => ids.get(url)),
    [`${FILE} /errata/0/section: "no-such-section" is not an anchor of UAIX-REGI-2599 (/en-us/registry/) [errata]`],
  );
});

test('a locale shows a current translation along its chain, else the English; /errata.json lists current ones', () => {
  const digest = 'sha256:' + 'a'.repeat(64);
  const es = {
    locale: 'es-us',
    file: 'content/errata/es-us.json',
    source_digest: digest,
    text: { [erratum.id]: 'Texto.' },
  };
  const staleFr = {
    locale: 'fr-fr',
    file: 'content/errata/fr-fr.json',
    source_digest: 'sha256:' + 'b'.repeat(64),
    text: { [erratum.id]: 'Texte.' },
  };
  const both = register([erratum], [es, staleFr]);
  assert.deepEqual(erratumText(both, erratum, 'es-us'), { text: 'Texto.', locale: 'es-us' });
  assert.deepEqual(erratumText(both, erratum, 'es-es'), { text: 'Texto.', locale: 'es-us' });
  assert.deepEqual(
    erratumText(both, erratum, 'fr-fr'),
    { text: erratum.text, locale: 'en-us' },
    'a stale translation is not shown',
  );
  assert.deepEqual(erratumText(both, erratum, 'zh-cn'), { text: erratum.text, locale: 'en-us' });
  const document = errataDocument(both, context.pages);
  assert.deepEqual(document.errata[0].translations, { 'es-us': 'Texto.' });
  assert.equal(document.errata[0].touches, 'https://uaix.org/en-us/registry/#names-and-versions');
  assert.equal(document.errata[0].url, 'https://uaix.org/en-us/governance/errata/#uaix-erratum-0001');
  assert.equal(document.errata[0].fixed_in, null);
});

const roots: string[] = [];
after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A repository root holding the errata schema and these errata files. */
function rootWith(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'uaix-errata-'));
  roots.push(root);
  mkdirSync(join(root, 'schemas/site'), { recursive: true });
  cpSync(
    join(REPOSITORY_ROOT, 'schemas/site/errata-data.schema.json'),
    join(root, 'schemas/site/errata-data.schema.json'),
  );
  mkdirSync(join(root, 'content/errata'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, 'content/errata', name), text);
  return root;
}

test("the record's register reads cleanly and is empty", () => {
  const { register: real, problems } = loadErrata();
  assert.deepEqual(problems, []);
  assert.deepEqual(real.source.errata, []);
  assert.deepEqual(real.translations.map((translation) => translation.locale).sort(), ['es-us', 'fr-fr', 'zh-cn']);
});

test('bad data in a register file is one line naming the file, the JSON Pointer and the rule', () => {
  const bad = (change: Record<string, unknown>, omit?: string) => {
    const entry: Record<string, unknown> = { ...erratum, ...change };
    if (omit) delete entry[omit];
    return loadErrata(rootWith({ 'en-us.json': JSON.stringify({ errata: [entry] }) })).problems.map(formatProblem);
  };
  assert.deepEqual(
    loadErrata(rootWith({ 'en-us.json': JSON.stringify({ errata: [erratum] }) })).problems.map(formatProblem),
    [],
  );
  const only = (lines: string[]) => {
    assert.equal(lines.length, 1, lines.join('\n'));
    return lines[0];
  };
  assert.match(
    only(bad({ status: 'wrong' })),
    /^content\/errata\/en-us\.json \/errata\/0\/status: must be equal to one of the allowed values/,
  );
  assert.match(
    only(bad({ status: 'fixed' })),
    /^content\/errata\/en-us\.json \/errata\/0: must have required property 'fixed_in'/,
  );
  assert.match(only(bad({ fixed_in: '2027-01-01' })), /^content\/errata\/en-us\.json \/errata\/0: must NOT be valid/);
  assert.match(
    only(bad({}, 'section')),
    /^content\/errata\/en-us\.json \/errata\/0: must have required property 'section'/,
  );
  assert.match(only(bad({ id: 'E1' })), /^content\/errata\/en-us\.json \/errata\/0\/id: must match pattern/);
  assert.match(
    only(bad({ extra: 1 })),
    /^content\/errata\/en-us\.json \/errata\/0: must NOT have additional properties/,
  );
  const notJson = loadErrata(rootWith({ 'en-us.json': '{"errata": [' })).problems.map(formatProblem);
  assert.match(only(notJson), /^content\/errata\/en-us\.json:\d+:\d+: /);
  const translation = loadErrata(
    rootWith({ 'en-us.json': '{"errata": []}', 'es-us.json': JSON.stringify({ text: { 'UAIX-ERRATUM-0001': '' } }) }),
  ).problems.map(formatProblem);
  assert.ok(
    translation.some((line) =>
      line.startsWith("content/errata/es-us.json (root): must have required property 'source_digest'"),
    ),
    translation.join('\n'),
  );
  assert.ok(
    translation.some((line) =>
      line.startsWith('content/errata/es-us.json /text/UAIX-ERRATUM-0001: must NOT have fewer than 1 characters'),
    ),
    translation.join('\n'),
  );
  assert.match(only(loadErrata(rootWith({})).problems.map(formatProblem)), /^content\/errata\/en-us\.json: missing/);
});

test("an edition's record codes are read from its frozen pages", () => {
  const codes = frozenRecordCodes('2026-12-01');
  assert.ok(codes.has('UAIX-REGI-2599'), [...codes].join(' '));
  assert.ok(![...codes].some((code) => code.startsWith('UAIX-GUID-')), 'guides are not frozen');
});
