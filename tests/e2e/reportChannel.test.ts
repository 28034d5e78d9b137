/**
 * While record.config.json names no report channel, no page of dist/ offers a way to report an
 * error: no page's report link, no link to a report section and no section titled "Report an error
 * in this record" (in any locale's words); the review and about pages each say themselves that the
 * record has no channel, in every locale.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadRecordConfig } from '../../src/record/model/node/recordConfigFile.ts';
import { findAll, hasClass, linksOf, parseHtml, attr, readableText } from '../support/html.ts';
import { assertBuilt, htmlPagePaths, pageFile, REPOSITORY_ROOT } from '../support/paths.ts';
import { LOCALES } from '../../src/record/model/locales.ts';
import { join } from 'node:path';

/** A locale's interface strings, as the build reads them. */
const uiStrings = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(REPOSITORY_ROOT, `content/i18n/${locale}.json`), 'utf8'));
/** Every locale's title of the report section, which only a record with a channel shows. */
const reportTitles = new Set(LOCALES.map((locale) => uiStrings(locale.code)['report.title']));

test('no report channel: no page links to a report or shows a report section, and each review and about page says there is no channel', (t) => {
  if (loadRecordConfig().reportChannel !== null) {
    t.skip('record.config.json names a report channel');
    return;
  }
  assertBuilt();
  const pages = htmlPagePaths();
  assert.ok(pages.length >= 100, `${pages.length} pages`);
  const problems: string[] = [];
  let sayingPages = 0;
  for (const path of pages) {
    const tree = parseHtml(readFileSync(pageFile(path), 'utf8'));
    for (const link of linksOf(tree))
      if (link.kind === 'a[href]' && new URL(link.href, `https://uaix.org${path}`).hash === '#report')
        problems.push(`${path}: links to ${link.href}`);
    if (findAll(tree, (element) => hasClass(element, 'report-link')).length)
      problems.push(`${path}: shows a report link`);
    for (const heading of findAll(tree, (element) => /^h[1-6]$/.test(element.tagName)))
      if (reportTitles.has(readableText(heading).trim()))
        problems.push(`${path}: a section "${readableText(heading).trim()}"`);
    if (/^\/[a-z]{2}-[a-z]{2}\/(review|about)\/$/.test(path)) {
      sayingPages++;
      const said = findAll(tree, (element) => attr(element, 'dataUaixReportChannel') !== undefined);
      if (said.length !== 1 || attr(said[0], 'dataUaixReportChannel') !== 'none')
        problems.push(`${path}: does not say the record has no channel`);
    }
  }
  assert.equal(sayingPages, 10, 'a review and an about page in each locale');
  assert.deepEqual(problems, []);
});
