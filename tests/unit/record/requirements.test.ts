/**
 * Issue 23 items 1 and 2: requirement ids and BCP 14 key words. An upper-case key word (or, in a
 * script without case, a marked-up one) outside a requirement, an English key word in a
 * translation, a key word that is not marked up, an id
 * missing from (or added to, or moved in) a translation, and a MUST with neither tests nor a
 * reason each give one `file:line: … [rule]` line; the real record passes, and every requirement
 * of it is traced to fixtures or to a reason.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { REPOSITORY_ROOT } from '../../../src/uai/node/recordFiles.ts';
import { isCaselessForm, keywordTable } from '../../../src/record/requirements/bcp14.ts';
import {
  requirementsOf as problemsOf,
  type RequirementStatement,
} from '../../../src/record/requirements/requirementMarkup.ts';
import { formatProblem, type Problem } from '../../../src/uai/problem.ts';
import { citedRequirementProblems, requirementIdProblems } from '../../../src/record/requirements/requirementIds.ts';
import { traceRequirements, type TraceFixture } from '../../../src/record/requirements/requirementTrace.ts';
import { loadContentEntries } from '../../../src/record/content/node/contentFiles.ts';
import { loadRequirementSources } from '../../../src/record/requirements/node/requirementFiles.ts';
import { proseRuns } from '../../../src/record/checks/languageCheck.ts';
import type { ProseText } from '../../../src/record/content/proseText.ts';
import { loadSite } from '../../../src/site/siteContext.ts';
import { bcp14Data, type Bcp14 } from '../../../src/record/content/contentSchemas.ts';

const TABLE: Bcp14 = {
  about: 'test table',
  levels: [
    { level: 'MUST', forms: { 'en-us': ['MUST'], 'fr-fr': ['DOIT', 'DOIVENT'], 'zh-cn': ['必须'] } },
    { level: 'MUST NOT', forms: { 'en-us': ['MUST NOT'], 'fr-fr': ['NE DOIT PAS'], 'zh-cn': ['不得'] } },
    { level: 'SHOULD', forms: { 'en-us': ['SHOULD'], 'fr-fr': ['DEVRAIT'], 'zh-cn': ['应当'] } },
    { level: 'SHOULD NOT', forms: { 'en-us': ['SHOULD NOT'], 'zh-cn': ['不应当'] } },
  ],
};
const { table } = keywordTable(TABLE, 'content/bcp14.json');

const body = (file: string, locale: string, markdown: string, line = 7): ProseText => ({
  file,
  locale,
  line,
  markdown,
});
/** requirementsOf, its problems as the lines the build prints. */
const requirementsOf = (...args: Parameters<typeof problemsOf>) => {
  const found = problemsOf(...args);
  return { ...found, problems: found.problems.map(formatProblem) };
};

/** The rule of each problem, or of each printed line (the name in brackets before any hint). */
const rules = (problems: readonly (Problem | string)[]) =>
  problems.map((problem) =>
    typeof problem === 'string' ? /\[([a-z0-9-]+)\](?:; .*)?$/.exec(problem)?.[1] : problem.rule,
  );

test('the scanner finds the longest form first and only in capitals', () => {
  assert.deepEqual(
    table.scan('A MUST NOT b, MUST c, must d, MUSTER e, NE DOIT PAS f').map((hit) => [hit.form, hit.level, hit.locale]),
    [
      ['MUST NOT', 'MUST NOT', 'en-us'],
      ['MUST', 'MUST', 'en-us'],
      ['NE DOIT PAS', 'MUST NOT', 'fr-fr'],
    ],
  );
  const clash = keywordTable(
    { ...TABLE, levels: [...TABLE.levels, { level: 'MAY', forms: { 'en-us': ['MUST'] } }] },
    'x',
  );
  assert.deepEqual(clash.problems.map(formatProblem), [
    'x /levels/4/forms/en-us: "MUST" is already the en-us form of MUST [bcp14-table]',
  ]);
});

