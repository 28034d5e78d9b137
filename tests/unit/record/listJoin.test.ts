import { test } from 'node:test';
import assert from 'node:assert/strict';
import { joinedList } from '../../../src/record/model/listJoin.ts';

const items = (...texts: string[]) => texts.map((text) => ({ text, html: `<b>${text}</b>` }));

test('a Chinese conjunction between Latin words is set apart by spaces; between Han words it is not', () => {
  assert.equal(joinedList('zh-CN', items('GET', 'JavaScript')), '<b>GET</b> 和 <b>JavaScript</b>');
  assert.equal(
    joinedList('zh-CN', items('静态页面的 GET', 'URI 模板展开')),
    '<b>静态页面的 GET</b> 和 <b>URI 模板展开</b>',
  );
  assert.equal(joinedList('zh-CN', items('读取', '写入')), '<b>读取</b>和<b>写入</b>');
  assert.equal(joinedList('zh-CN', items('GET', 'POST', '写入')), '<b>GET</b>、<b>POST</b> 和<b>写入</b>');
});

test('other languages keep Intl.ListFormat’s own literals', () => {
  assert.equal(joinedList('fr-FR', items('GET', 'POST', 'JavaScript')), '<b>GET</b>, <b>POST</b> et <b>JavaScript</b>');
  assert.equal(joinedList('en-US', items('GET')), '<b>GET</b>');
  assert.equal(joinedList('en-US', []), '');
});
