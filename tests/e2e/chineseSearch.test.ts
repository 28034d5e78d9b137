/**
 * Issue 25 item 1: search in Chinese finds the Chinese pages. Pagefind picks its index from the
 * page's `<html lang>` (zh-CN: the zh-cn index, built with Chinese word segmentation), so a Chinese
 * query run on a zh-cn page, through Pagefind's own browser API over the built index, returns zh-cn
 * pages, and the same query on an English page does not reach them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { siteInBrowser } from '../support/siteInBrowser.ts';
import { pagefindSearch } from '../support/pagefindSearch.ts';

const site = siteInBrowser();

/** The URLs of the first results for `query`, searched from the page at `path`. */
async function searchFrom(path: string, query: string): Promise<string[]> {
  return (await pagefindSearch(site, path, query, 10)).map((result) => result.url);
}

test('a Chinese query on a zh-cn page finds zh-cn pages', async () => {
  for (const [query, expected] of [
    ['验证器', '/zh-cn/tools/validator/'],
    ['测试用例', '/zh-cn/examples/'],
    ['集群故障', '/zh-cn/guides/swarm-failure-and-recovery/'],
    // The normative pages are Chinese too, so the Chinese index holds them.
    ['全方位支持阶梯', '/zh-cn/spec/agent-fallbacks/'],
    ['规范摘要', '/zh-cn/specification/uai-1/'],
  ] as const) {
    const urls = await searchFrom('/zh-cn/search/', query);
    assert.ok(urls.length > 0, `"${query}" found nothing`);
    assert.ok(
      urls.every((url) => url.startsWith('/zh-cn/')),
      `"${query}" returned pages of another locale: ${urls.join(' ')}`,
    );
    assert.ok(urls.includes(expected), `"${query}" did not find ${expected}: ${urls.join(' ')}`);
  }
});

test('the same Chinese query on an English page searches the English index', async () => {
  const urls = await searchFrom('/en-us/search/', '集群故障');
  assert.ok(
    urls.every((url) => !url.startsWith('/zh-cn/')),
    `the English index returned Chinese pages: ${urls.join(' ')}`,
  );
});