test('a requirement carries its id, its text and the level of its marked-up key word', () => {
  const { statements, problems } = requirementsOf(
    body(
      'content/pages/en-us/a.md',
      'en-us',
      'Intro.\n\n[UAI1-ENV-001] A packet **MUST** hold `x`.\n\n- [UAI1-ENV-002] **Pass:** it **MUST NOT** y.',
    ),
    table,
  );
  assert.deepEqual(problems, []);
  assert.deepEqual(
    statements.map(({ id, level, line, text }) => ({ id, level, line, text })),
    [
      { id: 'UAI1-ENV-001', level: 'MUST', line: 9, text: 'A packet MUST hold x.' },
      { id: 'UAI1-ENV-002', level: 'MUST NOT', line: 11, text: 'Pass: it MUST NOT y.' },
    ],
  );
});

test('a requirement text keeps the no-break spaces French sets before « : » and « ; »', () => {
  const { statements } = requirementsOf(
    body(
      'content/pages/fr-fr/a.md',
      'fr-fr',
      '[UAI1-ENV-001] Un paquet\n**DOIT** tenir `x`\u00a0: il échoue\u202f; fin.',
    ),
    table,
  );
  assert.deepEqual(
    statements.map(({ text }) => text),
    ['Un paquet DOIT tenir x\u00a0: il échoue\u202f; fin.'],
  );
});

test('fails: an upper-case key word outside a requirement, in any locale and in its forms', () => {
  const english = requirementsOf(body('content/guides/en-us/g.md', 'en-us', 'One.\n\nA site MUST do it.'), table);
  assert.deepEqual(english.problems, [
    'content/guides/en-us/g.md:9: upper-case key word "MUST" outside a requirement; open the statement with its [UAI1-…] id, or write the word in lower case [bcp14-outside-requirement]',
  ]);
  const french = requirementsOf(body('content/pages/fr-fr/a.md', 'fr-fr', 'Un site **DOIVENT** le faire.', 3), table);
  assert.deepEqual(rules(french.problems), ['bcp14-outside-requirement']);
  assert.match(french.problems[0], /^content\/pages\/fr-fr\/a\.md:3: /);
  // A data file's string: its place is named too.
  const data = requirementsOf({ ...body('content/i18n/en-us.json', 'en-us', 'It SHOULD', 12), pointer: '/x' }, table);
  assert.match(data.problems[0], /^content\/i18n\/en-us\.json:12 \(\/x\): .*\[bcp14-outside-requirement\]$/);
  // Code, lower case and identifiers are not key words.
  assert.deepEqual(requirementsOf(body('f', 'en-us', 'It `MUST` and must; UAI-MUST-CODE.'), table).problems, []);
});

test('fails: an English key word in a translation, a key word not marked up, a requirement without one or with two levels', () => {
  const mixed = requirementsOf(
    body('content/pages/fr-fr/a.md', 'fr-fr', '[UAI1-ENV-001] Un paquet MUST contenir.'),
    table,
  );
  assert.deepEqual(rules(mixed.problems), ['bcp14-locale', 'requirement-keyword']);
  assert.match(mixed.problems[0], /"MUST" is the en-us form of MUST; fr-fr text writes DOIT or DOIVENT/);
  const bare = requirementsOf(body('content/pages/en-us/a.md', 'en-us', '[UAI1-ENV-001] A packet MUST hold.'), table);
  assert.deepEqual(rules(bare.problems), ['bcp14-markup', 'requirement-keyword']);
  const none = requirementsOf(body('content/pages/en-us/a.md', 'en-us', '[UAI1-ENV-001] A packet holds.'), table);
  assert.deepEqual(rules(none.problems), ['requirement-keyword']);
  const two = requirementsOf(body('a', 'en-us', '[UAI1-ENV-001] It **MUST** and **SHOULD**.'), table);
  assert.deepEqual(rules(two.problems), ['requirement-level']);
  const inData = requirementsOf({ ...body('d.json', 'en-us', '[UAI1-ENV-001] It **MUST**.'), pointer: '/a' }, table);
  // Not a requirement where it stands, so its key word is outside one too.
  assert.deepEqual(rules(inData.problems), ['requirement-place', 'bcp14-outside-requirement']);
});

