/**
 * The page shell over every built page: one previous/next chain through every page of a locale,
 * a sidebar of bounded size that marks the page, "On this page" naming every h2 of the body, no
 * two sections with the same heading, the report link and the #report section of the review and
 * about pages as the record's report channel allows, and no literal Markdown in the error catalogue.
 */
import { test } from 'node:test';
import { join } from 'node:path';
import {
  LOCALE_CODES,
  ORIGIN,
  REPO,
  readJson,
  assertNoProblems,
  attr,
  byId,
  byTag,
  findAll,
  findFirst,
  hasClass,
  htmlPages,
  mainOf,
  metaContent,
  parseHtmlFile,
  pageAt,
  text,
  type HtmlPage,
} from './_support/site.ts';
import { SIDEBAR_PAGE_LIMIT } from '../../src/record/pages/navigation.ts';
import { SURFACES } from '../../src/record/pages/surfaces.ts';
import type { Element, Root } from '../support/html.ts';

const recordPages = (): HtmlPage[] => htmlPages().filter((page) => page.locale);
const link = (tree: Root, rel: string) =>
  findFirst(tree, (element) => element.tagName === 'a' && attr(element, 'rel') === rel);
const article = (tree: Root): Element | undefined =>
  findFirst(mainOf(tree), (element) => element.tagName === 'article');

test('previous/next: one chain from each locale home through every page of the locale, each once', () => {
  const problems: string[] = [];
  for (const locale of LOCALE_CODES) {
    const pages = new Set(
      recordPages()
        .filter((page) => page.locale === locale)
        .map((page) => page.url),
    );
    const seen: string[] = [];
    let url: string | undefined = `/${locale}/`;
    let previous: string | undefined;
    while (url && !seen.includes(url)) {
      const tree = parseHtmlFile(pageAt(url).file);
      const back = link(tree, 'prev');
      if ((back && attr(back, 'href')) !== previous)
        problems.push(`${url}: rel=prev is ${back && attr(back, 'href')}, expected ${previous}`);
      seen.push(url);
      previous = url;
      const next = link(tree, 'next');
      url = next ? attr(next, 'href') : undefined;
    }
    if (url) problems.push(`/${locale}/: the chain comes back to ${url}`);
    const missed = [...pages].filter((page) => !seen.includes(page));
    if (missed.length) problems.push(`/${locale}/: the chain never reaches ${missed.join(', ')}`);
  }
  assertNoProblems(problems, 'reading order');
});

test('the sidebar marks the page as current, and its size is bounded (sections + SIDEBAR_PAGE_LIMIT pages + one "more" link)', () => {
  const problems: string[] = [];
  const bound = SURFACES.length + SIDEBAR_PAGE_LIMIT + 1;
  for (const page of recordPages()) {
    const tree = parseHtmlFile(page.file);
    const nav = findFirst(tree, (element) => element.tagName === 'nav' && hasClass(element, 'section-nav'));
    if (!nav) {
      problems.push(`${page.url}: no sidebar (nav.section-nav)`);
      continue;
    }
    const links = findAll(nav, byTag('a'));
    const current = links
      .filter((element) => attr(element, 'ariaCurrent') === 'page')
      .map((element) => attr(element, 'href'));
    if (JSON.stringify(current) !== JSON.stringify([page.url]))
      problems.push(`${page.url}: the sidebar marks ${JSON.stringify(current)} as the current page`);
    if (links.length > bound) problems.push(`${page.url}: the sidebar has ${links.length} links, more than ${bound}`);
  }
  assertNoProblems(problems, 'sidebar');
});

