/**
 * The installable package, proved as a user would: the tarball the build published under /tools/
 * matches the manifest and is what packing the source gives; installed offline into an empty
 * folder, its `uaix` answers every published fixture exactly as the in-repo CLI does, converts and
 * digests; its library imports from a plain Node script and from a page under a strict CSP; and the
 * command the validator page prints works against a local copy of the site.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { DIST, REPOSITORY_ROOT, assertBuilt, pageFile } from '../support/paths.ts';
import { launchBrowser } from '../support/browser.ts';
import { startStaticServer, type StaticServer } from '../support/staticServer.ts';
import { main } from '../../src/cli/uaix.ts';
import type { CliIo } from '../../src/cli/cliSupport.ts';
import { loadFixtureTree, loadRouteFixtureTree } from '../../src/uai/node/recordFiles.ts';
import { FIXTURE_EVALUATED_AT } from '../../src/uai/fixtureCheck.ts';
import { packPackage } from '../../src/pipeline/uaiPackage.ts';
import { findAll, attr } from '../support/html.ts';
import { withPackageFolderAsync } from '../support/packageFolderLock.ts';
import { parsePage } from '../../src/record/pages/pageMirror.ts';
import { toText as textOf } from 'hast-util-to-text';

assertBuilt();
const manifest = JSON.parse(readFileSync(join(DIST, '.well-known/uaix.json'), 'utf8')) as {
  package: { tarball: string; sha256: string; integrity: string; bytes: number; name: string };
};
const tarballPath = new URL(manifest.package.tarball).pathname;
const tarball = join(DIST, tarballPath);
const work = mkdtempSync(join(tmpdir(), 'uaix-package-'));
const installed = join(work, 'project');
const bin = join(installed, 'node_modules/.bin/uaix');
let browser: Browser | undefined;

function run(command: string, args: string[], cwd: string, input?: string) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    input,
    env: { ...process.env, npm_config_update_notifier: 'false', npm_config_cache: join(work, 'npm-cache') },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `run` without blocking this process (which also serves the local copy of the site the command fetches from). */
async function runAsync(command: string, args: string[], cwd: string) {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, npm_config_update_notifier: 'false', npm_config_cache: join(work, 'npm-cache') },
    });
    return { status: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      status: typeof failed.code === 'number' ? failed.code : 1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? String(error),
    };
  }
}

/** The in-repo CLI, in this process, with captured output. */
async function repoCli(args: string[]): Promise<{ status: number; stdout: string }> {
  let stdout = '';
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: () => true },
    stdin: (async function* () {})(),
  };
  const status = await main(args, io);
  return { status, stdout };
}

before(() => {
  mkdirSync(installed);
  writeFileSync(join(installed, 'package.json'), '{ "private": true }\n');
  const install = run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], installed);
  assert.equal(install.status, 0, `npm install --offline of the tarball failed: ${install.stderr}`);
});

