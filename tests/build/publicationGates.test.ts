/**
 * Issue 13, gates 1 and 2 on planted inputs, each in a throw-away copy of the repository: a fake
 * key in a guide, in a translation and in a fixture (with a private endpoint and a local path)
 * stops the build before Astro runs; a local path that a template leaks into dist/, a claim in a
 * French page and a claim in a UI string (issue 21 item 5: at its source line, once for every page
 * it reaches) stop it after the build, all three planted in one full build. Each problem is one line
 * naming file, line and kind, with the value masked; no planted value is ever printed.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  copyRepository,
  removeCopy,
  buildWithChanges,
  assertFailedClearly,
  lineNaming,
  type BuildRun,
} from './_support/tempRepo.ts';

const GUIDE = 'content/guides/en-us/swarm-failure-and-recovery.md';
const TRANSLATION = 'content/guides/fr-fr/swarm-failure-and-recovery.md';
const FIXTURE = 'schemas/uai-1/examples/uai-agent-ack-v1/valid/validated.json';
// AWS's own documentation examples: plainly fake, and in the shape the scanners know.
const ACCESS_KEY = 'AKIAIOSFODNN7EXAMPLE';
const SECRET_KEY = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

let copy: string;
before(() => {
  copy = copyRepository();
});
after(() => {
  if (copy) removeCopy(copy);
});

function assertNeverPrinted(run: BuildRun, values: string[]): void {
  for (const value of values)
    assert.ok(!`${run.stdout}\n${run.stderr}`.includes(value), `the build printed the planted value ${value} unmasked`);
}

test('gate 1 before Astro: a fake key in a guide, in a translation and in a fixture, a private endpoint and a local path', () => {
  const run = buildWithChanges(copy, {
    [GUIDE]: (text) =>
      `${text.trimEnd()}\n\nDeploy with \`aws_access_key_id=${ACCESS_KEY}\` against http://10.20.30.40:8080/hooks.\n`,
    [TRANSLATION]: (text) => `${text.trimEnd()}\n\nLa clé secrète : ${SECRET_KEY}\n`,
    [FIXTURE]: (text) => {
      const packet = JSON.parse(text);
      packet.source.label = `Built in /home/builder/uaix with ${ACCESS_KEY}`;
      return `${JSON.stringify(packet, null, 4)}\n`;
    },
  });
  assertFailedClearly(run, copy, [/build failed at redaction/, GUIDE, TRANSLATION, FIXTURE]);
  assert.doesNotMatch(run.stdout, /astro|built \d+ HTML pages/i, 'the gate must stop the build before Astro runs');
  assertNeverPrinted(run, [ACCESS_KEY, SECRET_KEY, 'IOSFODNN7']);

  const guideLines = run.stderr.split('\n').filter((line) => line.includes(`${GUIDE}:`));
  assert.ok(
    guideLines.some((line) => /:\d+:\d+: an AWS access key id: AKIA… \(20 characters\) \[[a-z0-9-]+\]$/.test(line)),
    `the guide's key:\n${guideLines.join('\n')}`,
  );
  assert.ok(
    guideLines.some((line) => /a loopback or private-network address: .* \[private-ipv4\]$/.test(line)),
    `the guide's private address:\n${guideLines.join('\n')}`,
  );
  assert.match(lineNaming(run, `${TRANSLATION}:`), /:\d+:\d+: .+: .*… \(\d+ characters\) \[[a-z0-9-]+\]$/);
  const fixtureLines = run.stderr.split('\n').filter((line) => line.includes(`${FIXTURE}:`));
  assert.ok(
    fixtureLines.some((line) => /an absolute local path: \/hom… .* \[local-path\]$/.test(line)),
    `the fixture's local path:\n${fixtureLines.join('\n')}`,
  );
  assert.ok(
    fixtureLines.some((line) => /an AWS access key id/.test(line)),
    `the fixture's key:\n${fixtureLines.join('\n')}`,
  );
  const line = guideLines.find((candidate) => candidate.includes('AWS'))!;
  const lineNumber = Number(/:(\d+):\d+:/.exec(line)![1]);
  assert.ok(lineNumber > 10, `the line number ${lineNumber} is not the planted line's`);
});

// One full build for the post-build gates: each plant is checked on its own line below.
const UI_STRINGS = 'content/i18n/en-us.json';
// A string every English page shows but no page's Markdown mirror holds: a planted change to a string
// the normative pages' mirrors hold would stop the build earlier, at the editions check.
const UI_CLAIM = '"edition.latest": "UAIX provides hosted messaging for every agent."';
let postBuild: BuildRun | undefined;
function plantedFullBuild(): BuildRun {
  postBuild ??= buildWithChanges(copy, {
    'src/pages/404.astro': (text) =>
      text.replace(/<\/main>/, '<p>Built from /home/builder/uaix/src/pages/404.astro</p></main>'),
    [TRANSLATION]: (text) =>
      `${text.trimEnd()}\n\nUAIX fournit une messagerie hébergée et la synchronisation automatique de vos agents.\n`,
    [UI_STRINGS]: (text) => text.replace('"edition.latest": "Latest"', UI_CLAIM),
  });
  return postBuild;
}

test('gate 1 after the build: a local path a template leaks into dist/ is found in the published file', () => {
  const run = plantedFullBuild();
  assertFailedClearly(run, copy, [/build failed at publication gates/, '/404.html:']);
  assert.match(
    lineNaming(run, '/404.html:'),
    /^\s*\/404\.html:\d+:\d+: an absolute local path: \/hom… \(\d+ characters\) \[local-path\]$/,
  );
  // The template is not a source the first scan reads: only the scan of dist/ can find it.
  assert.doesNotMatch(run.stderr, /src\/pages\/404\.astro:/);
});

test('gate 2: a claim in a French page fails the build, naming the page, the offering and the sentence', () => {
  const run = plantedFullBuild();
  assertFailedClearly(run, copy, [/build failed at publication gates/]);
  const line = lineNaming(run, '/fr-fr/guides/swarm-failure-and-recovery/');
  assert.match(
    line,
    /claims that UAIX provides (hosted messaging|automatic sync) \(fr\): "UAIX fournit une messagerie hébergée/,
  );
  // Issue 21: at the source file and the line the sentence is written on, the page it reached beside it.
  const lineNumber = readFileSync(join(copy, TRANSLATION), 'utf8').trimEnd().split('\n').length + 2;
  assert.ok(
    line.startsWith(`  ${TRANSLATION}:${lineNumber}: claims`),
    `the line does not name the source line: ${line}`,
  );
});

test('a claim in a UI string shown on every English page: one line at its file, line and key (full build)', () => {
  const run = plantedFullBuild();
  assertFailedClearly(run, copy, [UI_STRINGS]);
  const planted = readFileSync(join(copy, UI_STRINGS), 'utf8').replace('"edition.latest": "Latest"', UI_CLAIM);
  const line = planted.slice(0, planted.indexOf('"edition.latest"')).split('\n').length;
  // One line for the string, however many pages show it (it was the build's only problem when it
  // had a build of its own; here the other plants have their lines).
  const naming = run.stderr.split('\n').filter((text) => text.includes(`${UI_STRINGS}:`));
  assert.equal(naming.length, 1, `expected one line naming ${UI_STRINGS}\n${run.stderr}`);
  const problem = lineNaming(
    run,
    `${UI_STRINGS}:${line} (/edition.latest): claims that UAIX provides hosted messaging`,
  );
  assert.match(problem, /published in \d+ files, first \/en-us\/.*\[UAI-UNSUPPORTED-CLAIM\]$/);
  assert.doesNotMatch(
    problem,
    new RegExp(copy.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    'the line holds an absolute path',
  );
});
