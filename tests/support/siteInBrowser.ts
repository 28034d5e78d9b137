/**
 * The built site served on 127.0.0.1 and a Chromium to read it with, for a browser test file:
 * started before its tests, closed after them.
 */
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startStaticServer, type StaticServer } from './staticServer.ts';
import { DIST, assertBuilt } from './paths.ts';

export interface SiteInBrowser {
  readonly server: StaticServer;
  readonly browser: Browser;
  /** Opens `path` of the site in `page` and checks it answered 200. */
  open(page: Page, path: string): Promise<void>;
}

/** Registers the file's before and after hooks; `prepare` runs first (for example, a screenshot folder). */
export function siteInBrowser(prepare?: () => void): SiteInBrowser {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  before(async () => {
    assertBuilt();
    prepare?.();
    server = await startStaticServer(DIST);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    assert.ok(value, `${what} is not started: siteInBrowser's before hook has not run`);
    return value;
  };
  return {
    get server() {
      return started(server, 'the server');
    },
    get browser() {
      return started(browser, 'the browser');
    },
    async open(page, path) {
      const response = await page.goto(started(server, 'the server').url(path), { waitUntil: 'load' });
      assert.equal(response?.status(), 200, `${path}: ${response?.status()}`);
    },
  };
}
