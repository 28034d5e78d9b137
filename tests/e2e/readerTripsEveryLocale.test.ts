/**
 * The reader trips of issue 40 that a reader meets in every locale, in Chromium over dist/ at
 * 390 × 844 and 1280 × 800, light and dark: Agent Fallbacks' first body heading is inside the first
 * viewport; the home page's body shows the "Current UAI-1" block open, with its six start-here links
 * in the seed's order, the same facts as the sidebar's and in the page's language; while
 * record.config.json names no report channel, the about and review pages say so themselves and no
 * link leads to a report section; after "Validate the example", focus is on the result, its top is
 * in view and a live region speaks the verdict. One browser, one tab per width and scheme.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { siteInBrowser } from '../support/siteInBrowser.ts';
import { LOCALES, pageUrl } from '../../src/record/model/locales.ts';
import { PAGE_PATHS } from '../../src/record/pages/pagePaths.ts';
import { loadRecordConfig } from '../../src/record/model/node/recordConfigFile.ts';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const SCHEMES = ['light', 'dark'] as const;
/** Seed 003's "Start here", in its order: Get Started, Project Handoff, UAI-1, validator, roadmap, changelog. */
const START_HERE = [
  PAGE_PATHS.getStarted,
  PAGE_PATHS.projectHandoff,
  PAGE_PATHS.specification,
  PAGE_PATHS.validator,
  PAGE_PATHS.roadmap,
  PAGE_PATHS.changelog,
];

const site = siteInBrowser();

/** Runs `check` once per width and colour scheme, in one tab each; returns every problem it reports. */
async function everyView(check: (page: Page, where: string, problems: string[]) => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  for (const viewport of VIEWPORTS)
    for (const colorScheme of SCHEMES) {
      const context = await site.browser.newContext({ viewport, colorScheme });
      try {
        await check(await context.newPage(), `${viewport.width} px ${colorScheme}`, problems);
      } finally {
        await context.close();
      }
    }
  return problems;
}

test('Agent Fallbacks: the first body heading is inside the first viewport in every locale', async (t) => {
  const offsets: string[] = [];
  const problems = await everyView(async (page, view, problems) => {
    for (const locale of LOCALES) {
      await site.open(page, pageUrl(locale.code, PAGE_PATHS.agentFallbacks));
      const heading = await page.evaluate(() => {
        const first = document.querySelector('main article :is(h2, h3)');
        const box = first?.getBoundingClientRect();
        return first && box
          ? {
              text: first.textContent?.trim() ?? '',
              top: Math.round(box.top),
              bottom: Math.round(box.bottom),
              window: innerHeight,
            }
          : null;
      });
      const where = `${locale.code}, ${view}`;
      if (!heading) problems.push(`${where}: no heading in the body`);
      else {
        offsets.push(`${where}: "${heading.text}" at y=${heading.top}–${heading.bottom} of ${heading.window}`);
        if (heading.top < 0 || heading.bottom > heading.window)
          problems.push(
            `${where}: "${heading.text}" ends at y=${heading.bottom}, below the first viewport (${heading.window} px)`,
          );
      }
    }
  });
  t.diagnostic(offsets.join('\n'));
  assert.deepEqual(problems, []);
});

test('home: the "Current UAI-1" block is open in the body of every locale, its six start-here links visible', async () => {
  const problems = await everyView(async (page, view, problems) => {
    for (const locale of LOCALES) {
      await site.open(page, pageUrl(locale.code, PAGE_PATHS.home));
      const block = await page.evaluate(() => {
        const heading = document.getElementById('current-uai');
        const section = heading?.closest('section');
        if (!heading || !section || !section.closest('main article')) return null;
        return {
          closedAround: Boolean(section.closest('details:not([open])')),
          visible: section.checkVisibility({ visibilityProperty: true }),
          lang: section.closest('[lang]')?.getAttribute('lang'),
          pageLang: document.documentElement.lang,
          text: section.querySelector('dl')?.textContent ?? '',
          sidebarText: document.querySelector('.sidebar .current-standard dl')?.textContent ?? '',
          links: [...section.querySelectorAll('dd a')].map((link) => ({
            href: link.getAttribute('href') ?? '',
            shown: link.checkVisibility({ visibilityProperty: true }) && link.getBoundingClientRect().width > 0,
          })),
        };
      });
      const where = `${locale.code}, ${view}`;
      if (!block) {
        problems.push(`${where}: no "Current UAI-1" section in the home page's body`);
        continue;
      }
      if (block.closedAround || !block.visible) problems.push(`${where}: the block is not shown without a tap`);
      if (block.lang !== block.pageLang)
        problems.push(`${where}: the block is in ${block.lang}, the page in ${block.pageLang}`);
      if (block.text !== block.sidebarText) problems.push(`${where}: the block and the sidebar's facts differ`);
      const expected = START_HERE.map((path) => pageUrl(locale.code, path));
      const hrefs = block.links.map((link) => link.href);
      if (hrefs.join(' ') !== expected.join(' ')) problems.push(`${where}: start-here links ${hrefs.join(', ')}`);
      for (const link of block.links) if (!link.shown) problems.push(`${where}: ${link.href} is not shown`);
    }
  });
  assert.deepEqual(problems, []);
});

