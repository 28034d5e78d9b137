import { test } from 'node:test';
import assert from 'node:assert/strict';
import { releasedRequirementProblems } from '../../../src/record/requirements/requirementHistory.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

/** The problems as the terminal prints them. */
const historyLines = (...args: Parameters<typeof releasedRequirementProblems>) =>
  releasedRequirementProblems(...args).map(formatProblem);

const released = [
  {
    edition: '2026-12-01.2',
    file: 'editions/2026-12-01.2/specification/uai-1/requirements.json',
    requirements: [
      { id: 'UAI1-ENV-001', level: 'MUST' },
      { id: 'UAI1-ENV-002', level: 'MUST NOT' },
      { id: 'UAI1-ENV-003', level: 'SHOULD' },
    ],
  },
];
const at = (line: number) => ({ file: 'content/pages/en-us/specification/uai-1.md', line });

test('a released requirement id still stated at its level, or retired, is no problem', () => {
  const stated = [
    { id: 'UAI1-ENV-001', level: 'MUST', source: at(10) },
    { id: 'UAI1-ENV-002', level: 'MUST NOT', source: at(11) },
    { id: 'UAI1-ENV-004', level: 'MAY', source: at(12) },
  ];
  assert.deepEqual(historyLines(released, stated, { 'UAI1-ENV-003': 'merged into UAI1-ENV-004' }), []);
});

test('a released id dropped without retiring it names the requirements file, the edition and the rule', () => {
  const stated = [
    { id: 'UAI1-ENV-001', level: 'MUST', source: at(10) },
    { id: 'UAI1-ENV-003', level: 'SHOULD', source: at(12) },
  ];
  assert.deepEqual(historyLines(released, stated, {}), [
    'content/requirements.json /retired: requirement UAI1-ENV-002, released in edition 2026-12-01.2 (editions/2026-12-01.2/specification/uai-1/requirements.json), is stated on no page [requirement-dropped]; an id stays stated or is retired with a reason, never dropped',
  ]);
});

test('a released id stated at another level is a changed requirement, reported at its line, once', () => {
  const twice = [...released, { ...released[0], edition: '2026-12-02', file: 'editions/2026-12-02/x.json' }];
  const stated = [
    { id: 'UAI1-ENV-001', level: 'SHOULD', source: at(10) },
    { id: 'UAI1-ENV-002', level: 'MUST NOT', source: at(11) },
    { id: 'UAI1-ENV-003', level: null, source: at(12) },
  ];
  assert.deepEqual(historyLines(twice, stated, {}), [
    'content/pages/en-us/specification/uai-1.md:10: requirement UAI1-ENV-001 is SHOULD here but MUST in edition 2026-12-01.2 [requirement-level-changed]; a changed requirement gets a new id and UAI1-ENV-001 is retired',
  ]);
});
