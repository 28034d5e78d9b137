import { test } from 'node:test';
import assert from 'node:assert/strict';
import { foundPage } from '../../../src/site/pagefindSearch.ts';
import { resultHtml } from '../../../src/site/searchPage.ts';

const page = {
  url: '/fr-fr/guides/project-handoff/',
  excerpt: 'Transfert d’ un projet. Comment <mark>transférer</mark>',
  meta: { title: 'Transfert d’ un projet' },
  sub_results: [
    { url: '/fr-fr/guides/project-handoff/', title: 'Transfert d’ un projet', excerpt: 'en tête' },
    { url: '/fr-fr/guides/project-handoff/#paquet', title: 'Le paquet d’ envoi', excerpt: 'le <mark>paquet</mark>' },
    {
      url: '/fr-fr/guides/project-handoff/#double',
      title: 'Double',
      excerpt: 'Transfert d’ un projet. Comment <mark>transférer</mark>',
    },
  ],
};

test('a found page reads as the page does: elisions closed up in its title, snippet and sections', () => {
  const found = foundPage(page);
  assert.equal(found.title, 'Transfert d’un projet');
  assert.equal(found.excerpt, 'Transfert d’un projet. Comment <mark>transférer</mark>');
  assert.deepEqual(found.sections, [
    { url: '/fr-fr/guides/project-handoff/#paquet', title: 'Le paquet d’envoi', excerpt: 'le <mark>paquet</mark>' },
  ]);
});

test('a found page lists neither itself nor a section whose snippet is its own among its sections', () => {
  const urls = foundPage(page).sections.map((section) => section.url);
  assert.ok(!urls.includes(page.url));
  assert.ok(!urls.includes('/fr-fr/guides/project-handoff/#double'));
  assert.equal(foundPage({ ...page, sub_results: undefined }).sections.length, 0);
  assert.equal(foundPage({ ...page, meta: {} }).title, page.url, 'a page without a title is named by its address');
});

test('a result escapes titles and addresses, keeps the snippet’s marks and shows at most three sections', () => {
  const sections = Array.from({ length: 5 }, (_, at) => ({ url: `/p/#s${at}`, title: `S${at}`, excerpt: `x${at}` }));
  const html = resultHtml({ url: '/p/?a=1&b="2"', title: '<script>', excerpt: 'a <mark>b</mark>', sections });
  assert.match(html, /href="\/p\/\?a=1&amp;b=&quot;2&quot;"/);
  assert.match(html, />&lt;script&gt;</);
  assert.match(html, /<p>a <mark>b<\/mark><\/p>/);
  assert.equal(html.match(/<li>/g)?.length, 3);
  assert.ok(!resultHtml({ ...{ url: '/p/', title: 'P', excerpt: 'e' }, sections: [] }).includes('<ul'));
});
