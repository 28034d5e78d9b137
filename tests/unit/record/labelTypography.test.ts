/**
 * Issue 40 part 3: a label before its value ("Empreinte canonique :", "Profil :") is one UI string,
 * `label.value`, punctuated as each locale writes it, instead of a colon the templates added after
 * any label; so the French strings' typography rule (the language check) covers it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkLanguage } from '../../../src/record/checks/languageCheck.ts';
import { dataFileProse } from '../../../src/record/content/proseText.ts';
import { formatProblem } from '../../../src/uai/problem.ts';
import { fillTemplate } from '../../../src/record/content/inlineText.ts';

const FILE = 'content/i18n/fr-fr.json';
const french = readFileSync(FILE, 'utf8');
const rules = () => ({ frenchPunctuation: true });
const problemsOf = (text: string) =>
  checkLanguage(dataFileProse(FILE, 'fr-fr', text, JSON.parse(text)), rules).map(formatProblem);

test('each locale has the label string, and French puts a no-break space before the colon', () => {
  const labels = Object.fromEntries(
    ['en-us', 'es-us', 'es-es', 'fr-fr', 'zh-cn'].map((locale) => [
      locale,
      (JSON.parse(readFileSync(`content/i18n/${locale}.json`, 'utf8')) as Record<string, string>)['label.value'],
    ]),
  );
  assert.equal(fillTemplate(labels['fr-fr'], { label: 'Empreinte canonique' }), 'Empreinte canonique\u202f:');
  assert.equal(fillTemplate(labels['en-us'], { label: 'Canonical digest' }), 'Canonical digest:');
  assert.equal(fillTemplate(labels['zh-cn'], { label: '规范摘要' }), '规范摘要：');
  assert.deepEqual(problemsOf(french), []);
});

test('a French label string with a bare colon is one problem at its line', () => {
  const bare = french.replace(/"label\.value": "[^"]*"/, '"label.value": "{label}:"');
  assert.notEqual(bare, french);
  const line = bare.split('\n').findIndex((text) => text.includes('"label.value"')) + 1;
  assert.deepEqual(
    problemsOf(bare).filter((problem) => problem.includes('label}')),
    [
      `${FILE}:${line} (/label.value): no space before ":" in "{label}:"; put a narrow no-break space (U+202F) or a no-break space (U+00A0) there [french-punctuation]`,
    ],
  );
});
