/**
 * The browser validator's result in the page's language (issue 40): an issue about the whole
 * document names its place with the interface string `place.root`, not an English "(root)" as code;
 * a label before its value is punctuated as the locale writes it (`label.value`), with no space after
 * a full-width colon in Chinese, the warnings' codes labelled the same way; a count after a heading
 * is in the locale's parentheses (`text.parenthetical`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderResult } from '../../../src/site/validatorIsland.ts';
import type { ValidatorAnswer } from '../../../src/site/validatorEngine.ts';

const chinese: Record<string, string> = {
  valid: '有效',
  invalid: '无效',
  errors: '错误',
  warnings: '警告',
  no_errors: '没有错误。',
  other_form: '另一种形式',
  form: '形式',
  profile: '配置',
  path: '路径',
  message: '消息',
  digest: '摘要',
  checked_text: '已检查文本框中的文本。',
  warning_note: '警告不会使数据包无效。',
  code: '代码',
  label: '{label}：',
  root: '（根位置）',
  parenthetical: '（{text}）',
  reasons: JSON.stringify({ 'UAI-W': '原因。' }),
};

const answer: ValidatorAnswer = {
  view: {
    valid: false,
    profile: 'uai.agent.ack.v1',
    form: 'keyed',
    digest: null,
    errors: [
      { code: 'UAI-JSON', path: '', message: 'the whole document' },
      { code: 'UAI-TYPE', path: '/body/status', message: 'a field' },
    ],
    warnings: [{ code: 'UAI-W', path: '', message: 'a warning' }],
    otherForm: null,
  } as unknown as Extract<ValidatorAnswer, { view: unknown }>['view'],
};

test('the whole document is the page\'s "root" in its language, a field\'s place its JSON Pointer as code', () => {
  const html = renderResult(answer, chinese);
  assert.doesNotMatch(html, /\(root\)/);
  assert.match(html, /<td data-label="路径">（根位置）<\/td>/);
  assert.match(html, /<td data-label="路径"><code>\/body\/status<\/code><\/td>/);
});

test("labels in Chinese take the full-width colon and no space; in French the locale's no-break space and a space", () => {
  const html = renderResult(answer, chinese);
  assert.match(html, /配置：<code>uai\.agent\.ack\.v1<\/code>/);
  assert.match(html, /形式：<code>keyed<\/code>/);
  assert.match(html, /<li><code>UAI-W<\/code>：原因。<\/li>/);
  // A count after a heading in the locale's parentheses (`text.parenthetical`), no space before them.
  assert.match(html, /<caption>错误（2）<\/caption>/);
  assert.match(html, /<caption>警告（1）<\/caption>/);
  const french = renderResult(answer, { ...chinese, profile: 'Profil', label: '{label}\u202f:', root: '(racine)' });
  assert.match(french, /Profil\u202f: <code>uai\.agent\.ack\.v1<\/code>/);
  assert.match(french, /<li><code>UAI-W<\/code>\u202f: 原因。<\/li>/);
  assert.match(french, /<td data-label="路径">\(racine\)<\/td>/);
});
