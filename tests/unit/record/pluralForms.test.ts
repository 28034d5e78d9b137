/**
 * Counts by the language's plural rule (issue 40), not English's: French writes 0 and 1 with its
 * `one` form ("0 paquet"), Chinese has only `other`; a catalog gives each form its language's rule
 * picks for the counts the record writes (below a million), may add a form needed only from there
 * (French `many`), and may not give a form its rule never picks. One function picks the form for
 * every caller: the catalog check, the page's catalog and the change details.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  catalogDigest,
  catalogFindings,
  catalogPluralText,
  type LocaleCatalog,
} from '../../../src/record/model/textCatalog.ts';
import { neededPluralCategories, pluralKey } from '../../../src/record/model/pluralForms.ts';
import { formatProblem } from '../../../src/uai/problem.ts';
import { changeDetailHtml, type PageCatalog } from '../../../src/site/catalogHtml.ts';
import {
  changeCatalogStrings,
  changeDetailText,
  countDetail,
  type ChangeDetail,
} from '../../../src/record/editions/changeRules.ts';
import { loadCatalogs } from '../../../src/record/content/node/catalogFiles.ts';
import { englishCatalog } from '../../../src/record/model/catalogSource.ts';
import { loadRecordModel } from '../../../src/record/model/node/loadRecordModel.ts';
import { loadCheckedRouteRecords } from '../../../src/record/machine/node/routeFiles.ts';

const english = {
  'change.detail.count.packet.one': '{count} packet',
  'change.detail.count.packet.other': '{count} packets',
  'change.detail.new': 'new in this edition',
};
const BASE = 'change.detail.count.packet';
const form = (key: keyof typeof english, text: string) => ({ text, source: catalogDigest(english[key]) });
const french = (entries: LocaleCatalog['entries']): LocaleCatalog => ({
  locale: 'fr-fr',
  file: 'content/catalog/fr-fr.json',
  entries,
});

test('the categories a catalog needs: French and Spanish one and other (many only from a million), Chinese other, English one and other', () => {
  assert.deepEqual(neededPluralCategories('fr-FR'), ['one', 'other']);
  assert.deepEqual(neededPluralCategories('es-US'), ['one', 'other']);
  assert.deepEqual(neededPluralCategories('es-ES'), ['one', 'other']);
  assert.deepEqual(neededPluralCategories('zh-CN'), ['other']);
  assert.deepEqual(neededPluralCategories('en-US'), ['one', 'other']);
  assert.equal(pluralKey(BASE, 0, 'fr-FR'), `${BASE}.one`);
  assert.equal(pluralKey(BASE, 0, 'en-US'), `${BASE}.other`);
  assert.equal(pluralKey(BASE, 1, 'zh-CN'), `${BASE}.other`);
});

test('French writes 0 and 1 with its one form, 2 with other, a million with many when given, else other', () => {
  const catalog = french({
    [`${BASE}.one`]: form(`${BASE}.one`, '{count} paquet'),
    [`${BASE}.other`]: form(`${BASE}.other`, '{count} paquets'),
  });
  assert.deepEqual(catalogFindings(english, catalog), { problems: [], pending: [] });
  assert.equal(catalogPluralText(english, catalog, BASE, 0).text, '{count} paquet');
  assert.equal(catalogPluralText(english, catalog, BASE, 1).text, '{count} paquet');
  assert.equal(catalogPluralText(english, catalog, BASE, 2).text, '{count} paquets');
  assert.equal(catalogPluralText(english, catalog, BASE, 1_000_000).text, '{count} paquets');
  const withMany = french({
    ...catalog.entries,
    [`${BASE}.many`]: { text: '{count} de paquets', source: catalogDigest(english[`${BASE}.other`]) },
  });
  assert.deepEqual(catalogFindings(english, withMany), { problems: [], pending: [] });
  assert.deepEqual(catalogPluralText(english, withMany, BASE, 1_000_000), {
    text: '{count} de paquets',
    translated: true,
  });
  // Not translated: the English form by the English rule (0 packets), shown as English.
  assert.deepEqual(catalogPluralText(english, french({}), BASE, 0), { text: '{count} packets', translated: false });
});

test('a missing form the rule needs, a form the rule never picks and a stray many: one line each', () => {
  const onlyOther = french({ [`${BASE}.other`]: form(`${BASE}.other`, '{count} paquets') });
  assert.deepEqual(catalogFindings(english, onlyOther).problems.map(formatProblem), [
    `content/catalog/fr-fr.json /change.detail.count.packet.other/text: fr-FR writes some counts with the plural form "one" (0, 1): add "change.detail.count.packet.one" [catalog-plural]`,
  ]);
  const chinese: LocaleCatalog = {
    locale: 'zh-cn',
    file: 'content/catalog/zh-cn.json',
    entries: {
      [`${BASE}.one`]: form(`${BASE}.one`, '{count} 个数据包'),
      [`${BASE}.other`]: form(`${BASE}.other`, '{count} 个数据包'),
      'change.detail.new.many': { text: '新', source: catalogDigest(english['change.detail.new']) },
    },
  };
  assert.deepEqual(catalogFindings(english, chinese).problems.map(formatProblem), [
    `content/catalog/zh-cn.json /change.detail.count.packet.one/text: zh-CN has no plural form "one" (its forms: other): this text is never shown; remove it [catalog-plural]`,
    `content/catalog/zh-cn.json /change.detail.new.many/text: the key "change.detail.new.many" names no English string; remove it [catalog-unknown-key]`,
  ]);
  assert.equal(catalogPluralText(english, chinese, BASE, 1).text, '{count} 个数据包');
});

test('a change detail on a French page: "0 paquet" and "1 paquet", "2 paquets"; in English "0 packets", "1 packet"', () => {
  const catalog = french({
    [`${BASE}.one`]: form(`${BASE}.one`, '{count} paquet'),
    [`${BASE}.other`]: form(`${BASE}.other`, '{count} paquets'),
  });
  const page: PageCatalog = (key, count) =>
    count === undefined ? { text: key, translated: false } : catalogPluralText(english, catalog, key, count);
  const shown = (detail: ChangeDetail) => changeDetailHtml(detail, page, (level) => level).html;
  assert.deepEqual(
    [0, 1, 2].map((count) => shown(countDetail(count, 'packet'))),
    ['0 paquet', '1 paquet', '2 paquets'],
  );
  assert.deepEqual(
    [0, 1, 2].map((count) => changeDetailText(countDetail(count, 'packet'))),
    ['0 packets', '1 packet', '2 packets'],
  );
});

test("the committed catalogs give every count the forms their language's rule needs, and none it never picks", () => {
  const source = englishCatalog(loadRecordModel(), loadCheckedRouteRecords().files, changeCatalogStrings());
  const { catalogs } = loadCatalogs();
  for (const catalog of catalogs) {
    const plural = catalogFindings(source, catalog).problems.filter((problem) => problem.rule === 'catalog-plural');
    assert.deepEqual(plural.map(formatProblem), [], catalog.file);
  }
});
