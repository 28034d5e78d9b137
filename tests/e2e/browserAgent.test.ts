/**
 * A browser agent on the built site (Playwright driving Debian's Chromium over dist/ on
 * 127.0.0.1): the five home pages, the language switcher, registry → profile → schema → fixture,
 * the review page's route records and their fallbacks, the ladder decisions for clients that only
 * follow given URLs, cross-origin reads of the machine records, the es-es fallback to the es-US
 * text, the in-browser validator with and without JavaScript, and Pagefind search. Screenshots of
 * key pages go to test-results/screenshots/.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startStaticServer, type StaticServer } from '../support/staticServer.ts';
import { DIST, REPOSITORY_ROOT, SCREENSHOTS, SITE_ORIGIN, assertBuilt, pageFile } from '../support/paths.ts';

const LOCALES = ['en-us', 'es-us', 'fr-fr', 'es-es', 'zh-cn'];
const LANG: Record<string, string> = {
  'en-us': 'en-US',
  'es-us': 'es-US',
  'fr-fr': 'fr-FR',
  'es-es': 'es-ES',
  'zh-cn': 'zh-CN',
};
const SEEDS = join(REPOSITORY_ROOT, 'tests/fixtures/seeds');

interface Pack {
  evaluated_at: string;
  fixtures: { url: string; verdict: string; digest: string | null; expected?: { code?: string } | null }[];
}

let server: StaticServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pack: Pack;
const pageErrors: string[] = [];

before(async () => {
  assertBuilt();
  mkdirSync(SCREENSHOTS, { recursive: true });
  pack = JSON.parse(readFileSync(pageFile('/examples/uai-1/conformance.json'), 'utf8')) as Pack;
  server = await startStaticServer(DIST);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    // Chromium asks every origin for /favicon.ico on its own; the site publishes none (reported
    // as a site finding), and that request is not the page's.
    if (message.type() !== 'error' || message.location().url.endsWith('/favicon.ico')) return;
    pageErrors.push(`${page.url()}: console error: ${message.text()} (${message.location().url})`);
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const pathOf = (url: string) => new URL(url).pathname;
const recordCode = (target: Page = page) => target.locator('meta[name="uaix:record-code"]').getAttribute('content');

async function open(path: string, target: Page = page): Promise<Response> {
  const response = await target.goto(server.url(path), { waitUntil: 'load' });
  assert.ok(response, `no response for ${path}`);
  assert.equal(response.status(), 200, `${path} answered ${response.status()}`);
  return response;
}

function assertJsonResponse(response: Response, body: string, what: string): unknown {
  assert.equal(response.status(), 200, `${what}: status ${response.status()}`);
  assert.match(
    response.headers()['content-type'] ?? '',
    /^application\/([a-z]+\+)?json\b/,
    `${what}: content type ${response.headers()['content-type']}`,
  );
  try {
    return JSON.parse(body);
  } catch (error) {
    assert.fail(`${what}: the body is not JSON (${(error as Error).message})`);
  }
}

test('the home page of each of the five locales', async () => {
  for (const locale of LOCALES) {
    const response = await open(`/${locale}/`);
    assert.match(response.headers()['content-type'] ?? '', /^text\/html/);
    assert.equal(await page.locator('html').getAttribute('lang'), LANG[locale], `${locale}: <html lang>`);
    assert.ok(await page.locator('main h1').isVisible(), `${locale}: no visible h1 in main`);
    assert.ok((await page.title()).length > 0, `${locale}: empty <title>`);
    const switcher = page.locator('nav.language-switcher a');
    assert.equal(await switcher.count(), 5, `${locale}: the language switcher has ${await switcher.count()} links`);
    assert.equal(
      await page.locator('nav.language-switcher a[aria-current="page"]').getAttribute('href'),
      `/${locale}/`,
    );
    if (locale === 'en-us' || locale === 'zh-cn')
      await page.screenshot({ path: join(SCREENSHOTS, `home-${locale}.png`), fullPage: true });
  }
});

test('the language switcher leads to the same record in every other locale', async () => {
  for (const start of ['/en-us/registry/uai-agent-ack-v1/', '/zh-cn/guides/swarm-failure-and-recovery/']) {
    const from = start.split('/')[1];
    for (const locale of LOCALES.filter((code) => code !== from)) {
      await open(start);
      const code = await recordCode();
      assert.ok(code, `${start} has no record code`);
      await Promise.all([
        page.waitForURL((url) => url.pathname.startsWith(`/${locale}/`)),
        page.locator(`nav.language-switcher a[href^="/${locale}/"]`).click(),
      ]);
      assert.equal(pathOf(page.url()), start.replace(`/${from}/`, `/${locale}/`), `switching ${start} to ${locale}`);
      assert.equal(await recordCode(), code, `${page.url()} is not the record ${code}`);
      assert.equal(await page.locator('html').getAttribute('lang'), LANG[locale]);
    }
  }
});

test('registry → profile page → its schema → a fixture from the examples page: 200, JSON content type, parseable JSON', async () => {
  await open('/en-us/registry/');
  await Promise.all([
    page.waitForURL('**/en-us/registry/uai-agent-ack-v1/'),
    page.locator('main a[href="/en-us/registry/uai-agent-ack-v1/"]').first().click(),
  ]);
  assert.equal(await recordCode(), 'UAIX-REGI-2601');

  const schemaLink = page.locator('main a[data-uaix-schema]').first();
  const schemaHref = await schemaLink.getAttribute('href');
  assert.ok(schemaHref, 'the profile page has no schema link');
  const [schemaResponse] = await Promise.all([
    page.waitForEvent('response', (response) => response.request().isNavigationRequest()),
    schemaLink.click(),
  ]);
  assert.ok(schemaResponse);
  const schema = assertJsonResponse(schemaResponse, await schemaResponse.text(), schemaHref) as {
    $id?: string;
    $schema?: string;
  };
  assert.equal(schema.$id, `${SITE_ORIGIN}${schemaHref}`, 'the schema $id is its public URL');
  assert.match(schema.$schema ?? '', /2020-12/);

  await open('/en-us/examples/');
  const fixtureLinks = page.locator('main a[data-uaix-fixture]');
  const hrefs = [
    ...new Set(await fixtureLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))),
  ];
  assert.ok(hrefs.length >= 20, `only ${hrefs.length} fixture links on the examples page`);
  const valid = page.locator('main a[data-uaix-fixture$="/uai-agent-ack-v1/validated.json"]').first();
  const [fixtureResponse] = await Promise.all([
    page.waitForEvent('response', (response) => response.request().isNavigationRequest()),
    valid.click(),
  ]);
  assert.ok(fixtureResponse);
  const fixture = assertJsonResponse(fixtureResponse, await fixtureResponse.text(), 'validated.json') as {
    profile?: string;
  };
  assert.equal(fixture.profile, 'uai.agent.ack.v1');

  // Every fixture link answers; the ones the conformance pack expects to fail JSON parsing are the
  // only unparseable ones.
  const notJson = new Set(
    pack.fixtures.filter((entry) => entry.expected?.code === 'UAI-JSON-PARSE').map((entry) => pathOf(entry.url)),
  );
  for (const href of hrefs) {
    const response = await context.request.get(server.url(href));
    assert.equal(response.status(), 200, `${href}: ${response.status()}`);
    assert.match(
      response.headers()['content-type'] ?? '',
      /^application\/json\b/,
      `${href}: ${response.headers()['content-type']}`,
    );
    if (notJson.has(href)) continue;
    const text = await response.text();
    assert.doesNotThrow(() => JSON.parse(text), `${href} is not JSON`);
  }
});

