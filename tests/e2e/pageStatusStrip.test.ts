/**
 * Issue 39 part 4 and issue 40's reader trip "the phone status row hides Published and shows only
 * Draft": in Chromium over dist/, at 390 × 844 and 1280 × 800, the status strip of a normative page
 * and of a guide shows the page's own status, visible, in the same words at both widths, and the
 * words its JSON mirror's state names (Published in edition <id> for a published page).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { siteInBrowser } from '../support/siteInBrowser.ts';
import { DIST, REPOSITORY_ROOT } from '../support/paths.ts';
import { LOCALES, pageUrl } from '../../src/record/model/locales.ts';
import { PAGE_PATHS } from '../../src/record/pages/pagePaths.ts';
import { uiString } from '../support/pageStatusStrip.ts';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const PAGES = [PAGE_PATHS.specification, PAGE_PATHS.agentFallbacks, PAGE_PATHS.projectHandoff];

const site = siteInBrowser();

/** The words the strip must show for a page, from the state its JSON mirror states. */
function expectedWords(locale: string, path: string): string {
  const { edition } = JSON.parse(readFileSync(join(DIST, locale, path, 'index.json'), 'utf8')) as {
    edition: { state: string; label: string; id: string | null };
  };
  const since = /since ([0-9.-]+)/.exec(edition.label)?.[1] ?? '';
  const words: Record<string, string> = {
    published: uiString(REPOSITORY_ROOT, locale, 'edition.page_published', { id: edition.id ?? '' }),
    changed: `${uiString(REPOSITORY_ROOT, locale, 'edition.page_changed', { id: since })} (${uiString(REPOSITORY_ROOT, locale, 'edition.page_released_text')})`,
    new: uiString(REPOSITORY_ROOT, locale, 'edition.page_new', { id: since }),
    informative: uiString(REPOSITORY_ROOT, locale, 'edition.page_informative'),
  };
  return words[edition.state] ?? `(state ${edition.state})`;
}

test("the status strip shows the page's own status at 390 and 1280 px, in the same words", async () => {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const viewport of VIEWPORTS) {
    const context = await site.browser.newContext({ viewport });
    try {
      const tab = await context.newPage();
      for (const locale of LOCALES.map((entry) => entry.code)) {
        const term = uiString(REPOSITORY_ROOT, locale, 'edition.page_status');
        for (const path of PAGES) {
          await site.open(tab, pageUrl(locale, path));
          const shown = await tab.evaluate((term) => {
            const dt = [...document.querySelectorAll('.record-facts dt')].find(
              (element) => element.textContent === term,
            );
            const dd = dt?.nextElementSibling as HTMLElement | null | undefined;
            if (!dd) return null;
            const box = dd.getBoundingClientRect();
            return {
              text: (dd.textContent ?? '').replace(/[ \t\n]+/g, ' ').trim(),
              visible: box.width > 0 && box.height > 0 && box.top < innerHeight,
            };
          }, term);
          const where = `/${locale}/${path}/ at ${viewport.width} px`;
          const expected = expectedWords(locale, path);
          if (!shown) problems.push(`${where}: no "${term}" fact in the strip`);
          else {
            if (!shown.visible)
              problems.push(`${where}: the status "${shown.text}" is not visible in the first screen`);
            if (shown.text !== expected) problems.push(`${where}: "${shown.text}", expected "${expected}"`);
            const other = seen.get(`${locale}/${path}`);
            if (other !== undefined && other !== shown.text)
              problems.push(`${where}: "${shown.text}", "${other}" at the other width`);
            seen.set(`${locale}/${path}`, shown.text);
          }
        }
      }
    } finally {
      await context.close();
    }
  }
  assert.deepEqual(problems, []);
  assert.equal(seen.size, LOCALES.length * PAGES.length);
});
