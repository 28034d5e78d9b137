/**
 * The implementations matrix: one cell per requirement × report, pass / partial / fail with the
 * passed and total cases, untested where a report has no case for the requirement; and the committed
 * reports' check: a report that fails its schema, names a pack the record lacks, a time of validation
 * other than its edition's pack or a requirement id the record lacks is refused with one line naming
 * the file, the JSON Pointer and the rule.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  committedReportProblems,
  implementationsMatrix,
  packEdition,
  type ReportRecord,
} from '../../../src/record/implementations/implementationsMatrix.ts';
import { loadCommittedReports } from '../../../src/record/implementations/node/committedReports.ts';
import type { ConformanceReport } from '../../../src/uai/conformanceRun.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PYTHON_REPORT = 'content/implementations/reports/python-schema-only.json';
const EDITION = '2026-12-01.2';
const EDITION_PACK = `editions/${EDITION}/examples/uai-1/conformance.json`;

/** A report with only what the matrix reads: its run and its per-requirement counts. */
function smallReport(name: string, requirements: [string, number, number][]): ConformanceReport {
  return {
    implementation: name,
    pack: EDITION_PACK,
    seed: 7,
    evaluated_at: '2026-06-01T00:00:00Z',
    generated: { requested: 0, made: 0, dropped: 0 },
    summary: { fixtures: 10, passed: 8 },
    requirements: requirements.map(([id, cases, passed]) => ({
      id,
      cases,
      passed,
      status: passed === cases ? 'pass' : 'fail',
    })),
  } as unknown as ConformanceReport;
}

test('the matrix has a cell per requirement and report: pass, partial with its counts, fail, untested', () => {
  const requirements = [
    { id: 'UAI1-ENV-001', level: 'MUST' },
    { id: 'UAI1-ENV-002', level: 'SHOULD' },
    { id: 'UAI1-ENV-003', level: null },
  ];
  const first = smallReport('first', [
    ['UAI1-ENV-001', 4, 4],
    ['UAI1-ENV-002', 3, 1],
  ]);
  const second = {
    ...smallReport('second', [
      ['UAI1-ENV-001', 2, 0],
      ['UAI1-ENV-003', 5, 5],
    ]),
    pack: 'https://uaix.org/examples/uai-1/conformance.json',
  };
  const matrix = implementationsMatrix(requirements, [
    { url: 'https://uaix.org/a.json', report: first },
    { url: 'https://uaix.org/b.json', report: second },
  ]);
  assert.deepEqual(
    matrix.implementations.map((column) => [column.report, column.implementation, column.edition, column.seed]),
    [
      ['https://uaix.org/a.json', 'first', EDITION, 7],
      ['https://uaix.org/b.json', 'second', null, 7],
    ],
  );
  assert.deepEqual(matrix.requirements, [
    {
      id: 'UAI1-ENV-001',
      level: 'MUST',
      cells: [
        { status: 'pass', passed: 4, cases: 4 },
        { status: 'fail', passed: 0, cases: 2 },
      ],
    },
    {
      id: 'UAI1-ENV-002',
      level: 'SHOULD',
      cells: [
        { status: 'partial', passed: 1, cases: 3 },
        { status: 'untested', passed: 0, cases: 0 },
      ],
    },
    {
      id: 'UAI1-ENV-003',
      level: null,
      cells: [
        { status: 'untested', passed: 0, cases: 0 },
        { status: 'pass', passed: 5, cases: 5 },
      ],
    },
  ]);
});

test('a pack names an edition as the harness records it (a repository path) or as its URL, and nothing else', () => {
  assert.equal(packEdition(EDITION_PACK), EDITION);
  assert.equal(packEdition(`https://uaix.org/${EDITION_PACK}`), EDITION);
  for (const pack of [
    'examples/uai-1/conformance.json',
    'the fixtures shipped with uaix (schemas/uai-1/examples/)',
    'editions/2026-13-01/examples/uai-1/conformance.json',
    'editions/a/b/examples/uai-1/conformance.json',
    `/tmp/${EDITION_PACK}`,
    `https://example.org/${EDITION_PACK}`,
  ])
    assert.equal(packEdition(pack), undefined, pack);
});

