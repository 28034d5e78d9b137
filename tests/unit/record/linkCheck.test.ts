import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkLinks, targetOf } from '../../../src/record/checks/linkCheck.ts';
import { placeOfUrl } from '../../../src/record/checks/linkPlace.ts';
import { LOCALES } from '../../../src/record/model/locales.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

const site = (files: Record<string, string[] | null>) => ({
  has: (path: string) => path in files,
  idsOf: (path: string) => (files[path] ? new Set(files[path]!) : undefined),
});

test('targetOf maps directory URLs to index.html, keeps fragments, and ignores other origins', () => {
  assert.deepEqual(targetOf('/en-us/registry/', '/en-us/'), {
    file: '/en-us/registry/index.html',
    fragment: undefined,
  });
  assert.deepEqual(targetOf('#purpose', '/en-us/registry/x/'), {
    file: '/en-us/registry/x/index.html',
    fragment: 'purpose',
  });
  assert.deepEqual(targetOf('https://uaix.org/llms.txt', '/'), { file: '/llms.txt', fragment: undefined });
  assert.equal(targetOf('https://example.com/', '/'), undefined);
  assert.equal(targetOf('mailto:someone@example.com', '/'), undefined);
});

test('a missing page and a missing anchor are problems naming the file and the rule; good links are not', () => {
  const files = { '/en-us/index.html': ['content'], '/en-us/about/index.html': ['team'], '/llms.txt': null };
  const problems = checkLinks(
    [
      { file: '/en-us/index.html', href: '/en-us/about/#team' },
      { file: '/en-us/index.html', href: '#content' },
      { file: '/en-us/index.html', href: '/llms.txt' },
      { file: '/en-us/index.html', href: '/en-us/gone/' },
      { file: '/en-us/index.html', href: '/en-us/about/#nobody' },
    ],
    site(files),
  );
  assert.deepEqual(problems.map(formatProblem), [
    '/en-us/index.html: link /en-us/gone/ points at /en-us/gone/index.html, which is not in the built site [link-target]',
    '/en-us/index.html: link /en-us/about/#nobody names the anchor #nobody, which /en-us/about/index.html does not have [link-anchor]',
  ]);
});

test('a broken link is named where it is written: placeOf is asked for broken links only (issue 21)', () => {
  const asked: string[] = [];
  const problems = checkLinks(
    [
      { file: '/en-us/index.html', href: '/en-us/gone/' },
      { file: '/en-us/index.html', href: '/llms.txt' },
    ],
    site({ '/llms.txt': null }),
    (link) => {
      asked.push(link.href);
      return { file: 'content/pages/en-us/index.md', place: { line: 7, column: 12 }, page: '/en-us/' };
    },
  );
  assert.deepEqual(asked, ['/en-us/gone/']);
  assert.deepEqual(problems, [
    {
      file: 'content/pages/en-us/index.md',
      place: { line: 7, column: 12 },
      message: 'link /en-us/gone/ on /en-us/ points at /en-us/gone/index.html, which is not in the built site',
      rule: 'link-target',
    },
  ]);
});

test('a broken link written once is reported once for every locale that shows it, whatever the locale', () => {
  const written = { file: 'content/en-us/guides/x.md', place: { line: 4, column: 2 } };
  const pageOf = (href: string) => href.split('/').slice(0, 2).join('/') + '/guides/x/';
  const links = LOCALES.map((locale) => ({
    file: `/${locale.code}/guides/x/index.html`,
    href: `/${locale.code}/nowhere/`,
  }));
  const other = { file: '/en-us/guides/y/index.html', href: '/en-us/nowhere/' };
  const problems = checkLinks([...links, other], site({}), (link) =>
    link === other
      ? { file: 'content/en-us/guides/y.md', place: { line: 9, column: 1 }, page: '/en-us/guides/y/' }
      : { ...written, page: pageOf(link.href) },
  );
  assert.deepEqual(problems.map(formatProblem), [
    `content/en-us/guides/x.md:4:2: link /${LOCALES[0].code}/nowhere/ on /${LOCALES[0].code}/guides/x/ points at /${LOCALES[0].code}/nowhere/index.html, which is not in the built site [link-target]`,
    'content/en-us/guides/y.md:9:1: link /en-us/nowhere/ on /en-us/guides/y/ points at /en-us/nowhere/index.html, which is not in the built site [link-target]',
  ]);
  // A folder named like a locale that is not one of the record's is its own link.
  const notALocale = { file: '/xx-yy/guides/x/index.html', href: '/xx-yy/nowhere/' };
  assert.equal(checkLinks([notALocale, links[0]], site({}), () => written).length, 2);
});

test('placeOfUrl: the line and column of a URL written whole, in Markdown, JSON or an HTML attribute', () => {
  const markdown = 'Intro.\n\nSee [a](/en-us/a/b/) and [the page](/en-us/a/).\n';
  assert.deepEqual(placeOfUrl(markdown, '/en-us/a/'), { line: 3, column: 37 }, 'not the start of /en-us/a/b/');
  assert.deepEqual(placeOfUrl(markdown, '/en-us/a/b/'), { line: 3, column: 9 });
  assert.deepEqual(placeOfUrl('[x](/en-us/b/#x)', '/en-us/b/'), undefined, 'not the start of a longer URL');
  assert.deepEqual(placeOfUrl('{\n  "url": "https://uaix.org/x/"\n}', 'https://uaix.org/x/'), { line: 2, column: 11 });
  assert.deepEqual(placeOfUrl('<p>\n<a href="/x/?a=1&amp;b=2">x</a>', '/x/?a=1&b=2'), { line: 2, column: 10 });
  assert.equal(placeOfUrl('nothing here', '/en-us/a/'), undefined);
});