test('no report channel: the about and review pages of every locale say so themselves and link to no report section', async (t) => {
  if (loadRecordConfig().reportChannel !== null) {
    t.skip('record.config.json names a report channel');
    return;
  }
  const problems = await everyView(async (page, view, problems) => {
    for (const locale of LOCALES)
      for (const path of [PAGE_PATHS.about, PAGE_PATHS.review]) {
        await site.open(page, pageUrl(locale.code, path));
        const facts = await page.evaluate(() => ({
          reportLinks: [...document.querySelectorAll('a[href]')]
            .filter((link) => {
              const target = new URL(link.getAttribute('href') ?? '', location.href);
              return target.hash === '#report' || link.closest('.report-link') !== null;
            })
            .map((link) => link.getAttribute('href')),
          saysNoChannel: [...document.querySelectorAll('[data-uaix-report-channel="none"]')].filter((said) =>
            said.checkVisibility({ visibilityProperty: true }),
          ).length,
        }));
        const where = `${pageUrl(locale.code, path)}, ${view}`;
        if (facts.reportLinks.length) problems.push(`${where}: links to a report: ${facts.reportLinks.join(', ')}`);
        if (facts.saysNoChannel !== 1) problems.push(`${where}: does not say itself that the record has no channel`);
      }
  });
  assert.deepEqual(problems, []);
});

test('validator in every locale: after "Validate the example", focus on the result, its top in view, a live region speaks the verdict', async () => {
  const problems = await everyView(async (page, view, problems) => {
    for (const locale of LOCALES) {
      await site.open(page, pageUrl(locale.code, PAGE_PATHS.validator));
      await page.locator('#validator-example').click();
      await page.locator('#validator-result .verdict').waitFor({ timeout: 30_000 });
      // The live region is written in the same task as the result; one frame lets layout settle.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
      const facts = await page.evaluate(() => {
        const result = document.getElementById('validator-result')!;
        const verdict = result.querySelector('.verdict')?.textContent?.trim() ?? '';
        const box = result.getBoundingClientRect();
        // A region speaks when its aria-live (or role="status"'s implicit "polite") is not "off".
        const speaking = [...document.querySelectorAll('[aria-live], [role="status"], [role="alert"]')].filter(
          (region) =>
            (region.getAttribute('aria-live') ?? (region.getAttribute('role') === 'alert' ? 'assertive' : 'polite')) !==
            'off',
        );
        return {
          verdict,
          focusInResult: result.contains(document.activeElement),
          focused: document.activeElement?.id || document.activeElement?.tagName,
          top: Math.round(box.top),
          window: innerHeight,
          spoken: speaking.some((region) => verdict !== '' && (region.textContent ?? '').includes(verdict)),
        };
      });
      const where = `${locale.code}, ${view}`;
      if (!facts.focusInResult) problems.push(`${where}: focus is on ${facts.focused}, not on the result`);
      if (facts.top < 0 || facts.top >= facts.window) problems.push(`${where}: the result's top is at y=${facts.top}`);
      if (!facts.spoken) problems.push(`${where}: no live region speaks "${facts.verdict}"`);
      // The next locale starts from a fresh page: the same tab, another document.
    }
  });
  assert.deepEqual(problems, []);
});
