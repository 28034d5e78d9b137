/**
 * Issue 40: the Markdown mirror's tables. A list in a cell is one line joined by the page's
 * separator (it came out broken over lines, bullets alternating "-" and "*"), a field rule's
 * pattern is set off from the words before it (they ran together), and a visible caption is kept
 * as a paragraph before its table (the validator's warnings table lost its name).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPageMirror } from '../../../src/record/pages/pageMirror.ts';

const page = (content: string) =>
  `<!doctype html><html lang="zh-CN"><head><title>T</title><meta name="description" content="D">
<link rel="canonical" href="https://uaix.org/zh-cn/x/"><meta name="uaix:record-code" content="UAIX-DOC-0001">
<meta name="uaix:locale" content="zh-cn"><meta name="uaix:content-locale" content="zh-cn">
<meta name="uaix:translation-state" content="translated"></head><body><main><h1>T</h1>${content}</main></body></html>`;

const markdownOf = (content: string) => buildPageMirror(page(content), '/zh-cn/x/').body;

test('a list in a cell is one line, its items joined by the page’s separator, in every row', () => {
  const rows = ['<li>甲</li><li>乙</li>', '<li>丙</li>', '<li>丁</li><li><code>x</code></li>']
    .map((items, index) => `<tr><td>${index}</td><td><ul data-mirror-join="、">${items}</ul></td></tr>`)
    .join('');
  const markdown = markdownOf(`<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody>${rows}</tbody></table>`);
  const lines = markdown.split('\n').filter((line) => line.startsWith('|'));
  assert.equal(lines.length, 5, markdown);
  assert.match(lines[2]!, /^\| 0 \| 甲、乙 +\|$/);
  assert.match(lines[3]!, /^\| 1 \| 丙 +\|$/);
  assert.match(lines[4]!, /^\| 2 \| 丁、`x` +\|$/);
  assert.doesNotMatch(markdown, /^\s*[-*] /m);
});

test('a disclosure in a cell reads as a parenthetical after the words, its summary labelled', () => {
  const markdown = markdownOf(
    '<table><thead><tr><th>r</th></tr></thead><tbody><tr><td>非空白字符串<details data-mirror-join="：" data-mirror-wrap="（{text}）"><summary>正则表达式</summary><code>[^\\u0000]</code></details></td></tr></tbody></table>',
  );
  assert.match(markdown, /\| 非空白字符串（正则表达式：`\[\^\\u0000\]`） \|/);
});

test('a visible caption is a paragraph before its table; a visually hidden one is not repeated', () => {
  const markdown = markdownOf(
    '<table><caption>警告</caption><thead><tr><th>c</th></tr></thead><tbody><tr><td>w</td></tr></tbody></table>' +
      '<table><caption class="visually-hidden">隐藏</caption><thead><tr><th>d</th></tr></thead><tbody><tr><td>v</td></tr></tbody></table>',
  );
  assert.match(markdown, /^警告\n\n\| c \|/m);
  assert.doesNotMatch(markdown, /隐藏/);
});
