/**
 * The implementations page in dist/: in every locale (es-es showing the es-us text), the four .NET
 * packages of seed 002 with their exact versions, their exact `dotnet add package` commands and
 * their NuGet pages, marked self-reported; the reference report the build published validates
 * against its schema (ajv and Python's jsonschema), covers the published pack, holds no clock
 * time, is linked to its schema and listed like the other machine records, and its counts are the
 * ones the page shows.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createAjv } from '../../src/uai/schemaCompiler.ts';
import {
  DIST,
  LANG_OF,
  LOCALE_CODES,
  ORIGIN,
  REPO,
  attr,
  findAll,
  findFirst,
  hasClass,
  pageAt,
  parseHtmlFile,
  readJson,
  requireDist,
  shownLocaleOf,
  squash,
  text,
} from './_support/site.ts';
import { assertFailedClearly, buildWithChanges, copyRepository, lineNaming, removeCopy } from './_support/tempRepo.ts';

requireDist();

const PAGE = 'tools/implementations';
const REPORT = '/implementations/uaix-conformance-report.json';
const REPORT_SCHEMA = '/schemas/site/conformance-report.schema.json';
const MATRIX = '/implementations/matrix.json';
/** Seed 002's packages, stated here from the seed, not read from content/implementations.json. */
const SEED_PACKAGES = [
  ['UAIX.UAI.Abstractions', '1.0.5'],
  ['UAIX.UAI.Memory', '1.0.5'],
  ['UAIX.Talisman.AgentClient', '0.1.10'],
  ['UAIX.Talisman.EcosystemManager', '0.1.1'],
] as const;
/** How each locale says self-reported (es-es shows the es-us text and speaks Spanish in its interface). */
const SELF_REPORTED: Record<string, RegExp> = {
  'en-us': /\bself-reported\b/i,
  'es-us': /\bdeclarad[oa]s? por el editor\b/i,
  'es-es': /\bdeclarad[oa]s? por el editor\b/i,
  'fr-fr': /\bautodéclaré/i,
  'zh-cn': /自行声明/,
};

type Summary = Record<string, number | Record<string, number>>;
const report = readJson<Record<string, any>>(join(DIST, REPORT.slice(1)));
const pack = readJson<{ evaluated_at: string; fixtures: { group: string; verdict: string; name: string }[] }>(
  join(DIST, 'examples/uai-1/conformance.json'),
);

function pageTree(locale: string) {
  return parseHtmlFile(pageAt(`/${locale}/${PAGE}/`).file);
}

test('the page exists in every locale, in its language, with its record code, and es-es shows the es-us text', () => {
  for (const locale of LOCALE_CODES) {
    const tree = pageTree(locale);
    const html = findFirst(tree, (element) => element.tagName === 'html')!;
    assert.equal(attr(html, 'lang'), LANG_OF[locale], locale);
    assert.match(readFileSync(join(DIST, locale, PAGE, 'index.md'), 'utf8'), /UAIX-TOOL-6005/, locale);
  }
  assert.equal(shownLocaleOf('es-es', PAGE), 'es-us');
  for (const locale of ['en-us', 'es-us', 'fr-fr', 'zh-cn']) assert.equal(shownLocaleOf(locale, PAGE), locale);
});

test('every locale lists the four packages with exact versions, install commands and NuGet pages, self-reported', () => {
  for (const locale of LOCALE_CODES) {
    const tree = pageTree(locale);
    const rows = findAll(
      tree,
      (element) => element.tagName === 'tr' && attr(element, 'dataUaixPackageId') !== undefined,
    );
    assert.deepEqual(
      rows.map((row) => [attr(row, 'dataUaixPackageId'), attr(row, 'dataUaixPackageVersion')]),
      SEED_PACKAGES.map((listed) => [...listed]),
      locale,
    );
    rows.forEach((row, index) => {
      const [id, version] = SEED_PACKAGES[index];
      const codes = findAll(row, (element) => element.tagName === 'code').map(text);
      assert.deepEqual(codes, [id, version, `dotnet add package ${id} --version ${version}`], `${locale} ${id}`);
      const link = findFirst(row, (element) => element.tagName === 'a')!;
      assert.equal(attr(link, 'href'), `https://www.nuget.org/packages/${id}/${version}`);
      assert.match(text(row), SELF_REPORTED[locale], `${locale} ${id}: not marked self-reported`);
    });
    // The copyable block holds the same commands, one per line, and nothing else.
    const blocks = findAll(tree, (element) => element.tagName === 'pre').map((pre) => text(pre));
    const commands = SEED_PACKAGES.map(([id, version]) => `dotnet add package ${id} --version ${version}`).join(' ');
    assert.ok(blocks.includes(commands), `${locale}: no code block with exactly the four install commands`);
    assert.match(squash(text(tree)), SELF_REPORTED[locale], locale);
  }
});

test('the English page says no report is published for the .NET packages and that UAIX does not certify them', () => {
  const main = squash(text(pageTree('en-us')));
  assert.match(main, /No conformance report is published here for them/);
  assert.match(main, /UAIX does not test or certify these packages/);
});

