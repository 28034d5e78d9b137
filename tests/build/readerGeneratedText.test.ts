/**
 * Issue 40, the generated text's last English and its grammar, read in the built pages (dist/):
 * - the place of an issue about the whole document is the interface string `place.root` in each
 *   locale, never an English "(root)";
 * - fixture and schema cells are the catalog's string as inline Markdown (escaped, a code span as
 *   `<code>`), in every locale;
 * - a table box's name is punctuated as the page's language writes a label (`label.value`): no ASCII
 *   colon in French or Chinese, a full-width one in Chinese with no space after it;
 * - an edition page's word diffs are quotations of the released file in its own language
 *   (`<blockquote cite>` naming the file), and the language share counts them as quoted values;
 * - a parenthesis is the locale's (`text.parenthetical`): full-width in Chinese.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Element, Root } from 'hast';
import {
  attr,
  findAll,
  hasClass,
  htmlPages,
  mainOf,
  pageAt,
  parseHtmlFile,
  requireDist,
  text,
} from './_support/site.ts';
import { inlineMarkdown } from '../../src/record/content/inlineText.ts';
import { loadCatalogs } from '../../src/record/content/node/catalogFiles.ts';
import { catalogDigest } from '../../src/record/model/textCatalog.ts';
import { englishCatalog } from '../../src/record/model/catalogSource.ts';
import { loadRecordModel } from '../../src/record/model/node/loadRecordModel.ts';
import { loadCheckedRouteRecords } from '../../src/record/machine/node/routeFiles.ts';
import { changeCatalogStrings } from '../../src/record/editions/changeRules.ts';
import { languageShareOf } from '../../src/record/pages/languageShare.ts';
import { parsePage } from '../../src/record/pages/pageMirror.ts';

before(() => requireDist());

const ROOT = { 'en-us': '(root)', 'es-us': '(raíz)', 'es-es': '(raíz)', 'fr-fr': '(racine)', 'zh-cn': '（根位置）' };

const treeAt = (url: string): Root => parseHtmlFile(pageAt(url).file);

/** The body rows of a section's table, as their cells. */
const cellsOf = (tree: Root, section: string): Element[][] => {
  const list = findAll(mainOf(tree), (element) => attr(element, 'ariaLabelledBy') === section)[0];
  assert.ok(list, `no section ${section}`);
  const body = findAll(list, (element) => element.tagName === 'tbody')[0]!;
  return findAll(body, (element) => element.tagName === 'tr').map((row) =>
    findAll(row, (element) => element.tagName === 'td' || element.tagName === 'th'),
  );
};

test('the whole document is "root" in the page language on every examples page, never an English "(root)"', () => {
  for (const [locale, root] of Object.entries(ROOT)) {
    const url = `/${locale}/examples/`;
    const tree = treeAt(url);
    const expected = cellsOf(tree, 'invalid-fixture-list').map((cells) => text(cells[1]!));
    const atRoot = expected.filter((cell) => cell.endsWith(` ${root}`));
    assert.ok(atRoot.length > 0, `${url}: no fixture expected at the root (${root})`);
    if (locale !== 'en-us') assert.ok(!text(mainOf(tree)).includes('(root)'), `${url}: "(root)"`);
  }
});

test('fixture "why" cells are the catalog string as inline Markdown, escaped, in every translated locale', () => {
  const english = englishCatalog(loadRecordModel(), loadCheckedRouteRecords().files, changeCatalogStrings());
  for (const catalog of loadCatalogs().catalogs) {
    const url = `/${catalog.locale}/examples/`;
    const html = readFileSync(pageAt(url).file, 'utf8');
    const current = Object.entries(catalog.entries).filter(
      ([key, entry]) => key.startsWith('fixture.') && entry.source === catalogDigest(english[key] ?? ''),
    );
    assert.ok(current.length > 20, `${url}: ${current.length} translated fixture strings`);
    for (const [key, entry] of current)
      assert.ok(html.includes(`>${inlineMarkdown(entry.text)}</td>`), `${url}: ${key} as inline Markdown`);
  }
});

test("table boxes are named with the locale's label punctuation: no ASCII colon in fr-fr or zh-cn", () => {
  for (const page of htmlPages().filter((one) => /^\/(fr-fr|zh-cn)\//.test(one.url))) {
    for (const box of findAll(parseHtmlFile(page.file), (element) => hasClass(element, 'table-wrap'))) {
      const label = attr(box, 'ariaLabel') ?? '';
      if (page.url.startsWith('/zh-cn/'))
        assert.ok(!/[：:] /.test(label) && !label.includes(':'), `${page.url}: ${label}`);
      else assert.ok(!/[^\u00a0\u202f]:/.test(label), `${page.url}: ${label}`);
    }
  }
});

test('edition diffs are cited quotations of the released file; the Chinese edition pages are then in Chinese', () => {
  for (const locale of ['zh-cn', 'fr-fr', 'es-us']) {
    const page = pageAt(`/${locale}/editions/2026-12-04/`);
    const tree = parseHtmlFile(page.file);
    const diffs = findAll(mainOf(tree), (element) => hasClass(element, 'word-diff'));
    assert.ok(diffs.length > 0, `${page.url}: no word diff`);
    const quotes = findAll(mainOf(tree), (element) => element.tagName === 'blockquote');
    assert.equal(
      quotes.filter((quote) => /^\/editions\/2026-12-04\/\S+$/.test(attr(quote, 'cite') ?? '')).length,
      diffs.length,
      `${page.url}: every diff in a blockquote citing its released file`,
    );
    const share = languageShareOf(parsePage(readFileSync(page.file, 'utf8')).tree);
    assert.ok(share.foreign / share.total < 0.02, `${page.url}: ${share.foreign} of ${share.total} letters foreign`);
  }
});

test('Chinese pages write a parenthesis and a list the Chinese way: full-width, no space before', () => {
  const tree = treeAt('/zh-cn/');
  const notes = findAll(tree, (element) => hasClass(element, 'untranslated')).map((note) => text(note));
  assert.ok(notes.length > 0, 'the language switcher notes an untranslated variant');
  for (const note of notes) assert.match(note, /^（[^()]+）$/, note);
});
