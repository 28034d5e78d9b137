/**
 * Issue 25 item 2: a deep link carries across languages. Every translated page (and every fallback
 * page, which shows another locale's text) has the same element ids as its English page, in the same
 * order, so `#check-a-packet` names the same section in every locale.
 */
import { test } from 'node:test';
import { assertNoProblems, attr, findAll, htmlPages, mainOf, pageAt, parseHtmlFile } from './_support/site.ts';

const headingIds = (file: string): string[] =>
  findAll(mainOf(parseHtmlFile(file)), (element) => /^h[1-6]$/.test(element.tagName))
    .map((element) => attr(element, 'id'))
    .filter((id): id is string => typeof id === 'string');

test('every page has the heading ids of its English page, in order', () => {
  const problems: string[] = [];
  let compared = 0;
  const englishIds = new Map<string, string[]>();
  for (const page of htmlPages().filter((candidate) => candidate.locale && candidate.locale !== 'en-us')) {
    if (!englishIds.has(page.path))
      englishIds.set(page.path, headingIds(pageAt(`/en-us/${page.path ? `${page.path}/` : ''}`).file));
    const english = englishIds.get(page.path)!;
    const own = headingIds(page.file);
    compared++;
    if (own.join(' ') !== english.join(' '))
      problems.push(`${page.url}: heading ids ${own.join(', ')}; the English page has ${english.join(', ')}`);
  }
  if (compared < 100) problems.push(`only ${compared} translated and fallback pages were compared`);
  assertNoProblems(problems, 'heading ids across locales');
});
