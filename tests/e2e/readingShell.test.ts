/**
 * The page shell as a reader meets it, in Chromium at 390 × 844 and 1280 × 800, light and dark, on
 * every kind of page: table cells never wrap inside a word (measured on the rendered line boxes),
 * the first heading of the body is in the first viewport, the sidebar marks the current page, "On
 * this page" names every h2 of the body and stays in view on wide screens; the copy buttons and the
 * theme control work, and without JavaScript they are absent while the content is all there.
 * Viewport screenshots of every case go to test-results/screenshots/shell-*.png.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { siteInBrowser } from '../support/siteInBrowser.ts';
import { SCREENSHOTS, pageFile } from '../support/paths.ts';

/** One page of every kind, a translated one and a fallback-locale one among them. */
const PAGES = [
  '/en-us/',
  '/en-us/guides/swarm-failure-and-recovery/',
  '/en-us/specification/uai-1/',
  '/es-us/registry/uai-agent-ack-v1/',
  '/en-us/registry/',
  '/en-us/schemas/',
  '/fr-fr/examples/',
  '/en-us/tools/validator/',
  '/en-us/review/',
  '/en-us/governance/changelog/',
  '/en-us/about/',
  '/zh-cn/spec/agent-fallbacks/',
];
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const SCHEMES = ['light', 'dark'] as const;
/**
 * The share of the first viewport the shell may take above the body. The first body heading must be
 * in the first viewport; only a page's own introduction (text before that heading) may push it
 * below, and then the body must start within this share of the viewport. At 390 px the UAI-1
 * specification and the profile registry need this (their introductions end below the fold, the body
 * starting at y=366 of 844). Agent Fallbacks no longer does: it opens with its Scope heading, in every
 * locale (tests/e2e/readerTripsEveryLocale.test.ts holds it to the first viewport).
 */
const SHELL_SHARE = 0.6;
/** Characters after which code in a table may wrap, besides whitespace: never a hyphen. Prose may break after one. */
const ALLOWED_BREAKS = '_./';
const PROSE_BREAKS = '_./-';

const site = siteInBrowser(() => mkdirSync(SCREENSHOTS, { recursive: true }));

const open = (page: Page, path: string) => site.open(page, path);

/**
 * Every line break inside a table cell, found from the rendered position of each character: where
 * a character starts a new line, the break must follow whitespace or one of `_ . - /`. Chinese and
 * Japanese prose has no spaces and may break beside any ideograph, kana or full-width mark (UAX #14).
 */
function wordBreaksInTables(page: Page, allowed: { code: string; prose: string }): Promise<string[]> {
  return page.evaluate((allowedBreaks) => {
    const problems: string[] = [];
    const range = document.createRange();
    for (const cell of document.querySelectorAll('main td, main th')) {
      let previous:
        { char: string; top: number; height: number; gap: boolean; block: Element | null; code: boolean } | undefined;
      let sawSpace = false;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const block = node.parentElement?.closest('p, li, div, td, th, details, summary') ?? null;
        const code = Boolean(node.parentElement?.closest('code'));
        for (let at = 0; at < node.data.length; at++) {
          const char = node.data[at];
          if (/\s/.test(char)) {
            sawSpace = true;
            continue;
          }
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          const rect = range.getBoundingClientRect();
          if (rect.width === 0 && rect.height === 0) continue;
          if (previous && rect.top >= previous.top + previous.height / 2) {
            const breaks = previous.code ? allowedBreaks.code : allowedBreaks.prose;
            const unspaced = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
            const ideographic = !previous.code && (unspaced.test(previous.char) || unspaced.test(char));
            const allowedBreak = sawSpace || ideographic || breaks.includes(previous.char) || previous.block !== block;
            if (!allowedBreak) {
              const text = (cell.textContent ?? '').replace(/\s+/g, ' ').trim();
              problems.push(`"${text.slice(0, 80)}" wraps between "${previous.char}" and "${char}"`);
            }
          }
          previous = { char, top: rect.top, height: rect.height, gap: false, block, code };
          sawSpace = false;
        }
      }
    }
    return problems;
  }, allowed);
}

interface ShellFacts {
  firstHeading: { text: string; top: number; bottom: number } | null;
  /** Top of the body's first block: where the page's own content starts. */
  bodyTop: number;
  viewportHeight: number;
  currentInSidebar: string[];
  bodyHeadings: { id: string; text: string }[];
  tocEntries: { href: string; text: string }[];
  pageWidth: number;
}

