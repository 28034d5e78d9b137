/**
 * The browser validator and the `uaix` command give one verdict for the same bytes. Files that are
 * not UTF-8 JSON text (an overlong sequence, a CESU-8 surrogate pair, UTF-16LE with its byte-order
 * mark, a UTF-8 byte-order mark before whitespace) and the valid seed packet are opened on the
 * validator page (Playwright's setInputFiles on the file input, Debian's Chromium over dist/ on
 * 127.0.0.1) and given to `uaix validate --json` as files: the verdict, every error and warning
 * (code, place, message) and the digest must be the same. Then every packet file under
 * schemas/uai-1/examples (not the route records) is opened the same way and compared with the
 * library the CLI runs.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startStaticServer, type StaticServer } from '../support/staticServer.ts';
import { DIST, REPOSITORY_ROOT, assertBuilt, pageFile, walkFiles } from '../support/paths.ts';
import { createNodePacketValidator } from '../../src/uai/node/nodeValidator.ts';
import { parseUtcDateTime } from '../../src/uai/utcDateTime.ts';
import type { UaiIssue } from '../../src/uai/errorCodes.ts';
import { formatCount } from '../../src/record/model/numberFormat.ts';

/** What a verdict is made of, on the page and in `uaix validate --json` alike. */
interface Verdict {
  valid: boolean;
  digest: string | null;
  errors: string[];
  warnings: string[];
}

const SEED = readFileSync(join(REPOSITORY_ROOT, 'tests/fixtures/seeds/uai.agent.ack.v1.keyed.json'));
const SEED_TEXT = SEED.toString('utf8');
const FREE_TEXT = '"label": "Runtime Implementer"';

/** The seed with bytes in place of the "R" of a free-text label: still JSON to a lenient decoder. */
function seedWithLabelBytes(bytes: number[]): Buffer {
  const at = SEED_TEXT.indexOf(FREE_TEXT);
  assert.ok(at > 0, `the seed has no ${FREE_TEXT}`);
  const start = Buffer.byteLength(SEED_TEXT.slice(0, at + '"label": "'.length));
  return Buffer.concat([SEED.subarray(0, start), Buffer.from(bytes), SEED.subarray(start + 1)]);
}

/** Each file as its bytes; only the seed itself is UTF-8 JSON text. */
const BYTE_CASES: Record<string, Buffer> = {
  // "R" (U+0052) as the two-byte overlong C1 92.
  'overlong-utf8.json': seedWithLabelBytes([0xc1, 0x92]),
  // U+1F600 as two three-byte surrogate halves (CESU-8), then the "R".
  'cesu8-surrogate.json': seedWithLabelBytes([0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80, 0x52]),
  'utf16le-bom.json': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(SEED_TEXT, 'utf16le')]),
  'utf8-bom-whitespace.json': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('\n  '), SEED]),
  'seed.json': SEED,
};

/** One file's entry in `uaix validate --json`. */
interface CliReport {
  file: string;
  valid: boolean;
  digest: string | null;
  errors: UaiIssue[];
  warnings: UaiIssue[];
}

let server: StaticServer;
let browser: Browser;
let page: Page;
let folder: string;
let now: string;
const pageErrors: string[] = [];