test('a caseless form (zh-cn) is a key word only where it is marked up: prose may use it, a requirement must mark it', () => {
  const ZH = 'content/pages/zh-cn/spec.md';
  assert.deepEqual(
    table.scan('数据包MUST包含，它不应当且必须').map((hit) => [hit.form, hit.level, hit.caseless]),
    [
      ['MUST', 'MUST', false],
      ['不应当', 'SHOULD NOT', true],
      ['必须', 'MUST', true],
    ],
  );
  // The table's schema takes capitals or a caseless script, never a lower-case Latin form.
  const forms = (list: string[]) =>
    bcp14Data.safeParse({ about: 'a', levels: [{ level: 'MUST', forms: { x: list } }] }).success;
  assert.deepEqual([forms(['必须', 'NE DOIT PAS']), forms(['must']), forms(['Must'])], [true, false, false]);
  assert.deepEqual([isCaselessForm('必须'), isCaselessForm('MUST'), isCaselessForm('必须 MUST')], [true, false, false]);
  const marked = requirementsOf(
    body(ZH, 'zh-cn', '读者必须先阅读。\n\n[UAI1-ENV-001] 数据包**不应当**包含 `x`，它必须是对象。'),
    table,
  );
  assert.deepEqual(marked.problems, []);
  assert.deepEqual(
    marked.statements.map(({ id, level, line }) => [id, level, line]),
    [['UAI1-ENV-001', 'SHOULD NOT', 9]],
  );
  // A planted marked-up key word outside a requirement: its file, line and rule.
  const planted = requirementsOf(body(ZH, 'zh-cn', '概述。\n\n客户端**必须**停止。', 4), table);
  assert.deepEqual(planted.problems, [
    `${ZH}:6: marked-up key word "必须" outside a requirement; open the statement with its [UAI1-…] id, or remove the emphasis [bcp14-outside-requirement]`,
  ]);
  // An English key word in a zh-cn page, even touching Chinese characters.
  const english = requirementsOf(body(ZH, 'zh-cn', '[UAI1-ENV-001] 数据包MUST包含 `x`。'), table);
  assert.deepEqual(rules(english.problems), ['bcp14-locale', 'requirement-keyword']);
  assert.match(
    english.problems[0],
    /^content\/pages\/zh-cn\/spec\.md:7: "MUST" is the en-us form of MUST; zh-cn text writes 必须 /,
  );
  // A requirement whose key word is not marked up has none; one marked up with more words is not marked up alone.
  const bare = requirementsOf(body(ZH, 'zh-cn', '[UAI1-ENV-001] 数据包必须包含 `x`。'), table);
  assert.deepEqual(bare.problems, [
    `${ZH}:7: requirement UAI1-ENV-001 has no marked-up BCP 14 key word [requirement-keyword]`,
  ]);
  const wide = requirementsOf(body(ZH, 'zh-cn', '[UAI1-ENV-001] 数据包**必须始终**包含 `x`。'), table);
  assert.deepEqual(rules(wide.problems), ['bcp14-markup', 'requirement-keyword']);
  // Another locale's marked-up form is that locale's key word.
  const inFrench = requirementsOf(body('content/pages/fr-fr/a.md', 'fr-fr', 'Il **必须** et 必须.'), table);
  assert.deepEqual(rules(inFrench.problems), ['bcp14-locale']);
});

const statement = (id: string, file: string, locale: string, line: number, level = 'MUST'): RequirementStatement =>
  ({ id, file, locale, line, level, text: id }) as RequirementStatement;
const EN = 'content/pages/en-us/spec.md';
const FR = 'content/pages/fr-fr/spec.md';