test('review page: each route record’s human_review_url and fallback links land on an existing page and anchor', async () => {
  await open('/en-us/review/');
  const sections = page.locator('section.route-record');
  const ids = await sections.evaluateAll((nodes) => nodes.map((node) => node.id));
  assert.ok(ids.length >= 5, `only ${ids.length} route records on the review page`);
  assert.ok(ids.includes('route_validator'), `route records: ${ids.join(', ')}`);
  const targets: { route: string; field: string; href: string }[] = [];
  for (const id of ids) {
    assert.match(id, /^route_[a-z0-9_]+$/);
    const rows = await page.locator(`section.route-record#${id} dl > div`).evaluateAll((divs) =>
      divs.map((div) => ({
        field: div.querySelector('dt')?.textContent?.trim() ?? '',
        hrefs: [...div.querySelectorAll('dd a[href]')].map((a) => a.getAttribute('href') ?? ''),
      })),
    );
    const review = rows.find((row) => row.field === 'human_review_url');
    assert.ok(review?.hrefs.length, `${id}: no human_review_url link`);
    assert.equal(review!.hrefs[0], `/en-us/review/#${id}`, `${id}: human_review_url`);
    for (const row of rows)
      if (row.field === 'human_review_url' || /fallback$/.test(row.field))
        for (const href of row.hrefs) targets.push({ route: id, field: row.field, href });
  }
  assert.ok(
    targets.some((target) => target.field !== 'human_review_url'),
    'no fallback link is shown',
  );
  for (const target of targets) {
    await page.goto('about:blank');
    const response = await page.goto(server.url(target.href), { waitUntil: 'load' });
    const what = `${target.route} ${target.field} ${target.href}`;
    assert.ok(response, what);
    assert.equal(response.status(), 200, `${what}: ${response.status()}`);
    const hash = new URL(target.href, SITE_ORIGIN).hash.slice(1);
    if (hash) {
      const anchor = page.locator(`[id="${decodeURIComponent(hash)}"]`);
      assert.equal(await anchor.count(), 1, `${what}: no element with that id`);
      assert.ok(await anchor.isVisible(), `${what}: the anchor target is not visible`);
    }
  }
});

