/**
 * The site as a URL-only client reads it: plain GET, no JavaScript, no POST. From `/`, from
 * `/llms.txt` and from `/sitemap-index.xml`, every link and #anchor resolves in every locale, every
 * page is reachable by links, every page's main content is in its HTML (and in its index.json),
 * the sitemap lists only canonical pages, every file the manifest lists answers with the bytes its
 * sha256 names, and every machine-readable file answers with CORS and a revalidating cache.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { crawl, isHtml, reachableFrom, sitemapLocs, type CrawlResult } from '../support/crawl.ts';
import { checkMainContent } from '../support/mainContent.ts';
import { startStaticServer, type StaticServer } from '../support/staticServer.ts';
import { DIST, SITE_ORIGIN, assertBuilt, htmlPagePaths } from '../support/paths.ts';

const LOCALES = ['en-us', 'es-us', 'fr-fr', 'es-es', 'zh-cn'];

let server: StaticServer;
let result: CrawlResult;
let pages: string[];

before(async () => {
  assertBuilt();
  pages = htmlPagePaths();
  server = await startStaticServer(DIST);
  result = await crawl({
    origin: server.origin,
    seeds: ['/', '/llms.txt', '/sitemap-index.xml'],
    aliases: [SITE_ORIGIN],
  });
});

after(async () => {
  await server?.close();
});

const list = (lines: string[]) => (lines.length ? `\n  ${lines.join('\n  ')}` : '');

test('no broken link or #anchor, from /, /llms.txt and the sitemap, in every locale', () => {
  assert.deepEqual(result.problems, [], `broken links or anchors:${list(result.problems)}`);
  for (const locale of LOCALES) {
    const crawled = [...result.resources.values()].filter(
      (resource) => resource.path.startsWith(`/${locale}/`) && isHtml(resource),
    );
    assert.ok(crawled.length >= 20, `only ${crawled.length} ${locale} pages were crawled`);
  }
  const anchors = result.edges.filter((edge) => edge.fragment).length;
  assert.ok(anchors > 100, `only ${anchors} #anchor links were checked`);
});

test('every HTML page of dist/ is reachable from / by following <a href> links, and nothing else is HTML', () => {
  const reachable = reachableFrom(result, '/', ['a[href]']);
  const unreachable = pages.filter((page) => !reachable.has(page));
  assert.deepEqual(unreachable, [], `pages no link leads to:${list(unreachable)}`);
  const crawledPages = [...result.resources.values()].filter(isHtml).map((resource) => resource.path);
  const extra = crawledPages.filter((path) => !pages.includes(path));
  assert.deepEqual(extra, [], `HTML answered at URLs that are not pages of dist/:${list(extra)}`);
});

test('llms.txt: every link answers 200', () => {
  const links = result.edges.filter((edge) => edge.from === '/llms.txt');
  assert.ok(links.length >= 20, `llms.txt has only ${links.length} links`);
  const bad = links.filter((edge) => result.resources.get(edge.to)?.status !== 200).map((edge) => edge.href);
  assert.deepEqual(bad, []);
});

test('sitemap: sitemap-index.xml → sitemap-0.xml; every listed page answers HTML, is its own canonical and is reachable from /', () => {
  const index = result.resources.get('/sitemap-index.xml');
  assert.equal(index?.status, 200);
  const sitemaps = sitemapLocs(index!.body!);
  assert.ok(
    sitemaps.some((loc) => loc.endsWith('/sitemap-0.xml')),
    `sitemap index lists ${sitemaps.join(', ')}`,
  );
  const reachable = reachableFrom(result, '/', ['a[href]']);
  const listed: string[] = [];
  for (const loc of sitemaps) {
    const sitemap = result.resources.get(new URL(loc).pathname);
    assert.equal(sitemap?.status, 200, `${loc} does not answer`);
    listed.push(...sitemapLocs(sitemap!.body!));
  }
  assert.ok(listed.length >= 60, `the sitemaps list only ${listed.length} pages`);
  const problems: string[] = [];
  for (const loc of listed) {
    const path = new URL(loc).pathname;
    if (!loc.startsWith(`${SITE_ORIGIN}/`)) problems.push(`${loc}: not on ${SITE_ORIGIN}`);
    const resource = result.resources.get(path);
    if (!isHtml(resource)) problems.push(`${loc}: does not answer 200 text/html`);
    const canonical = /<link rel="canonical" href="([^"]*)"/.exec(resource?.body ?? '')?.[1];
    if (canonical !== loc)
      problems.push(`${loc}: listed in the sitemap, but its canonical is ${canonical ?? '(none)'}`);
    if (!reachable.has(path)) problems.push(`${loc}: listed in the sitemap but no link from / leads to it`);
  }
  assert.deepEqual(problems, []);
});

test('every page has its main content in the served HTML, and index.json text is that content', () => {
  const problems: string[] = [];
  let checked = 0;
  for (const resource of result.resources.values()) {
    if (!isHtml(resource)) continue;
    const mirror = result.resources.get(`${resource.path}index.json`);
    if (mirror?.status !== 200 || !mirror.body) {
      problems.push(`${resource.path}: no index.json mirror answers`);
      continue;
    }
    const mirrorText = (JSON.parse(mirror.body) as { text?: unknown }).text;
    if (typeof mirrorText !== 'string') problems.push(`${resource.path}index.json: no text field`);
    problems.push(
      ...checkMainContent(resource.body!, {
        page: resource.path,
        mirrorText: typeof mirrorText === 'string' ? mirrorText : undefined,
      }).problems,
    );
    checked += 1;
  }
  assert.equal(checked, pages.length, 'every page of dist/ was checked');
  assert.deepEqual(problems, [], `pages whose content needs JavaScript or whose mirror differs:${list(problems)}`);
});

test('/.well-known/uaix.json: every https://uaix.org/ URL answers 200, and every files[].sha256 matches the bytes served', async () => {
  const response = await fetch(server.url('/.well-known/uaix.json'));
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const text = await response.text();
  const manifest = JSON.parse(text) as {
    files: { url: string; sha256: string; media_type?: string; served?: false }[];
  };
  const notServed = new Set(manifest.files.filter((file) => file.served === false).map((file) => file.url));
  const urls = [...new Set(text.match(/https:\/\/uaix\.org\/[^"\s]*/g) ?? [])].filter(
    (url) => !url.includes('{') && !notServed.has(url),
  );
  assert.ok(urls.length >= 50, `the manifest names only ${urls.length} URLs`);
  const problems: string[] = [];
  for (const url of urls) {
    const local = new URL(url);
    const answer = await fetch(server.url(`${local.pathname}${local.search}`), { redirect: 'manual' });
    const body = await answer.text();
    if (answer.status !== 200) {
      problems.push(`${url}: ${answer.status}`);
      continue;
    }
    if (
      local.hash &&
      /^text\/html/.test(answer.headers.get('content-type') ?? '') &&
      !body.includes(`id="${decodeURIComponent(local.hash.slice(1))}"`)
    ) {
      problems.push(`${url}: the page has no element with id "${local.hash.slice(1)}"`);
    }
  }
  assert.ok(manifest.files.length >= 50, `files lists only ${manifest.files.length} entries`);
  for (const file of manifest.files) {
    const answer = await fetch(server.url(new URL(file.url).pathname));
    const bytes = Buffer.from(await answer.arrayBuffer());
    // Host configuration (_headers) is listed for completeness but never served.
    if (file.served === false) {
      if (answer.status !== 404) problems.push(`${file.url}: marked served: false, but answers ${answer.status}`);
      continue;
    }
    if (answer.status !== 200) {
      problems.push(`${file.url}: ${answer.status}`);
      continue;
    }
    const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    if (digest !== file.sha256) problems.push(`${file.url}: manifest says ${file.sha256}, served bytes are ${digest}`);
    const served = (answer.headers.get('content-type') ?? '').split(';')[0].trim();
    if (file.media_type && served !== file.media_type)
      problems.push(`${file.url}: manifest media_type ${file.media_type}, served as ${served}`);
  }
  assert.deepEqual(problems, []);
});

