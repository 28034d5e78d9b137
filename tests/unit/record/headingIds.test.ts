/**
 * Issue 25 item 2: anchors are stable across locales. A translated heading takes the id of the
 * English heading at its place, which needs the same headings, level for level: the content check
 * reports the first heading that differs, at the translation's line.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { atxHeadings, headingIdsOf, headingStructureProblems } from '../../../src/record/content/headingIds.ts';
import { englishSourceOf } from '../../../src/record/content/node/sourceHeadingIds.ts';
import { loadContentEntries } from '../../../src/record/content/node/contentFiles.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

/** The problems as the terminal prints them. */
const headingLines = (...args: Parameters<typeof headingStructureProblems>) =>
  headingStructureProblems(...args).map(formatProblem);

const ENGLISH =
  'Intro.\n\n## Check a packet\n\n```md\n## not a heading\n```\n\n### The `x-uai-error-code` annotation\n\n## Check a packet\n';

test('the ATX headings of a body, outside fenced code, with their lines', () => {
  assert.deepEqual(atxHeadings(ENGLISH, 7), [
    { depth: 2, line: 9, text: 'Check a packet' },
    { depth: 3, line: 15, text: 'The `x-uai-error-code` annotation' },
    { depth: 2, line: 17, text: 'Check a packet' },
  ]);
});

test('heading ids are the ones Astro gives: GitHub slugs of the text, inline code included, repeats numbered', () => {
  assert.deepEqual(headingIdsOf(ENGLISH), ['check-a-packet', 'the-x-uai-error-code-annotation', 'check-a-packet-1']);
});

test('a translation whose headings differ from the English ones is reported at its first differing heading', () => {
  const english = atxHeadings(ENGLISH, 7);
  const french = 'Intro.\n\n## Vérifier un paquet\n\n## L’annotation\n\n## Vérifier\n';
  assert.deepEqual(
    headingLines('content/pages/fr-fr/x.md', atxHeadings(french, 8), 'content/pages/en-us/x.md', english),
    [
      'content/pages/fr-fr/x.md:12: heading 2 is "L’annotation" (h2) where content/pages/en-us/x.md ' +
        'has "The `x-uai-error-code` annotation" (h3, line 15) [heading-structure]; a translation keeps the English ' +
        'headings, level for level, so that each keeps its English anchor',
    ],
  );
  const short = atxHeadings('## Vérifier un paquet\n', 8);
  assert.match(
    headingLines('f.md', short, 'e.md', english)[0],
    /^f\.md:1: heading 2 is no heading .*\[heading-structure\]/,
  );
  const same = atxHeadings('## A\n\n### B\n\n## C\n', 8);
  assert.deepEqual(headingLines('f.md', same, 'e.md', english), []);
});

test('a translation file names its English source; an English file has none', () => {
  assert.equal(englishSourceOf('content/pages/zh-cn/tools/validator.md'), 'content/pages/en-us/tools/validator.md');
  assert.equal(englishSourceOf('content/guides/fr-fr/a.md'), 'content/guides/en-us/a.md');
  assert.equal(englishSourceOf('content/pages/en-us/index.md'), undefined);
  assert.equal(englishSourceOf('src/pages/index.astro'), undefined);
});

test('the record: every translation keeps the headings of its English source', () => {
  const problems = loadContentEntries().problems.filter((problem) => problem.rule === 'heading-structure');
  assert.deepEqual(problems, []);
});