test('fails: a requirement id missing from, added to, moved in or of another level in a translation', () => {
  const bodies = [
    { file: EN, locale: 'en-us', line: 6 },
    { file: FR, locale: 'fr-fr', line: 7 },
  ];
  const english = [statement('UAI1-A-001', EN, 'en-us', 9), statement('UAI1-A-002', EN, 'en-us', 11)];
  assert.deepEqual(
    requirementIdProblems(bodies, [
      ...english,
      statement('UAI1-A-001', FR, 'fr-fr', 10),
      statement('UAI1-A-002', FR, 'fr-fr', 12),
    ]),
    [],
  );
  assert.deepEqual(
    requirementIdProblems(bodies, [...english, statement('UAI1-A-001', FR, 'fr-fr', 10)]).map(formatProblem),
    [
      `${FR}:10: requirement UAI1-A-002 of ${EN}:11 is missing here; a translation states every requirement of its source [requirement-id-missing]`,
    ],
  );
  // A translation with no requirement at all: the line is where its body starts.
  assert.match(
    formatProblem(requirementIdProblems(bodies, english)[0]),
    /^content\/pages\/fr-fr\/spec\.md:7: requirement UAI1-A-001/,
  );
  const extra = requirementIdProblems(bodies, [
    ...english,
    statement('UAI1-A-002', FR, 'fr-fr', 10),
    statement('UAI1-A-001', FR, 'fr-fr', 12, 'SHOULD'),
    statement('UAI1-A-003', FR, 'fr-fr', 14),
  ]);
  assert.deepEqual(rules(extra), ['requirement-level-differs', 'requirement-id-extra', 'requirement-id-order']);
  assert.deepEqual(
    rules(requirementIdProblems(bodies.slice(0, 1), [...english, statement('UAI1-A-001', EN, 'en-us', 20)])),
    ['requirement-id-duplicate'],
  );
  const cited = citedRequirementProblems(
    [
      { file: 'content/registry-common/en-us.json', locale: 'en-us', items: [{ requirements: ['UAI1-A-001'] }] },
      { file: 'content/registry-common/fr-fr.json', locale: 'fr-fr', items: [{ requirements: ['UAI1-A-009'] }] },
    ],
    new Set(['UAI1-A-001']),
  );
  assert.deepEqual(rules(cited), ['requirement-cited-unknown', 'requirement-cited-differs']);
});

const fixture = (name: string, code: string, path: string, schemaOnly: TraceFixture['schemaOnly']): TraceFixture => ({
  kind: 'packet',
  group: 'g',
  name,
  verdict: 'invalid',
  url: `/examples/uai-1/g/${name}.json`,
  expected: [{ code, path, severity: 'error' }],
  schemaOnly,
});

test('traceability: fixtures are derived from codes; fails on a MUST with neither tests nor a reason', () => {
  const input = {
    statements: [statement('UAI1-A-001', EN, 'en-us', 9), statement('UAI1-A-002', EN, 'en-us', 11, 'SHOULD')],
    lineOf: () => 3,
    fixtures: [
      fixture('one', 'UAI-X', '/body/a', 'rejected'),
      fixture('two', 'UAI-X', '/other', 'accepted'),
      fixture('three', 'UAI-Y', '/body', 'rejected'),
    ],
    knownCodes: new Set(['UAI-X', 'UAI-Y']),
    pageOf: () => '/en-us/spec/',
  };
  const traced = traceRequirements({
    ...input,
    trace: { requirements: { 'UAI1-A-001': { tests: [{ code: 'UAI-X', path: '/body' }] } }, retired: {} },
  });
  assert.deepEqual(traced.problems, []);
  assert.deepEqual(
    traced.requirements.map((requirement) => [
      requirement.id,
      requirement.fixtures.map((f) => f.name),
      requirement.schema_only,
    ]),
    [
      ['UAI1-A-001', ['one'], 'all'],
      ['UAI1-A-002', [], null],
    ],
  );
  const untraced = traceRequirements({ ...input, trace: { requirements: {}, retired: {} } });
  assert.deepEqual(untraced.problems.map(formatProblem), [
    `${EN}:9: MUST requirement UAI1-A-001 names neither the codes that test it nor why no validator can (content/requirements.json) [requirement-must-untested]`,
  ]);
  const wrong = traceRequirements({
    ...input,
    trace: {
      requirements: {
        'UAI1-A-001': { tests: [{ code: 'UAI-Z' }, { code: 'UAI-Y', kind: 'route-record' }] },
        'UAI1-A-002': { untestable: { 'en-us': 'why' } },
        'UAI1-B-001': { tests: [{ code: 'UAI-X' }] },
      },
      retired: { 'UAI1-A-002': 'split in two' },
    },
    statements: [...input.statements, statement('UAI1-A-002', FR, 'fr-fr', 11, 'SHOULD')],
  });
  assert.deepEqual(rules(wrong.problems), [
    'requirement-retired',
    'requirement-retired',
    'requirement-unknown-id',
    'requirement-unknown-code',
    'requirement-no-fixture',
    'requirement-reason-locale',
  ]);
});