test('ladder decisions: clients that cannot fill a URI template are given concrete URLs only, and each answers 200', async () => {
  await open('/en-us/spec/agent-fallbacks/');
  const rows = await page.locator('table.ladder-decisions tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      client: tr.querySelector('th')?.textContent?.trim() ?? '',
      cells: [...tr.querySelectorAll('td')].map((td) => ({
        text: td.textContent ?? '',
        href: td.querySelector('a[href]')?.getAttribute('href') ?? null,
      })),
    })),
  );
  const literal = ['URL-only chatbot', 'Indexed or cached fetcher', 'Browser-assisted agent'];
  assert.deepEqual(
    rows.filter((row) => literal.includes(row.client)).map((row) => row.client),
    literal,
    'the three kinds that only follow given URLs have rows',
  );
  const problems: string[] = [];
  for (const row of rows.filter((candidate) => literal.includes(candidate.client))) {
    row.cells.forEach((cell, column) => {
      if (!cell.href) problems.push(`${row.client}, route ${column + 1}: no concrete link (${cell.text.trim()})`);
      else if (cell.href.includes('{'))
        problems.push(`${row.client}, route ${column + 1}: the target ${cell.href} is a URI template`);
    });
  }
  assert.deepEqual(problems, []);
  const hrefs = [
    ...new Set(
      rows.filter((row) => literal.includes(row.client)).flatMap((row) => row.cells.map((cell) => cell.href!)),
    ),
  ];
  for (const href of hrefs) {
    const answer = await fetch(server.url(href));
    assert.equal(answer.status, 200, `${href} answers ${answer.status}`);
  }
});

test('a page on another origin can read the machine records (CORS), but not an HTML page', async () => {
  // Another site's page (served without this site's _headers, so its own CSP does not forbid the
  // fetches) reads this site's files: only CORS decides.
  const other = await startStaticServer(DIST, { headersFile: false });
  // A page of its own: the blocked request below logs a console error the shared page would report.
  const probe = await context.newPage();
  try {
    await probe.goto(other.url('/en-us/'));
    const paths = [
      '/.well-known/uaix.json',
      '/llms.txt',
      '/llms-full.txt',
      '/index.json',
      '/es-es/about/index.md',
      '/schemas/uai-1/envelope.schema.json',
      '/examples/uai-1/conformance.json',
      '/uai-1-field-registry.json',
      '/sitemap-index.xml',
    ];
    // No named function inside: the test runner's transform would reference a helper the page lacks.
    const results = await probe.evaluate(
      (urls) =>
        Promise.all(
          urls.map((url) =>
            fetch(url).then(
              (response) => `${response.status}`,
              (error: Error) => `blocked: ${error.name}`,
            ),
          ),
        ),
      [...paths.map((path) => server.url(path)), server.url('/en-us/')],
    );
    const blocked = paths.filter((_, at) => results[at] !== '200').map((path, at) => `${path}: ${results[at]}`);
    assert.deepEqual(blocked, [], 'machine records readable from another origin');
    assert.match(results.at(-1)!, /^blocked/, 'an HTML page is not opened to other origins, so the check can fail');
  } finally {
    await probe.close();
    await other.close();
  }
});