test('every machine-readable file answers with Access-Control-Allow-Origin: * and a Cache-Control that revalidates (immutable under /editions/); a missing schema is not cached', async () => {
  const manifest = JSON.parse(await (await fetch(server.url('/.well-known/uaix.json'))).text()) as {
    files: { url: string; media_type: string; served?: false }[];
  };
  // Everything but pages, assets and the search index's own files.
  const machine = [
    '/.well-known/uaix.json',
    ...manifest.files
      .filter(
        (file) =>
          file.served !== false &&
          !/^text\/html$|^text\/css$|^text\/javascript$|^image\/|octet-stream/.test(file.media_type),
      )
      .map((file) => new URL(file.url).pathname),
  ].filter((path) => !path.startsWith('/pagefind/'));
  for (const path of [
    '/index.json',
    '/llms.txt',
    '/llms-full.txt',
    '/sitemap-index.xml',
    '/uai-1-field-registry.json',
    '/schemas/uai-1/envelope.schema.json',
    '/es-es/index.md',
  ]) {
    assert.ok(machine.includes(path), `${path} is among the machine-readable files checked`);
  }
  const revalidates = (value: string | null) =>
    value !== null &&
    (/\bno-cache\b/.test(value) || (/\bmust-revalidate\b/.test(value) && /\bmax-age=0\b/.test(value)));
  // A released edition never changes: its files are the one place served immutable.
  const immutable = (value: string | null) => value !== null && /\bimmutable\b/.test(value);
  const problems: string[] = [];
  for (const path of machine) {
    const answer = await fetch(server.url(path), { method: 'HEAD' });
    if (answer.status !== 200) problems.push(`${path}: ${answer.status}`);
    if (answer.headers.get('access-control-allow-origin') !== '*')
      problems.push(
        `${path}: Access-Control-Allow-Origin ${answer.headers.get('access-control-allow-origin') ?? '(none)'}`,
      );
    const cacheControl = answer.headers.get('cache-control');
    // An edition's folder is immutable; its bundle beside it is made by the build (zlib) and revalidated.
    const frozen = path.startsWith('/editions/') && !path.endsWith('.tar.gz');
    if (frozen ? !immutable(cacheControl) : !revalidates(cacheControl))
      problems.push(`${path}: Cache-Control ${cacheControl ?? '(none)'}`);
  }
  const missing = await fetch(server.url('/schemas/uai-1/no-such.schema.json'));
  assert.equal(missing.status, 404);
  if (!revalidates(missing.headers.get('cache-control')))
    problems.push(
      `a 404 under /schemas/: Cache-Control ${missing.headers.get('cache-control') ?? '(none: heuristically cacheable)'}`,
    );
  assert.ok(machine.length > 300, `${machine.length} machine-readable files`);
  assert.deepEqual(problems, [], `machine-readable files without CORS or with long caching:${list(problems)}`);
});
