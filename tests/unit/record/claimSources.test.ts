/**
 * Issue 21 item 5: a claim found in the built pages is reported at the source text it comes from
 * (file, line, field or JSON Pointer), once for all the pages it reached; a claim no source holds is
 * one line per sentence, at the first file that shows it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blockClaims } from '../../../src/record/checks/claimCheck.ts';
import { publishedClaims, sourcedClaimProblems, type PublishedClaim } from '../../../src/record/checks/claimSources.ts';
import type { ProseText } from '../../../src/record/content/proseText.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

const prose: ProseText[] = [
  { file: 'content/i18n/en-us.json', locale: 'en-us', line: 31, pointer: '/status.published', markdown: 'Published.' },
  {
    file: 'content/i18n/en-us.json',
    locale: 'en-us',
    line: 32,
    pointer: '/footer.note',
    markdown: 'Read the record. UAIX provides **hosted messaging** for [every agent](/en-us/).',
  },
  {
    file: 'content/pages/en-us/about.md',
    locale: 'en-us',
    line: 6,
    markdown: 'Intro.\n\nA paragraph\nthat wraps. UAIX offers\ncertification of runtimes.\n',
  },
];

const claimLines = (claims: PublishedClaim[], texts: ProseText[]) =>
  sourcedClaimProblems(claims, texts).map(formatProblem);

const found = (file: string, text: string): PublishedClaim[] => blockClaims(text).map((claim) => ({ file, claim }));

test('a UI string on many pages: one line at its file, line and JSON Pointer, with the pages it reached', () => {
  const claims = ['/en-us/', '/en-us/about/', '/zh-cn/'].flatMap((page) =>
    found(`${page}index.html`, 'Read the record. UAIX provides hosted messaging for every agent.'),
  );
  assert.equal(claims.length, 3);
  assert.deepEqual(claimLines(claims, prose), [
    'content/i18n/en-us.json:32 (/footer.note): claims that UAIX provides hosted messaging (en): "UAIX provides hosted messaging for every agent." (published in 3 files, first /en-us/index.html) [UAI-UNSUPPORTED-CLAIM]',
  ]);
});

test('a Markdown sentence that wraps: the line it starts on', () => {
  const claims = found(
    '/en-us/about/index.html',
    'Intro.\nA paragraph that wraps. UAIX offers certification of runtimes.',
  );
  assert.deepEqual(claimLines(claims, prose), [
    'content/pages/en-us/about.md:9: claims that UAIX provides certification (en): "UAIX offers certification of runtimes." (published in /en-us/about/index.html) [UAI-UNSUPPORTED-CLAIM]',
  ]);
});

test('a claim no source holds: once per sentence, at the first file that shows it', () => {
  const claims = [
    ...found('/en-us/index.html', 'UAIX runs automatic sync.'),
    ...found('/es-us/index.html', 'UAIX runs automatic sync.'),
    ...found('/llms.txt', 'UAIX certifies runtimes.'),
  ];
  assert.deepEqual(claimLines(claims, prose), [
    '/en-us/index.html: claims that UAIX provides automatic sync (en): "UAIX runs automatic sync." (published in 2 files, first /en-us/index.html) [UAI-UNSUPPORTED-CLAIM]',
    '/llms.txt: claims that UAIX provides certification (en): "UAIX certifies runtimes." [UAI-UNSUPPORTED-CLAIM]',
  ]);
  assert.deepEqual(claimLines([], prose), []);
});

test('the rendered text of a source with straight quotes and double hyphens is still found at its source', () => {
  const source: ProseText[] = [
    {
      file: 'content/pages/en-us/x.md',
      locale: 'en-us',
      line: 4,
      markdown: 'Intro.\n\nUAIX\'s record -- UAIX offers "certification" of runtimes.\n',
    },
  ];
  const claims = found('/en-us/x/index.html', 'UAIX’s record – UAIX offers “certification” of runtimes.');
  assert.equal(claims.length, 1);
  assert.match(claimLines(claims, source)[0] ?? '', /^content\/pages\/en-us\/x\.md:6: claims/);
});

test('the claims gate reads the pages, llms.txt and every JSON record but the fixtures, whose claims are on purpose', () => {
  const claim = 'UAIX provides hosted messaging.';
  const claims = publishedClaims({
    texts: [
      { file: '/en-us/a/index.html', text: `Intro.\n${claim}` },
      { file: '/llms.txt', text: claim },
    ],
    records: [
      { path: '/registry/a.json', text: JSON.stringify({ note: { deep: [claim] } }) },
      { path: '/schemas/uai-1/fixtures/invalid/x.json', text: JSON.stringify({ body: claim }) },
      { path: '/robots.txt', text: claim },
      { path: '/broken.json', text: '{' },
      { path: '/.well-known/uaix.json', text: JSON.stringify({ summary: claim }) },
    ],
    fixturePaths: new Set(['/schemas/uai-1/fixtures/invalid/x.json']),
  });
  assert.deepEqual(
    claims.map((found) => found.file),
    ['/en-us/a/index.html', '/llms.txt', '/registry/a.json', '/.well-known/uaix.json'],
  );
});
