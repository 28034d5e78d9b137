/**
 * While record.config.json names no report channel, no page of dist/ offers a way to report an
 * error: no page's report link, and no link to the review page's report section (which then says
 * the record has no channel), in any locale.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadRecordConfig } from '../../src/record/model/node/recordConfigFile.ts';
import { findAll, hasClass, linksOf, parseHtml, attr } from '../support/html.ts';
import { assertBuilt, htmlPagePaths, pageFile } from '../support/paths.ts';

test('no report channel: no page links to a report, and each review page says there is no channel', (t) => {
  if (loadRecordConfig().reportChannel !== null) {
    t.skip('record.config.json names a report channel');
    return;
  }
  assertBuilt();
  const pages = htmlPagePaths();
  assert.ok(pages.length >= 100, `${pages.length} pages`);
  const problems: string[] = [];
  let reviewPages = 0;
  for (const path of pages) {
    const tree = parseHtml(readFileSync(pageFile(path), 'utf8'));
    for (const link of linksOf(tree))
      if (link.kind === 'a[href]' && new URL(link.href, `https://uaix.org${path}`).hash === '#report')
        problems.push(`${path}: links to ${link.href}`);
    if (findAll(tree, (element) => hasClass(element, 'report-link')).length)
      problems.push(`${path}: shows a report link`);
    if (/^\/[a-z]{2}-[a-z]{2}\/review\/$/.test(path)) {
      reviewPages++;
      const said = findAll(tree, (element) => attr(element, 'dataUaixReportChannel') !== undefined);
      if (said.length !== 1 || attr(said[0], 'dataUaixReportChannel') !== 'none')
        problems.push(`${path}: the report section does not say the record has no channel`);
    }
  }
  assert.equal(reviewPages, 5, 'a review page in each locale');
  assert.deepEqual(problems, []);
});
