/**
 * Issue 40, a reader trip: a search for "fallback" offered an edition's diff page, its excerpt
 * "[removed: review][added: post]". The diffs quote removed words beside added ones, so the changes
 * section of an edition page stays out of the index (data-pagefind-ignore). Searched through
 * Pagefind's own browser API over the built index: no result of these queries, in any locale's
 * index, quotes a diff.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { siteInBrowser } from '../support/siteInBrowser.ts';
import { pagefindSearch } from '../support/pagefindSearch.ts';
import { REPOSITORY_ROOT as REPO } from '../support/paths.ts';

const site = siteInBrowser();

/** The hidden markers WordDiff puts before an inserted and a deleted word (`[added: `), in every locale's wording. */
const DIFF_MARKERS = readdirSync(join(REPO, 'content/i18n')).flatMap((file) => {
  const strings = JSON.parse(readFileSync(join(REPO, 'content/i18n', file), 'utf8')) as Record<string, string>;
  return ['edition.changes_inserted', 'edition.changes_deleted'].flatMap((key) =>
    strings[key] ? [`[${strings[key]}`] : [],
  );
});
const quotesDiff = (excerpt: string) => DIFF_MARKERS.some((marker) => excerpt.includes(marker));

test('the markers are read from the interface strings', () => {
  assert.ok(DIFF_MARKERS.includes('[added:') && DIFF_MARKERS.includes('[removed:'), DIFF_MARKERS.join(' '));
});

test('no search result quotes an edition diff', async () => {
  for (const [path, queries] of [
    ['/en-us/search/', ['fallback', 'review', 'post', 'removed', 'added']],
    ['/fr-fr/search/', ['repli', 'fallback']],
    ['/es-us/search/', ['respaldo', 'fallback']],
  ] as const) {
    for (const query of queries) {
      const results = await pagefindSearch(site, path, query);
      assert.ok(results.length > 0, `${path} "${query}" found nothing`);
      const quoting = results.filter((result) => quotesDiff(result.excerpt));
      assert.deepEqual(
        quoting.map((result) => `${result.url}: ${result.excerpt.slice(0, 160)}`),
        [],
        `${path} "${query}" offers excerpts of a diff`,
      );
    }
  }
});
