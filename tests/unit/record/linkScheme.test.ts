/**
 * Issue 37 part 2: the link-scheme allow-list over a corpus of scheme payloads, as the rule, as the
 * source check reads Markdown (inline links, definitions, autolinks, raw HTML attributes), data
 * strings and route records, and as the post-build link check reads every URL attribute of a page.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { refusedScheme, LINK_SCHEME_RULE } from '../../../src/record/checks/linkScheme.ts';
import {
  htmlUrls,
  markdownUrls,
  proseLinkSchemeProblems,
  routeLinkSchemeProblems,
} from '../../../src/record/checks/sourceLinks.ts';
import { checkLinks } from '../../../src/record/checks/linkCheck.ts';
import { linkFactsOf, parsePage } from '../../../src/record/pages/pageMirror.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

/** Each payload and the reason the rule must give. */
const REFUSED: [string, string][] = [
  ['javascript:alert(1)', 'javascript:'],
  ['JaVaScRiPt:alert(1)', 'javascript:'],
  ['jav&#x61;script:alert(1)', 'javascript:'],
  ['jav&#97;script:alert(1)', 'javascript:'],
  ['jav&#97script:alert(1)', 'javascript:'],
  ['java&Tab;script:alert(1)', 'javascript:'],
  ['javascript&colon;alert(1)', 'javascript:'],
  ['java\tscript:alert(1)', 'javascript:'],
  ['java\nscript:alert(1)', 'javascript:'],
  ['%6Aavascript:alert(1)', 'javascript:'],
  ['jav%61script%3Aalert(1)', 'javascript:'],
  ['%256Aavascript:alert(1)', 'javascript:'],
  ['jav%26%23x61;script:alert(1)', 'javascript:'],
  ['   javascript:alert(1)', 'javascript:'],
  ['\u0000\u0001\u001f javascript:alert(1)', 'javascript:'],
  ['vbscript:msgbox(1)', 'vbscript:'],
  ['VBScript:msgbox(1)', 'vbscript:'],
  ['data:text/html,<script>alert(1)</script>', 'data:'],
  ['file:///etc/passwd', 'file:'],
  ['blob:https://uaix.org/0f0e', 'blob:'],
  ['foo:bar', 'foo:'],
  ['tel:+15550100', 'tel:'],
  ['C:\\Users\\x', 'c:'],
  ['//evil.example/x', '//'],
  ['\\\\evil.example/x', '//'],
  ['/\\evil.example/x', '//'],
  [' //evil.example/x', '//'],
  ['%2F%2Fevil.example', '//'],
  ['%252525252525256Aavascript:x', 'encoding'],
];

const ALLOWED = [
  '',
  '/en-us/about/',
  './a.json',
  '../b/',
  'a/b:c',
  '?q=1',
  '#section',
  'https://uaix.org/',
  'HTTPS://uaix.org/',
  'http://example.com/a?b=%2F#c',
  'mailto:reports@example.org?subject=UAIX-DOC-0001',
  'https:uaix.org',
  'https://example.com/%25252525252525',
  'caf%C3%A9/',
];

test('every scheme payload is refused with its scheme (or // or encoding)', () => {
  for (const [url, reason] of REFUSED) assert.equal(refusedScheme(url), reason, JSON.stringify(url));
});

test('relative URLs, fragments, https:, http: and mailto: are published', () => {
  for (const url of ALLOWED) assert.equal(refusedScheme(url), undefined, JSON.stringify(url));
});

test('the rule is linear: a megabyte of controls, percent runs or references decides at once', () => {
  for (const text of [
    ' '.repeat(1 << 20) + 'a',
    'a' + ' '.repeat(1 << 20) + 'b',
    '%41'.repeat(1 << 18),
    '&amp;'.repeat(1 << 18),
  ]) {
    const started = performance.now();
    refusedScheme(text);
    // Quadratic work on a megabyte would take minutes; linear takes milliseconds, seconds on a loaded machine.
    assert.ok(performance.now() - started < 3000, `${text.slice(0, 8)}… took ${performance.now() - started} ms`);
  }
});

