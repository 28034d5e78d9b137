/**
 * Issue 21 item 5: content the build must not publish, and source files it cannot read, each stop
 * it with one line naming the file, the place and the rule, exit code 1 and no dist/: a `<script>`
 * in Markdown, bytes that are not UTF-8, a 20 MB Markdown file (refused before it is parsed), a
 * schema with a syntax error (at its line and column, by repository path), a symbolic link that
 * loops in content/. Each case changes a throw-away copy of the repository and restores it. (A claim
 * in a UI string, found after the build, is planted in publicationGates.test.ts's one full build.)
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  assertFailedClearly,
  copyRepository,
  lineNaming,
  removeCopy,
  runBuild,
  type BuildRun,
  type RunOptions,
} from './_support/tempRepo.ts';

let copy: string;
before(() => {
  copy = copyRepository();
});
after(() => {
  if (copy) removeCopy(copy);
});

/** Writes each file of the copy (a new one, or over one), builds, then restores the files. */
function buildWithFiles(
  files: Record<string, Uint8Array | string>,
  plant?: () => void,
  unplant?: () => void,
  options: RunOptions = {},
): BuildRun {
  const originals = new Map<string, Buffer | undefined>();
  try {
    for (const [file, content] of Object.entries(files)) {
      const path = join(copy, file);
      originals.set(path, existsSync(path) ? readFileSync(path) : undefined);
      writeFileSync(path, content);
    }
    plant?.();
    return runBuild(copy, options);
  } finally {
    unplant?.();
    for (const [path, original] of originals) {
      if (original) writeFileSync(path, original);
      else rmSync(path, { force: true });
    }
  }
}

/** The one problem of a failed build: its heading says one problem, and the line names `needle`. */
function onlyProblem(run: BuildRun, needle: string): string {
  assert.match(run.stderr, /\(1 problem\)/, `expected exactly one problem\n${run.stderr}`);
  const line = lineNaming(run, needle);
  assert.doesNotMatch(line, new RegExp(copy.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 'the line holds an absolute path');
  return line;
}

const about = 'content/pages/en-us/about.md';
const aboutText = () => readFileSync(join(copy, about), 'utf8').trimEnd();
const linesOf = (text: string) => text.split('\n').length;

test('a <script> element in Markdown: the file, its line and the rule, before anything is rendered', () => {
  const kept = aboutText();
  const run = buildWithFiles({ [about]: `${kept}\n\n<script>alert("inline")</script>\n` });
  assertFailedClearly(run, copy, [about]);
  const line = onlyProblem(run, `${about}:${linesOf(kept) + 2}:1: raw HTML in Markdown: `);
  assert.match(line, /<script>.* \[markdown-raw-html\]; /);
  assert.doesNotMatch(run.stdout, /generating static routes/, 'Astro rendered pages after the content check failed');
});

test('a byte that is not UTF-8 in Markdown and in a UI string file: file, line, column and the rule', () => {
  const kept = aboutText();
  const markdown = buildWithFiles({
    [about]: Buffer.concat([Buffer.from(`${kept}\n\nCaf`), Buffer.from([0xe9]), Buffer.from(' latin-1.\n')]),
  });
  assertFailedClearly(markdown, copy, [about]);
  onlyProblem(markdown, `${about}:${linesOf(kept) + 2}:4: not UTF-8 text: invalid byte 0xE9`);
  assert.match(lineNaming(markdown, about), /\[content-utf8\]/);

  const strings = 'content/i18n/fr-fr.json';
  const json = readFileSync(join(copy, strings));
  const at = json.indexOf('é');
  assert.ok(at > 0, 'the French strings hold an é');
  const broken = Buffer.concat([json.subarray(0, at), Buffer.from([0xe9]), json.subarray(at + 2)]);
  const before = json.subarray(0, at).toString('utf8').split('\n');
  const run = buildWithFiles({ [strings]: broken });
  assertFailedClearly(run, copy, [strings]);
  onlyProblem(run, `${strings}:${before.length}:${[...before.at(-1)!].length + 1}: not UTF-8 text: invalid byte 0xE9`);
});

test('a 20 MB Markdown file: refused by its size, with the file and the rule, in seconds', () => {
  const file = 'content/guides/en-us/twenty-megabytes.md';
  const paragraph = 'UAIX records the exchange; the agent runtime executes it. '.repeat(20) + '\n\n';
  const body = paragraph.repeat(Math.ceil(20e6 / paragraph.length));
  const run = buildWithFiles({
    [file]: `---\ncode: UAIX-DOC-9999\ntitle: Large\ndescription: A large page.\norder: 99\n---\n\n${body}`,
  });
  assertFailedClearly(run, copy, [file]);
  onlyProblem(run, `${file}:1:1: `);
  assert.match(lineNaming(run, file), /over the limit of 1048576 bytes for a content file \[content-size\]/);
  assert.ok(run.seconds < 90, `the build took ${run.seconds} s to refuse the file`);
});

test('a schema with a syntax error: its repository path, line and column, and the rule', () => {
  const schema = 'schemas/uai-1/uai.agent.ack.v1.schema.json';
  const text = readFileSync(join(copy, schema), 'utf8');
  const broken = text.replace(/"type": "object",/, '"type": "object",,');
  assert.notEqual(broken, text);
  const lineNumber = linesOf(broken.slice(0, broken.indexOf(',,')));
  const run = buildWithFiles({ [schema]: broken });
  assertFailedClearly(run, copy, [schema]);
  const line = onlyProblem(run, `${schema}:${lineNumber}:`);
  assert.match(line, /not valid JSON: .*\[UAI-JSON-PARSE\]/);
  assert.doesNotMatch(line, /position \d+/, 'the line gives a character offset');
});

test('a symbolic link in content/ that loops: the link and the rule', () => {
  const link = 'content/guides/en-us/loop.md';
  const run = buildWithFiles(
    {},
    () => symlinkSync('loop.md', join(copy, link)),
    () => rmSync(join(copy, link), { force: true }),
  );
  assertFailedClearly(run, copy, [link]);
  assert.match(onlyProblem(run, link), /symbolic link that loops \(ELOOP\) \[file-tree\]/);
});