test('"On this page" names every h2 of the body, in order, generated sections included; no two h2 of a page say the same', () => {
  const problems: string[] = [];
  for (const page of recordPages()) {
    const tree = parseHtmlFile(page.file);
    const body = article(tree);
    if (!body) {
      problems.push(`${page.url}: no <article> in <main>`);
      continue;
    }
    // A section only a script shows (the validator's tool) stays out of "On this page".
    const headings = findAll(body, byTag('h2'))
      .filter((h2) => attr(h2, 'dataToc') !== 'script')
      .map((h2) => ({ href: `#${attr(h2, 'id')}`, text: text(h2) }));
    const toc = findFirst(mainOf(tree), (element) => element.tagName === 'nav' && hasClass(element, 'toc'));
    const entries = toc
      ? findAll(toc, byTag('a')).map((entry) => ({ href: attr(entry, 'href'), text: text(entry) }))
      : [];
    if (JSON.stringify(entries) !== JSON.stringify(headings))
      problems.push(
        `${page.url}: "On this page" lists ${JSON.stringify(entries.map((entry) => entry.text))}; the body's h2 are ${JSON.stringify(headings.map((heading) => heading.text))}`,
      );
    const texts = headings.map((heading) => heading.text.toLowerCase());
    const repeated = texts.filter((value, at) => texts.indexOf(value) !== at);
    if (repeated.length)
      problems.push(`${page.url}: two sections are headed ${JSON.stringify([...new Set(repeated)])}`);
  }
  assertNoProblems(problems, 'On this page');
});

/** The report channel of record.config.json (null: the record has none), read here without src/record. */
const reportChannel = readJson<{ report_channel: string | null }>(join(REPO, 'record.config.json')).report_channel;

test('report links: with a channel, every page links it prefilled with its code and URL; without one, no page shows a report link and the review and about pages say there is no channel', () => {
  const problems: string[] = [];
  for (const page of recordPages()) {
    const tree = parseHtmlFile(page.file);
    const code = metaContent(tree, 'uaix:record-code') ?? '';
    const reportLinks = findAll(mainOf(tree), (element) => hasClass(element, 'report-link'));
    if (reportChannel === null) {
      if (reportLinks.length) problems.push(`${page.url}: shows a report link, but the record has no report channel`);
      continue;
    }
    const expected = reportChannel
      .replaceAll('{code}', encodeURIComponent(code))
      .replaceAll('{url}', encodeURIComponent(`${ORIGIN}${page.url}`));
    const hrefs = reportLinks.flatMap((element) => findAll(element, byTag('a')).map((link) => attr(link, 'href')));
    if (!hrefs.includes(expected)) problems.push(`${page.url}: report link ${JSON.stringify(hrefs)}, not ${expected}`);
  }
  for (const locale of LOCALE_CODES)
    for (const url of [`/${locale}/review/`, `/${locale}/about/`]) {
      const section = byId(parseHtmlFile(pageAt(url).file), 'report');
      if (!section) {
        problems.push(`${url}: no #report section`);
        continue;
      }
      // What a report names is listed only where something receives it.
      if (reportChannel !== null && findAll(section, byTag('li')).length !== 4)
        problems.push(`${url}#report: does not list the four things a report names`);
      const channel = findAll(section, (element) => attr(element, 'dataUaixReportChannel') !== undefined)[0];
      if (!channel) problems.push(`${url}#report: says nothing of where a report goes`);
      else if (reportChannel === null && attr(channel, 'dataUaixReportChannel') !== 'none')
        problems.push(`${url}#report: promises a channel the record does not have`);
      // The section must not send the reader on in a circle: no link back to the review page or the about page.
      // A heading's self-link is a permalink to cite, not a way on.
      const loops = findAll(section, byTag('a'))
        .filter((element) => attr(element, 'dataAnchor') === undefined)
        .map((element) => attr(element, 'href') ?? '')
        .filter((href) => /\/(review|about)\//.test(href) || href.startsWith('#'));
      if (loops.length) problems.push(`${url}#report: links ${loops.join(', ')}, back into the loop`);
    }
  assertNoProblems(problems, 'reporting path');
});

test('the error catalogue shows code as code: no literal backticks in any locale', () => {
  const problems: string[] = [];
  for (const locale of LOCALE_CODES) {
    const tree = parseHtmlFile(pageAt(`/${locale}/tools/validator/`).file);
    for (const id of ['error-codes', 'warning-codes']) {
      const table = byId(tree, id);
      if (!table) problems.push(`/${locale}/tools/validator/: no table #${id}`);
      else if (text(table).includes('`'))
        problems.push(
          `/${locale}/tools/validator/#${id}: literal backticks in "${text(table).match(/[^.]*`[^.]*/)?.[0]}"`,
        );
    }
  }
  assertNoProblems(problems, 'error catalogue');
});