function shellFacts(page: Page): Promise<ShellFacts> {
  return page.evaluate(() => {
    const heading = document.querySelector('main article :is(h2, h3)');
    const box = heading?.getBoundingClientRect();
    // No helper functions in here: the test runner's transpiler would wrap them in a `__name` the page lacks.
    return {
      firstHeading:
        heading && box
          ? { text: (heading.textContent ?? '').replace(/\s+/g, ' ').trim(), top: box.top, bottom: box.bottom }
          : null,
      bodyTop: document.querySelector('main article > *')?.getBoundingClientRect().top ?? Infinity,
      viewportHeight: innerHeight,
      currentInSidebar: [...document.querySelectorAll('.section-nav a[aria-current="page"]')].map(
        (link) => link.getAttribute('href') ?? '',
      ),
      // A section only a script shows (the validator's tool) stays out of "On this page".
      bodyHeadings: [...document.querySelectorAll('main article h2:not([data-toc="script"])')].map((h2) => ({
        id: h2.id,
        text: (h2.textContent ?? '').replace(/\s+/g, ' ').trim(),
      })),
      tocEntries: [...document.querySelectorAll('main .toc a')].map((link) => ({
        href: link.getAttribute('href') ?? '',
        text: (link.textContent ?? '').replace(/\s+/g, ' ').trim(),
      })),
      pageWidth: document.documentElement.scrollWidth,
    };
  });
}

test('every kind of page at 390 and 1280 px, light and dark: tables, first heading, sidebar, On this page', async () => {
  const problems: string[] = [];
  const pushedByIntroduction: string[] = [];
  for (const viewport of VIEWPORTS) {
    for (const scheme of SCHEMES) {
      const context = await site.browser.newContext({ viewport, colorScheme: scheme });
      const page = await context.newPage();
      for (const path of PAGES) {
        const where = `${path} at ${viewport.width} px, ${scheme}`;
        await open(page, path);
        for (const problem of await wordBreaksInTables(page, { code: ALLOWED_BREAKS, prose: PROSE_BREAKS }))
          problems.push(`${where}: table cell ${problem}`);
        const facts = await shellFacts(page);
        if (!facts.firstHeading) problems.push(`${where}: the body has no heading`);
        else if (facts.firstHeading.bottom > facts.viewportHeight) {
          // Only the page's own introduction may push its first heading below the fold: the shell
          // above the body (header, title, facts, banners, disclosures) leaves room for it.
          const shell = Math.round(facts.bodyTop);
          if (shell > SHELL_SHARE * facts.viewportHeight) {
            problems.push(
              `${where}: the first body heading "${facts.firstHeading.text}" ends at y=${Math.round(facts.firstHeading.bottom)}, below the first viewport (${facts.viewportHeight} px), and the body starts at y=${shell}`,
            );
          } else
            pushedByIntroduction.push(
              `${where}: "${facts.firstHeading.text}" at y=${Math.round(facts.firstHeading.top)} after the introduction (body from y=${shell})`,
            );
        }
        if (facts.pageWidth > viewport.width)
          problems.push(`${where}: the page scrolls sideways (scrollWidth ${facts.pageWidth})`);
        if (JSON.stringify(facts.currentInSidebar) !== JSON.stringify([path]))
          problems.push(`${where}: the sidebar marks ${JSON.stringify(facts.currentInSidebar)} as the current page`);
        const expected = facts.bodyHeadings.map((heading) => ({ href: `#${heading.id}`, text: heading.text }));
        if (JSON.stringify(facts.tocEntries) !== JSON.stringify(expected)) {
          problems.push(
            `${where}: "On this page" lists ${JSON.stringify(facts.tocEntries.map((entry) => entry.text))}, the body's h2 are ${JSON.stringify(expected.map((entry) => entry.text))}`,
          );
        }
        await page.screenshot({
          path: join(SCREENSHOTS, `shell-${path.replace(/\//g, '_')}-${viewport.width}-${scheme}.png`),
        });
      }
      await context.close();
    }
  }
  if (pushedByIntroduction.length)
    console.log(
      `first headings below the fold because of a long introduction:\n  ${pushedByIntroduction.join('\n  ')}`,
    );
  assert.deepEqual(problems, []);
});

test('wide screens: the sidebar and "On this page" are shown without a click, and "On this page" stays in view while reading', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await open(page, '/en-us/specification/uai-1/');
    assert.ok(
      await page.locator('.section-nav a[aria-current="page"]').isVisible(),
      'the current page is not visible in the sidebar',
    );
    const toc = page.locator('main .toc ol');
    assert.ok(await toc.isVisible(), '"On this page" is not shown');
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight / 2));
    const box = await toc.boundingBox();
    assert.ok(box && box.y >= 0 && box.y < 800, `"On this page" scrolled out of view (${JSON.stringify(box)})`);
    const narrow = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await narrow.newPage();
    await open(phone, '/en-us/specification/uai-1/');
    assert.equal(await phone.locator('.section-nav').isVisible(), false, 'on a phone the sidebar should start closed');
    assert.equal(
      await phone.locator('main .toc ol').isVisible(),
      false,
      'on a phone "On this page" should start closed',
    );
    await narrow.close();
  } finally {
    await context.close();
  }
});

