/**
 * Issue 13, gate 4: every kind of page loads under the Content-Security-Policy of `_headers`
 * (served by the test server with the `_headers` rules, as the host serves them) with no policy
 * violation and no request to another origin: the record pages in every locale, the root, the
 * not-found page, search with results (Pagefind's WebAssembly) and the validator with a packet
 * validated. No page carries inline code, and a planted inline script is caught both ways.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startStaticServer, parseHeadersFile, ruleApplies, type StaticServer } from '../support/staticServer.ts';
import { DIST, NOT_FOUND_PAGE, assertBuilt, htmlPagePaths, isSearchPage, pageFile } from '../support/paths.ts';
import { parseHtml } from '../support/html.ts';
import { inlineCodeProblems } from '../support/inlineCode.ts';

let browser: Browser;

before(async () => {
  assertBuilt();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** The policy `_headers` gives every path, read the way the test server reads it. */
function sitePolicy(root: string = DIST): string {
  const rules = parseHeadersFile(readFileSync(join(root, '_headers'), 'utf8'));
  const policies = rules.flatMap((rule) =>
    rule.headers
      .filter(([name]) => name.toLowerCase() === 'content-security-policy')
      .map(([, value]) => ({ rule, value })),
  );
  assert.equal(
    policies.length,
    1,
    `_headers sets Content-Security-Policy in ${policies.length} rules; hosts join repeated headers into several policies, so it must be set once`,
  );
  assert.ok(
    ruleApplies(policies[0].rule, '/') && ruleApplies(policies[0].rule, '/en-us/tools/validator/'),
    'the policy rule does not cover every path',
  );
  return policies[0].value;
}

interface Watch {
  problems: string[];
}

/**
 * A browser context that records policy violations (the `securitypolicyviolation` event, through
 * a binding the page's own policy cannot block, and Chromium's console reports) and every request
 * that leaves the test server's origin.
 */
async function watchedContext(server: StaticServer): Promise<{ context: BrowserContext; page: Page; watch: Watch }> {
  const watch: Watch = { problems: [] };
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15_000);
  await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
    watch.problems.push(`${page.url()}: CSP violation: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()))
      watch.problems.push(`${page.url()}: console: ${message.text()}`);
  });
  page.on('pageerror', (error) => watch.problems.push(`${page.url()}: page error: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== server.origin)
      watch.problems.push(`${page.url()}: a request to another origin: ${url}`);
  });
  return { context, page, watch };
}

/**
 * Loads a page and checks that the test server sent it with the site's policy (its 404 answer has
 * no `_headers` file to apply).
 */
async function load(page: Page, server: StaticServer, path: string, expectedStatus = 200): Promise<void> {
  const response = await page.goto(server.url(path), { waitUntil: 'load' });
  assert.equal(response?.status(), expectedStatus, `${path} answered ${response?.status()}`);
  if (expectedStatus === 200)
    assert.equal(response?.headers()['content-security-policy'], sitePolicy(), `${path}: served without the policy`);
}

test('_headers: one Content-Security-Policy for every path, as the issue requires, with no unsafe-inline or unsafe-eval', () => {
  const policy = sitePolicy();
  const directives = new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
  const expected: Record<string, string[]> = {
    'default-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'worker-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
  };
  for (const [name, sources] of Object.entries(expected))
    assert.deepEqual(directives.get(name), sources, `${name} in ${policy}`);
  // Pagefind compiles WebAssembly: 'wasm-unsafe-eval' and nothing more.
  assert.deepEqual(directives.get('script-src'), ["'self'", "'wasm-unsafe-eval'"], `script-src in ${policy}`);
  const attributeSources = directives.get('style-src-attr') ?? [];
  assert.ok(
    attributeSources.every((source) => source === "'unsafe-hashes'" || /^'sha256-[A-Za-z0-9+/]{43}='$/.test(source)),
    `style-src-attr allows more than exact hashes: ${attributeSources.join(' ')}`,
  );
  assert.doesNotMatch(policy, /'unsafe-inline'|'unsafe-eval'|\*/, 'the policy allows inline code, eval or a wildcard');
});

