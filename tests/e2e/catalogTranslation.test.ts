/**
 * Generated strings in the page's language (issue 40): on the French validator page, the error
 * catalogue's rule for UAI-EXPIRED is the French of the catalog, not marked English; the browser
 * validator, given an expired packet, writes its message from the French template (the worker
 * sends the template's id and values), not the report's English. The validator's route record
 * says in French what its highest path does and, per client, where the resolver sends it and why
 * (the French template, the French ladder name, the capabilities' French names); the French API
 * reference says what `resolveRoute` does in French.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { siteInBrowser } from '../support/siteInBrowser.ts';
import { REPOSITORY_ROOT } from '../../src/uai/node/recordFiles.ts';
import { fillTemplate } from '../../src/uai/issueText.ts';

const site = siteInBrowser();
const french = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'content/catalog/fr-fr.json'), 'utf8'));
const EXPIRED_FIXTURE = readFileSync(
  join(REPOSITORY_ROOT, 'schemas/uai-1/examples/uai-agent-ack-v1/invalid/expired.json'),
  'utf8',
);

/** The text of an element and the language it is in (its nearest lang attribute); runs in the page. */
const textAndLang = (node: Element) => ({
  text: (node.textContent ?? '').trim(),
  lang: node.closest('[lang]')?.getAttribute('lang'),
});

/** Opens the French validator page in a fresh context and runs `check` on it. */
async function onFrenchValidator(check: (page: Page) => Promise<void>): Promise<void> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await site.open(page, '/fr-fr/tools/validator/');
    await check(page);
  } finally {
    await context.close();
  }
}

test('fr-fr validator page: the catalogue shows the French rule of UAI-EXPIRED, in French', () =>
  onFrenchValidator(async (page) => {
    const rule = await page.locator('#UAI-EXPIRED td').nth(1).evaluate(textAndLang);
    assert.deepEqual(rule, {
      text: french['code.UAI-EXPIRED.rule'].text.replaceAll('`', ''),
      lang: 'fr-FR',
    });
  }));

test("fr-fr browser validator: an expired packet's message is written from the French template", () =>
  onFrenchValidator(async (page) => {
    await page.locator('#validator-input').fill(EXPIRED_FIXTURE);
    await page.locator('#validator-now').fill('2026-06-01T00:00:00Z');
    await page.locator('#validator-run').click();
    const row = page.locator('#validator-result tr.error', { hasText: 'UAI-EXPIRED' });
    await row.waitFor({ timeout: 30_000 });
    const message = await row.locator('td').nth(2).evaluate(textAndLang);
    assert.deepEqual(message, {
      text: french['validator.message.expired'].text
        .replace('{expires_at}', '2026-01-01T00:00:00Z')
        .replace('{now}', '2026-06-01T00:00:00Z'),
      lang: 'fr-FR',
    });
  }));

test("fr-fr validator page: the route record's prose and the resolver's reasons are French, not marked English", () =>
  onFrenchValidator(async (page) => {
    const record = page.locator('#record-route_validator');
    const highest = await record
      .locator('dt', { hasText: 'highest_supported_path' })
      .locator('xpath=following-sibling::dd[1]/span')
      .evaluate(textAndLang);
    assert.deepEqual(highest, { text: french['route.route_validator.highest_supported_path'].text, lang: 'fr-FR' });
    const ladder = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'content/client-ladder/fr-fr.json'), 'utf8'));
    const chatbot = ladder.rows.find((row: { client: string }) => row.client === 'url-only-chatbot').label;
    const reason = await record
      .locator('tr', { has: page.locator('th code', { hasText: /^url-only-chatbot$/ }) })
      .locator('td')
      .last()
      .evaluate(textAndLang);
    assert.deepEqual(reason, {
      text: fillTemplate(french['resolver.reason.fallback'].text, {
        missing: french['capability.javascript'].text,
        client: chatbot,
        field: 'lowest_safe_fallback',
        needs: french['capability.static-get'].text,
      }),
      lang: 'fr-FR',
    });
    // Nothing of the route record is left marked English, and no notice says a string is pending.
    assert.equal(await record.locator('[lang="en-US"]').count(), 0);
  }));

test('fr-fr API reference: the doc comment of resolveRoute is French, not marked English', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await site.open(page, '/fr-fr/tools/api/');
    const doc = await page
      .locator('h3', { has: page.locator('code', { hasText: /^resolveRoute$/ }) })
      .locator('xpath=following-sibling::p[1]')
      .evaluate(textAndLang);
    assert.deepEqual(doc, { text: french['api.@uaix/uai-1.resolveRoute.doc'].text, lang: 'fr-FR' });
  } finally {
    await context.close();
  }
});
