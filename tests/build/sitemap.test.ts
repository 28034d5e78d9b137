/**
 * The sitemap: sitemap-index.xml → sitemap-0.xml lists every page that is its own canonical once
 * (no fallback page, whose canonical is the page whose text it shows; no search page, which is
 * noindex); hreflang alternates name exactly the locales with a real translation (plus x-default)
 * and never a fallback page; entries with a source file carry a lastmod; the pages' own hreflang links say
 * the same as the sitemap.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DIST,
  LANG_OF,
  LOCALE_CODES,
  ORIGIN,
  REPO,
  assertNoProblems,
  attr,
  contentFileOf,
  findAll,
  distFileOf,
  hreflangLinks,
  htmlPages,
  parseHtmlFile,
  requireDist,
  type HtmlPage,
} from './_support/site.ts';

interface SitemapEntry {
  loc: string;
  lastmod?: string;
  alternates: { hreflang: string; href: string }[];
}

const decode = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const attrOf = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decode(match[1]) : undefined;
};

function sitemapFiles(): string[] {
  const index = readFileSync(join(DIST, 'sitemap-index.xml'), 'utf8');
  return [...index.matchAll(/<sitemap>\s*<loc>([^<]+)<\/loc>/g)].map((match) => decode(match[1]));
}

let entries: SitemapEntry[];
let pages: HtmlPage[];

before(() => {
  requireDist();
  pages = htmlPages();
  entries = sitemapFiles().flatMap((url) => {
    const xml = readFileSync(distFileOf(url), 'utf8');
    return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
      loc: decode(/<loc>([^<]+)<\/loc>/.exec(body)?.[1] ?? ''),
      lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(body)?.[1],
      alternates: [...body.matchAll(/<xhtml:link\b[^>]*\/?>/g)]
        .filter(([tag]) => attrOf(tag, 'rel') === 'alternate')
        .map(([tag]) => ({ hreflang: attrOf(tag, 'hreflang') ?? '', href: attrOf(tag, 'href') ?? '' })),
    }));
  });
});

// Search pages are not records, and the root is a language chooser whose canonical is /en-us/.
const isSearch = (page: HtmlPage) => /\/search\/$/.test(page.url) || page.url === '/' || page.url.endsWith('uaix.org/');
const sortLinks = (links: { hreflang: string; href: string }[]) =>
  [...links].sort((a, b) => `${a.hreflang} ${a.href}`.localeCompare(`${b.hreflang} ${b.href}`));

/** What a page's hreflang set must be: its real translations plus x-default, or nothing for a fallback or the root. */
function expectedAlternates(page: HtmlPage): { hreflang: string; href: string }[] {
  if (!page.locale || !contentFileOf(page.locale, page.path)) return [];
  const url = (locale: string) => `${ORIGIN}/${locale}/${page.path ? `${page.path}/` : ''}`;
  const translated = LOCALE_CODES.filter((locale) => contentFileOf(locale, page.path));
  return [
    ...translated.map((locale) => ({ hreflang: LANG_OF[locale], href: url(locale) })),
    { hreflang: 'x-default', href: url('en-us') },
  ];
}

test('sitemap-index.xml points at sitemap files that exist', () => {
  const files = sitemapFiles();
  assert.ok(files.length >= 1, 'sitemap-index.xml lists no sitemap');
  for (const url of files)
    assert.ok(existsSync(distFileOf(url)), `sitemap-index.xml lists ${url}, which is not in dist`);
  assert.ok(
    files.some((url) => url === `${ORIGIN}/sitemap-0.xml`),
    `expected ${ORIGIN}/sitemap-0.xml in ${JSON.stringify(files)}`,
  );
});

/** The canonical URL a page's head names, resolved against the page. */
function canonicalOf(page: HtmlPage): string | undefined {
  const link = findAll(
    parseHtmlFile(page.file),
    (element) => element.tagName === 'link' && attr(element, 'rel') === 'canonical',
  )[0];
  const href = link && attr(link, 'href');
  return href ? new URL(href, `${ORIGIN}${page.url}`).href : undefined;
}

test('the sitemap lists exactly the pages that are their own canonical, each once: no fallback page, no search page', () => {
  const counts = new Map<string, number>();
  for (const entry of entries) counts.set(entry.loc, (counts.get(entry.loc) ?? 0) + 1);
  const problems: string[] = [];
  let fallbacks = 0;
  for (const page of pages) {
    const loc = `${ORIGIN}${page.url}`;
    const count = counts.get(loc) ?? 0;
    const canonical = canonicalOf(page);
    if (canonical !== loc) fallbacks += page.locale ? 1 : 0;
    if (isSearch(page) && count) problems.push(`${loc}: a search page is listed`);
    else if (canonical !== loc && count) problems.push(`${loc}: listed, but its canonical is ${canonical ?? '(none)'}`);
    else if (!isSearch(page) && canonical === loc && count !== 1)
      problems.push(`${loc}: its own canonical, listed ${count} times, expected once`);
  }
  const pageUrls = new Set(pages.map((page) => `${ORIGIN}${page.url}`));
  for (const loc of counts.keys())
    if (!pageUrls.has(loc)) problems.push(`${loc}: listed, but there is no such HTML page in dist`);
  assert.ok(fallbacks >= 30, `expected the es-es fallback pages to name another page as canonical, found ${fallbacks}`);
  assertNoProblems(problems, 'sitemap <loc> entries vs canonical URLs');
});

