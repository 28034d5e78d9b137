import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  editionPageEntries,
  editionRecordCode,
  type UiStringsFile,
} from '../../../src/record/editions/editionPages.ts';
import { editionIndex } from '../../../src/record/editions/editions.ts';
import {
  buildPageIndex,
  canonicalUrlOf,
  hreflangAlternates,
  inSitemap,
  type ContentEntry,
} from '../../../src/record/pages/pageIndex.ts';
import { recordFrontmatter } from '../../../src/record/content/contentSchemas.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

const digest = (n: number) => `sha256:${String(n).repeat(64).slice(0, 64)}`;
const released = (id: string, previous: string | null, n: number) => ({
  index: editionIndex({ id, previous, standardVersion: '1.0' }, new Map(), []),
  indexDigest: digest(n),
});
const EDITIONS = [released('2026-12-01', null, 1), released('2026-12-02', '2026-12-01', 2)];

const strings = (locale: string, title: string, withDescription = true): UiStringsFile => ({
  locale,
  file: `content/i18n/${locale}.json`,
  data: {
    'site.name': 'UAIX.org',
    'edition.title': title,
    ...(withDescription ? { 'edition.description': `${title}: UAI-1 {version}` } : {}),
  },
});
const UI = [
  strings('en-us', 'Edition {id}'),
  strings('es-us', 'Edición {id}'),
  strings('fr-fr', 'Édition {id}', false),
  strings('es-es', 'Edición {id}'),
  strings('zh-cn', '版次 {id}'),
];

test('each edition page has its own record code, from its place in the chain, the same in every locale', () => {
  assert.equal(editionRecordCode(1), 'UAIX-EDIT-0001');
  assert.equal(editionRecordCode(12), 'UAIX-EDIT-0012');
  const entries = editionPageEntries(EDITIONS, UI);
  const codes = new Map(entries.map((entry) => [entry.path, new Set<string>()]));
  for (const entry of entries) codes.get(entry.path)!.add(entry.data.code);
  assert.deepEqual(
    [...codes].map(([path, set]) => [path, [...set]]),
    [
      ['editions/2026-12-01', ['UAIX-EDIT-0001']],
      ['editions/2026-12-02', ['UAIX-EDIT-0002']],
    ],
  );
});

test('an edition page is translated where the locale translates content and has every edition string', () => {
  const entries = editionPageEntries(EDITIONS, UI).filter((entry) => entry.path === 'editions/2026-12-02');
  // fr-fr lacks a string, es-es does not translate content.
  assert.deepEqual(
    entries.map((entry) => [entry.locale, entry.file, entry.data.title, entry.data.description]),
    [
      ['en-us', 'editions/2026-12-02/edition.json', 'Edition 2026-12-02', 'Edition 2026-12-02: UAI-1 1.0'],
      ['es-us', 'content/i18n/es-us.json', 'Edición 2026-12-02', 'Edición 2026-12-02: UAI-1 1.0'],
      ['zh-cn', 'content/i18n/zh-cn.json', '版次 2026-12-02', '版次 2026-12-02: UAI-1 1.0'],
    ],
  );
  assert.equal(entries[1].data.source_digest, entries[0].fileDigest);
});

test('in the page index, edition pages fall back along the locale table, with canonicals and hreflang to match', () => {
  const index = buildPageIndex(editionPageEntries(EDITIONS, UI));
  assert.deepEqual(index.problems, []);
  const variants = index.variants('editions/2026-12-01');
  assert.deepEqual(
    variants.map((page) => [page.url, page.state, page.entry.locale, page.collection, page.code]),
    [
      ['/en-us/editions/2026-12-01/', 'source', 'en-us', 'editions', 'UAIX-EDIT-0001'],
      ['/es-us/editions/2026-12-01/', 'translated', 'es-us', 'editions', 'UAIX-EDIT-0001'],
      ['/fr-fr/editions/2026-12-01/', 'fallback', 'en-us', 'editions', 'UAIX-EDIT-0001'],
      ['/es-es/editions/2026-12-01/', 'fallback', 'es-us', 'editions', 'UAIX-EDIT-0001'],
      ['/zh-cn/editions/2026-12-01/', 'translated', 'zh-cn', 'editions', 'UAIX-EDIT-0001'],
    ],
  );
  const esEs = index.byUrl.get('/es-es/editions/2026-12-01/')!;
  assert.equal(canonicalUrlOf(esEs), 'https://uaix.org/es-us/editions/2026-12-01/');
  assert.equal(inSitemap(esEs), false);
  assert.deepEqual(
    hreflangAlternates(index.byUrl.get('/es-us/editions/2026-12-01/')!).map((alternate) => alternate.hreflang),
    ['en-US', 'es-US', 'zh-CN', 'x-default'],
  );
});

test('no content file may take an edition page code, and the index refuses a code two records share', () => {
  assert.equal(
    recordFrontmatter.safeParse({ code: 'UAIX-EDIT-0001', title: 't', description: 'd', order: 0 }).success,
    false,
  );
  const clash: ContentEntry = {
    collection: 'pages',
    locale: 'en-us',
    path: 'about',
    file: 'content/pages/en-us/about.md',
    fileDigest: digest(3),
    data: { code: 'UAIX-EDIT-0001', title: 'About', description: 'd', order: 0 },
  };
  const index = buildPageIndex([clash, ...editionPageEntries(EDITIONS, UI)]);
  assert.ok(
    index.problems.some((problem) => problem.message.includes('record code UAIX-EDIT-0001 is already used by')),
    index.problems.map(formatProblem).join('\n'),
  );
});
