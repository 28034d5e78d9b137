/**
 * Every HTML page has its two mirrors, `index.json` and `index.md`, beside it, announced in the
 * page head; the JSON mirror validates against the published mirror schema, the Markdown mirror
 * starts with its frontmatter and a pointer to /llms.txt, and fallback pages say so.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { createAjv } from '../../src/uai/schemaCompiler.ts';
import type { PageMirror } from '../../src/record/pages/pageMirror.ts';
import {
  DIST,
  isFallbackPage,
  ORIGIN,
  shownLocaleOf,
  assertNoProblems,
  attr,
  byTag,
  findAll,
  findFirst,
  htmlPages,
  parseHtmlFile,
  readJson,
  requireDist,
  type HtmlPage,
} from './_support/site.ts';

let pages: HtmlPage[];
before(() => {
  requireDist();
  pages = htmlPages();
});

const mirrorFiles = (page: HtmlPage) => ({
  json: join(DIST, page.url, 'index.json'),
  markdown: join(DIST, page.url, 'index.md'),
});

test('the site has HTML pages in every locale, plus the root', () => {
  assert.ok(
    pages.some((page) => page.url === '/'),
    'dist/index.html (the language chooser) is missing',
  );
  for (const locale of ['en-us', 'es-us', 'fr-fr', 'es-es', 'zh-cn']) {
    assert.ok(
      pages.filter((page) => page.locale === locale).length >= 20,
      `expected at least 20 ${locale} pages, found ${pages.filter((page) => page.locale === locale).length}`,
    );
  }
});

test('every HTML page has index.json and index.md beside it', () => {
  const missing = pages.flatMap((page) => {
    const files = mirrorFiles(page);
    return [files.json, files.markdown].filter((file) => !existsSync(file)).map((file) => file.slice(DIST.length));
  });
  assert.deepEqual(missing, [], `pages without a mirror: ${missing.join(', ')}`);
});

test('every page announces both mirrors with <link rel="alternate" type=…> in its head', () => {
  const problems: string[] = [];
  for (const page of pages) {
    const head = findFirst(parseHtmlFile(page.file), byTag('head'))!;
    const alternates = findAll(
      head,
      (element) =>
        element.tagName === 'link' && attr(element, 'rel') === 'alternate' && attr(element, 'type') !== undefined,
    );
    const hrefOf = (type: string) =>
      alternates
        .filter((link) => attr(link, 'type') === type)
        .map((link) => new URL(attr(link, 'href') ?? '', `${ORIGIN}${page.url}`).pathname);
    const json = hrefOf('application/json');
    const markdown = hrefOf('text/markdown');
    if (json.length !== 1 || json[0] !== `${page.url}index.json`)
      problems.push(
        `${page.url}: application/json alternate is ${JSON.stringify(json)}, expected ["${page.url}index.json"]`,
      );
    if (markdown.length !== 1 || markdown[0] !== `${page.url}index.md`)
      problems.push(
        `${page.url}: text/markdown alternate is ${JSON.stringify(markdown)}, expected ["${page.url}index.md"]`,
      );
  }
  assertNoProblems(problems, 'page mirror announcements');
});

test('every index.json validates against dist/schemas/site/page-mirror.schema.json and describes its own page', () => {
  const validate = createAjv().compile(readJson(join(DIST, 'schemas/site/page-mirror.schema.json')) as object);
  const problems: string[] = [];
  for (const page of pages) {
    const mirror = readJson<PageMirror>(mirrorFiles(page).json);
    if (!validate(mirror)) {
      for (const error of validate.errors ?? [])
        problems.push(`${page.url}index.json ${error.instancePath || '(root)'}: ${error.message}`);
    }
    if (mirror.path !== page.url)
      problems.push(
        `${page.url}index.json /path: ${JSON.stringify(mirror.path)}, expected ${JSON.stringify(page.url)}`,
      );
    if (mirror.url !== `${ORIGIN}${page.url}`)
      problems.push(
        `${page.url}index.json /url: ${JSON.stringify(mirror.url)}, expected ${JSON.stringify(`${ORIGIN}${page.url}`)}`,
      );
  }
  assertNoProblems(problems, 'index.json mirrors');
});

/** Splits `---\n<yaml>\n---\n<rest>`; undefined when the file does not start with frontmatter. */
function frontmatter(markdown: string): { data: Record<string, unknown>; rest: string } | undefined {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(markdown);
  if (!match) return undefined;
  return { data: yaml.load(match[1]) as Record<string, unknown>, rest: markdown.slice(match[0].length) };
}