test('es-es shows the es-US text, says so, and names the es-us page as canonical; a zh-cn normative page is its own translation', async () => {
  await open('/es-es/about/');
  assert.equal(await page.locator('html').getAttribute('lang'), 'es-ES');
  assert.equal(await page.locator('main').getAttribute('lang'), 'es-US');
  assert.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), `${SITE_ORIGIN}/es-us/about/`);
  assert.match(await page.locator('.banner-fallback').innerText(), /es-US/);
  assert.equal(
    await page.locator('link[rel="alternate"][hreflang]').count(),
    0,
    'a fallback page claims no translation',
  );
  // zh-cn translates every page, the normative ones included: Chinese text, its own canonical, no banner.
  await open('/zh-cn/specification/uai-1/');
  assert.equal(await page.locator('main').getAttribute('lang'), 'zh-CN');
  assert.equal(
    await page.locator('link[rel="canonical"]').getAttribute('href'),
    `${SITE_ORIGIN}/zh-cn/specification/uai-1/`,
  );
  assert.equal(await page.locator('.banner-fallback').count(), 0, 'a translated page shows no fallback banner');
  assert.match(await page.locator('main h1').innerText(), /UAI-1 消息标准/);
});

async function validate(packet: string): Promise<string> {
  await page.locator('#validator-result').evaluate((node) => {
    node.textContent = '';
  });
  await page.locator('#validator-input').fill(packet);
  await page.locator('#validator-run').click();
  await page.locator('#validator-result .verdict').waitFor();
  return (await page.locator('#validator-result').innerText()).replace(/\s+/g, ' ');
}

test('validator with JavaScript: a fixture is valid with its digest, a broken packet names the error and path, a keyless packet is read as keyless', async () => {
  await open('/en-us/tools/validator/');
  assert.ok(await page.locator('#validator').isVisible(), 'the validator form is not shown with JavaScript');
  await page.locator('#validator-now').fill(pack.evaluated_at);

  const fixture = pack.fixtures.find(
    (entry) => pathOf(entry.url) === '/examples/uai-1/uai-agent-ack-v1/validated.json',
  );
  assert.ok(fixture?.digest, 'the conformance pack has the digest of validated.json');
  await page.locator('#validator-fixture').selectOption('/examples/uai-1/uai-agent-ack-v1/validated.json');
  await page.locator('#validator-result .verdict').waitFor();
  const verdict = await page.locator('#validator-result .verdict').innerText();
  assert.match(verdict, /^Valid\b/, verdict);
  const digest = await page.locator('#validator-result [data-testid="digest"]').innerText();
  assert.match(digest, /^sha256:[0-9a-f]{64}$/);
  assert.equal(digest, fixture.digest, 'the browser digest equals the conformance pack’s');
  assert.match(await page.locator('#validator-result').innerText(), /sha256:/);
  await page.locator('#validator').screenshot({ path: join(SCREENSHOTS, 'validator-after-validation-en-us.png') });

  const keyed = readFileSync(join(SEEDS, 'uai.agent.ack.v1.keyed.json'), 'utf8');
  const seed = JSON.parse(keyed) as { conversation: Record<string, unknown> };
  delete seed.conversation.correlation_id;
  const broken = await validate(JSON.stringify(seed, null, 2));
  assert.match(broken, /^Invalid\b/, broken);
  assert.match(broken, /UAI-CORRELATION-MALFORMED/);
  assert.match(broken, /\/conversation\/correlation_id/);

  const keyedResult = await validate(keyed);
  assert.match(keyedResult, /^Valid\b/, keyedResult);
  const keyedDigest = await page.locator('#validator-result [data-testid="digest"]').innerText();

  const keyless = await validate(readFileSync(join(SEEDS, 'uai.agent.ack.v1.compact.json'), 'utf8'));
  assert.match(keyless, /^Valid\b/, keyless);
  assert.equal(await page.locator('#validator-result .verdict code').last().innerText(), 'keyless', keyless);
  assert.equal(
    await page.locator('#validator-result [data-testid="digest"]').innerText(),
    keyedDigest,
    'keyed and keyless forms of one packet share one digest',
  );
  assert.deepEqual(pageErrors, [], 'script errors on the validator page');
});