test('every search page is noindex; no record page is', () => {
  const problems: string[] = [];
  const searches = pages.filter((page) => /\/search\/$/.test(page.url));
  assert.equal(searches.length, LOCALE_CODES.length, 'one search page per locale');
  for (const page of searches) {
    const robots = findAll(
      parseHtmlFile(page.file),
      (element) => element.tagName === 'meta' && attr(element, 'name') === 'robots',
    )[0];
    if (!robots || !/\bnoindex\b/.test(attr(robots, 'content') ?? ''))
      problems.push(`${page.url}: no <meta name="robots" content="noindex">`);
  }
  for (const page of pages.filter((candidate) => !/\/search\/$/.test(candidate.url) && candidate.locale)) {
    const robots = findAll(
      parseHtmlFile(page.file),
      (element) => element.tagName === 'meta' && attr(element, 'name') === 'robots',
    )[0];
    if (robots)
      problems.push(`${page.url}: a record page carries <meta name="robots" content="${attr(robots, 'content')}">`);
  }
  assertNoProblems(problems, 'robots meta');
});

test('translated pages carry hreflang alternates for exactly their real translations plus x-default; fallback pages carry none', () => {
  const problems: string[] = [];
  let fallbackChecked = 0;
  // Fallback pages are not in the sitemap: their heads must announce no alternates either.
  for (const page of pages.filter(
    (candidate) => candidate.locale && !isSearch(candidate) && !contentFileOf(candidate.locale, candidate.path),
  )) {
    fallbackChecked++;
    const links = hreflangLinks(parseHtmlFile(page.file));
    if (links.length)
      problems.push(`${page.url}: a fallback page announces hreflang ${links.map((link) => link.hreflang).join(', ')}`);
  }
  const byLoc = new Map(entries.map((entry) => [entry.loc, entry]));
  let translatedChecked = 0;
  for (const page of pages.filter((candidate) => !isSearch(candidate))) {
    const entry = byLoc.get(`${ORIGIN}${page.url}`);
    if (!entry) continue;
    const expected = expectedAlternates(page);
    if (expected.length) translatedChecked++;
    if (JSON.stringify(sortLinks(entry.alternates)) !== JSON.stringify(sortLinks(expected))) {
      problems.push(
        `${entry.loc}: hreflang ${entry.alternates.map((link) => link.hreflang).join(', ') || '(none)'}, expected ${expected.map((link) => link.hreflang).join(', ') || '(none: no translation in this locale)'}`,
      );
    }
    for (const link of entry.alternates) {
      const target = new URL(link.href).pathname;
      const locale = target.split('/')[1];
      if (!contentFileOf(locale, target.split('/').slice(2, -1).join('/')))
        problems.push(
          `${entry.loc}: alternate ${link.hreflang} → ${link.href} claims a translation that does not exist`,
        );
    }
  }
  assert.ok(
    translatedChecked >= 60,
    `expected translated pages in en-us, es-us and fr-fr, checked ${translatedChecked}`,
  );
  assert.ok(fallbackChecked >= 30, `expected es-es fallback pages, checked ${fallbackChecked}`);
  assertNoProblems(problems, 'sitemap hreflang alternates');
});

test('every sitemap entry whose page has a source file has a lastmod (W3C date)', () => {
  const problems: string[] = [];
  for (const entry of entries) {
    const path = new URL(entry.loc).pathname;
    const match = /^\/([a-z]{2}-[a-z]{2})\/(.*?)\/?$/.exec(path);
    const hasSource = match ? contentFileOf('en-us', match[2]) !== undefined : false;
    if (hasSource && !entry.lastmod)
      problems.push(
        `${entry.loc}: no lastmod (its source is ${contentFileOf('en-us', match![2])!.slice(REPO.length + 1)})`,
      );
    if (entry.lastmod && !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(entry.lastmod))
      problems.push(`${entry.loc}: lastmod ${entry.lastmod} is not a W3C date`);
  }
  assertNoProblems(problems, 'sitemap lastmod');
});

test('each page\'s <link rel="alternate" hreflang> tags agree with its sitemap entry', () => {
  const byLoc = new Map(entries.map((entry) => [entry.loc, entry]));
  const problems: string[] = [];
  for (const page of pages.filter((candidate) => !isSearch(candidate))) {
    const entry = byLoc.get(`${ORIGIN}${page.url}`);
    if (!entry) continue;
    const inHtml = sortLinks(
      hreflangLinks(parseHtmlFile(page.file)).map((link) => ({
        hreflang: link.hreflang,
        href: new URL(link.href, `${ORIGIN}${page.url}`).href,
      })),
    );
    const inSitemap = sortLinks(entry.alternates);
    if (JSON.stringify(inHtml) !== JSON.stringify(inSitemap)) {
      problems.push(
        `${page.url}: the page head says hreflang ${inHtml.map((link) => link.hreflang).join(', ') || '(none)'}, the sitemap ${inSitemap.map((link) => link.hreflang).join(', ') || '(none)'}`,
      );
    }
  }
  assertNoProblems(problems, 'HTML hreflang links vs the sitemap');
});
