/**
 * Issue 22, item 7: the errata register. On the record, which has none: an errata page in every
 * locale that says so plainly, an empty /errata.json valid against its published schema and in the
 * manifest, and no status strip with an errata line. In a copy of the repository an erratum is
 * planted (with a current Spanish translation): it appears on the errata page in every locale, in
 * /errata.json, and as a link in the status strip of every locale's page it touches, but not in
 * that page's Markdown mirror (what an edition freezes). Then an erratum naming an edition that
 * was never released stops the build with one line naming the file, the JSON Pointer and the rule.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, LOCALE_CODES, ORIGIN, REPO, requireDist } from './_support/site.ts';
import { copyRepository, removeCopy, runBuild, type BuildRun } from './_support/tempRepo.ts';
import { createAjv } from '../../src/uai/schemaCompiler.ts';

const ID = 'UAIX-ERRATUM-0001';
const ANCHOR = 'uaix-erratum-0001';
const CODE = 'UAIX-REGI-2599';
const SECTION = 'names-and-versions';
const TEXT = 'The planted erratum of the errata build test.';
const SPANISH = 'La errata sembrada de la prueba del registro de erratas.';
const NONE: Record<string, string> = {
  'en-us': 'The record has no errata',
  'es-us': 'El registro no tiene erratas',
  'es-es': 'El registro no tiene erratas',
  'fr-fr': 'Le recueil n’a aucun erratum',
  'zh-cn': '本记录没有勘误',
};

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const statusBlock = (html: string) => /<section class="document-status"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';

let copy: string;
let planted: BuildRun;
let refused: BuildRun;

before(() => {
  requireDist();
  copy = copyRepository();
  const edition = readJson(join(DIST, '.well-known/uaix.json')).edition.editions[0].id;
  const english = `${JSON.stringify(
    {
      errata: [
        {
          id: ID,
          edition,
          record_code: CODE,
          section: SECTION,
          status: 'confirmed',
          reported: '2026-12-02',
          text: TEXT,
        },
      ],
    },
    null,
    2,
  )}\n`;
  writeFileSync(join(copy, 'content/errata/en-us.json'), english);
  const digest = `sha256:${createHash('sha256').update(english).digest('hex')}`;
  writeFileSync(
    join(copy, 'content/errata/es-us.json'),
    `${JSON.stringify({ source_digest: digest, text: { [ID]: SPANISH } }, null, 2)}\n`,
  );
  planted = runBuild(copy, { timeoutMs: 500_000 });
  if (planted.status === 0) {
    writeFileSync(
      join(copy, 'content/errata/en-us.json'),
      english.replace(`"edition": "${edition}"`, '"edition": "2020-01-01"'),
    );
    refused = runBuild(copy, { timeoutMs: 300_000 });
  }
});

after(() => removeCopy(copy));

const output = (run: BuildRun) => `--- stderr\n${run.stderr.slice(-3000)}\n--- stdout\n${run.stdout.slice(-1500)}`;

test('the record has no errata: its errata page says so in every locale, and errata.json is empty and valid', () => {
  for (const locale of LOCALE_CODES) {
    const html = readFileSync(join(DIST, locale, 'governance/errata/index.html'), 'utf8');
    assert.ok(html.includes(NONE[locale]), `${locale}: no "${NONE[locale]}"`);
  }
  const errata = readJson(join(DIST, 'errata.json'));
  const validate = createAjv().compile(readJson(join(REPO, 'schemas/site/errata.schema.json')));
  assert.equal(validate(errata), true, JSON.stringify(validate.errors));
  assert.deepEqual(errata.errata, []);
  assert.deepEqual(
    readJson(join(DIST, 'schemas/site/errata.schema.json')),
    readJson(join(REPO, 'schemas/site/errata.schema.json')),
  );
  const manifest = readJson(join(DIST, '.well-known/uaix.json'));
  assert.equal(manifest.machine_routes.errata, `${ORIGIN}/errata.json`);
  assert.ok(manifest.files.some((file: { url: string }) => file.url === `${ORIGIN}/errata.json`));
  assert.ok(!readFileSync(join(DIST, 'en-us/registry/index.html'), 'utf8').includes('/governance/errata/#'));
});

test('a planted erratum is on the errata page of every locale, in its translation where it is current', () => {
  assert.equal(planted.status, 0, output(planted));
  for (const locale of LOCALE_CODES) {
    const html = readFileSync(join(copy, 'dist', locale, 'governance/errata/index.html'), 'utf8');
    // The heading's text, then its self-link (selfLinks.ts).
    assert.ok(
      html.includes(`<h3 id="${ANCHOR}">${ID} <a class="self-link" href="#${ANCHOR}"`),
      `${locale}: no heading`,
    );
    const text = locale === 'es-us' || locale === 'es-es' ? SPANISH : TEXT;
    assert.ok(html.includes(text), `${locale}: no "${text}"`);
    // The section is the English page's anchor: headings, and so ids, are worded per language.
    assert.ok(
      html.includes(`href="/en-us/registry/#${SECTION}" hreflang="en-US"`),
      `${locale}: no link to the section`,
    );
    assert.ok(!html.includes(NONE[locale]), `${locale}: still says there are none`);
  }
});

test('a planted erratum is in errata.json', () => {
  assert.equal(planted.status, 0, 'the build failed');
  const errata = readJson(join(copy, 'dist/errata.json'));
  assert.deepEqual(errata.errata, [
    {
      id: ID,
      url: `${ORIGIN}/en-us/governance/errata/#${ANCHOR}`,
      edition: errata.errata[0].edition,
      record_code: CODE,
      section: SECTION,
      touches: `${ORIGIN}/en-us/registry/#${SECTION}`,
      status: 'confirmed',
      fixed_in: null,
      reported: '2026-12-02',
      text: TEXT,
      translations: { 'es-us': SPANISH },
    },
  ]);
});

test("the touched page's status strip links to it in every locale; its Markdown mirror does not change", () => {
  assert.equal(planted.status, 0, 'the build failed');
  for (const locale of LOCALE_CODES) {
    const html = readFileSync(join(copy, 'dist', locale, 'registry/index.html'), 'utf8');
    const link = `<a href="/${locale}/governance/errata/#${ANCHOR}">${ID}</a>`;
    assert.ok(statusBlock(html).includes(link), `${locale}/registry/: no ${link} in the status strip`);
    const other = readFileSync(join(copy, 'dist', locale, 'specification/uai-1/index.html'), 'utf8');
    assert.ok(!other.includes(`/governance/errata/#${ANCHOR}`), `${locale}/specification/uai-1/ is not touched`);
  }
  for (const locale of LOCALE_CODES) {
    const mirror = (root: string) => readFileSync(join(root, locale, 'registry/index.md'), 'utf8');
    assert.equal(mirror(join(copy, 'dist')), mirror(DIST), `${locale}/registry/index.md changed`);
  }
});

test('an erratum naming an edition never released stops the build with one line', () => {
  assert.equal(planted.status, 0, 'the first build failed');
  assert.equal(refused.status, 1, output(refused));
  assert.ok(
    refused.stderr.includes('content/errata/en-us.json /errata/0/edition: 2020-01-01 is not a released edition'),
    output(refused),
  );
  assert.doesNotMatch(refused.stderr, /\n\s+at /, 'no stack trace');
});
