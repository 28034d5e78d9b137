/**
 * Fixture and schema cells are the record's inline Markdown (issue 40), escaped as every other
 * inline text: a translation may write a field name as code (`extensions`), nothing in a string
 * becomes markup, and the English sources render exactly as the plain text they rendered before
 * (none holds a backtick, a ** or a [text](/link), so inline Markdown changes nothing in them).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inlineMarkdown, labelPrefix } from '../../../src/record/content/inlineText.ts';
import { escapeHtml } from '../../../src/record/content/escapeHtml.ts';
import { englishCatalog } from '../../../src/record/model/catalogSource.ts';
import { loadRecordModel } from '../../../src/record/model/node/loadRecordModel.ts';
import { loadCheckedRouteRecords } from '../../../src/record/machine/node/routeFiles.ts';
import { changeCatalogStrings } from '../../../src/record/editions/changeRules.ts';
import { loadCatalogs } from '../../../src/record/content/node/catalogFiles.ts';
import { catalogFindings } from '../../../src/record/model/textCatalog.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

const CELL_KEY = /^(fixture\..*\.why|schema\..*\.description)$/;

test('the English fixture and schema strings render as their escaped text: no change but code spans', () => {
  const english = englishCatalog(loadRecordModel(), loadCheckedRouteRecords().files, changeCatalogStrings());
  const cells = Object.entries(english).filter(([key]) => CELL_KEY.test(key));
  assert.ok(cells.length > 60, `${cells.length} fixture and schema strings`);
  for (const [key, text] of cells) assert.equal(inlineMarkdown(text), escapeHtml(text), key);
});

test('a translated cell: a field name in backticks is code, the rest escaped; the catalog check accepts it', () => {
  assert.equal(
    inlineMarkdown('`extensions` a été supprimé au lieu d’être envoyé sous la forme `[]` <b>'),
    '<code>extensions</code> a été supprimé au lieu d’être envoyé sous la forme <code>[]</code> &lt;b&gt;',
  );
  const english = englishCatalog(loadRecordModel(), loadCheckedRouteRecords().files, changeCatalogStrings());
  const key = Object.keys(english).find((name) => CELL_KEY.test(name))!;
  const catalog = loadCatalogs().catalogs.find((one) => one.locale === 'fr-fr')!;
  const entries = {
    ...catalog.entries,
    [key]: { ...catalog.entries[key]!, text: `\`${key}\` ${catalog.entries[key]!.text}` },
  };
  assert.deepEqual(catalogFindings(english, { ...catalog, entries }).problems.map(formatProblem), []);
});

test('a label before its value: a space after a colon, none after a full-width one', () => {
  assert.equal(labelPrefix('Profile:'), 'Profile: ');
  assert.equal(labelPrefix('Profil\u202f:'), 'Profil\u202f: ');
  assert.equal(labelPrefix('配置：'), '配置：');
});
