import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linkedRecord, onceAcrossLocales } from '../../../src/record/linkSources.ts';
import { LOCALES } from '../../../src/record/locales.ts';

const LLMS = '# UAIX\n\n> Summary.\n\n## Docs\n\n- [Guide](https://uaix.org/en-us/guides/)\n';

test('the link check reads every page’s links and ids, llms.txt, the manifest’s own URLs and the routes’ fixed URLs', () => {
  const linked = linkedRecord(
    [
      { path: '/en-us/a/index.html', ids: ['x', 'y', 'x'], links: ['/en-us/b/', '#y'] },
      { path: '/en-us/b/index.html', ids: [], links: [] },
    ],
    LLMS,
    JSON.stringify({ files: [{ url: 'https://uaix.org/llms.txt' }, { url: 'https://example.org/x' }] }),
    [{ file: 'routes/r.json', record: { path: '/schemas/{name}.json', human_review_url: 'https://uaix.org/en-us/' } }],
  );
  assert.deepEqual(linked.duplicateIds, ['/en-us/a/index.html: the id "x" is used twice; anchors must be unique']);
  assert.deepEqual([...linked.ids.get('/en-us/a/index.html')!], ['x', 'y']);
  assert.deepEqual(
    linked.links.map((link) => `${link.file} ${link.href}`),
    [
      '/en-us/a/index.html /en-us/b/',
      '/en-us/a/index.html #y',
      '/llms.txt https://uaix.org/en-us/guides/',
      '/.well-known/uaix.json https://uaix.org/llms.txt',
      'routes/r.json https://uaix.org/en-us/',
    ],
  );
});

test('a broken link written once is reported once for every locale that shows it, whatever the locale', () => {
  const line = (locale: string) =>
    `content/en-us/guides/x.md:4:2 (/${locale}/guides/x/): link /${locale}/nowhere/ points at /${locale}/nowhere/index.html, which is not in the built site`;
  const problems = LOCALES.map((locale) => line(locale.code));
  assert.deepEqual(onceAcrossLocales(problems), [line(LOCALES[0].code)]);
  const other =
    'content/en-us/guides/y.md:9:1 (/en-us/guides/y/): link /en-us/nowhere/ points at /en-us/nowhere/index.html, which is not in the built site';
  assert.deepEqual(onceAcrossLocales([...problems, other]), [line(LOCALES[0].code), other]);
  // A folder named like a locale that is not one of the record's is left as written.
  const notALocale = line('xx-yy');
  assert.deepEqual(onceAcrossLocales([notALocale, line('en-us')]), [notALocale, line('en-us')]);
});
