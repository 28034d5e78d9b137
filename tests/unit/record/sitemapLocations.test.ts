/**
 * Issue 41: the sitemap is read with an XML parser. Entities and character references decode as XML
 * defines them, CDATA and whitespace are read as text, a `loc` outside the sitemap vocabulary is not
 * a location, and XML that does not parse (or carries a DOCTYPE) is an error, never a partial list.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SITEMAP_NAMESPACE, SitemapError, sitemapLocations } from '../../../src/record/machine/sitemapLocations.ts';

const urlset = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="${SITEMAP_NAMESPACE}">${body}</urlset>`;

test('a sitemap index and a sitemap: the loc of each entry, in order', () => {
  assert.deepEqual(
    sitemapLocations(
      `<sitemapindex xmlns="${SITEMAP_NAMESPACE}"><sitemap><loc>https://uaix.org/sitemap-0.xml</loc></sitemap></sitemapindex>`,
    ),
    ['https://uaix.org/sitemap-0.xml'],
  );
  assert.deepEqual(
    sitemapLocations(
      urlset(
        '<url><loc>https://uaix.org/a/</loc><lastmod>2026-01-01</lastmod></url><url><loc>https://uaix.org/b/</loc></url>',
      ),
    ),
    ['https://uaix.org/a/', 'https://uaix.org/b/'],
  );
});

test('entities, character references, CDATA and surrounding whitespace read as XML says', () => {
  assert.deepEqual(
    sitemapLocations(
      urlset(
        [
          '<url><loc>https://uaix.org/?a=1&amp;b=2</loc></url>',
          '<url><loc>https://uaix.org/&#x7A;h&#110;/</loc></url>',
          '<url><loc><![CDATA[https://uaix.org/?c=3&d=4]]></loc></url>',
          '<url><loc>\n  https://uaix.org/&quot;q&apos;/\n</loc></url>',
        ].join(''),
      ),
    ),
    ['https://uaix.org/?a=1&b=2', 'https://uaix.org/zhn/', 'https://uaix.org/?c=3&d=4', `https://uaix.org/"q'/`],
  );
});

test('a prefixed sitemap namespace counts; a loc of another vocabulary or outside an entry does not', () => {
  assert.deepEqual(
    sitemapLocations(
      `<s:urlset xmlns:s="${SITEMAP_NAMESPACE}" xmlns:x="urn:other"><s:url><s:loc>https://uaix.org/a/</s:loc>` +
        '<x:loc>https://elsewhere.example/</x:loc></s:url><s:loc>https://uaix.org/stray/</s:loc></s:urlset>',
    ),
    ['https://uaix.org/a/'],
  );
  assert.deepEqual(sitemapLocations('<urlset><url><loc>https://uaix.org/a/</loc></url></urlset>'), []);
});

test('XML that does not parse, an undefined entity or a DOCTYPE: a SitemapError', () => {
  for (const xml of [
    urlset('<url><loc>https://uaix.org/a/</url>'),
    urlset('<url><loc>https://uaix.org/&nbsp;/</loc></url>'),
    `<!DOCTYPE urlset [<!ENTITY e "https://evil.example/">]>${urlset('<url><loc>&e;</loc></url>')}`,
    '',
  ])
    assert.throws(() => sitemapLocations(xml), SitemapError, xml);
});