test('the published report validates against its schema, by ajv and by Python jsonschema', () => {
  const schemaFile = join(DIST, REPORT_SCHEMA.slice(1));
  const validate = createAjv().compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
  assert.ok(validate(report), JSON.stringify(validate.errors));
  const script = `import json,sys,jsonschema
schema=json.load(open(sys.argv[1])); report=json.load(open(sys.argv[2]))
cls=jsonschema.validators.validator_for(schema); cls.check_schema(schema)
errors=[e.message for e in cls(schema).iter_errors(report)]
print("\\n".join(errors) if errors else "valid")`;
  execFileSync('bash', [join(REPO, 'scripts/ensure-debian-packages.sh'), 'python3-jsonschema'], { stdio: 'inherit' });
  const python = process.env.UAIX_PYTHON ?? '/usr/bin/python3';
  const verdict = execFileSync(python, ['-c', script, schemaFile, join(DIST, REPORT.slice(1))], { encoding: 'utf8' });
  assert.equal(verdict.trim(), 'valid');
});

test('the report covers the published pack, names the package, and holds no clock time', () => {
  const { name, version } = readJson<{ name: string; version: string }>(join(REPO, 'packages/uai-1/package.json'));
  assert.ok(report.implementation.startsWith(`${name} ${version} `), report.implementation);
  assert.equal(report.pack, `${ORIGIN}/examples/uai-1/conformance.json`);
  assert.equal(report.evaluated_at, pack.evaluated_at);
  // Every fixture of the pack, a valid packet in its three forms, and no generated case.
  const sources = new Set(report.results.map((result: { source: string }) => result.source));
  assert.deepEqual(
    [...sources].sort(),
    pack.fixtures.map((entry) => `${entry.group}/${entry.verdict}/${entry.name}`).sort(),
  );
  const validPackets = pack.fixtures.filter((entry) => entry.verdict === 'valid' && entry.group !== 'routes').length;
  assert.equal(report.summary.fixtures, pack.fixtures.length + 2 * validPackets);
  assert.deepEqual(report.generated, { requested: 0, made: 0, dropped: 0 });
  const keys = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        keys.add(key);
        walk(value);
      }
  };
  walk(report);
  assert.deepEqual(
    [...keys].filter((key) => /duration|elapsed|started|finished|_ms$|seconds/.test(key)),
    ['time_limit_ms'],
    'a key that could hold a measured time',
  );
});

test("each locale's page shows the report's counts", () => {
  const summary = report.summary as Summary;
  const expected: Record<string, number[]> = {
    fixtures: [summary.fixtures as number],
    passed: [summary.passed as number],
    failed: [summary.failed as number],
    valid: [(summary.valid as Record<string, number>).accepted, (summary.valid as Record<string, number>).total],
    invalid: [(summary.invalid as Record<string, number>).caught, (summary.invalid as Record<string, number>).total],
    digests: [(summary.digests as Record<string, number>).matched, (summary.digests as Record<string, number>).total],
  };
  for (const locale of LOCALE_CODES) {
    const facts = findFirst(pageTree(locale), (element) => attr(element, 'dataUaixReport') === REPORT);
    assert.ok(facts, `${locale}: no report summary`);
    const shown = Object.fromEntries(
      findAll(facts, (element) => attr(element, 'dataUaixCount') !== undefined).map((item) => [
        attr(item, 'dataUaixCount'),
        (text(findFirst(item, (element) => element.tagName === 'dd')!).match(/[0-9]+/g) ?? []).map(Number),
      ]),
    );
    assert.deepEqual(shown, expected, locale);
    const links = findAll(pageTree(locale), (element) => attr(element, 'href') === REPORT);
    assert.ok(links.length > 0, `${locale}: no link to ${REPORT}`);
  }
});

test('the report links its schema, and the manifest, the API catalog and llms.txt list it', () => {
  const headers = readFileSync(join(DIST, '_headers'), 'utf8');
  const rule = headers.split(/\n(?=\S)/).find((block) => block.startsWith(`${REPORT}\n`));
  assert.ok(rule, `_headers has no rule for ${REPORT}`);
  assert.match(rule, new RegExp(`Link: <${REPORT_SCHEMA}>; rel="describedby"; type="application/schema\\+json"`));
  assert.match(rule, /Content-Type: application\/json; charset=utf-8/);
  const manifest = readJson<{ files: unknown[]; machine_routes: Record<string, string> }>(
    join(DIST, '.well-known/uaix.json'),
  );
  assert.ok(JSON.stringify(manifest.files).includes(REPORT), 'the manifest does not list the report');
  assert.equal(manifest.machine_routes.reference_conformance_report, `${ORIGIN}${REPORT}`);
  assert.ok(readFileSync(join(DIST, '.well-known/api-catalog'), 'utf8').includes(`${ORIGIN}${REPORT}`));
  assert.ok(readFileSync(join(DIST, 'llms.txt'), 'utf8').includes(`${ORIGIN}${REPORT}`));
});

