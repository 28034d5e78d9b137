import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PAGE_PATHS, isNormativePage } from '../../../src/record/pages/pagePaths.ts';
import { pageUrl, SOURCE_LOCALE } from '../../../src/record/model/locales.ts';
import { loadSite } from '../../../src/site/siteContext.ts';

test('every page the code refers to by role is a page of the English record', () => {
  const { index } = loadSite();
  const missing = Object.entries(PAGE_PATHS).filter(([, path]) => !index.byUrl.has(pageUrl(SOURCE_LOCALE, path)));
  assert.deepEqual(missing, [], 'a role whose page does not exist');
});

test('the normative pages: the specification, the registry and its profiles, agent fallbacks', () => {
  const normative = Object.values(PAGE_PATHS).filter(isNormativePage);
  assert.deepEqual(normative, [PAGE_PATHS.specification, PAGE_PATHS.agentFallbacks, PAGE_PATHS.registry]);
  assert.ok(isNormativePage(`${PAGE_PATHS.registry}/uai-agent-ack-v1`));
  assert.ok(!isNormativePage(PAGE_PATHS.coverage), 'the coverage page is derived, not normative');
});