test('validator result: errors and warnings in separate labelled tables, the digest once, every code linked to its catalogue row', async () => {
  await open('/en-us/tools/validator/');
  await page.locator('#validator-now').fill(pack.evaluated_at);
  // validated.json is valid with one warning (its checksum is not a sha256 digest).
  await page.locator('#validator-fixture').selectOption('/examples/uai-1/uai-agent-ack-v1/validated.json');
  await page.locator('#validator-result .verdict').waitFor();
  const captions = await page.locator('#validator-result table caption').allInnerTexts();
  assert.deepEqual(captions, ['Warnings (1)'], 'a valid packet with a warning shows only a Warnings table');
  assert.match(await page.locator('#validator-result table.issues-warning').innerText(), /UAI-INTEGRITY-UNVERIFIED/);
  assert.match(await page.locator('#validator-result').innerText(), /No errors\./);
  const text = await page.locator('#validator-result').innerText();
  assert.doesNotMatch(text, /sha256:\s*sha256:/, 'the digest is printed twice');
  assert.match(text, /Digest: sha256:[0-9a-f]{64}/);

  const broken = JSON.parse(readFileSync(join(SEEDS, 'uai.agent.ack.v1.keyed.json'), 'utf8')) as {
    conversation: Record<string, unknown>;
  };
  delete broken.conversation.correlation_id;
  await validate(JSON.stringify(broken));
  // The seed's checksum is not a digest, so the broken seed has one error and one warning, each in its own table.
  assert.deepEqual(await page.locator('#validator-result table caption').allInnerTexts(), [
    'Errors (1)',
    'Warnings (1)',
  ]);
  assert.doesNotMatch(
    await page.locator('#validator-result table.issues-error').innerText(),
    /UAI-INTEGRITY-UNVERIFIED/,
  );
  const links = await page
    .locator('#validator-result table a')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')));
  assert.deepEqual(links, ['#UAI-CORRELATION-MALFORMED', '#UAI-INTEGRITY-UNVERIFIED']);
  for (const link of links)
    assert.equal(await page.locator(`[id="${link!.slice(1)}"]`).count(), 1, `the catalogue row ${link} links to`);
});

test('validator: a validation time that does not exist is refused with its reason, not silently replaced by now', async () => {
  await open('/en-us/tools/validator/');
  await page.locator('#validator-now').fill('2026-13-01T00:00:00Z');
  const result = await validate(readFileSync(join(SEEDS, 'uai.agent.ack.v1.keyed.json'), 'utf8'));
  assert.match(result, /The validation time 2026-13-01T00:00:00Z cannot be used: .*Nothing was validated\./, result);
});

test('validator: a packet that takes too long stops the worker after the time limit and the page stays usable', async () => {
  const slow = await context.newPage();
  // A worker that loads, then never answers: what a pathological packet would do to the engine.
  await slow.route(/\/validatorWorker[^/]*\.js$/, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'self.postMessage({ ready: true }); self.onmessage = () => { for (;;) {} };',
    }),
  );
  try {
    await open('/en-us/tools/validator/', slow);
    await slow.locator('#validator-input').fill('{}');
    const started = Date.now();
    await slow.locator('#validator-run').click();
    await slow.waitForFunction(
      () => /stopped after 5 seconds/.test(document.getElementById('validator-result')?.textContent ?? ''),
      undefined,
      { timeout: 20_000 },
    );
    const seconds = (Date.now() - started) / 1000;
    assert.ok(seconds >= 4.5 && seconds < 15, `time-out after ${seconds} s`);
    assert.equal(await slow.evaluate(() => 1 + 1), 2, 'the page answers after the time-out');
  } finally {
    await slow.close();
  }
});

test('validator under a CSP without unsafe-eval: the worker validates a packet and nothing is blocked', async () => {
  const strict = await browser.newContext();
  const violations: string[] = [];
  try {
    const csp = await strict.newPage();
    csp.on('console', (message) => {
      if (message.type() === 'error') violations.push(message.text());
    });
    await csp.route('**/*', async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: {
          ...response.headers(),
          'content-security-policy':
            "default-src 'self'; script-src 'self'; worker-src 'self'; style-src 'self' 'unsafe-inline'",
        },
      });
    });
    await open('/en-us/tools/validator/', csp);
    await csp.locator('#validator-now').fill(pack.evaluated_at);
    await csp.locator('#validator-fixture').selectOption('/examples/uai-1/uai-agent-ack-v1/validated.json');
    await csp.locator('#validator-result .verdict').waitFor({ timeout: 20_000 });
    assert.match(await csp.locator('#validator-result .verdict').innerText(), /^Valid\b/);
    assert.deepEqual(
      violations.filter((text) => /Content Security Policy|unsafe-eval|EvalError/i.test(text)),
      [],
    );
  } finally {
    await strict.close();
  }
});

