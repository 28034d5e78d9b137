/**
 * The implementations page's data (content/implementations.json): the record's own file reads
 * clean; a bad file gets one line per problem naming the file, the JSON Pointer and the rule; the
 * install commands and registry pages follow from id and version; the reference report is
 * deterministic (no clock, no durations) and counts every fixture the record ships.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../../src/uai/node/recordFiles.ts';
import { loadImplementations } from '../../../src/record/implementations/node/implementationFiles.ts';
import { installCommand, registryPage } from '../../../src/record/implementations/implementations.ts';
import { shippedReferenceReport, summaryMismatch } from '../../../src/record/implementations/node/referenceReport.ts';
import { loadRecordModel } from '../../../src/record/model/node/loadRecordModel.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

/** The implementations file's data, its problems as the terminal prints them. */
const implementationLines = (...args: Parameters<typeof loadImplementations>) => {
  const loaded = loadImplementations(...args);
  return { ...loaded, problems: loaded.problems.map(formatProblem) };
};

const roots: string[] = [];
test.after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A repository root with the schema and, unless `text` is undefined, content/implementations.json. */
function rootWith(text: string | Uint8Array | undefined): string {
  const root = mkdtempSync(join(tmpdir(), 'uaix-implementations-'));
  roots.push(root);
  mkdirSync(join(root, 'schemas/site'), { recursive: true });
  mkdirSync(join(root, 'content'), { recursive: true });
  cpSync(
    join(REPOSITORY_ROOT, 'schemas/site/implementations.schema.json'),
    join(root, 'schemas/site/implementations.schema.json'),
  );
  if (text !== undefined) writeFileSync(join(root, 'content/implementations.json'), text);
  return root;
}

const listed = (id: string, version: string) => ({ id, version, registry: 'nuget', status: 'self-reported' });

test("the record's implementations file reads clean and lists the four .NET packages at their versions", () => {
  const { data, problems } = implementationLines();
  assert.deepEqual(problems, []);
  assert.deepEqual(
    data.packages.map((each) => `${each.id} ${each.version}`),
    [
      'UAIX.UAI.Abstractions 1.0.5',
      'UAIX.UAI.Memory 1.0.5',
      'UAIX.Talisman.AgentClient 0.1.10',
      'UAIX.Talisman.EcosystemManager 0.1.1',
    ],
  );
});

test('a bad package entry is one line: file, JSON Pointer, rule and schema', () => {
  const bad = { packages: [listed('UAIX.UAI.Memory', '1.0'), { ...listed('Good.Id', '1.0.0'), status: 'certified' }] };
  const { problems } = implementationLines(rootWith(JSON.stringify(bad)));
  assert.deepEqual(problems, [
    'content/implementations.json /packages/0/version: must match pattern ' +
      '"^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(?:-[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?$"' +
      ' [schemas/site/implementations.schema.json]',
    'content/implementations.json /packages/1/status: must be equal to constant [schemas/site/implementations.schema.json]',
  ]);
});

test('a missing member, an unknown one and a package id with a space are each named at their place', () => {
  const { problems } = implementationLines(
    rootWith(
      JSON.stringify({
        packages: [
          { id: 'Has Space', version: '1.0.0', registry: 'nuget' },
          { ...listed('A.B', '1.0.0'), stars: 5 },
        ],
      }),
    ),
  );
  assert.deepEqual(
    problems.map((problem) => problem.split(': ')[0]),
    [
      'content/implementations.json /packages/0',
      'content/implementations.json /packages/0/id',
      'content/implementations.json /packages/1',
    ],
  );
  assert.match(problems[0], /must have required property 'status'/);
  assert.match(problems[2], /must NOT have additional properties/);
});

test('a package listed twice (ids compare case-insensitively) is named at its second place', () => {
  const { problems } = implementationLines(
    rootWith(JSON.stringify({ packages: [listed('UAIX.UAI.Memory', '1.0.5'), listed('uaix.uai.memory', '1.0.6')] })),
  );
  assert.deepEqual(problems, [
    'content/implementations.json /packages/1/id: uaix.uai.memory is listed already at /packages/0 [implementations]',
  ]);
});

test('a file that is not JSON, not UTF-8 or missing is one line with its place', () => {
  assert.deepEqual(
    implementationLines(rootWith('{"packages": [\n')).problems.map((problem) => problem.split(': ')[0]),
    ['content/implementations.json:2:1'],
  );
  const [notUtf8] = implementationLines(rootWith(new Uint8Array([0x7b, 0xff, 0x7d]))).problems;
  assert.match(notUtf8, /^content\/implementations\.json:1:2: not UTF-8 text/);
  assert.deepEqual(implementationLines(rootWith(undefined)).problems, [
    "content/implementations.json: missing; the implementations page's data [implementations]",
  ]);
});

test('install commands are the .NET CLI form, and registry pages the NuGet page of the listed version', () => {
  const memory = listed('UAIX.UAI.Memory', '1.0.5') as Parameters<typeof installCommand>[0];
  assert.equal(installCommand(memory), 'dotnet add package UAIX.UAI.Memory --version 1.0.5');
  assert.equal(registryPage(memory), 'https://www.nuget.org/packages/UAIX.UAI.Memory/1.0.5');
});

test('the reference report is the same twice, names no clock time, and passes every shipped fixture in every form', async () => {
  const model = loadRecordModel();
  const [first, second] = [await shippedReferenceReport(model), await shippedReferenceReport(model)];
  assert.equal(JSON.stringify(first), JSON.stringify(second));
  assert.equal(first.evaluated_at, model.fixtureCheck.evaluatedAt);
  assert.ok(!/"[a-z_]*(?:duration|elapsed|started|finished)[a-z_]*"/.test(JSON.stringify(first)));
  // A valid packet is three cases (keyed, minified, keyless); every other fixture one.
  const validPackets = model.fixtures.filter((fixture) => fixture.verdict === 'valid').length;
  const cases = model.fixtures.length + model.routeFixtures.length + 2 * validPackets;
  assert.deepEqual(
    [first.summary.fixtures, first.summary.passed, first.summary.failed, first.ok],
    [cases, cases, 0, true],
  );
  assert.ok(first.results.every((result) => result.requirements.length > 0));
});

test('a published report that counts otherwise than the pages is one line naming it and both summaries', async () => {
  const { summary } = await shippedReferenceReport(loadRecordModel());
  const path = '/implementations/uaix-conformance-report.json';
  assert.equal(summaryMismatch(path, structuredClone(summary), summary), undefined);
  const fewer = { ...summary, digests: { ...summary.digests, matched: 0 } };
  assert.equal(
    formatProblem(summaryMismatch(path, fewer, summary)!),
    `${path} /summary: the published pack gives ${JSON.stringify(fewer)}, the pages show ${JSON.stringify(summary)} [implementations]`,
  );
});
