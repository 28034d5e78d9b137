/**
 * Accessibility: axe-core (WCAG 2.0/2.1 A and AA, WCAG 2.2 AA, best practices) on every page but
 * the search pages in the light colour scheme, and on a sample of every kind of page, plus the
 * validator's result and Pagefind's results, in the dark scheme (contrast differs). Then keyboard
 * use: the skip link first, the language switcher reachable and operable with Enter, and the
 * validator operable without a mouse: a change of the fixture select is announced by the role=status
 * region, and after Validate focus moves to the result, the region silenced so it speaks once. One browser
 * and one context; the page-by-page passes run in AXE_TABS tabs of it side by side (a tab waits on
 * loading while another runs axe), each page checked once, the violations reported in page order; the
 * keyboard tests use one tab.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startStaticServer, type StaticServer } from '../support/staticServer.ts';
import { groupViolations, runAxe, type AxeViolation } from '../support/a11y.ts';
import { DIST, assertBuilt, htmlPagePaths } from '../support/paths.ts';

/** One page of each kind, in several locales, for the dark scheme. */
const DARK_SAMPLE = [
  '/',
  '/en-us/',
  '/zh-cn/',
  '/en-us/specification/uai-1/',
  '/en-us/registry/',
  '/es-us/registry/uai-agent-ack-v1/',
  '/fr-fr/guides/swarm-failure-and-recovery/',
  '/en-us/spec/agent-fallbacks/',
  '/en-us/schemas/',
  '/en-us/examples/',
  '/en-us/tools/validator/',
  '/en-us/review/',
  '/es-es/governance/translation-status/',
];

/** Tabs the page-by-page axe passes use at once. */
const AXE_TABS = 3;

let server: StaticServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let checkedPages: string[];

before(async () => {
  assertBuilt();
  // Every page but the search pages (checked in the dark scheme below): the root language chooser
  // and the es-es fallback pages too, which the sitemap leaves out (their canonical is another page).
  checkedPages = htmlPagePaths().filter((path) => !/\/search\/$/.test(path));
  server = await startStaticServer(DIST);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const report = (violations: AxeViolation[]) =>
  `${violations.length} axe violations:\n  ${groupViolations(violations).join('\n  ')}`;

async function axeOn(tab: Page, path: string, scheme: 'light' | 'dark'): Promise<AxeViolation[]> {
  const response = await tab.goto(server.url(path), { waitUntil: 'load' });
  assert.equal(response?.status(), 200, `${path}: ${response?.status()}`);
  return runAxe(tab, { page: path, scheme });
}

/**
 * axe on every path in `scheme`, AXE_TABS tabs taking the next path as each is done; the violations
 * in the order of `paths`, whichever tab finished first. The tabs are closed after.
 */
async function axeOnEvery(paths: readonly string[], scheme: 'light' | 'dark'): Promise<AxeViolation[]> {
  const found: AxeViolation[][] = [];
  let next = 0;
  const tabs = await Promise.all(Array.from({ length: Math.min(AXE_TABS, paths.length) }, () => context.newPage()));
  try {
    await Promise.all(
      tabs.map(async (tab) => {
        await tab.emulateMedia({ colorScheme: scheme });
        assert.equal(
          await tab.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches),
          scheme === 'dark',
          `the tab is not in the ${scheme} scheme`,
        );
        while (next < paths.length) {
          const index = next++;
          found[index] = await axeOn(tab, paths[index]!, scheme);
        }
      }),
    );
  } finally {
    await Promise.all(tabs.map((tab) => tab.close()));
  }
  assert.equal(found.filter(Boolean).length, paths.length, 'a page was not checked');
  return found.flat();
}

async function showValidatorResult(): Promise<void> {
  const response = await page.goto(server.url('/en-us/tools/validator/'), { waitUntil: 'load' });
  assert.equal(response?.status(), 200);
  await page.locator('#validator-now').fill('2026-06-01T00:00:00Z');
  await page
    .locator('#validator-fixture')
    .selectOption('/examples/uai-1/uai-agent-ack-v1/invalid/correlation-missing.json');
  await page.locator('#validator-result table').first().waitFor();
}

test('axe: every page but search (the root and fallback pages included), light colour scheme: no violations', async () => {
  assert.ok(checkedPages.length >= 100, `only ${checkedPages.length} pages to check`);
  const violations = await axeOnEvery(checkedPages, 'light');
  assert.equal(violations.length, 0, report(violations));
});

test('axe: a sample of every kind of page, dark colour scheme: no violations', async () => {
  const violations = await axeOnEvery(DARK_SAMPLE, 'dark');
  assert.equal(violations.length, 0, report(violations));
});

test('axe: the validator with a result table, and search with Pagefind results, in both colour schemes', async () => {
  const violations: AxeViolation[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await showValidatorResult();
    violations.push(...(await runAxe(page, { page: '/en-us/tools/validator/ (after a validation)', scheme })));
    await page.goto(server.url('/en-us/search/?q=handoff'), { waitUntil: 'load' });
    await page.locator('.search-result').first().waitFor({ timeout: 20_000 });
    violations.push(...(await runAxe(page, { page: '/en-us/search/?q=handoff (with results)', scheme })));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  assert.equal(violations.length, 0, report(violations));
});

interface Focused {
  tag: string;
  id: string;
  href: string | null;
  text: string;
  inSwitcher: boolean;
  className: string;
}

const focused = (): Promise<Focused> =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      id: element?.id ?? '',
      href: element?.getAttribute('href') ?? null,
      text: (element?.textContent ?? '').trim().replace(/\s+/g, ' '),
      inSwitcher: !!element?.closest('nav.language-switcher'),
      className: element?.className ?? '',
    };
  });