after(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

test('the published tarball has the manifest digests and is exactly what packing the source gives', async () => {
  const bytes = readFileSync(tarball);
  assert.equal(bytes.length, manifest.package.bytes);
  assert.equal(`sha256:${createHash('sha256').update(bytes).digest('hex')}`, manifest.package.sha256);
  assert.equal(`sha512-${createHash('sha512').update(bytes).digest('base64')}`, manifest.package.integrity);
  const repacked = await withPackageFolderAsync(() => packPackage(join(work, 'repack')));
  assert.equal(
    repacked.sha256,
    manifest.package.sha256,
    'packing the source again gives other bytes: the tarball is not deterministic or dist/ is stale',
  );
});

test('the installed package has no dependencies and its bin is compiled JavaScript', () => {
  const packageJson = JSON.parse(
    readFileSync(join(installed, 'node_modules', manifest.package.name, 'package.json'), 'utf8'),
  );
  assert.equal(packageJson.dependencies, undefined);
  assert.equal(packageJson.license, 'Apache-2.0');
  const lock = JSON.parse(readFileSync(join(installed, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, unknown>;
  };
  assert.deepEqual(
    Object.keys(lock.packages).filter((key) => key !== ''),
    [`node_modules/${manifest.package.name}`],
  );
  const cli = readFileSync(join(installed, 'node_modules', manifest.package.name, packageJson.bin.uaix), 'utf8');
  assert.match(cli, /^#!\/usr\/bin\/env node\n/);
  assert.doesNotMatch(cli, /tsx|\.ts['"]/);
});

test('the installed uaix gives the in-repo verdicts, codes and digests on every published fixture', async () => {
  const packets = loadFixtureTree().fixtures.map((fixture) => fixture.file);
  const routes = loadRouteFixtureTree().fixtures.map((fixture) => fixture.file);
  for (const [args, files] of [
    [['validate', '--json', '--now', FIXTURE_EVALUATED_AT], packets],
    [['route', 'check', '--json'], routes],
  ] as const) {
    const installedRun = run(bin, [...args, ...files], REPOSITORY_ROOT);
    const repoRun = await repoCli([...args, ...files]);
    assert.equal(installedRun.status, repoRun.status, `${args.join(' ')}: exit status`);
    assert.deepEqual(JSON.parse(installedRun.stdout), JSON.parse(repoRun.stdout), `${args.join(' ')}: reports differ`);
    assert.ok((JSON.parse(installedRun.stdout) as unknown[]).length === files.length);
  }
  const fixtures = run(bin, ['check-fixtures'], work);
  assert.equal(
    fixtures.status,
    0,
    `check-fixtures on the fixtures inside the package: ${fixtures.stdout}${fixtures.stderr}`,
  );
  assert.match(fixtures.stdout, /fixtures checked at 2026-06-01T00:00:00Z: all as expected/);
});

test('from a folder holding only the tarball install, uaix compacts, expands and digests', () => {
  const source = join(REPOSITORY_ROOT, 'schemas/uai-1/examples/uai-agent-ack-v1/valid/validated.json');
  const packet = join(work, 'packet.json');
  cpSync(source, packet);
  const compact = run(bin, ['compact', packet], work);
  assert.equal(compact.status, 0, compact.stderr);
  writeFileSync(join(work, 'packet.keyless.json'), compact.stdout);
  const expand = run(bin, ['expand', join(work, 'packet.keyless.json')], work);
  assert.equal(expand.status, 0, expand.stderr);
  assert.deepEqual(JSON.parse(expand.stdout), JSON.parse(readFileSync(source, 'utf8')));
  const keyedDigest = run(bin, ['digest', packet], work);
  const keylessDigest = run(bin, ['digest', join(work, 'packet.keyless.json')], work);
  assert.match(keyedDigest.stdout, /^sha256:[0-9a-f]{64}\n$/);
  assert.equal(keylessDigest.stdout, keyedDigest.stdout);
  const invalid = run(
    bin,
    ['validate', join(REPOSITORY_ROOT, 'schemas/uai-1/examples/uai-agent-ack-v1/invalid/missing-message-id.json')],
    work,
  );
  assert.equal(invalid.status, 1);
});

test('a plain Node script imports the library and its /node entry', () => {
  const script = join(installed, 'check.mjs');
  writeFileSync(
    script,
    [
      "import { createValidator, createRouteRecordChecker, canonicalize, resolveRoute, ERROR_CODES } from '@uaix/uai-1';",
      "import { validateFile } from '@uaix/uai-1/node';",
      "import { readFileSync } from 'node:fs';",
      'const file = process.argv[2];',
      'const validator = createValidator();',
      "const report = validator.validateText(readFileSync(file, 'utf8'), { now: new Date('2026-06-01T00:00:00Z') });",
      "const route = createRouteRecordChecker().checkText(readFileSync(process.argv[3], 'utf8'));",
      "const resolution = resolveRoute(route.record, 'url-only-chatbot');",
      'console.log(JSON.stringify({ valid: report.valid, digest: report.digest, same: validateFile(file).digest === report.digest, jcs: canonicalize({ b: 1, a: [true] }), codes: ERROR_CODES.length, decision: resolution.decision }));',
    ].join('\n'),
  );
  const result = run(
    process.execPath,
    [
      script,
      join(REPOSITORY_ROOT, 'schemas/uai-1/examples/uai-agent-ack-v1/valid/validated.json'),
      join(REPOSITORY_ROOT, 'content/routes/route_validator.json'),
    ],
    installed,
  );
  assert.equal(result.status, 0, result.stderr);
  const answer = JSON.parse(result.stdout);
  assert.equal(answer.valid, true);
  assert.match(answer.digest, /^sha256:[0-9a-f]{64}$/);
  assert.equal(answer.same, true);
  assert.equal(answer.jcs, '{"a":[true],"b":1}');
  assert.ok(answer.codes > 10);
  assert.ok(['highest', 'fallback', 'no-op'].includes(answer.decision));
});

test('the browser build validates a packet in Chromium under a CSP without unsafe-eval', async () => {
  const root = join(work, 'browser');
  cpSync(join(installed, 'node_modules', manifest.package.name, 'dist'), join(root, 'pkg'), { recursive: true });
  const packet = readFileSync(
    join(REPOSITORY_ROOT, 'schemas/uai-1/examples/uai-agent-ack-v1/valid/validated.json'),
    'utf8',
  );
  writeFileSync(join(root, 'packet.json'), packet);
  writeFileSync(
    join(root, 'index.html'),
    '<!DOCTYPE html><html lang="en"><title>package</title><script type="module" src="/main.js"></script>',
  );
  writeFileSync(
    join(root, 'main.js'),
    "import { createValidator } from '/pkg/index.js';\nconst text = await (await fetch('/packet.json')).text();\nconst report = createValidator().validateText(text, { now: new Date('2026-06-01T00:00:00Z') });\ndocument.title = JSON.stringify({ valid: report.valid, digest: report.digest });\n",
  );
  writeFileSync(join(root, '_headers'), "/*\n  Content-Security-Policy: default-src 'self'; script-src 'self'\n");
  const server: StaticServer = await startStaticServer(root);
  try {
    browser ??= await launchBrowser();
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') violations.push(message.text());
    });
    await page.goto(server.url('/'));
    await page.waitForFunction(() => document.title.startsWith('{'), undefined, { timeout: 20_000 });
    const result = JSON.parse(await page.title());
    const expected = await repoCli([
      'digest',
      join(REPOSITORY_ROOT, 'schemas/uai-1/examples/uai-agent-ack-v1/valid/validated.json'),
    ]);
    assert.deepEqual(result, { valid: true, digest: expected.stdout.trim() });
    assert.deepEqual(
      violations.filter((text) => /Content Security Policy|unsafe-eval|EvalError/i.test(text)),
      [],
    );
    await page.close();
  } finally {
    await server.close();
  }
});

test('the commands the validator page prints work as printed, against a local copy of the site', async () => {
  const tree = parsePage(readFileSync(pageFile('/en-us/tools/validator/'), 'utf8')).tree;
  const block = findAll(tree, (element) => attr(element, 'id') === 'package-commands')[0];
  assert.ok(block, '#package-commands is missing from /en-us/tools/validator/');
  const codes = findAll(block, (element) => element.tagName === 'pre').map((pre) => textOf(pre).trim());
  assert.equal(codes.length, 2, 'a digest check and the run commands');
  const [check, commands] = codes;
  const server: StaticServer = await startStaticServer(DIST);
  try {
    const folder = join(work, 'fresh');
    mkdirSync(folder);
    // The digest check, as printed (curl replaced by a fetch from the local copy of the site).
    const download = await fetch(server.url(tarballPath));
    writeFileSync(join(folder, tarballPath.split('/').pop()!), Buffer.from(await download.arrayBuffer()));
    const checkLine = check.split('\n').find((line) => line.includes('sha256sum'))!;
    const checked = run('bash', ['-c', checkLine], folder);
    assert.equal(checked.status, 0, `${checkLine}: ${checked.stdout}${checked.stderr}`);
    assert.match(checked.stdout, /: OK/);
    cpSync(
      join(REPOSITORY_ROOT, 'schemas/uai-1/examples/uai-agent-ack-v1/valid/validated.json'),
      join(folder, 'packet.json'),
    );
    const validate = commands.split('\n').find((line) => / uaix validate /.test(line))!;
    assert.match(validate, /^npx --yes --package https:\/\/uaix\.org\/tools\/[^ ]+\.tgz uaix validate /);
    const local = validate.replace('https://uaix.org', server.origin);
    const result = await runAsync('bash', ['-c', local], folder);
    assert.equal(result.status, 0, `${local}: ${result.stderr}`);
    assert.equal(JSON.parse(result.stdout)[0].valid, true);
  } finally {
    await server.close();
  }
});
