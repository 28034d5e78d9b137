/**
 * Issue 21 item 5: a content file is read only when it is UTF-8 text within the size limit, and a
 * Markdown body holds no raw HTML but the marker comments; each refusal is one
 * `file:line:column: ... [rule]` line. The record's own content passes both.
 */
import { test } from 'node:test';
import { formatProblem } from '../../../src/uai/problem.ts';
import assert from 'node:assert/strict';
import { CONTENT_FILE_LIMIT, contentText } from '../../../src/record/content/contentBytes.ts';
import { rawHtmlProblems } from '../../../src/record/content/markdownHtml.ts';
import { loadContentEntries } from '../../../src/record/content/node/contentFiles.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));

test('UTF-8 text within the limit reads as its text', () => {
  assert.deepEqual(contentText('content/a.md', bytes('é\n中文 ✓\n')), { ok: true, text: 'é\n中文 ✓\n' });
});

test('a byte that is not UTF-8: its line, its column in characters, the byte and the rule', () => {
  const read = contentText('content/pages/en-us/a.md', bytes('---\ntitle: é', [0xff], ' x\n'));
  assert.equal(read.ok, false);
  assert.equal(
    !read.ok && formatProblem(read.problem),
    'content/pages/en-us/a.md:2:9: not UTF-8 text: invalid byte 0xFF at byte offset 13 [content-utf8]; save the file as UTF-8',
  );
});

test('a truncated sequence at the end, an overlong form and a NUL are refused too', () => {
  for (const [input, expected] of [
    [bytes('ab', [0xe2, 0x82]), ':1:3: not UTF-8 text: invalid byte 0xE2 at byte offset 2'],
    [bytes('a\r\nb', [0xc0, 0xaf]), ':2:2: not UTF-8 text: invalid byte 0xC0 at byte offset 4'],
    [bytes('a\nbc', [0]), ':2:3: not UTF-8 text: a NUL byte at byte offset 4'],
    [bytes('a', [0], [0xff]), ':1:2: not UTF-8 text: a NUL byte at byte offset 1'],
    [bytes('a', [0xff], [0]), ':1:2: not UTF-8 text: invalid byte 0xFF at byte offset 1'],
  ] as const) {
    const read = contentText('f.md', input);
    assert.ok(
      !read.ok && formatProblem(read.problem).startsWith(`f.md${expected} [content-utf8]`),
      JSON.stringify(read),
    );
  }
});

test('a file over the limit is refused before it is decoded: its size, the limit and the rule', () => {
  const big = new Uint8Array(CONTENT_FILE_LIMIT + 1).fill(0xff);
  const read = contentText('content/guides/en-us/big.md', big);
  assert.ok(!read.ok);
  assert.equal(
    formatProblem(read.problem),
    `content/guides/en-us/big.md:1:1: ${CONTENT_FILE_LIMIT + 1} bytes, over the limit of ${CONTENT_FILE_LIMIT} bytes for a content file [content-size]; split it into smaller files`,
  );
  assert.ok(contentText('f.md', new Uint8Array(CONTENT_FILE_LIMIT).fill(0x61)).ok, 'a file at the limit reads');
});

test('raw HTML in a body: a script element, a block, inline HTML and a comment, each at its line and column', () => {
  const body = [
    'Intro with <span onclick="x()">inline</span> HTML.', // line 5 of the file
    '',
    '<script>alert(1)</script>',
    '',
    '<div>',
    'block',
    '</div>',
    '',
    '<!-- a comment -->',
  ].join('\n');
  assert.deepEqual(rawHtmlProblems('content/pages/en-us/x.md', body, 5).map(formatProblem), [
    'content/pages/en-us/x.md:5:12: raw HTML in Markdown: "<span onclick=\\"x()\\">" [markdown-raw-html]; write it in Markdown, or as code between backticks',
    'content/pages/en-us/x.md:5:38: raw HTML in Markdown: "</span>" [markdown-raw-html]; write it in Markdown, or as code between backticks',
    'content/pages/en-us/x.md:7:1: raw HTML in Markdown: "<script>alert(1)</script>" [markdown-raw-html]; write it in Markdown, or as code between backticks',
    'content/pages/en-us/x.md:9:1: raw HTML in Markdown: "<div>" [markdown-raw-html]; write it in Markdown, or as code between backticks',
    'content/pages/en-us/x.md:13:1: raw HTML in Markdown: "<!-- a comment -->" [markdown-raw-html]; write it in Markdown, or as code between backticks',
  ]);
});

test('what is not raw HTML passes: code, autolinks, a less-than sign and the marker comments', () => {
  const body = [
    'Files at `/schemas/<name>.schema.json`, see <https://uaix.org/> and 1 < 2.',
    '',
    '```html',
    '<script>code, not HTML</script>',
    '```',
    '',
    '<!-- uaix:client-ladder -->',
    '',
    '<!-- uaix:package-commands -->',
  ].join('\n');
  assert.deepEqual(rawHtmlProblems('f.md', body, 1), []);
  assert.equal(rawHtmlProblems('f.md', '<!-- uaix:no-such-marker -->', 1).length, 1, 'only the known markers pass');
});

test("the record's own content is UTF-8, within the limit and free of raw HTML", () => {
  const { entries, problems } = loadContentEntries();
  assert.deepEqual(problems, []);
  assert.ok(entries.length > 50);
});
