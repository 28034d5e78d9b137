/**
 * The shell points readers reported (issue 25), in Chromium at 390 × 844 and 1280 × 800, light and
 * dark, with and without JavaScript: the title outranks every section heading; the facts strip is
 * compact on a phone; tables say they scroll and can be scrolled with the keyboard; breadcrumbs end
 * at the page with the right parents; "On this page" marks the section being read and has no control
 * that does nothing; borders of inputs and tables reach 3:1; language and breadcrumb links are at
 * least 24 px tall; search sits in the header (a link without JavaScript, a field with it) without
 * moving the page; and the validator opens its page, validates its example with no warning, explains
 * a warning where it appears, keeps results readable on a phone and copies its report.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { siteInBrowser } from '../support/siteInBrowser.ts';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const SCHEMES = ['light', 'dark'] as const;
/** Pages with long section headings, wide tables and deep trails, in three locales. */
const PAGES = [
  '/en-us/specification/uai-1/',
  '/fr-fr/spec/agent-fallbacks/',
  '/es-us/registry/uai-agent-ack-v1/',
  '/en-us/tools/validator/',
  '/fr-fr/guides/project-handoff/',
  '/en-us/governance/translation-status/',
];
/** WCAG 2.2 AA: non-text contrast (1.4.11) and target size (2.5.8). */
const MIN_CONTRAST = 3;
const MIN_TARGET = 24;

const site = siteInBrowser();

const open = (page: Page, path: string) => site.open(page, path);

/** Every combination of viewport and colour scheme, each in a context of its own. */
async function eachView(
  run: (page: Page, label: string, context: BrowserContext) => Promise<void>,
  options: { javaScriptEnabled?: boolean; schemes?: readonly ('light' | 'dark')[] } = {},
): Promise<void> {
  for (const viewport of VIEWPORTS)
    for (const scheme of options.schemes ?? SCHEMES) {
      const context = await site.browser.newContext({
        viewport,
        colorScheme: scheme,
        javaScriptEnabled: options.javaScriptEnabled ?? true,
      });
      try {
        await run(await context.newPage(), `${viewport.width} px ${scheme}`, context);
      } finally {
        await context.close();
      }
    }
}

test('type scale: the page title is larger than every heading of the body, at 390 and 1280 px', async () => {
  const problems: string[] = [];
  await eachView(
    async (page, label) => {
      for (const path of PAGES) {
        await open(page, path);
        const sizes = await page.evaluate(() => ({
          title: parseFloat(getComputedStyle(document.querySelector('h1')!).fontSize),
          headings: [...document.querySelectorAll('main h2:not(.visually-hidden), main h3, main h4')]
            .filter((heading) => heading.getClientRects().length > 0)
            .map((heading) => [heading.textContent?.trim() ?? '', parseFloat(getComputedStyle(heading).fontSize)]),
        }));
        for (const [text, size] of sizes.headings as [string, number][])
          if (size >= sizes.title)
            problems.push(`${label} ${path}: "${text}" is ${size}px, the title ${sizes.title}px`);
      }
    },
    { schemes: ['light'] },
  );
  assert.deepEqual(problems, []);
});

test('the facts strip takes at most four lines on a phone and at most three on a laptop', async () => {
  const problems: string[] = [];
  await eachView(
    async (page, label) => {
      for (const path of PAGES) {
        await open(page, path);
        const { height, line } = await page.evaluate(() => {
          const strip = document.querySelector('.document-status')!;
          return { height: strip.getBoundingClientRect().height, line: parseFloat(getComputedStyle(strip).lineHeight) };
        });
        const lines = label.startsWith('390') ? 4 : 3;
        // The strip's own padding and border come on top of its lines.
        if (height > lines * line + 16)
          problems.push(`${label} ${path}: ${Math.round(height)}px (${lines} lines allowed)`);
      }
    },
    { schemes: ['light'] },
  );
  assert.deepEqual(problems, []);
});