test('a small content folder: a planted MUST (or **必须**) outside a requirement and a missing id in a translation fail with file and line', () => {
  const root = mkdtempSync(join(tmpdir(), 'uaix-requirements-'));
  try {
    const write = (path: string, text: string) => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    write('bcp14.json', JSON.stringify(TABLE));
    write('requirements.json', JSON.stringify({ requirements: {}, retired: {} }));
    const front = (code: string) => `---\ncode: ${code}\ntitle: T\ndescription: D\norder: 1\n---\n\n`;
    write(
      'pages/en-us/spec.md',
      `${front('UAIX-SPEC-0001')}[UAI1-A-001] It **MUST** be.\n\n[UAI1-A-002] It **MUST NOT** be.\n`,
    );
    write('pages/fr-fr/spec.md', `${front('UAIX-SPEC-0001')}[UAI1-A-001] Il **DOIT** être.\n\nIl DOIT aussi.\n`);
    write(
      'pages/zh-cn/spec.md',
      `${front('UAIX-SPEC-0001')}[UAI1-A-001] 它**必须**存在。\n\n[UAI1-A-002] 它**不得**存在。\n\n客户端**必须**停止，必须如此。\n`,
    );
    const content = loadContentEntries(root);
    assert.deepEqual(content.problems, []);
    const sources = loadRequirementSources(content.prose, [], root);
    const prefix = `${relative(REPOSITORY_ROOT, root)}/`;
    assert.deepEqual(
      sources.problems.map((problem) => formatProblem(problem).replaceAll(prefix, 'content/')),
      [
        'content/pages/fr-fr/spec.md:10: upper-case key word "DOIT" outside a requirement; open the statement with its [UAI1-…] id, or write the word in lower case [bcp14-outside-requirement]',
        'content/pages/zh-cn/spec.md:12: marked-up key word "必须" outside a requirement; open the statement with its [UAI1-…] id, or remove the emphasis [bcp14-outside-requirement]',
        'content/pages/fr-fr/spec.md:8: requirement UAI1-A-002 of content/pages/en-us/spec.md:10 is missing here; a translation states every requirement of its source [requirement-id-missing]',
      ],
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a requirement id is an identifier to the language check, not a word', () => {
  assert.deepEqual(
    proseRuns('[UAI1-DIGEST-001] Un paquet.').map((run) => run.value),
    [`[${' '.repeat('UAI1-DIGEST-001'.length)}] Un paquet.`],
  );
});

test('the record: every requirement is stated in every translated locale and traced to fixtures or to a reason', () => {
  const site = loadSite();
  assert.ok(site.requirements.length >= 30, 'the record states its requirements');
  for (const requirement of site.requirements) {
    assert.deepEqual(Object.keys(requirement.statements).sort(), ['en-us', 'es-us', 'fr-fr', 'zh-cn'], requirement.id);
    assert.ok(requirement.fixtures.length > 0 || requirement.untestable, `${requirement.id} is tested or says why not`);
  }
  const warning = site.requirements.find((requirement) => requirement.id === 'UAI1-DIGEST-002')!;
  assert.deepEqual(
    warning.fixtures.map((entry) => [entry.name, entry.severity]),
    [
      ['validated', 'warning'],
      ['checksum-not-a-digest', 'warning'],
    ],
  );
});
