/**
 * Issue 3: a broken fixture, a duplicate record code, a dead internal link and a frontmatter
 * without a title each fail the build with exit code 1, one clear line naming the file, the place
 * and the rule, no stack trace, and no dist/ left behind (issue 21: nor a staging folder; a previous
 * dist/ stays as it was). Each case mutates one file of a
 * throw-away copy of the repository, builds it, and restores the file. Issue 14: plain
 * `astro build`, as a static host runs it, fails the same way, through the record's integration.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { walkFiles } from '../../src/record/node/walkFiles.ts';
import {
  copyRepository,
  removeCopy,
  buildWithChanges,
  assertFailedClearly,
  lineNaming,
  runAstroBuild,
  type BuildRun,
} from './_support/tempRepo.ts';

let copy: string;
before(() => {
  copy = copyRepository();
});
after(() => {
  if (copy) removeCopy(copy);
});

test('(a) a valid fixture that fails: the file, /conversation/correlation_id and UAI-CORRELATION-MALFORMED', () => {
  const file = 'schemas/uai-1/examples/uai-agent-ack-v1/valid/validated.json';
  const run = buildWithChanges(copy, {
    [file]: (text) => {
      const packet = JSON.parse(text);
      delete packet.conversation.correlation_id;
      return `${JSON.stringify(packet, null, 4)}\n`;
    },
  });
  assertFailedClearly(run, copy, [file]);
  const line = lineNaming(run, file);
  assert.ok(line.includes('/conversation/correlation_id'), `the line does not name the JSON Pointer: ${line}`);
  assert.ok(line.includes('UAI-CORRELATION-MALFORMED'), `the line does not name the rule: ${line}`);
});

test('(b) a record code used twice: both files and the code', () => {
  const file = 'content/guides/en-us/swarm-failure-and-recovery.md';
  const run = buildWithChanges(copy, {
    [file]: (text) => text.replace(/^code: UAIX-DOC-4030\s*$/m, 'code: UAIX-DOC-3382'),
  });
  assertFailedClearly(run, copy, [file]);
  const line = lineNaming(run, file);
  assert.ok(
    line.includes('content/pages/en-us/spec/agent-fallbacks.md'),
    `the line does not name the record that owns the code: ${line}`,
  );
  assert.ok(line.includes('UAIX-DOC-3382'), `the line does not name the code: ${line}`);
});

test('(d) a frontmatter without title: the file and the field', () => {
  const file = 'content/pages/en-us/roadmap.md';
  const run = buildWithChanges(copy, { [file]: (text) => text.replace(/^title: .*\n/m, '') });
  assertFailedClearly(run, copy, [file]);
  const line = lineNaming(run, `${file}:`);
  assert.match(line, /\btitle\b/, `the line does not name the field: ${line}`);
  assert.match(line, /required/i, `the line does not name the rule: ${line}`);
});

test('(c) a dead internal link in an English Markdown page: the page, the line and the link (full build)', () => {
  const file = 'content/pages/en-us/about.md';
  let plantedLine = 0;
  const run = buildWithChanges(copy, {
    [file]: (text) => {
      plantedLine = text.trimEnd().split('\n').length + 2;
      return `${text.trimEnd()}\n\nSee [the missing record](/en-us/no-such-page/).\n`;
    },
  });
  assertFailedClearly(run, copy, ['/en-us/no-such-page/']);
  const line = lineNaming(run, '/en-us/no-such-page/');
  assert.ok(line.includes('/en-us/about/'), `the line does not name the page: ${line}`);
  // Issue 21: at the line of the Markdown where the link is written, once for all the locales showing it.
  assert.ok(
    line.includes(`${file}:${plantedLine}:26: link /en-us/no-such-page/ on /en-us/about/`),
    `the line does not name the source line: ${line}`,
  );
  assert.equal(run.stderr.split('\n').filter((text) => text.includes('/no-such-page/')).length, 1, run.stderr);
  assert.match(
    line,
    /not in the built site|does not exist|dead|broken/,
    `the line does not say what is wrong: ${line}`,
  );
});

test('(e) a banned rendering and French punctuation without a no-break space: file, line and rule (issue 11)', () => {
  const file = 'content/pages/fr-fr/about.md';
  let plantedLine = 0;
  const run = buildWithChanges(copy, {
    [file]: (text) => {
      const kept = text.trimEnd();
      plantedLine = kept.split('\n').length + 2;
      return `${kept}\n\nLes appareils de validation : voir le registre.\n`;
    },
  });
  assertFailedClearly(run, copy, [file]);
  const banned = lineNaming(run, `${file}:${plantedLine}: "appareils"`);
  assert.match(
    banned,
    /"appareils" for "fixture".*use "jeu d’essai" \[banned-term\]$/,
    `the line does not name the term and its preferred rendering: ${banned}`,
  );
  const punctuation = lineNaming(run, `${file}:${plantedLine}: an ordinary space before ":"`);
  assert.match(punctuation, /\[french-punctuation\]$/, `the line does not name its rule: ${punctuation}`);
});

test('(f) plain `astro build` with a dead link: exit 1, the page and the link, no dist/ (issue 14)', () => {
  const file = 'content/pages/en-us/about.md';
  const run = buildWithChanges(
    copy,
    { [file]: (text) => `${text.trimEnd()}\n\nSee [the missing record](/en-us/no-such-page/).\n` },
    {},
    runAstroBuild,
  );
  assertFailedClearly(run, copy, ['/en-us/no-such-page/', 'build failed at links']);
  assert.ok(lineNaming(run, '/en-us/no-such-page/').includes('/en-us/about/'), 'the line does not name the page');
});

test('(g) plain `astro build` with a broken fixture stops before rendering and leaves the previous dist/ as it was (issue 21)', () => {
  // A previous build's dist/, complete to the eye: its manifest is there.
  const previous = { '.well-known/uaix.json': '{}\n', 'index.html': '<!doctype html><title>UAIX</title>\n' };
  for (const [file, text] of Object.entries(previous)) {
    mkdirSync(dirname(join(copy, 'dist', file)), { recursive: true });
    writeFileSync(join(copy, 'dist', file), text);
  }
  const file = 'schemas/uai-1/examples/uai-agent-ack-v1/valid/validated.json';
  let run: BuildRun;
  try {
    run = buildWithChanges(
      copy,
      {
        [file]: (text) => {
          const packet = JSON.parse(text);
          delete packet.conversation.correlation_id;
          return `${JSON.stringify(packet, null, 4)}\n`;
        },
      },
      {},
      runAstroBuild,
    );
    const left = walkFiles(join(copy, 'dist')).map((path) => relative(join(copy, 'dist'), path));
    assert.deepEqual(left.sort(), Object.keys(previous).sort(), 'the failed build changed the files of dist/');
    for (const [name, text] of Object.entries(previous))
      assert.equal(readFileSync(join(copy, 'dist', name), 'utf8'), text, `the failed build changed dist/${name}`);
  } finally {
    rmSync(join(copy, 'dist'), { recursive: true, force: true });
  }
  assertFailedClearly(run, copy, [file, 'build failed at fixtures', 'dist/ unchanged']);
  assert.doesNotMatch(run.stdout, /generating static routes/, 'Astro rendered pages after the fixture check failed');
});