test('tables: each in a named, focusable region; one that overflows shows an edge shadow and scrolls with the arrow keys', async () => {
  const problems: string[] = [];
  let overflowing = 0;
  await eachView(async (page, label) => {
    for (const path of ['/en-us/specification/uai-1/', '/fr-fr/examples/', '/en-us/tools/validator/']) {
      await open(page, path);
      const wraps = await page.evaluate(() =>
        [...document.querySelectorAll('main table')].map((table) => {
          const wrap = table.parentElement!;
          return {
            isWrap: wrap.classList.contains('table-wrap'),
            tabindex: wrap.getAttribute('tabindex'),
            // HTML-AAM: a <section> with an accessible name is a region landmark, as role="region" says.
            role:
              wrap.getAttribute('role') ??
              (wrap.tagName === 'SECTION' && wrap.getAttribute('aria-label') ? 'region' : null),
            label: wrap.getAttribute('aria-label') ?? '',
            overflows: wrap.scrollWidth > wrap.clientWidth + 1,
            background: getComputedStyle(wrap).backgroundImage,
          };
        }),
      );
      wraps.forEach((wrap, at) => {
        const where = `${label} ${path} table ${at + 1}`;
        if (!wrap.isWrap || wrap.tabindex !== '0' || wrap.role !== 'region' || !wrap.label)
          problems.push(`${where}: not in a focusable, labelled region (${JSON.stringify(wrap)})`);
        if (wrap.overflows && !/radial-gradient/.test(wrap.background))
          problems.push(`${where}: overflows with no edge shadow`);
      });
      const first = wraps.findIndex((wrap) => wrap.overflows);
      if (first < 0) continue;
      overflowing++;
      const region = page.locator('main table').nth(first).locator('xpath=..');
      await region.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      // A key's scroll is animated off the main thread: under load it lands after press() returns.
      const scrolled = await region.evaluate(async (element) => {
        const started = performance.now();
        while (element.scrollLeft <= 0 && performance.now() - started < 5000)
          await new Promise((frame) => requestAnimationFrame(frame));
        return element.scrollLeft > 0;
      });
      if (!scrolled) problems.push(`${label} ${path}: the arrow keys do not scroll the overflowing table`);
    }
  });
  assert.ok(overflowing > 0, 'no table overflows at any width: the affordance was not exercised');
  assert.deepEqual(problems, []);
});

test('breadcrumbs end at the page (aria-current) with the right parents; crumb and language links are ≥ 24 px tall', async () => {
  const problems: string[] = [];
  const trails: Record<string, string[]> = {
    '/en-us/search/': ['/en-us/'],
    '/en-us/governance/translation-status/': ['/en-us/'],
    '/fr-fr/guides/project-handoff/': ['/fr-fr/', '/fr-fr/guides/'],
    '/es-us/registry/uai-agent-ack-v1/': ['/es-us/', '/es-us/registry/'],
  };
  await eachView(async (page, label) => {
    for (const [path, parents] of Object.entries(trails)) {
      await open(page, path);
      const trail = await page.evaluate(() => ({
        links: [...document.querySelectorAll('.breadcrumbs a')].map((link) => link.getAttribute('href')),
        current: document.querySelector('.breadcrumbs li:last-child [aria-current="page"]')?.textContent?.trim(),
        title: document.querySelector('h1')?.textContent?.trim(),
        heights: [...document.querySelectorAll('.breadcrumbs a, .language-switcher a')]
          .filter((link) => link.getClientRects().length > 0)
          .map((link) => [link.textContent?.trim(), link.getBoundingClientRect().height]),
      }));
      if (JSON.stringify(trail.links) !== JSON.stringify(parents))
        problems.push(`${label} ${path}: parents ${JSON.stringify(trail.links)}, expected ${JSON.stringify(parents)}`);
      if (trail.current !== trail.title) problems.push(`${label} ${path}: trail ends at "${trail.current}"`);
      for (const [text, height] of trail.heights as [string, number][])
        if (height < MIN_TARGET) problems.push(`${label} ${path}: link "${text}" is ${height}px tall`);
    }
  });
  assert.deepEqual(problems, []);
});

test('language links are ≥ 24 px tall in the opened menu on a phone', async () => {
  const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await open(page, '/fr-fr/guides/project-handoff/');
    await page.locator('.sidebar-disclosure > summary').click();
    const heights = await page
      .locator('.language-switcher a')
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height));
    assert.ok(heights.length >= 5);
    assert.deepEqual(
      heights.filter((height) => height < MIN_TARGET),
      [],
    );
  } finally {
    await context.close();
  }
});

test('"On this page": the section being read is marked; on wide screens no summary that opens nothing', async () => {
  const problems: string[] = [];
  await eachView(async (page, label) => {
    await open(page, '/en-us/specification/uai-1/');
    const third = await page.locator('.record-body h2[id]').nth(2).getAttribute('id');
    await page.evaluate((id) => document.getElementById(id!)!.scrollIntoView(), third);
    await page.waitForFunction(
      (id) => document.querySelector(`.toc a[aria-current="location"]`)?.getAttribute('href') === `#${id}`,
      third,
      { timeout: 5000 },
    );
    const summary = await page.locator('.toc-disclosure > summary').isVisible();
    if (label.startsWith('1280') && summary) problems.push(`${label}: the summary of "On this page" is shown`);
    if (label.startsWith('390') && !summary) problems.push(`${label}: "On this page" cannot be opened`);
    if (label.startsWith('1280') && !(await page.locator('.toc-title').isVisible()))
      problems.push(`${label}: "On this page" has no title`);
  });
  assert.deepEqual(problems, []);
});