async function tabUntil(test: (element: Focused) => boolean, limit: number, what: string): Promise<Focused[]> {
  const seen: Focused[] = [];
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    const element = await focused();
    seen.push(element);
    if (test(element)) return seen;
  }
  assert.fail(
    `${what} not reached in ${limit} Tab presses; focus went through: ${seen.map((element) => `${element.tag}${element.id ? `#${element.id}` : ''} ${element.href ?? element.text.slice(0, 20)}`).join(' → ')}`,
  );
}

test('keyboard on /en-us/: the skip link comes first and works, Tab reaches every language link, Enter follows one', async () => {
  await page.goto(server.url('/en-us/'), { waitUntil: 'load' });
  await page.keyboard.press('Tab');
  const first = await focused();
  assert.equal(first.tag, 'a', `the first Tab stop is <${first.tag}>`);
  assert.equal(first.href, '#content', `the first Tab stop is ${first.href}, not the skip link`);
  const box = await page.locator('a.skip').boundingBox();
  assert.ok(
    box && box.width > 1 && box.height > 1 && box.y >= 0 && box.x >= 0,
    `the focused skip link is not visible (${JSON.stringify(box)})`,
  );
  await page.keyboard.press('Enter');
  assert.equal(new URL(page.url()).hash, '#content');
  assert.equal(
    await page.evaluate(() => (document.getElementById('content') as HTMLElement | null)?.tagName.toLowerCase()),
    'main',
  );

  await page.goto(server.url('/en-us/'), { waitUntil: 'load' });
  await tabUntil((element) => element.inSwitcher, 40, 'the language switcher');
  const languages = [(await focused()).href];
  for (let step = 1; step < 5; step += 1) {
    await page.keyboard.press('Tab');
    const element = await focused();
    assert.ok(element.inSwitcher, `Tab left the language switcher after ${languages.join(', ')}`);
    languages.push(element.href);
  }
  assert.deepEqual(languages, ['/en-us/', '/es-us/', '/fr-fr/', '/es-es/', '/zh-cn/']);
  // Back to the French link (Shift+Tab) and follow it with Enter.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  assert.equal((await focused()).href, '/fr-fr/');
  await Promise.all([page.waitForURL('**/fr-fr/'), page.keyboard.press('Enter')]);
  assert.equal(new URL(page.url()).pathname, '/fr-fr/');
  assert.equal(await page.locator('html').getAttribute('lang'), 'fr-FR');
});

test('keyboard on the validator: fixture select, textarea and Validate are reachable by Tab and operable; after Validate focus is on the result, and its live region speaks it', async () => {
  await page.goto(server.url('/en-us/tools/validator/'), { waitUntil: 'load' });
  const order = await tabUntil((element) => element.id === 'validator-fixture', 80, 'the fixture select');
  assert.ok(order.length > 1);
  // Type-ahead on the focused select picks the first option starting with "valid": a valid fixture.
  await page.keyboard.type('valid');
  const picked = await page.locator('#validator-fixture').inputValue();
  assert.match(picked, /^\/examples\/uai-1\/uai-agent-[a-z0-9-]+\/[a-z0-9-]+\.json$/, `the keyboard picked ${picked}`);
  assert.doesNotMatch(picked, /\/invalid\//);
  const status = page.getByRole('status');
  assert.equal(await status.count(), 1, 'one role=status region');
  assert.equal(await status.getAttribute('id'), 'validator-result');
  assert.equal(await status.getAttribute('aria-live'), 'polite');
  await page.locator('#validator-input').waitFor();
  await page.waitForFunction(
    () => (document.getElementById('validator-input') as HTMLTextAreaElement).value.length > 0,
  );

  // Tab on to the textarea, then the time field, then the Validate button.
  await tabUntil((element) => element.id === 'validator-input', 5, 'the packet textarea');
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' ');
  await tabUntil((element) => element.id === 'validator-now', 3, 'the validation-time field');
  await page.keyboard.type('2026-06-01T00:00:00Z');
  await page.locator('#validator-result').evaluate((node) => {
    node.textContent = '';
  });
  await tabUntil((element) => element.id === 'validator-run', 3, 'the Validate button');
  await page.keyboard.press('Enter');
  await status.locator('.verdict').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'validator-result', 'focus is not on the result');
  // Focus alone is not reliably announced: the result stays a polite live region.
  assert.equal(await status.getAttribute('aria-live'), 'polite', 'the result is not announced');
  const announced = (await status.innerText()).replace(/\s+/g, ' ');
  assert.match(announced, /^Valid\b/, `announced: ${announced}`);
  assert.match(announced, /sha256:[0-9a-f]{64}/);
});
