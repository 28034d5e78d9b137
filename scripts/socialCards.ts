/**
 * `node --import tsx scripts/socialCards.ts`: renders the link-card images (public/cards/<kind>.png,
 * 1200×630) with Chromium through playwright-core. The PNGs are committed: rendering depends on the
 * browser's version and fonts, so the build publishes the committed files and never renders them.
 * Run it again after changing CARD_LABELS or the design below, and commit the result.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { CARD_HEIGHT, CARD_KINDS, CARD_LABELS, CARD_WIDTH, cardImagePath } from '../src/record/machine/socialCards.ts';
import { escapeHtml } from '../src/record/content/escapeHtml.ts';

const page = (label: string) => `<!doctype html><html><head><style>
  html, body { margin: 0; width: ${CARD_WIDTH}px; height: ${CARD_HEIGHT}px; }
  body { background: #ffffff; color: #1b1f23; font-family: 'DejaVu Sans', Verdana, sans-serif;
    display: flex; flex-direction: column; justify-content: center; padding: 0 96px; box-sizing: border-box;
    border-top: 24px solid #7a3e00; }
  .mark { display: inline-block; border: 8px solid #7a3e00; border-radius: 16px; color: #7a3e00;
    font-weight: 700; font-size: 72px; padding: 8px 28px; width: max-content; letter-spacing: 2px; }
  h1 { font-size: 64px; margin: 48px 0 16px; font-weight: 700; }
  p { font-size: 44px; margin: 0; color: #7a3e00; }
</style></head><body><div class="mark">UAIX</div><h1>Public standards record</h1><p>${escapeHtml(label)}</p></body></html>`;

const browser = await chromium.launch({
  executablePath: '/usr/lib/chromium/chromium',
  args: ['--no-sandbox', '--disable-dev-shm-usage'],
});
try {
  const tab = await browser.newPage({ viewport: { width: CARD_WIDTH, height: CARD_HEIGHT }, deviceScaleFactor: 1 });
  for (const kind of CARD_KINDS) {
    await tab.setContent(page(CARD_LABELS[kind]));
    const file = join(REPOSITORY_ROOT, 'public', cardImagePath(kind));
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, await tab.screenshot({ type: 'png' }));
    console.log(`socialCards: wrote public${cardImagePath(kind)}`);
  }
} finally {
  await browser.close();
}
