/**
 * Issue 40 part 1: the measure of a page's text in another language than the page's
 * (pages/languageShare.ts) and the ratchet that holds each translated page to its committed figure
 * (checks/languageShareGate.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePage } from '../../../src/record/pages/pageMirror.ts';
import { languageShareOf, primaryLanguage, proseLetters } from '../../../src/record/pages/languageShare.ts';
import {
  baselineDrift,
  languageShareProblems,
  languageShareReport,
  readShareBaseline,
  shareBaselineText,
  translatedLocaleOf,
  type PageShare,
} from '../../../src/record/checks/languageShareGate.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

const page = (main: string, lang = 'fr-FR') =>
  languageShareOf(
    parsePage(
      `<!doctype html><html lang="${lang}"><head><title>t</title></head><body><header lang="en-US">Header text</header><main lang="${lang}">${main}</main><footer lang="en-US">Footer</footer></body></html>`,
    ).tree,
  );

test('only the main text counts, in letters, and text in another language is foreign', () => {
  assert.deepEqual(page('<p>Bonjour</p><p lang="en-US">Hello world</p>'), {
    lang: 'fr-FR',
    total: 17,
    foreign: 10,
    unmarked: 0,
  });
});

test('a cited block quotation (an edition diff quoting a released file) is a quoted value; a block quote without cite is prose', () => {
  const diff =
    '<blockquote lang="fr-FR" cite="/editions/2026-12-05/requirements.json"><p>Une route NE DOIT PAS</p></blockquote>';
  assert.deepEqual(page(`<p>变更</p>${diff}`, 'zh-CN'), { lang: 'zh-CN', total: 2, foreign: 0, unmarked: 0 });
  assert.deepEqual(page('<p>变更</p><blockquote lang="fr-FR"><p>Une route</p></blockquote>', 'zh-CN'), {
    lang: 'zh-CN',
    total: 10,
    foreign: 8,
    unmarked: 0,
  });
});

test('a regional variant of the page language is the page language (es-US text on an es-ES page)', () => {
  assert.deepEqual(page('<p lang="es-US">Hola</p>', 'es-ES'), { lang: 'es-ES', total: 4, foreign: 0, unmarked: 0 });
  assert.equal(primaryLanguage('zh-CN'), 'zh');
});

test('code, quotations, hidden text, scripts and drawings are not main text', () => {
  const share = page(
    '<p lang="en-US"><code>schema_version</code><pre>English code</pre><kbd>Enter</kbd><q>quoted value</q><span hidden>hidden</span><span aria-hidden="true">icon</span><svg><text>drawn</text></svg></p>',
  );
  assert.deepEqual(share, { lang: 'fr-FR', total: 0, foreign: 0, unmarked: 0 });
});

test('text marked translate="no" is a name (an English page title, a language named in its own language)', () => {
  assert.deepEqual(page('<p>Titre <a lang="en-US" translate="no">Get started</a> <a lang="es-US">Español</a></p>'), {
    lang: 'fr-FR',
    total: 12,
    foreign: 7,
    unmarked: 0,
  });
});

test('identifiers and names written as code are not counted; words are', () => {
  // UAI-1 (digit), UAIX and JSON (capital after the first letter), schema_version (underscore).
  assert.equal(proseLetters('UAI-1 UAIX JSON schema_version inLanguage'), 0);
  assert.equal(proseLetters("Le paquet l'accusé, vérifié."), 'Lepaquetl'.length + 'accusévérifié'.length);
  assert.equal(proseLetters('规范记录'), 4);
});

test('nested lang attributes: the nearest one decides', () => {
  assert.deepEqual(page('<div lang="en-US">one <span lang="fr-FR">deux</span> three</div>'), {
    lang: 'fr-FR',
    total: 12,
    foreign: 8,
    unmarked: 0,
  });
});

const shareOf = (path: string, foreign: number, total: number, unmarked = 0): PageShare => ({
  path,
  locale: translatedLocaleOf(path)!,
  share: { lang: 'fr-FR', total, foreign, unmarked },
});

test('translated pages are those of a locale other than the source', () => {
  assert.equal(translatedLocaleOf('/fr-fr/about/'), 'fr-fr');
  assert.equal(translatedLocaleOf('/en-us/about/'), undefined);
  assert.equal(translatedLocaleOf('/404.html'), undefined);
  assert.equal(translatedLocaleOf('/'), undefined);
});

test('the gate: English sentences marked as the page language are one line per page; declared English is reported, not a fault', () => {
  const baseline = { '/fr-fr/a/': { foreign: 10, total: 100 }, '/fr-fr/b/': { foreign: 0, total: 50 } };
  const pages = [
    shareOf('/fr-fr/a/', 10, 100),
    shareOf('/fr-fr/b/', 30, 60, 30),
    shareOf('/fr-fr/c/', 99, 100),
    shareOf('/fr-fr/d/', 0, 10),
  ];
  assert.deepEqual(languageShareProblems(pages).map(formatProblem), [
    '/fr-fr/b/: 30 letters of the main text are English sentences marked as fr-FR (50.0% of its 60 letters is not in fr-FR) [language-share]; translate the text, or mark it with its language (lang="en-US") until it is',
  ]);
  assert.deepEqual(baselineDrift(pages.slice(1), baseline), {
    unrecorded: ['/fr-fr/c/', '/fr-fr/d/'],
    gone: ['/fr-fr/a/'],
  });
});

test('the committed file is written sorted and read back; a broken file is one problem', () => {
  const pages = [shareOf('/fr-fr/b/', 1, 2), shareOf('/es-es/a/', 0, 3)];
  const text = shareBaselineText(pages);
  assert.equal(
    text,
    '{\n  "pages": {\n    "/es-es/a/": { "foreign": 0, "total": 3 },\n    "/fr-fr/b/": { "foreign": 1, "total": 2 }\n  }\n}\n',
  );
  assert.deepEqual(readShareBaseline(text), {
    baseline: { '/es-es/a/': { foreign: 0, total: 3 }, '/fr-fr/b/': { foreign: 1, total: 2 } },
  });
  const broken = readShareBaseline('{"pages": {"/fr-fr/a/": {"foreign": "x", "total": 1}}}');
  assert.ok('problem' in broken);
  assert.equal(
    formatProblem(broken.problem),
    'language-share.json: /pages/~1fr-fr~1a~1/foreign: must be a number [language-share]; npm run language-share writes it from the pages of the last build',
  );
  assert.ok('problem' in readShareBaseline(undefined));
});

test('the report: per locale, its share in all and its worst pages', () => {
  const pages = [shareOf('/fr-fr/a/', 5, 100), shareOf('/fr-fr/b/', 50, 100), shareOf('/fr-fr/c/', 0, 100)];
  assert.deepEqual(languageShareReport(pages), [
    "fr-fr: 18.3% not in the page's language (55 of 300 letters; 2 of 3 pages); worst: /fr-fr/b/ 50.0%, /fr-fr/a/ 5.0%",
  ]);
});

test('an English sentence marked as the page language counts as another language; a name or a short quote does not', () => {
  const english = 'The packet is valid when the checksum matches.';
  assert.deepEqual(page(`<p>Le paquet est valide. ${english}</p>`), {
    lang: 'fr-FR',
    total: proseLetters(`Le paquet est valide. ${english}`),
    foreign: proseLetters(english),
    unmarked: proseLetters(english),
  });
  assert.equal(page('<p>Consultez « the record » et le registre des champs pour chaque profil.</p>').foreign, 0);
  assert.equal(page('<p>El registro de la norma para los agentes de software.</p>', 'es-ES').foreign, 0);
  // The same sentence on an English page is the page's language.
  assert.equal(page(`<p>${english}</p>`, 'en-US').foreign, 0);
});