test('validator: the validation-time field accepts an RFC 3339 UTC time such as its placeholder', async () => {
  await open('/en-us/tools/validator/');
  const field = page.locator('#validator-now');
  const placeholder = (await field.getAttribute('placeholder')) ?? '';
  const problems: string[] = [];
  for (const value of new Set([placeholder, pack.evaluated_at, '2026-06-01T00:00:00.5Z'])) {
    await field.fill(value);
    const state = await field.evaluate((input: HTMLInputElement) => ({
      valid: input.validity.valid,
      pattern: input.pattern,
    }));
    if (!state.valid) problems.push(`"${value}" is rejected by pattern="${state.pattern}"`);
  }
  await field.fill('31/12/2030');
  if (await field.evaluate((input: HTMLInputElement) => input.validity.valid))
    problems.push('"31/12/2030" is accepted');
  assert.deepEqual(problems, [], '#validator-now pattern');
});

test('validator without JavaScript: the GET-only section (schemas, fixtures, the package tarball, review) shows and the tool stays hidden', async () => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const plain = await noScript.newPage();
    await open('/en-us/tools/validator/', plain);
    const section = plain.locator('#get-only');
    assert.ok(await section.isVisible(), '#get-only is not visible without JavaScript');
    assert.match(await section.innerText(), /validation was not run/);
    assert.ok(await section.locator('a[href="/en-us/examples/"]').isVisible(), 'no visible link to the fixtures');
    assert.ok(
      await section.locator('a[href^="/tools/"][href$=".tgz"]').isVisible(),
      'no visible link to the package tarball',
    );
    assert.ok(await section.locator('a[href^="/en-us/review/"]').isVisible(), 'no visible link to the review route');
    assert.match(
      await plain.locator('#package-commands').innerText(),
      /npx --yes --package https:\/\/uaix\.org\/tools\/[^ ]+\.tgz uaix validate/,
    );
    assert.equal(await plain.locator('#validator').isVisible(), false, 'the validator form shows without JavaScript');
    assert.equal(await plain.locator('#validator-fixture').isVisible(), false);
  } finally {
    await noScript.close();
  }
});

test('search: /en-us/search/?q=handoff shows Pagefind results that link to pages', async () => {
  await open('/en-us/search/?q=handoff');
  const result = page.locator('.search-result').first();
  await result.waitFor({ timeout: 20_000 });
  const links = await page
    .locator('.search-result a[href]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''));
  assert.ok(links.length > 0, 'no result links');
  const first = new URL(links[0], server.origin);
  assert.match(first.pathname, /^\/en-us\/.+\/$/, `result link ${links[0]}`);
  const response = await context.request.get(server.url(first.pathname));
  assert.equal(response.status(), 200, `${first.pathname}: ${response.status()}`);
  assert.ok(
    links.some((href) => /handoff/.test(href)),
    `no result links to a handoff page: ${links.slice(0, 5).join(', ')}`,
  );
});

test('screenshots: the ack profile page in es-us, and a page 320 px wide', async () => {
  await open('/es-us/registry/uai-agent-ack-v1/');
  await page.screenshot({ path: join(SCREENSHOTS, 'profile-ack-es-us.png'), fullPage: true });
  const narrow = await context.newPage();
  try {
    await narrow.setViewportSize({ width: 320, height: 800 });
    await open('/en-us/registry/uai-agent-ack-v1/', narrow);
    await narrow.screenshot({ path: join(SCREENSHOTS, 'profile-ack-en-us-320px.png'), fullPage: false });
    const width = await narrow.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(
      width <= 320,
      `the page scrolls sideways at 320 px (scrollWidth ${width}); content must reflow (WCAG 1.4.10)`,
    );
  } finally {
    await narrow.close();
  }
  assert.deepEqual(pageErrors, []);
});
