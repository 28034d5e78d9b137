/**
 * Issue 25 item 1: zh-cn is a translated locale. Its interface strings are all Chinese (a string the
 * same as the English one must be an identifier, such as `sha256`), and every page, the normative
 * ones (the spec, the agent fallbacks page, the registry and its profiles) included, has a current
 * translation with its own canonical URL and hreflang.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadContentEntries } from '../../../src/record/content/node/contentFiles.ts';
import { buildPageIndex, canonicalUrlOf, hreflangAlternates } from '../../../src/record/pages/pageIndex.ts';
import { isNormativePage } from '../../../src/record/pages/pagePaths.ts';
import { localeOf } from '../../../src/record/model/locales.ts';
import { REPOSITORY_ROOT } from '../../../src/uai/node/recordFiles.ts';

const strings = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'content/i18n', `${locale}.json`), 'utf8'));

/** Strings that are names or identifiers in every language. */
const IDENTIFIERS = new Set(['UAIX.org', 'sha256']);
const HAN = /\p{Script=Han}/u;
/** A string of placeholders and punctuation alone (`{label}：`) has no words to be in Chinese. */
const wordless = (text: string) => !/\p{L}/u.test(text.replace(/\{[^}]*\}/g, ''));

test('zh-cn translates content, and has every interface string, each in Chinese', () => {
  assert.equal(localeOf('zh-cn').translatesContent, true);
  const english = strings('en-us');
  const chinese = strings('zh-cn');
  const problems: string[] = [];
  for (const [key, value] of Object.entries(english)) {
    const own = chinese[key];
    if (own === undefined) problems.push(`content/i18n/zh-cn.json: no "${key}"`);
    else if (!HAN.test(own) && !IDENTIFIERS.has(own) && !wordless(own))
      problems.push(`content/i18n/zh-cn.json: "${key}" is ${JSON.stringify(own)}, not Chinese (English: ${value})`);
  }
  assert.deepEqual(problems, []);
});

test('every zh-cn page, normative ones included, is translated with its own canonical and hreflang', () => {
  const index = buildPageIndex(loadContentEntries().entries);
  assert.deepEqual(index.problems, []);
  const zh = index.pages.filter((page) => page.locale === 'zh-cn' && page.collection !== 'editions');
  assert.ok(zh.length >= 25, `${zh.length} zh-cn pages`);
  // The spec page, the agent fallbacks page, the registry index and the eight profile pages.
  assert.ok(zh.filter((page) => isNormativePage(page.path)).length >= 11, 'the normative pages are in zh-cn');
  for (const page of zh) {
    assert.equal(page.state, 'translated', `${page.url} is ${page.state}`);
    assert.equal(canonicalUrlOf(page), `https://uaix.org${page.url}`, page.url);
    assert.ok(
      hreflangAlternates(page).some((alternate) => alternate.hreflang === 'zh-CN'),
      `${page.url} announces no zh-CN alternate`,
    );
  }
});
