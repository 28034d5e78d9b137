import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPageIndex, type Collection, type ContentEntry } from '../../../src/record/pages/pageIndex.ts';
import {
  SIDEBAR_PAGE_LIMIT,
  breadcrumbsOf,
  previousAndNext,
  readingOrder,
  sidebarOf,
} from '../../../src/record/pages/navigation.ts';

let codes = 0;
function entry(
  path: string,
  order: number,
  collection: Collection = path.startsWith('guides/') ? 'guides' : path.startsWith('registry/') ? 'registry' : 'pages',
): ContentEntry {
  return {
    collection,
    locale: 'en-us',
    path,
    file: `content/${collection}/en-us/${path || 'index'}.md`,
    fileDigest: `sha256:${'1'.repeat(64)}`,
    data: { code: `UAIX-DOC-${String(++codes).padStart(4, '0')}`, title: path || 'home', description: 'd', order },
  };
}

const SMALL = [
  entry('', 0),
  entry('registry', 2),
  entry('registry/b', 2),
  entry('registry/a', 1),
  entry('guides', 3),
  entry('get-started', 8),
  entry('guides/swarm', 20),
  entry('about', 12),
  entry('roadmap', 9),
  entry('spec/agent-fallbacks', 30),
  entry('specification/uai-1', 1),
  entry('governance/changelog', 10),
];

test('one reading order through every page of a locale: sections in surface order, each index page first', () => {
  const index = buildPageIndex(SMALL);
  assert.deepEqual(index.problems, []);
  const order = readingOrder(index, 'fr-fr').map((page) => page.path);
  assert.deepEqual(order, [
    '',
    'specification/uai-1',
    'spec/agent-fallbacks',
    'registry',
    'registry/a',
    'registry/b',
    'guides',
    'get-started',
    'guides/swarm',
    'about',
    'roadmap',
    'governance/changelog',
  ]);
  assert.equal(new Set(order).size, SMALL.length, 'every page exactly once');
  // Previous/next follow it across sections and collections: the guide is not a dead end.
  const swarm = index.byUrl.get('/fr-fr/guides/swarm/')!;
  assert.equal(previousAndNext(index, swarm).previous?.path, 'get-started');
  assert.equal(previousAndNext(index, swarm).next?.path, 'about');
  assert.equal(previousAndNext(index, index.byUrl.get('/fr-fr/')!).previous, undefined);
  assert.equal(previousAndNext(index, index.byUrl.get('/fr-fr/governance/changelog/')!).next, undefined);
});

test('breadcrumbs: home, the section index when it is a parent, the page (no crumb twice)', () => {
  const index = buildPageIndex(SMALL);
  const crumbs = (url: string) => breadcrumbsOf(index, index.byUrl.get(url)!).map((page) => page.url);
  assert.deepEqual(crumbs('/es-us/registry/a/'), ['/es-us/', '/es-us/registry/', '/es-us/registry/a/']);
  // A section index that is one page among others (specification/uai-1) is not their parent.
  assert.deepEqual(crumbs('/es-us/spec/agent-fallbacks/'), ['/es-us/', '/es-us/spec/agent-fallbacks/']);
  assert.deepEqual(crumbs('/es-us/registry/'), ['/es-us/', '/es-us/registry/']);
  assert.deepEqual(crumbs('/es-us/'), ['/es-us/']);
  // Search is in the tools section, but not under the validator, the section's index.
  const withTools = buildPageIndex([...SMALL, entry('tools/validator', 6), entry('search', 13)]);
  const toolsTrail = breadcrumbsOf(withTools, withTools.byUrl.get('/en-us/search/')!).map((page) => page.url);
  assert.deepEqual(toolsTrail, ['/en-us/', '/en-us/search/']);
});

test('the sidebar lists every section, marks the current one and its pages', () => {
  const index = buildPageIndex(SMALL);
  const sidebar = sidebarOf(index, index.byUrl.get('/en-us/registry/b/')!);
  assert.deepEqual(
    sidebar.map((section) => section.surface),
    ['home', 'specification', 'registry', 'guides', 'about', 'governance'],
  );
  const registry = sidebar.find((section) => section.open)!;
  assert.equal(registry.surface, 'registry');
  assert.equal(registry.url, '/en-us/registry/');
  assert.equal(registry.current, false);
  assert.deepEqual(
    registry.pages.map((item) => [item.page.path, item.current]),
    [
      ['registry/a', false],
      ['registry/b', true],
    ],
  );
  assert.ok(
    sidebar.filter((section) => !section.open).every((section) => section.pages.length === 0 && !section.current),
  );
});

test('the sidebar does not grow with the record: at most SIDEBAR_PAGE_LIMIT pages around the current one, the rest counted', () => {
  const many = [
    entry('', 0),
    entry('registry', 0),
    ...Array.from({ length: 400 }, (_, n) => entry(`registry/p${String(n).padStart(3, '0')}`, n + 1)),
  ];
  const index = buildPageIndex(many);
  const sizeOf = (url: string) => {
    const sidebar = sidebarOf(index, index.byUrl.get(url)!);
    return { sidebar, registry: sidebar.find((section) => section.surface === 'registry')! };
  };
  const middle = sizeOf('/en-us/registry/p200/').registry;
  assert.equal(middle.pages.length, SIDEBAR_PAGE_LIMIT);
  assert.equal(middle.omitted, 400 - SIDEBAR_PAGE_LIMIT);
  const paths = middle.pages.map((item) => item.page.path);
  assert.ok(
    paths.includes('registry/p200') && paths.includes('registry/p196') && paths.includes('registry/p204'),
    `window ${paths.join(', ')}`,
  );
  assert.deepEqual(
    sizeOf('/en-us/registry/p000/').registry.pages[0].page.path,
    'registry/p000',
    'the window starts at the first page',
  );
  assert.deepEqual(
    sizeOf('/en-us/registry/p399/').registry.pages.at(-1)?.page.path,
    'registry/p399',
    'and ends at the last',
  );
  const fromIndex = sizeOf('/en-us/registry/').registry;
  assert.equal(fromIndex.current, true);
  assert.equal(fromIndex.pages.length, SIDEBAR_PAGE_LIMIT);
  // Other sections list no pages at all, however large they are.
  assert.equal(sizeOf('/en-us/').registry.pages.length, 0);
});