test('copy buttons copy exactly the code, in every code block of the page', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.origin });
  const page = await context.newPage();
  try {
    await open(page, '/en-us/registry/uai-agent-ack-v1/');
    const blocks = page.locator('main pre');
    const count = await blocks.count();
    assert.ok(count >= 2, `${count} code blocks on the profile page`);
    assert.equal(await page.locator('main .copy-button').count(), count, 'one copy button per code block');
    // The keyed fixture block must copy the published fixture file, byte for byte.
    const figure = page.locator('figure[data-uaix-code="fixture"]').first();
    const fixtureUrl = await figure.getAttribute('data-uaix-ref');
    assert.ok(fixtureUrl, 'the keyed fixture block names its file');
    await figure.locator('.copy-button').click();
    await page.locator('figure[data-uaix-code="fixture"] .copy-button', { hasText: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(
      copied.trimEnd(),
      readFileSync(pageFile(fixtureUrl), 'utf8').trimEnd(),
      'the clipboard does not hold the fixture file',
    );
    for (let at = 0; at < count; at++) {
      await blocks.nth(at).locator('xpath=..').locator('.copy-button').click();
      const text = await page.evaluate(() => navigator.clipboard.readText());
      assert.equal(
        text,
        (await blocks.nth(at).textContent())?.replace(/\n$/, ''),
        `code block ${at + 1}: the clipboard differs from the code`,
      );
    }
  } finally {
    await context.close();
  }
});

test('the theme control: dark is applied, persisted across reloads before the body is drawn, and "system" returns to the system setting', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  // Records the theme at the moment <body> is inserted, before any content can be painted.
  await context.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      (window as unknown as { themeAtBody: string | null }).themeAtBody =
        document.documentElement.getAttribute('data-theme');
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  try {
    await open(page, '/fr-fr/guides/swarm-failure-and-recovery/');
    const light = await background();
    const select = page.locator('#theme-choice');
    assert.equal(await select.inputValue(), 'system');
    await select.selectOption('dark');
    assert.equal(await page.locator('html').getAttribute('data-theme'), 'dark');
    const dark = await background();
    assert.notEqual(dark, light, 'choosing dark does not change the colours');
    await page.reload({ waitUntil: 'load' });
    assert.equal(
      await page.evaluate(() => (window as unknown as { themeAtBody: string | null }).themeAtBody),
      'dark',
      'after a reload the dark theme was not set before <body>: the light theme flashes',
    );
    assert.equal(await background(), dark);
    assert.equal(await page.locator('#theme-choice').inputValue(), 'dark');
    // Another page of the site keeps the choice too.
    await open(page, '/en-us/');
    assert.equal(await page.evaluate(() => (window as unknown as { themeAtBody: string | null }).themeAtBody), 'dark');
    await page.locator('#theme-choice').selectOption('system');
    assert.equal(await page.locator('html').getAttribute('data-theme'), null);
    assert.equal(await page.evaluate(() => localStorage.getItem('uaix-theme')), null);
    assert.equal(await background(), light);
  } finally {
    await context.close();
  }
});

test('without JavaScript: no copy button, no theme control, the menu opens, and no content is lost', async () => {
  const withScript = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
  const withoutScript = await site.browser.newContext({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: false,
  });
  const problems: string[] = [];
  // The text of <main> as the HTML gives it, without what the script adds (copy buttons) or fills
  // in (the validator's tool).
  const mainText = (page: Page) =>
    page.evaluate(() => {
      const main = document.querySelector('main')!.cloneNode(true) as HTMLElement;
      for (const added of main.querySelectorAll('.copy-button, #validator')) added.remove();
      return (main.textContent ?? '').replace(/\s+/g, ' ').trim();
    });
  try {
    const scripted = await withScript.newPage();
    const plain = await withoutScript.newPage();
    for (const path of PAGES) {
      await open(scripted, path);
      await open(plain, path);
      if ((await plain.locator('.copy-button, #theme-choice, .theme-control').count()) > 0)
        problems.push(`${path}: a control shows without JavaScript`);
      if ((await scripted.locator('#theme-choice').count()) !== 1)
        problems.push(`${path}: no theme control with JavaScript`);
      if ((await scripted.locator('main pre').count()) !== (await scripted.locator('main .copy-button').count()))
        problems.push(`${path}: not every code block has a copy button`);
      if ((await mainText(plain)) !== (await mainText(scripted)))
        problems.push(`${path}: <main> says something else without JavaScript`);
    }
    await open(plain, '/en-us/examples/');
    assert.equal(await plain.locator('.section-nav').isVisible(), false);
    await plain.locator('.sidebar-disclosure > summary').click();
    assert.ok(
      await plain.locator('.section-nav a[aria-current="page"]').isVisible(),
      'the menu does not open without JavaScript',
    );
    await plain.locator('main .toc summary').click();
    assert.ok(await plain.locator('main .toc ol').isVisible(), '"On this page" does not open without JavaScript');
  } finally {
    await withScript.close();
    await withoutScript.close();
  }
  assert.deepEqual(problems, []);
});
