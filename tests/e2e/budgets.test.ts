/**
 * Page weight budgets over dist/. Content pages: HTML ≤ 150 KB, linked CSS ≤ 20 KB, JavaScript
 * ≤ 5 KB and only the page shell's two scripts. The validator page: startup JS ≤ 12 KB, and its
 * engine, imported lazily when the form is used, ≤ 400 KB. Search pages: JS ≤ 12 KB, their own
 * results script ≤ 4 KB, and Pagefind's engine lazily (SEARCH_PAGE_BUDGET). 1 KB = 1000 bytes.
 */
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  CONTENT_PAGE_BUDGET,
  EDITION_PAGE_BUDGET,
  SEARCH_PAGE_BUDGET,
  SEARCH_SCRIPT_BUDGET,
  SHELL_SCRIPT,
  KB,
  VALIDATOR_ENGINE_BUDGET,
  VALIDATOR_PAGE_BUDGET,
  budgetTable,
  checkBudget,
  measurePage,
  type Budget,
  type PageWeight,
} from '../support/budgets.ts';
import { DIST, assertBuilt, htmlPagePaths, isSearchPage } from '../support/paths.ts';

const isValidatorPage = (page: string) => /^\/[a-z]{2}-[a-z]{2}\/tools\/validator\/$/.test(page);

let weights: PageWeight[];
/** An edition's own page (`/<locale>/editions/<id>/`), not the editions index. */
const isEditionPage = (page: string) => /^\/[a-z]{2}-[a-z]{2}\/editions\/[^/]+\/$/.test(page);
const content = () =>
  weights.filter(
    (weight) => !isValidatorPage(weight.page) && !isSearchPage(weight.page) && !isEditionPage(weight.page),
  );
const editions = () => weights.filter((weight) => isEditionPage(weight.page));
const validator = () => weights.filter((weight) => isValidatorPage(weight.page));
const search = () => weights.filter((weight) => isSearchPage(weight.page));

before(() => {
  assertBuilt();
  weights = htmlPagePaths().map((page) => measurePage(DIST, page));
  console.log(
    `\npage weight over dist/ (${weights.length} pages)\n${budgetTable([
      { name: 'content', weights: content(), budget: CONTENT_PAGE_BUDGET },
      { name: 'validator', weights: validator(), budget: VALIDATOR_PAGE_BUDGET },
      { name: 'search', weights: search(), budget: SEARCH_PAGE_BUDGET },
      { name: 'edition', weights: editions(), budget: EDITION_PAGE_BUDGET },
    ])}\n`,
  );
});

/** Pages over `budget`, and pages that run a script other than the page shell's. */
function shellPageProblems(pages: readonly PageWeight[], budget: Budget): string[] {
  const problems = pages.flatMap((weight) => checkBudget(weight, budget));
  for (const weight of pages) {
    const foreign = weight.scripts.filter((path) => !SHELL_SCRIPT.test(path));
    if (foreign.length) problems.push(`${weight.page}: runs ${foreign.join(', ')}, which is not the page shell's`);
  }
  return problems;
}

test('content pages: HTML ≤ 150 KB, CSS ≤ 20 KB, JS ≤ 5 KB, and no script but the shell’s', () => {
  assert.ok(content().length >= 100, `only ${content().length} content pages`);
  assert.deepEqual(shellPageProblems(content(), CONTENT_PAGE_BUDGET), []);
});

test('edition pages: HTML ≤ 1000 KB (every change listed), CSS ≤ 20 KB, JS ≤ 5 KB, no script but the shell’s', () => {
  assert.ok(editions().length >= 5, `only ${editions().length} edition pages`);
  assert.deepEqual(shellPageProblems(editions(), EDITION_PAGE_BUDGET), []);
});

test('validator pages: HTML ≤ 150 KB, CSS ≤ 20 KB, startup JS ≤ 12 KB, and the engine is a lazily started worker', () => {
  assert.equal(validator().length, 5, 'one validator page per locale');
  const problems = validator().flatMap((weight) => checkBudget(weight, VALIDATOR_PAGE_BUDGET));
  assert.deepEqual(problems, []);
  for (const weight of validator()) {
    assert.ok(weight.js > 0, `${weight.page} runs no script: the validator tool cannot start`);
    assert.ok(
      weight.lazy.some((path) => /\/validatorWorker[^/]*\.js$/.test(path)),
      `${weight.page}: the validator engine is not started lazily as a worker (lazy: ${weight.lazy.join(', ') || 'none'}; startup: ${weight.scripts.join(', ')})`,
    );
    assert.ok(
      !weight.scripts.some((path) => /validator(Engine|Worker)/.test(path)),
      `${weight.page} loads the validator engine at startup`,
    );
  }
});

test('the validator worker (engine, schemas, precompiled validators) is within its budget', () => {
  const chunks = readdirSync(join(DIST, '_astro')).filter((name) => /^validatorWorker.*\.js$/.test(name));
  assert.equal(chunks.length, 1, `validatorWorker chunks in dist/_astro/: ${chunks.join(', ') || 'none'}`);
  const size = statSync(join(DIST, '_astro', chunks[0])).size;
  console.log(
    `validator engine: /_astro/${chunks[0]} ${(size / KB).toFixed(1)} KB (budget ${VALIDATOR_ENGINE_BUDGET / KB} KB)`,
  );
  assert.ok(
    size <= VALIDATOR_ENGINE_BUDGET,
    `/_astro/${chunks[0]} is ${(size / KB).toFixed(1)} KB > ${VALIDATOR_ENGINE_BUDGET / KB} KB`,
  );
  for (const weight of validator())
    assert.ok(
      weight.lazy.includes(`/_astro/${chunks[0]}`),
      `${weight.page} imports ${weight.lazy.join(', ')}, not /_astro/${chunks[0]}`,
    );
});

test('search pages: HTML ≤ 150 KB, CSS ≤ 20 KB, JS ≤ 12 KB: the page shell’s and the results script of ≤ 4 KB; Pagefind loads lazily', () => {
  assert.equal(search().length, 5, 'one search page per locale');
  const problems = search().flatMap((weight) => checkBudget(weight, SEARCH_PAGE_BUDGET));
  for (const weight of search()) {
    // The results script is a bundled file, not inline: the CSP forbids inline script.
    const own = weight.scripts.filter((path) => !SHELL_SCRIPT.test(path));
    const ownBytes = own.reduce(
      (sum, path) =>
        sum + (path === '(inline)' || path.startsWith('/pagefind/') ? Infinity : statSync(join(DIST, path)).size),
      0,
    );
    if (ownBytes > SEARCH_SCRIPT_BUDGET)
      problems.push(
        `${weight.page}: its own scripts (${own.join(', ')}) are ${ownBytes} bytes, over ${SEARCH_SCRIPT_BUDGET}; Pagefind's must load lazily`,
      );
  }
  assert.deepEqual(problems, []);
});