before(async () => {
  assertBuilt();
  now = (JSON.parse(readFileSync(pageFile('/examples/uai-1/conformance.json'), 'utf8')) as { evaluated_at: string })
    .evaluated_at;
  folder = mkdtempSync(join(tmpdir(), 'uaix-validator-bytes-'));
  server = await startStaticServer(DIST);
  browser = await launchBrowser();
  const context = await browser.newContext();
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const response = await page.goto(server.url('/en-us/tools/validator/'), { waitUntil: 'load' });
  assert.equal(response?.status(), 200);
  await page.locator('#validator-now').fill(now);
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const issueLine = (issue: UaiIssue) => `${issue.code} ${issue.path || '(root)'}: ${issue.message}`;

/** Opens one file on the page and reads the verdict it shows. */
async function pageVerdict(name: string, bytes: Buffer): Promise<Verdict & { checked: string }> {
  const result = page.locator('#validator-result');
  await result.evaluate((node) => {
    node.textContent = '';
  });
  await page.locator('#validator-file').setInputFiles({ name, mimeType: 'application/json', buffer: bytes });
  await result.locator('.verdict').waitFor();
  // One reading of the result, not one round trip per part of it (no named function inside:
  // tsx would wrap it in a helper the page does not have).
  return result.evaluate((node) => {
    const [errors, warnings] = ['error', 'warning'].map((kind) =>
      [...node.querySelectorAll(`table.issues-${kind} tbody tr`)].map((tr) => {
        const [code, path, message] = [...(tr as HTMLTableRowElement).cells].map((cell) => cell.textContent ?? '');
        return `${code} ${path}: ${message}`;
      }),
    );
    return {
      valid: node.querySelector('.verdict-valid') !== null,
      digest: node.querySelector('[data-testid="digest"]')?.textContent ?? null,
      errors,
      warnings,
      checked: node.querySelector('[data-testid="validated-input"]')?.textContent ?? '(not said)',
    };
  });
}

test('an uploaded file gets the verdict, issues and digest of `uaix validate <file> --json`, for bytes that are not UTF-8 JSON text too', async () => {
  const files = Object.entries(BYTE_CASES).map(([name, bytes]) => {
    const file = join(folder, name);
    writeFileSync(file, bytes);
    return file;
  });
  const cli = spawnSync(process.execPath, ['bin/uaix.mjs', 'validate', '--json', '--now', now, ...files], {
    cwd: REPOSITORY_ROOT,
    encoding: 'utf8',
  });
  assert.equal(cli.stderr, '', 'uaix validate wrote to stderr');
  const reports = JSON.parse(cli.stdout) as CliReport[];
  assert.equal(reports.length, files.length);
  const problems: string[] = [];
  for (const [index, report] of reports.entries()) {
    const name = basename(report.file);
    const expected: Verdict = {
      valid: report.valid,
      digest: report.digest,
      errors: report.errors.map(issueLine),
      warnings: report.warnings.map(issueLine),
    };
    const { checked, ...shown } = await pageVerdict(name, BYTE_CASES[name]);
    assert.equal(report.file, files[index]);
    if (JSON.stringify(shown) !== JSON.stringify(expected))
      problems.push(`${name}: the page shows ${JSON.stringify(shown)}, uaix ${JSON.stringify(expected)}`);
    if (!checked.includes(`the ${formatCount('en-us', BYTE_CASES[name].length)} bytes of ${name}`))
      problems.push(`${name}: the result does not say it checked the file's bytes: ${JSON.stringify(checked)}`);
  }
  // The cases are what they claim to be: every one but the seed is refused as JSON text.
  const verdicts = reports.map((report) => `${basename(report.file)} ${report.errors[0]?.code ?? 'valid'}`);
  assert.deepEqual(verdicts, [
    'overlong-utf8.json UAI-JSON-PARSE',
    'cesu8-surrogate.json UAI-JSON-PARSE',
    'utf16le-bom.json UAI-JSON-PARSE',
    'utf8-bom-whitespace.json UAI-JSON-PARSE',
    'seed.json valid',
  ]);
  assert.deepEqual(problems, [], problems.join('\n'));
  assert.deepEqual(pageErrors, [], 'script errors on the validator page');
});

test('every packet file under schemas/uai-1/examples, opened on the page, gets the verdict the library gives its bytes', async () => {
  const library = createNodePacketValidator();
  const clock = parseUtcDateTime(now);
  assert.ok(clock.ok, `the conformance pack's evaluated_at ${now} is not a date-time`);
  // Route records are not packets (uaix route check reads them); leaving them out keeps the test short.
  const examples = walkFiles(join(REPOSITORY_ROOT, 'schemas/uai-1/examples'))
    .filter((file) => !relative(REPOSITORY_ROOT, file).startsWith('schemas/uai-1/examples/routes/'))
    .sort();
  assert.ok(examples.length > 50, `only ${examples.length} packet example files`);
  const problems: string[] = [];
  for (const file of examples) {
    const bytes = readFileSync(file);
    const report = library.validateBytes(bytes, { now: clock.value });
    const expected: Verdict = {
      valid: report.valid,
      digest: report.digest,
      errors: report.errors.map(issueLine),
      warnings: report.warnings.map(issueLine),
    };
    const { checked: _checked, ...shown } = await pageVerdict(basename(file), bytes);
    if (JSON.stringify(shown) !== JSON.stringify(expected))
      problems.push(
        `${relative(REPOSITORY_ROOT, file)}: the page shows ${JSON.stringify(shown)}, the library ${JSON.stringify(expected)}`,
      );
  }
  assert.deepEqual(problems, [], problems.join('\n'));
});

test('text typed in the box is checked as text, and the result says so', async () => {
  await pageVerdict('seed.json', SEED);
  await page.locator('#validator-input').fill(`\uFEFF${SEED_TEXT}`);
  await page.locator('#validator-run').click();
  const result = page.locator('#validator-result');
  await result.locator('[data-testid="validated-input"]', { hasText: 'the text in the box' }).waitFor();
  // validateText refuses a leading U+FEFF as the bytes path refuses a byte-order mark.
  assert.match(await result.locator('table.issues-error').innerText(), /UAI-JSON-PARSE/);
});