test('a committed report is checked against the record: its pack, its time of validation, its requirement ids', () => {
  const report: ConformanceReport = JSON.parse(readFileSync(join(ROOT, PYTHON_REPORT), 'utf8'));
  const ids = new Set(report.requirements.map((entry) => entry.id));
  const record: ReportRecord = {
    requirementIds: ids,
    editionEvaluatedAt: (id) => (id === EDITION ? report.evaluated_at : undefined),
  };
  assert.deepEqual(committedReportProblems('r.json', report, record), []);
  const lines = (value: ConformanceReport, against = record) =>
    committedReportProblems('r.json', value, against).map(formatProblem);
  assert.deepEqual(lines({ ...report, pack: 'editions/2026-11-30/examples/uai-1/conformance.json' }), [
    'r.json /pack: "editions/2026-11-30/examples/uai-1/conformance.json" names no pack the record holds; run the harness with --pack editions/<id>/examples/uai-1/conformance.json of a released edition [implementations]',
  ]);
  assert.deepEqual(lines({ ...report, evaluated_at: '2026-06-02T00:00:00Z' }), [
    `r.json /evaluated_at: 2026-06-02T00:00:00Z is not the evaluated_at of edition ${EDITION}'s pack (${report.evaluated_at}) [implementations]`,
  ]);
  const lacking = report.results[0].requirements[0];
  const withoutOne: ReportRecord = { ...record, requirementIds: new Set([...ids].filter((id) => id !== lacking)) };
  const found = lines(report, withoutOne);
  const entry = report.requirements.findIndex((candidate) => candidate.id === lacking);
  assert.ok(
    found.includes(
      `r.json /requirements/${entry}/id: ${lacking} is no requirement of content/requirements.json [implementations]`,
    ),
  );
  assert.ok(
    found.includes(
      `r.json /results/0/requirements/0: ${lacking} is no requirement of content/requirements.json [implementations]`,
    ),
  );
  assert.ok(found.every((line) => line.includes(` ${lacking} is no requirement`)));
});

test('the committed reports of a repository: a bad one is refused with one line each, a good one is held', () => {
  const root = mkdtempSync(join(tmpdir(), 'uaix-reports-'));
  try {
    mkdirSync(join(root, 'schemas/site'), { recursive: true });
    cpSync(
      join(ROOT, 'schemas/site/conformance-report.schema.json'),
      join(root, 'schemas/site/conformance-report.schema.json'),
    );
    mkdirSync(join(root, `editions/${EDITION}/examples/uai-1`), { recursive: true });
    cpSync(join(ROOT, `editions/${EDITION}/edition.json`), join(root, `editions/${EDITION}/edition.json`));
    cpSync(join(ROOT, EDITION_PACK), join(root, EDITION_PACK));
    const folder = join(root, 'content/implementations/reports');
    mkdirSync(folder, { recursive: true });
    const text = readFileSync(join(ROOT, PYTHON_REPORT), 'utf8');
    const report = JSON.parse(text);
    writeFileSync(join(folder, 'good.json'), text);
    writeFileSync(join(folder, 'no-seed.json'), JSON.stringify({ ...report, seed: undefined }));
    writeFileSync(
      join(folder, 'local-pack.json'),
      JSON.stringify({ ...report, pack: 'dist/examples/uai-1/conformance.json' }),
    );
    writeFileSync(join(folder, 'Notes.txt'), 'a note');
    const ids = new Set<string>(report.requirements.map((entry: { id: string }) => entry.id));
    const loaded = loadCommittedReports(ids, root);
    assert.deepEqual(
      loaded.reports.map((held) => held.fileName),
      ['good.json'],
    );
    assert.deepEqual(loaded.problems.map(formatProblem), [
      'content/implementations/reports/Notes.txt: not a report: this folder holds conformance reports named <name>.json (a-z, 0-9, -) [implementations]',
      'content/implementations/reports/local-pack.json /pack: "dist/examples/uai-1/conformance.json" names no pack the record holds; run the harness with --pack editions/<id>/examples/uai-1/conformance.json of a released edition [implementations]',
      "content/implementations/reports/no-seed.json (root): must have required property 'seed' [schemas/site/conformance-report.schema.json]",
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