test('without JavaScript: search is a link to the search page, no sidebar form, and "On this page" links only shown sections', async () => {
  const problems: string[] = [];
  await eachView(
    async (page, label) => {
      for (const path of ['/en-us/tools/validator/', '/fr-fr/specification/uai-1/']) {
        await open(page, path);
        const facts = await page.evaluate(() => ({
          search: document.querySelector('.site-header a.header-search')?.getAttribute('href'),
          forms: document.querySelectorAll('.sidebar form').length,
          hiddenTargets: [...document.querySelectorAll<HTMLAnchorElement>('.toc a[href^="#"]')]
            .map((link) => document.getElementById(decodeURIComponent(link.hash.slice(1))))
            .filter((target) => !target || target.closest('[hidden]'))
            .map((target) => target?.id ?? '(missing)'),
          copy: document.querySelectorAll('.copy-report, .copy-button').length,
        }));
        const locale = path.slice(1, 6);
        if (facts.search !== `/${locale}/search/`) problems.push(`${label} ${path}: header search is ${facts.search}`);
        if (facts.forms) problems.push(`${label} ${path}: a form in the sidebar`);
        if (facts.hiddenTargets.length) problems.push(`${label} ${path}: links to hidden ${facts.hiddenTargets}`);
        if (facts.copy) problems.push(`${label} ${path}: a copy button without JavaScript`);
      }
    },
    { javaScriptEnabled: false },
  );
  assert.deepEqual(problems, []);
});

/** Contrast ratio of two CSS colours (rgb/rgba, alpha blended over the second). */
function contrast(foreground: string, background: string): number {
  const parse = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
  const [br, bg, bb] = parse(background);
  const [fr, fg, fb, alpha = 1] = parse(foreground);
  const blend = [fr * alpha + br * (1 - alpha), fg * alpha + bg * (1 - alpha), fb * alpha + bb * (1 - alpha)];
  const luminance = (rgb: number[]) =>
    rgb
      .map((channel) => channel / 255)
      .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, at) => sum + c * [0.2126, 0.7152, 0.0722][at], 0);
  const [light, dark] = [luminance(blend), luminance([br, bg, bb])].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

test('borders of inputs and table cells reach 3:1 against the page and the header cells, light and dark', async () => {
  const problems: string[] = [];
  await eachView(async (page, label) => {
    await open(page, '/en-us/tools/validator/');
    const pairs = await page.evaluate(() => {
      const page = getComputedStyle(document.documentElement).backgroundColor;
      const found: [string, string, string][] = [];
      for (const selector of ['.header-search input', '#validator-input', '#validator-fixture', 'main td', 'main th']) {
        const element = document.querySelector(selector);
        if (!element) {
          found.push([selector, 'missing', page]);
          continue;
        }
        const style = getComputedStyle(element);
        found.push([selector, style.borderTopColor, page]);
        const own = style.backgroundColor;
        if (!own.endsWith(', 0)') && own !== 'transparent')
          found.push([`${selector} (own background)`, style.borderTopColor, own]);
      }
      return found;
    });
    for (const [selector, border, background] of pairs) {
      if (border === 'missing') problems.push(`${label}: no ${selector}`);
      else if (contrast(border, background) < MIN_CONTRAST)
        problems.push(
          `${label} ${selector}: ${border} on ${background} is ${contrast(border, background).toFixed(2)}:1`,
        );
    }
  });
  assert.deepEqual(problems, []);
});

/** Layout shifts the page reports, summed (the CLS of the whole visit, not only of its largest window). */
async function shiftsSoFar(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

test('header search: a field that opens Pagefind results over the page with no layout shift; no result offers English', async () => {
  const problems: string[] = [];
  await eachView(async (page, label) => {
    await open(page, '/fr-fr/guides/project-handoff/');
    const input = page.locator('.site-header .header-search input[type="search"]');
    await input.fill('transfert');
    await page.locator('#search-panel li a').first().waitFor({ timeout: 20_000 });
    const links = await page
      .locator('#search-panel li a')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href')));
    if (!links.every((href) => href?.startsWith('/fr-fr/'))) problems.push(`${label}: results ${links}`);
    const shifted = await shiftsSoFar(page);
    if (shifted > 0) problems.push(`${label}: layout shift ${shifted.toFixed(3)} on load and search`);
    // A word with no French stem in the index (Pagefind's stemmer matched "ornithorynque" to "or").
    await input.fill('xqzvwk');
    await page.locator('#search-panel a[hreflang="en-US"]').waitFor({ timeout: 20_000 });
    const english = await page.locator('#search-panel a[hreflang="en-US"]').getAttribute('href');
    if (english !== '/en-us/search/?q=xqzvwk') problems.push(`${label}: the English suggestion is ${english}`);
    await input.press('Escape');
    if (await page.locator('#search-panel').isVisible()) problems.push(`${label}: Escape leaves the results open`);
  });
  assert.deepEqual(problems, []);
});

test('French elision: a word after l’ or d’ is found, from the header and from the search page, and snippets read as written', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await open(page, '/fr-fr/guides/');
    // The French guides index has "utiliser" only as l’utiliser.
    await page.locator('.header-search input').fill('utiliser');
    await page.locator('#search-panel li a').first().waitFor({ timeout: 20_000 });
    const snippets = await page.locator('#search-panel li p').evaluateAll((nodes) => nodes.map((n) => n.innerHTML));
    assert.ok(
      snippets.some((snippet) => /l’<mark>utilis/.test(snippet)),
      `no snippet highlights a word after l’: ${snippets.join(' | ')}`,
    );
    assert.ok(
      !snippets.some((snippet) => /\bl’ \p{L}/u.test(snippet)),
      `a snippet shows the index's space: ${snippets}`,
    );
    await page.locator('.header-search input').fill('l’utilisation');
    await page.waitForFunction(() => document.querySelectorAll('#search-panel li').length > 0);
    await open(page, '/fr-fr/search/?q=d%E2%80%99identit%C3%A9');
    await page.locator('.search-result').first().waitFor({ timeout: 20_000 });
  } finally {
    await context.close();
  }
});