test('the matrix: a cell per requirement and report on every page, the JSON beside it, listed like the report', () => {
  const matrix = readJson<Record<string, any>>(join(DIST, MATRIX.slice(1)));
  const schema = readJson(join(DIST, 'schemas/site/implementations-matrix.schema.json'));
  const validate = createAjv().compile(schema as object);
  assert.ok(validate(matrix), JSON.stringify(validate.errors));
  const record = readJson<{ requirements: { id: string; url: string }[] }>(
    join(DIST, 'specification/uai-1/requirements.json'),
  ).requirements;
  const requirements = record.map((requirement) => requirement.id);
  const committed = readdirSync(join(REPO, 'content/implementations/reports')).sort();
  const columns = [REPORT, ...committed.map((name) => `/implementations/reports/${name}`)];
  assert.ok(committed.includes('python-schema-only.json'));
  assert.deepEqual(
    matrix.implementations.map((column: { report: string }) => column.report),
    columns.map((path) => `${ORIGIN}${path}`),
  );
  // The committed reports are published as committed.
  for (const name of committed)
    assert.equal(
      readFileSync(join(DIST, 'implementations/reports', name), 'utf8'),
      readFileSync(join(REPO, 'content/implementations/reports', name), 'utf8'),
    );
  assert.deepEqual(
    matrix.requirements.map((row: { id: string }) => row.id),
    requirements,
  );
  for (const locale of LOCALE_CODES) {
    const tree = pageTree(locale);
    const table = findFirst(tree, (element) => attr(element, 'dataUaixMatrix') === MATRIX);
    assert.ok(table, `${locale}: no matrix`);
    const headers = findAll(
      table,
      (element) => element.tagName === 'th' && attr(element, 'dataUaixReport') !== undefined,
    );
    assert.deepEqual(
      headers.map((header) => attr(header, 'dataUaixReport')),
      columns,
      locale,
    );
    assert.ok(
      headers.every((header) => attr(header, 'scope') === 'col'),
      locale,
    );
    const rows = findAll(
      table,
      (element) => element.tagName === 'tr' && attr(element, 'dataUaixRequirement') !== undefined,
    );
    assert.deepEqual(
      rows.map((row) => attr(row, 'dataUaixRequirement')),
      requirements,
      locale,
    );
    rows.forEach((row, index) => {
      const head = findFirst(row, (element) => element.tagName === 'th')!;
      assert.equal(attr(head, 'scope'), 'row');
      assert.equal(
        attr(
          findFirst(head, (element) => element.tagName === 'a')!,
          'href',
        ),
        record[index].url.slice(ORIGIN.length).replace('/en-us/', `/${locale}/`),
      );
      const cells = findAll(row, (element) => attr(element, 'dataUaixStatus') !== undefined);
      const expected = matrix.requirements[index].cells;
      assert.deepEqual(
        cells.map((cell) => attr(cell, 'dataUaixStatus')),
        expected.map((cell: { status: string }) => cell.status),
        `${locale} ${requirements[index]}`,
      );
      cells.forEach((cell, place) => {
        const { passed, cases } = expected[place];
        if (cases > 0) assert.ok(text(cell).endsWith(` ${passed}/${cases}`), `${locale}: ${text(cell)}`);
      });
    });
    // It scrolls in its own box, as the record's other wide tables do.
    const boxes = findAll(tree, (element) => hasClass(element, 'table-wrap'));
    assert.ok(
      boxes.some((box) => findFirst(box, (element) => element === table)),
      `${locale}: the matrix is not in a .table-wrap`,
    );
  }
  const manifest = readJson<{ machine_routes: Record<string, string> }>(join(DIST, '.well-known/uaix.json'));
  assert.equal(manifest.machine_routes.implementations_matrix, `${ORIGIN}${MATRIX}`);
  assert.ok(readFileSync(join(DIST, '.well-known/api-catalog'), 'utf8').includes(`${ORIGIN}${MATRIX}`));
  assert.ok(readFileSync(join(DIST, 'llms.txt'), 'utf8').includes(`${ORIGIN}${MATRIX}`));
});

test('a bad content/implementations.json and a bad committed report stop the build before rendering, one line each', () => {
  const copy = copyRepository();
  try {
    const run = buildWithChanges(copy, {
      'content/implementations.json': (text) => text.replace('"version": "0.1.10"', '"version": "0.1"'),
      'content/implementations/reports/python-schema-only.json': (text) =>
        text.replace('"pack": "editions/2026-12-01.2/', '"pack": "editions/2026-11-30/'),
    });
    assertFailedClearly(run, copy, ['build failed at implementations (2 problems)']);
    assert.match(
      lineNaming(run, 'content/implementations.json /packages/2/version: must match pattern'),
      / \[schemas\/site\/implementations\.schema\.json\]$/,
    );
    assert.match(
      lineNaming(run, 'content/implementations/reports/python-schema-only.json /pack: '),
      /names no pack the record holds; .* \[implementations\]$/,
    );
    assert.doesNotMatch(run.stdout, /generating static routes/, 'Astro rendered pages after the check failed');
  } finally {
    removeCopy(copy);
  }
});
