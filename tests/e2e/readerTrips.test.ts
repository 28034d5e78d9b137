/**
 * Reader trips found by reading the record natively (issue 40), in Chromium: after "Validate the
 * example" or Validate, focus is on the validator's result and the result is in view, at 390 × 844
 * and 1280 × 800; at 390 px the ack profile's field tables fit their scrolling container, their
 * pattern rules said in words.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { siteInBrowser } from '../support/siteInBrowser.ts';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const site = siteInBrowser();

/** Where focus is, and where the result's top edge and box are against the window. */
function resultPlace(page: Page) {
  return page.evaluate(() => {
    const result = document.getElementById('validator-result')!;
    const box = result.getBoundingClientRect();
    return {
      focusInResult: result.contains(document.activeElement),
      focused: document.activeElement?.id || document.activeElement?.tagName,
      top: Math.round(box.top),
      bottom: Math.round(box.bottom),
      windowHeight: innerHeight,
    };
  });
}

test('validator: after "Validate the example" and after Validate, focus is on the result and the result is in view', async () => {
  const problems: string[] = [];
  for (const viewport of VIEWPORTS) {
    const context = await site.browser.newContext({ viewport, colorScheme: 'light' });
    try {
      const page = await context.newPage();
      await site.open(page, '/en-us/tools/validator/');
      const steps: [string, () => Promise<void>][] = [
        ['the example', () => page.locator('#validator-example').click()],
        [
          'a pasted packet',
          async () => {
            await page.locator('#validator-input').fill('{"uai_version": "1.0", "profile": "uai.agent.handoff.v1"}');
            await page.evaluate(() => scrollTo(0, 0));
            await page.locator('#validator-run').click();
          },
        ],
      ];
      for (const [what, act] of steps) {
        await page.locator('#validator-result').evaluate((node) => (node.textContent = ''));
        await act();
        await page.locator('#validator-result .verdict').waitFor({ timeout: 30_000 });
        // Focus moves once the result is written, in the same task; one frame lets layout settle.
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
        const place = await resultPlace(page);
        const where = `${viewport.width} px, ${what}`;
        if (!place.focusInResult) problems.push(`${where}: focus is on ${place.focused}, not on the result`);
        // The result may be taller than a phone's window: its top, where the verdict is, is in view.
        if (place.top < 0 || place.top >= place.windowHeight || place.bottom <= 0)
          problems.push(`${where}: the result is out of view (top ${place.top}, window ${place.windowHeight})`);
        else if (place.bottom - place.top <= place.windowHeight && place.bottom > place.windowHeight)
          problems.push(
            `${where}: the result fits the window but is cut at ${place.windowHeight} (bottom ${place.bottom})`,
          );
      }
      if (viewport.width === 390) await page.screenshot({ path: '/tmp/trips-validator-390.png' });
    } finally {
      await context.close();
    }
  }
  assert.deepEqual(problems, []);
});

test('ack profile at 390 px: every field table fits its scrolling container, each pattern rule said in words with the pattern in a disclosure', async () => {
  const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'light' });
  try {
    const page = await context.newPage();
    await site.open(page, '/en-us/registry/uai-agent-ack-v1/');
    const tables = await page.evaluate(() =>
      [...document.querySelectorAll('.table-wrap:has(> .field-table)')].map((wrap) => ({
        caption: wrap.querySelector('caption')?.textContent ?? '',
        table: Math.round(wrap.querySelector('table')!.getBoundingClientRect().width),
        container: wrap.clientWidth,
        rawPatterns: [...wrap.querySelectorAll('td > code')]
          .map((code) => code.textContent ?? '')
          .filter((text) => text.startsWith('^') || text.startsWith('[')),
        disclosed: wrap.querySelectorAll('td details > summary + code').length,
      })),
    );
    await page.locator('.table-wrap:has(> .field-table)').first().screenshot({ path: '/tmp/trips-ack-table-390.png' });
    assert.ok(tables.length >= 1, `${tables.length} field tables on the ack page`);
    const wide = tables.filter((table) => table.table > table.container + 1);
    assert.deepEqual(
      wide.map((table) => `${table.caption}: ${table.table} px in ${table.container} px`),
      [],
    );
    assert.deepEqual(
      tables.flatMap((table) => table.rawPatterns),
      [],
      'a pattern shown bare in a Rule cell',
    );
    assert.ok(
      tables.some((table) => table.disclosed > 0),
      'no pattern behind a disclosure',
    );
  } finally {
    await context.close();
  }
});