test('Markdown: inline links, images, definitions, autolinks and raw HTML attributes are all read', () => {
  const markdown = [
    '[a](javascript:alert(1)) ![i](vbscript:x)',
    '[ref]: jav&#x61;script:alert(2)',
    '<vbscript:msgbox(1)>',
    '<a href="javascript:a" formaction="javascript:b"><img srcset="javascript:c 1x, /ok.png 2x"></a>',
    '<svg><a xlink:href="javascript:d"/></svg> <video poster="javascript:e"></video> <object data="javascript:f"></object>',
    '<form action="javascript:g"></form>',
    'www.example.com https://uaix.org/ a@example.com',
  ].join('\n\n');
  const urls = markdownUrls(markdown).map(({ url, line }) => `${line} ${url}`);
  for (const expected of [
    '1 javascript:alert(1)',
    '1 vbscript:x',
    '3 javascript:alert(2)',
    '5 vbscript:msgbox(1)',
    '7 javascript:a',
    '7 javascript:b',
    '7 javascript:c',
    '9 javascript:d',
    '9 javascript:e',
    '9 javascript:f',
    '11 javascript:g',
  ])
    assert.ok(urls.includes(expected), `${expected} not in ${JSON.stringify(urls)}`);
  assert.deepEqual(
    urls.filter((url) => url.startsWith('13 ')),
    ['13 http://www.example.com', '13 https://uaix.org/', '13 mailto:a@example.com'],
  );
  assert.deepEqual(htmlUrls('<p title="javascript:x">text</p>'), [], 'a title attribute is no URL');
});

test('the source check: one line per refused link, at the file, line and rule; titles are text', () => {
  const problems = proseLinkSchemeProblems([
    {
      file: 'content/guides/en-us/g.md',
      locale: 'en-us',
      line: 7,
      markdown: 'Intro.\n\nSee [x](JaVaScRiPt:alert(1)).',
    },
    { file: 'content/guides/en-us/g.md', locale: 'en-us', line: 2, field: 'title', markdown: '[a](javascript:x)' },
    { file: 'content/registry/en-us/p.md', locale: 'en-us', line: 9, field: 'purpose', markdown: '[p](vbscript:x)' },
    {
      file: 'content/changelog/en-us.json',
      locale: 'en-us',
      line: 12,
      pointer: '/entries/0/changes/1',
      markdown: '[c](data:x)',
    },
    {
      file: 'content/guides/en-us/h.md',
      locale: 'en-us',
      line: 5,
      markdown: '[fine](/en-us/) [also](https://uaix.org/)',
    },
  ]).map(formatProblem);
  assert.equal(problems.length, 3, problems.join('\n'));
  assert.match(
    problems[0],
    /^content\/guides\/en-us\/g\.md:9:5: link "JaVaScRiPt:alert\(1\)" has the scheme javascript:.* \[link-scheme\]; /,
  );
  assert.match(
    problems[1],
    /^content\/registry\/en-us\/p\.md:9: link "vbscript:x" has the scheme vbscript:.*\(frontmatter field "purpose"\) \[link-scheme\]/,
  );
  assert.match(
    problems[2],
    /^content\/changelog\/en-us\.json:12 \(\/entries\/0\/changes\/1\): link "data:x" has the scheme data:.*\[link-scheme\]/,
  );
});

test('route records: a refused URL field at its line and JSON Pointer', () => {
  const text = '{\n  "path": "/en-us/review/",\n  "human_review_url": "javascript:alert(1)"\n}\n';
  const [problem, ...rest] = routeLinkSchemeProblems([
    { file: 'content/routes/r.json', text, record: JSON.parse(text) },
  ]);
  assert.deepEqual(rest, []);
  assert.equal(
    formatProblem(problem).split(';')[0],
    'content/routes/r.json:3:24 (/human_review_url): link "javascript:alert(1)" has the scheme javascript:, and only relative URLs, #fragments, https:, http: and mailto: links are published [link-scheme]',
  );
});

test('after the build: every URL attribute of a page is read, and a refused one is a link-scheme problem', () => {
  const html =
    '<!doctype html><html><head><link rel="icon" href="/i.svg"></head><body><main>' +
    '<a href="jav&#x61;script:alert(1)">a</a><form action="vbscript:x"><button formaction="data:text/html,x">b</button></form>' +
    '<img srcset="/a.png 1x, JAVASCRIPT:y 2x" src="/a.png"><svg><use xlink:href="//evil.example/s.svg"></use></svg>' +
    '<video poster="file:///p.png"></video><object data="blob:x"></object></main></body></html>';
  const { links } = linkFactsOf(parsePage(html).tree);
  const files = new Set(['/i.svg', '/a.png', '/en-us/index.html']);
  const problems = checkLinks(
    links.map((href) => ({ file: '/en-us/index.html', href })),
    { has: (path) => files.has(path), idsOf: () => new Set() },
  );
  assert.deepEqual(
    problems.map((problem) => [problem.rule, problem.message.split(' ')[1]]),
    [
      [LINK_SCHEME_RULE, '"javascript:alert(1)"'],
      [LINK_SCHEME_RULE, '"vbscript:x"'],
      [LINK_SCHEME_RULE, '"data:text/html,x"'],
      [LINK_SCHEME_RULE, '"JAVASCRIPT:y"'],
      [LINK_SCHEME_RULE, '"//evil.example/s.svg"'],
      [LINK_SCHEME_RULE, '"file:///p.png"'],
      [LINK_SCHEME_RULE, '"blob:x"'],
    ],
  );
});
