/**
 * The build checks the content once: the site it loaded before rendering is the one Astro's own
 * copy of the site module renders from (a second copy of the module reads the hand-over, not the files).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSite, shareCheckedSite, type SiteContext } from '../../src/site/siteContext.ts';

test('a site handed over by the build is what loadSite returns, without reading the content again', () => {
  const checked = { index: { pages: [] } } as unknown as SiteContext;
  shareCheckedSite(checked);
  assert.equal(loadSite(), checked);
});
