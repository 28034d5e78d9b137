/**
 * Issue 23 item 3: every heading and requirement of the normative pages has a visible self-link
 * with an accessible name, a plain `<a href="#id">` that works with and without JavaScript: it is
 * in the keyboard's tab order, Enter follows it, and the element it names becomes the target.
 * Field-table rows and error codes have theirs too, and the JSON mirror lists every one of them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { siteInBrowser } from '../support/siteInBrowser.ts';
import { DIST } from '../support/paths.ts';

const PAGES = [
  '/en-us/specification/uai-1/',
  '/fr-fr/specification/uai-1/',
  '/es-us/spec/agent-fallbacks/',
  '/fr-fr/registry/',
  '/en-us/specification/uai-1/coverage/',
];

const site = siteInBrowser();

/** The ids of the body's headings and requirements, and whether each has a proper self-link. */
async function targetsOf(page: Page): Promise<{ id: string; kind: string; problem?: string }[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        '.record-body h2[id], .record-body h3[id], .record-body .requirement[id]',
      ),
    ].map((element) => {
      const kind = element.classList.contains('requirement') ? 'requirement' : 'heading';
      const link = element.querySelector<HTMLAnchorElement>(':scope > a.self-link');
      const rect = link?.getBoundingClientRect();
      const problem = !link
        ? 'no self-link'
        : link.getAttribute('href') !== `#${element.id}`
          ? `links to ${link.getAttribute('href')}`
          : !link.getAttribute('aria-label')?.trim()
            ? 'no accessible name'
            : !rect || rect.width === 0 || rect.height === 0 || getComputedStyle(link).visibility !== 'visible'
              ? 'not visible'
              : link.tabIndex < 0
                ? 'not in the tab order'
                : undefined;
      return { id: element.id, kind, problem };
    }),
  );
}

async function checkPages(context: BrowserContext, label: string): Promise<void> {
  const page = await context.newPage();
  for (const path of PAGES) {
    await page.goto(site.server.url(path), { waitUntil: 'load' });
    const targets = await targetsOf(page);
    assert.ok(
      targets.some((target) => target.kind === 'heading'),
      `${label} ${path}: has headings`,
    );
    if (!path.includes('coverage'))
      assert.ok(
        targets.some((target) => target.kind === 'requirement'),
        `${label} ${path}: has requirements`,
      );
    assert.deepEqual(
      targets.filter((target) => target.problem).map((target) => `${target.id}: ${target.problem}`),
      [],
      `${label} ${path}`,
    );
    for (const target of targets) {
      // Focus the link, follow it with the keyboard: the hash names the element, which is the target.
      const link = page.locator(`[id="${target.id}"] > a.self-link`);
      await link.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction((id) => decodeURIComponent(location.hash.slice(1)) === id, target.id);
      const targeted = await page.evaluate(() => document.querySelector(':target')?.id);
      assert.equal(targeted, target.id, `${label} ${path}: Enter on the self-link of ${target.id}`);
    }
  }
  // The tab order reaches a requirement's self-link from the top of the page.
  await page.goto(site.server.url('/en-us/specification/uai-1/'), { waitUntil: 'load' });
  let reached: string | undefined;
  for (let step = 0; step < 120 && !reached; step++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => {
      const active = document.activeElement;
      return active?.matches('a.self-link[data-anchor="requirement"]') ? active.getAttribute('href')! : undefined;
    });
  }
  assert.equal(reached, '#UAI1-ENV-001', `${label}: Tab reaches the first requirement's self-link`);
  await page.close();
}

test('every heading and requirement has a working self-link, with JavaScript', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await checkPages(context, 'with JavaScript');
  await context.close();
});

test('every heading and requirement has a working self-link, without JavaScript', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
  await checkPages(context, 'without JavaScript');
  await context.close();
});

test('field-table rows and error codes have self-links, and the JSON mirror lists every self-link', async () => {
  const context = await site.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const [path, selector, kind] of [
    ['/en-us/registry/uai-agent-ack-v1/', 'tr[id^="field/"]', 'field'],
    ['/fr-fr/tools/validator/', 'tr[id^="UAI-"]', 'code'],
  ] as const) {
    await page.goto(site.server.url(path), { waitUntil: 'load' });
    const rows = await page.evaluate(
      (rowSelector) =>
        [...document.querySelectorAll<HTMLElement>(rowSelector)].map((row) => ({
          id: row.id,
          href: row.querySelector('a.self-link')?.getAttribute('href'),
          label: row.querySelector('a.self-link')?.getAttribute('aria-label'),
        })),
      selector,
    );
    assert.ok(rows.length > 5, `${path}: rows with ids`);
    for (const row of rows) {
      assert.equal(row.href, `#${row.id}`, `${path}: the row ${row.id} links to itself`);
      assert.ok(row.label, `${path}: ${row.id} has an accessible name`);
    }
    const mirror = JSON.parse(readFileSync(join(DIST, path.slice(1), 'index.json'), 'utf8'));
    const listed = new Set(
      mirror.anchors.filter((anchor: { kind: string }) => anchor.kind === kind).map((a: { id: string }) => a.id),
    );
    assert.deepEqual(
      rows.map((row) => row.id).filter((id) => !listed.has(id)),
      [],
      `${path}: every ${kind} self-link is in index.json's anchors`,
    );
  }
  const spec = JSON.parse(readFileSync(join(DIST, 'en-us/specification/uai-1/index.json'), 'utf8'));
  const requirement = spec.anchors.find((anchor: { id: string }) => anchor.id === 'UAI1-ENV-001');
  assert.deepEqual(requirement, {
    id: 'UAI1-ENV-001',
    kind: 'requirement',
    label: 'Link to requirement UAI1-ENV-001',
    url: 'https://uaix.org/en-us/specification/uai-1/#UAI1-ENV-001',
  });
  const markdown = readFileSync(join(DIST, 'en-us/specification/uai-1/index.md'), 'utf8');
  assert.match(markdown, /^\[UAI1-ENV-001\]\(#UAI1-ENV-001\) A packet \*\*MUST\*\* contain/m);
  await context.close();
});
