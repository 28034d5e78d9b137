/**
 * Issue 40, the template defects the zh-cn and es reviewers listed, read in the built pages (dist/):
 * a parenthetical, a label before its value, a sentence, a fixture's option, a field's type and a
 * byte count each come from the page's interface strings and number format, never ASCII brackets,
 * a space after a full-width colon, an ASCII full stop in Chinese, or an English word.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { distFileOf, requireDist } from './_support/site.ts';

before(() => requireDist());

const html = (url: string) => readFileSync(distFileOf(url), 'utf8');
const all = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((match) => match[1]!);

test('zh-cn: parentheticals are full-width (language switcher, translation status, changelog classes)', () => {
  const notes = all(html('/zh-cn/'), /class="untranslated"[^>]*>([^<]*)</g);
  assert.ok(notes.length > 0, 'no untranslated note on /zh-cn/');
  for (const note of notes) assert.match(note, /^（.+）$/);
  const states = all(html('/zh-cn/governance/translation-status/'), /class="state-[a-z-]+">([^<]*)<\/span>/g);
  assert.ok(states.length > 0);
  for (const state of states) assert.match(state, /（[\d,]+）$/, state);
  const classes = all(html('/zh-cn/governance/changelog/'), /<summary>([^<]*按规则分类[^<]*)<\/summary>/g);
  assert.ok(classes.length > 0);
  for (const summary of classes) assert.match(summary.trim(), /按规则分类（破坏性 \d+、非破坏性 \d+、编辑性 \d+）$/);
});

test('zh-cn: the editions sentence is one string (no space after ：, a full-width full stop), the file label joins its code', () => {
  const sentence = all(html('/zh-cn/editions/'), /<p>(当前发布的记录[：:][^<]*)<\/p>/g);
  assert.ok(sentence.length > 0);
  for (const line of sentence) assert.match(line, /^当前发布的记录：\S.*。$/);
  const files = all(html('/zh-cn/editions/2026-12-05/'), /(文件：\s*<code>)/g);
  assert.ok(files.length > 0);
  for (const label of files) assert.equal(label, '文件：<code>');
});

test('the validator’s fixture options and the field tables’ types are in the page’s language', () => {
  const options = all(html('/zh-cn/tools/validator/'), /<option value="\/[^"]*">([^<]*)<\/option>/g);
  assert.ok(options.length > 10);
  for (const option of options) assert.match(option, /^(有效|无效|无键) · /, option);
  const types = all(html('/es-us/registry/uai-agent-ack-v1/'), /data-label="Tipo"[^>]*>(.*?)<\/td>/g);
  assert.ok(types.length > 5);
  assert.ok(types.some((type) => type.startsWith('uno de ')));
  for (const type of types) assert.doesNotMatch(type.replace(/<code>.*?<\/code>/g, ''), /array of|enum|UTC, Z/);
});

test('a byte count is grouped as the locale writes it', () => {
  assert.match(html('/fr-fr/editions/2026-12-05/'), /\d{1,3}\u202f\d{3} octets/);
  assert.match(html('/es-us/editions/2026-12-05/'), /\d{1,3}\u202f\d{3} bytes/);
  assert.match(html('/zh-cn/editions/2026-12-05/'), /\d{1,3},\d{3} /);
});

test('zh-cn (the rescore): no space after a full-width colon before a value, a space where 和 meets a Latin word, one digest label', () => {
  // A label ending in ：, then the value it names: the diff's changed text, the JSON links, the diff markers.
  for (const url of [
    '/zh-cn/editions/2026-12-05/',
    '/zh-cn/specification/uai-1/coverage/',
    '/zh-cn/governance/errata/',
  ]) {
    const spaced = all(html(url), /(：[ \t\n]+<(?:code|a)\b)/g);
    assert.deepEqual(spaced, [], url);
  }
  assert.doesNotMatch(html('/zh-cn/editions/2026-12-05/'), /\[(?:新增|删除)： /);
  const joins = all(html('/zh-cn/tools/validator/'), /([A-Za-z0-9][ ]?和[ ]?[A-Za-z0-9])/g);
  assert.ok(joins.length > 0, 'no list joined with 和 between Latin words on /zh-cn/tools/validator/');
  for (const join of joins) assert.match(join, /^[A-Za-z0-9] 和 [A-Za-z0-9]$/, join);
  for (const locale of ['en-us', 'zh-cn'])
    assert.doesNotMatch(html(`/${locale}/editions/2026-12-05.2/`), /sha256 sha256:/, locale);
});