test('search page: results arrive with no layout shift; without JavaScript it links the sitemap, llms.txt and every section', async () => {
  const problems: string[] = [];
  await eachView(
    async (page, label) => {
      await open(page, '/en-us/search/?q=handoff');
      await page.locator('.search-result').first().waitFor({ timeout: 20_000 });
      const shifted = await shiftsSoFar(page);
      // Results are drawn once, whole, into room kept for them: nothing moves, loaded machine or not.
      if (shifted > 0) problems.push(`${label}: layout shift ${shifted.toFixed(3)}`);
    },
    { schemes: ['light'] },
  );
  await eachView(
    async (page, label) => {
      await open(page, '/fr-fr/search/');
      const links = await page
        .locator('.search-browse a')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href')));
      for (const expected of ['/sitemap-index.xml', '/llms.txt', '/fr-fr/', '/fr-fr/registry/', '/fr-fr/guides/'])
        if (!links.includes(expected)) problems.push(`${label}: no link to ${expected}`);
      if (!(await page.locator('a#search-english[hreflang="en-US"]').isVisible()))
        problems.push(`${label}: no link to the English search`);
    },
    { javaScriptEnabled: false, schemes: ['light'] },
  );
  assert.deepEqual(problems, []);
});

test('validator: the tool in the first screen; its example validates with no warning; a warning is explained; results fit a phone; the report copies', async () => {
  const problems: string[] = [];
  await eachView(async (page, label, context) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.origin });
    await open(page, '/en-us/tools/validator/');
    const viewportHeight = page.viewportSize()!.height;
    const example = await page.locator('#validator-example').boundingBox();
    if (!example || example.y + example.height > viewportHeight)
      problems.push(`${label}: the example button is not in the first screen (${JSON.stringify(example)})`);
    await page.locator('#validator-example').click();
    await page.locator('#validator-result .verdict').waitFor({ timeout: 30_000 });
    const verdict = await page.locator('#validator-result .verdict').innerText();
    if (!verdict.startsWith('Valid')) problems.push(`${label}: the example is ${verdict}`);
    if (await page.locator('#validator-result .issues-warning').count())
      problems.push(`${label}: the example gives a warning`);
    await page.locator('#validator-result .copy-report').click();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    if (copied.valid !== true || !Array.isArray(copied.warnings) || copied.warnings.length)
      problems.push(`${label}: copied report ${JSON.stringify(copied).slice(0, 120)}`);

    await page.locator('#validator-fixture').selectOption('/examples/uai-1/uai-agent-ack-v1/validated.json');
    await page.locator('#validator-result .issues-warning').waitFor({ timeout: 30_000 });
    const reasons = await page.locator('[data-testid="warning-reasons"]').innerText();
    if (!/UAI-INTEGRITY-UNVERIFIED/.test(reasons) || !/not verified/.test(reasons))
      problems.push(`${label}: the warning is not explained where it appears: ${reasons}`);
    await page.locator('#validator-input').fill('{"uai_version": "1.0", "profile": "uai.agent.handoff.v1"}');
    await page.locator('#validator-run').click();
    await page.locator('#validator-result .issues-error').waitFor({ timeout: 30_000 });
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('#validator-result .table-wrap')]
        .filter((wrap) => wrap.scrollWidth > wrap.clientWidth + 1)
        .map((wrap) => `${wrap.scrollWidth} > ${wrap.clientWidth}`),
    );
    if (cut.length) problems.push(`${label}: result tables cut off: ${cut}`);
  });
  assert.deepEqual(problems, []);
});
