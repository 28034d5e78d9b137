/**
 * Issue 40 part 1: the language share gate fails the build when a translated page holds English
 * sentences marked as its own language: here an English paragraph planted, unmarked, in a French page
 * and in a Spanish one, both reported in one failed build, one line each.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertFailedClearly,
  buildWithChanges,
  copyRepository,
  lineNaming,
  removeCopy,
  type BuildRun,
} from './_support/tempRepo.ts';

let copy: string;
let run: BuildRun;

const plant = (paragraph: string) => (text: string) => `${text.trimEnd()}\n\n${paragraph}\n`;

before(() => {
  copy = copyRepository();
  run = buildWithChanges(copy, {
    'content/pages/fr-fr/about.md': plant(
      'This paragraph was left in English when the rest of the page was translated, and nobody noticed it.',
    ),
    'content/pages/es-us/about.md': plant(
      'The reader of this page is given a sentence that is in English, not in Spanish.',
    ),
  });
});

after(() => {
  if (copy) removeCopy(copy);
});

test('the build fails with one line per page whose share grew, naming the page, the figures and the rule', () => {
  assertFailedClearly(run, copy, ['language share']);
  for (const page of ['/fr-fr/about/', '/es-us/about/']) {
    const line = lineNaming(run, `${page}:`);
    assert.match(
      line,
      /: \d+ letters of the main text are English sentences marked as (fr-FR|es-US) \(\d+\.\d% of its \d+ letters is not in (fr-FR|es-US)\) \[language-share\]/,
    );
  }
});
