import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProblemListError, formatProblem, problemAtPointer, schemaProblems } from '../../src/uai/problem.ts';
import { recordSchemaProblems } from '../../src/record/content/node/siteSchemas.ts';
import { MANIFEST_SCHEMA_PATH, MIRROR_SCHEMA_PATH } from '../../src/record/model/publicPaths.ts';

test('one line per problem: a place in text as file:line:column, in JSON as file and pointer, the rule last', () => {
  assert.equal(
    formatProblem({ file: 'content/a.md', place: { line: 3, column: 7 }, message: 'a key', rule: 'aws-key' }),
    'content/a.md:3:7: a key [aws-key]',
  );
  assert.equal(
    formatProblem({ file: '/a.json', place: { pointer: '/x/0' }, message: 'must be string', rule: 'schemas/s.json' }),
    '/a.json /x/0: must be string [schemas/s.json]',
  );
  assert.equal(formatProblem({ file: '/a.json', place: { pointer: '' }, message: 'm' }), '/a.json (root): m');
  assert.equal(formatProblem({ file: 'llms.txt', message: 'no title' }), 'llms.txt: no title');
  assert.equal(
    formatProblem({ file: 'a.md', place: { line: 2 }, message: 'm', rule: 'r', hint: 'do this' }),
    'a.md:2: m [r]; do this',
    'a hint follows the rule',
  );
  assert.equal(formatProblem(problemAtPointer('b.json', '/k', 'm', 'r')), 'b.json /k: m [r]');
});

test('an error that carries problems keeps them as data, and its message lists them formatted', () => {
  const problems = [problemAtPointer('b.json', '/k', 'm', 'r'), { file: 'c.md', place: { line: 1 }, message: 'n' }];
  const error = new ProblemListError(problems);
  assert.deepEqual(error.problems, problems);
  assert.equal(error.message, 'b.json /k: m [r]\nc.md:1: n');
  assert.deepEqual(new ProblemListError(problems[1]).problems, [problems[1]]);
});

test('schema errors become problems at their pointers; an `if` error, which only points at its branch, is left out', () => {
  const errors = [
    { instancePath: '/a', message: 'must be string', keyword: 'type', schemaPath: '#/properties/a/type' },
    { instancePath: '', message: 'must match "then" schema', keyword: 'if', schemaPath: '#/if' },
    { instancePath: '', keyword: 'required', schemaPath: '#/required' },
  ];
  assert.deepEqual(schemaProblems('f.json', errors, (error) => `schema ${error.schemaPath}`).map(formatProblem), [
    'f.json /a: must be string [schema #/properties/a/type]',
    "f.json (root): fails the schema's required keyword [schema #/required]",
  ]);
  assert.deepEqual(schemaProblems('f.json', null, 'r'), []);
});

test('a generated record against its published site schema: none for a valid one, its pointer and the schema otherwise', () => {
  const problems = recordSchemaProblems('/en-us/a/index.json', { title: 1 }, MIRROR_SCHEMA_PATH).map(formatProblem);
  assert.ok(problems.length > 0);
  for (const line of problems)
    assert.match(line, /^\/en-us\/a\/index\.json \S+: .+ \[schemas\/site\/page-mirror\.schema\.json\]$/);
  assert.ok(recordSchemaProblems('/.well-known/uaix.json', [], MANIFEST_SCHEMA_PATH).length > 0);
});