test('every index.md starts with YAML frontmatter (title, description, url, record_code), then a line pointing to /llms.txt', () => {
  const problems: string[] = [];
  for (const page of pages) {
    const name = `${page.url}index.md`;
    const markdown = readFileSync(mirrorFiles(page).markdown, 'utf8');
    const parts = frontmatter(markdown);
    if (!parts) {
      problems.push(`${name}: does not start with a --- frontmatter block`);
      continue;
    }
    const json = readJson<PageMirror>(mirrorFiles(page).json);
    for (const field of ['title', 'description', 'url', 'record_code']) {
      if (typeof parts.data[field] !== 'string' || parts.data[field] === '')
        problems.push(`${name}: frontmatter field ${field} is missing or empty`);
    }
    if (parts.data.url !== `${ORIGIN}${page.url}`)
      problems.push(`${name}: frontmatter url ${JSON.stringify(parts.data.url)}, expected ${ORIGIN}${page.url}`);
    if (parts.data.record_code !== json.record_code)
      problems.push(
        `${name}: frontmatter record_code ${JSON.stringify(parts.data.record_code)} differs from index.json's ${json.record_code}`,
      );
    const firstLine = parts.rest.split('\n')[0];
    if (!firstLine.includes(`${ORIGIN}/llms.txt`))
      problems.push(
        `${name}: the first line after the frontmatter is ${JSON.stringify(firstLine)}; it must point back to ${ORIGIN}/llms.txt`,
      );
  }
  assertNoProblems(problems, 'index.md mirrors');
});

test('fallback pages (es-es) say fallback: true, the content_locale of the text they show (es-us) and its page as canonical in both mirrors; the others say fallback: false', () => {
  const problems: string[] = [];
  for (const page of pages.filter((candidate) => candidate.locale)) {
    const json = readJson<PageMirror>(mirrorFiles(page).json);
    const md = frontmatter(readFileSync(mirrorFiles(page).markdown, 'utf8'))?.data ?? {};
    const isFallback = isFallbackPage(page.locale, page.path);
    if (json.locale !== page.locale)
      problems.push(`${page.url}index.json /locale: ${json.locale}, expected ${page.locale}`);
    const shown = shownLocaleOf(page.locale, page.path);
    const canonical = `${ORIGIN}/${shown}/${page.path ? `${page.path}/` : ''}`;
    if (json.canonical !== canonical)
      problems.push(`${page.url}index.json /canonical: ${json.canonical}, expected ${canonical}`);
    if (md.canonical !== canonical)
      problems.push(`${page.url}index.md frontmatter canonical: ${String(md.canonical)}, expected ${canonical}`);
    if (isFallback) {
      if (json.fallback !== true) problems.push(`${page.url}index.json /fallback: ${json.fallback}, expected true`);
      if (json.content_locale !== shown)
        problems.push(`${page.url}index.json /content_locale: ${json.content_locale}, expected "${shown}"`);
      if (json.translation_state !== 'fallback')
        problems.push(`${page.url}index.json /translation_state: ${json.translation_state}, expected "fallback"`);
      if (md.content_locale !== shown)
        problems.push(
          `${page.url}index.md frontmatter content_locale: ${String(md.content_locale)}, expected ${shown}`,
        );
    } else {
      if (json.fallback !== false)
        problems.push(
          `${page.url}index.json /fallback: ${json.fallback}, expected false (${page.locale} has translated content)`,
        );
      if (json.content_locale !== page.locale)
        problems.push(`${page.url}index.json /content_locale: ${json.content_locale}, expected ${page.locale}`);
    }
  }
  assertNoProblems(problems, 'fallback flags in the mirrors');
});
