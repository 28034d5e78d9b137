/**
 * Issue 3: a broken fixture, a duplicate record code, a dead internal link and a frontmatter
 * without a title each fail the build with exit code 1, one clear line naming the file, the place
 * and the rule, no stack trace, and no dist/ left behind. Each case mutates one file of a
 * throw-away copy of the repository, builds it, and restores the file.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyRepository, removeCopy, runBuild, type BuildRun } from './_support/tempRepo.ts';

let copy: string;
before(() => {
  copy = copyRepository();
});
after(() => {
  if (copy) removeCopy(copy);
});

/** Applies `change` to one file of the copy, builds, restores the file, and returns the run. */
function buildWith(file: string, change: (text: string) => string): BuildRun {
  const path = join(copy, file);
  const original = readFileSync(path, 'utf8');
  const changed = change(original);
  assert.notEqual(changed, original, `the mutation did not change ${file}`);
  writeFileSync(path, changed);
  try {
    return runBuild(copy);
  } finally {
    writeFileSync(path, original);
  }
}

/** The common shape of a failed build: exit 1, no stack trace, no dist/, and the expected phrases. */
function assertFailedClearly(run: BuildRun, mustName: (string | RegExp)[]): void {
  const output = `--- stderr\n${run.stderr}\n--- stdout (tail)\n${run.stdout.slice(-1500)}`;
  assert.equal(run.signal, null, `the build was killed by ${run.signal} after ${run.seconds} s\n${output}`);
  assert.equal(run.status, 1, `exit code ${run.status}, expected 1\n${output}`);
  const stack = `${run.stderr}\n${run.stdout}`.split('\n').filter((line) => /^\s+at\s/.test(line));
  assert.deepEqual(stack, [], `the build printed a stack trace\n${output}`);
  assert.ok(!existsSync(join(copy, 'dist')), `dist/ was left in the copy after a failed build\n${output}`);
  for (const phrase of mustName) {
    const found = typeof phrase === 'string' ? run.stderr.includes(phrase) : phrase.test(run.stderr);
    assert.ok(found, `stderr does not name ${phrase}\n${output}`);
  }
}

/** The stderr line that names `needle`, so the file, place and rule are checked on one line. */
function lineNaming(run: BuildRun, needle: string): string {
  const line = run.stderr.split('\n').find((candidate) => candidate.includes(needle));
  assert.ok(line, `no stderr line names ${needle}\n${run.stderr}`);
  return line;
}

test('(a) a valid fixture that fails: the file, /conversation/correlation_id and UAI-CORRELATION-MALFORMED', () => {
  const file = 'schemas/uai-1/examples/uai-agent-ack-v1/valid/validated.json';
  const run = buildWith(file, (text) => {
    const packet = JSON.parse(text);
    delete packet.conversation.correlation_id;
    return `${JSON.stringify(packet, null, 4)}\n`;
  });
  assertFailedClearly(run, [file]);
  const line = lineNaming(run, file);
  assert.ok(line.includes('/conversation/correlation_id'), `the line does not name the JSON Pointer: ${line}`);
  assert.ok(line.includes('UAI-CORRELATION-MALFORMED'), `the line does not name the rule: ${line}`);
});

test('(b) a record code used twice: both files and the code', () => {
  const file = 'content/guides/en-us/swarm-failure-and-recovery.md';
  const run = buildWith(file, (text) => text.replace(/^code: UAIX-DOC-4030\s*$/m, 'code: UAIX-DOC-3382'));
  assertFailedClearly(run, [file]);
  const line = lineNaming(run, file);
  assert.ok(line.includes('content/pages/en-us/spec/agent-fallbacks.md'), `the line does not name the record that owns the code: ${line}`);
  assert.ok(line.includes('UAIX-DOC-3382'), `the line does not name the code: ${line}`);
});

test('(d) a frontmatter without title: the file and the field', () => {
  const file = 'content/pages/en-us/roadmap.md';
  const run = buildWith(file, (text) => text.replace(/^title: .*\n/m, ''));
  assertFailedClearly(run, [file]);
  const line = lineNaming(run, `${file}:`);
  assert.match(line, /\btitle\b/, `the line does not name the field: ${line}`);
  assert.match(line, /required/i, `the line does not name the rule: ${line}`);
});

test('(c) a dead internal link in an English Markdown page: the page and the link (full build)', () => {
  const file = 'content/pages/en-us/about.md';
  const run = buildWith(file, (text) => `${text.trimEnd()}\n\nSee [the missing record](/en-us/no-such-page/).\n`);
  assertFailedClearly(run, ['/en-us/no-such-page/']);
  const line = lineNaming(run, '/en-us/no-such-page/');
  assert.ok(line.includes('/en-us/about/'), `the line does not name the page: ${line}`);
  assert.match(line, /not in the built site|does not exist|dead|broken/, `the line does not say what is wrong: ${line}`);
});

test('(e) a banned rendering and French punctuation without a no-break space: file, line and rule (issue 11)', () => {
  const file = 'content/pages/fr-fr/about.md';
  let plantedLine = 0;
  const run = buildWith(file, (text) => {
    const kept = text.trimEnd();
    plantedLine = kept.split('\n').length + 2;
    return `${kept}\n\nLes appareils de validation : voir le registre.\n`;
  });
  assertFailedClearly(run, [file]);
  const banned = lineNaming(run, `${file}:${plantedLine}: banned-term:`);
  assert.match(banned, /"appareils" for "fixture".*use "jeu d’essai"/, `the line does not name the term and its preferred rendering: ${banned}`);
  const punctuation = lineNaming(run, `${file}:${plantedLine}: french-punctuation:`);
  assert.match(punctuation, /an ordinary space before ":"/, `the line does not say what is wrong: ${punctuation}`);
});