test('no page carries inline code the policy forbids (inline <script>, <style>, event handlers, javascript: URLs, unlisted style attributes)', () => {
  const policy = sitePolicy();
  const problems = [...htmlPagePaths(), NOT_FOUND_PAGE].flatMap((path) =>
    inlineCodeProblems(parseHtml(readFileSync(pageFile(path), 'utf8')), path, policy),
  );
  assert.deepEqual(problems, []);
});

test('every kind of page loads under the policy, search shows results: no violation and no request to another origin', async () => {
  const server = await startStaticServer(DIST);
  const { context, page, watch } = await watchedContext(server);
  try {
    const paths = htmlPagePaths().filter(
      (path) =>
        path === '/' ||
        path.startsWith('/en-us/') ||
        /^\/(?:es-us|fr-fr|es-es|zh-cn)\/(?:|registry\/uai-agent-ack-v1\/|guides\/swarm-failure-and-recovery\/|tools\/validator\/|search\/)$/.test(
          path,
        ),
    );
    assert.ok(paths.length >= 30, `only ${paths.length} pages chosen`);
    assert.ok(paths.some(isSearchPage));
    for (const path of paths) await load(page, server, path);
    await load(page, server, '/no-such-page/', 404);
    await load(page, server, NOT_FOUND_PAGE);

    // Search: Pagefind's script, its worker and its WebAssembly, with results shown.
    await load(page, server, '/en-us/search/?q=handoff');
    await page.locator('.search-result-title').first().waitFor();
    assert.deepEqual(watch.problems, []);
  } finally {
    await context.close();
    await server.close();
  }
});

// Needs the precompiled validators of issue 10: ajv compiling schemas at run time uses
// `new Function`, which this policy forbids.
test('the validator validates packets under the policy (a fixture and a broken packet): no violation, no request to another origin', async () => {
  const server = await startStaticServer(DIST);
  const { context, page, watch } = await watchedContext(server);
  try {
    await load(page, server, '/en-us/tools/validator/');
    await page.locator('#validator-fixture').selectOption('/examples/uai-1/uai-agent-ack-v1/validated.json');
    await page
      .locator('#validator-result .verdict')
      .waitFor({ timeout: 10_000 })
      .catch(() => assert.fail(`no verdict for validated.json:\n${watch.problems.join('\n')}`));
    assert.match(await page.locator('#validator-result').innerText(), /valid/i);
    await page.locator('#validator-input').fill('{"uai_version": "1.0"}');
    await page.locator('#validator-run').click();
    await page.waitForFunction(() => /UAI-/.test(document.querySelector('#validator-result')?.textContent ?? ''));
    assert.deepEqual(watch.problems, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('a planted inline script is caught: by the inline-code check and by the browser under the policy', async () => {
  const copy = mkdtempSync(join(tmpdir(), 'uaix-csp-'));
  try {
    cpSync(DIST, copy, { recursive: true });
    const file = pageFile('/en-us/about/', copy);
    const html = readFileSync(file, 'utf8');
    const planted = html.replace('</main>', '<script>document.title = "planted";</script></main>');
    assert.notEqual(planted, html, 'the page has no </main> to plant before');
    writeFileSync(file, planted);

    const problems = inlineCodeProblems(parseHtml(planted), '/en-us/about/', sitePolicy(copy));
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(problems[0], /inline <script>/);

    const server = await startStaticServer(copy);
    const { context, page, watch } = await watchedContext(server);
    try {
      await load(page, server, '/en-us/about/');
      await page.waitForTimeout(200);
      assert.notEqual(await page.title(), 'planted', 'the planted script ran: the policy did not apply');
      assert.ok(
        watch.problems.some((problem) => /script-src/.test(problem)),
        `no violation was reported:\n${watch.problems.join('\n')}`,
      );
    } finally {
      await context.close();
      await server.close();
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
