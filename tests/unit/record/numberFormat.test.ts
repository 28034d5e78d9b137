/**
 * Issue 40: a count shown to readers ("193976 bytes") is grouped as the reader's language writes
 * it, by one function for every template and the browser validator.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { formatCount } from '../../../src/record/model/numberFormat.ts';

test('formatCount groups thousands as each locale writes them', () => {
  assert.equal(formatCount('en-us', 193976), '193,976');
  assert.equal(formatCount('zh-cn', 193976), '193,976');
  assert.equal(formatCount('fr-fr', 193976), '193\u202f976');
  assert.equal(formatCount('es-es', 193976), '193\u202f976');
  assert.equal(formatCount('es-us', 193976), '193\u202f976');
  // Spanish leaves four digits whole; French groups them.
  assert.equal(formatCount('es-us', 1976), '1976');
  assert.equal(formatCount('fr-fr', 1976), '1\u202f976');
  assert.equal(formatCount('en-us', 7), '7');
});

test('the templates that show byte counts and totals pass them through formatCount, not String()', () => {
  const callers = {
    'src/pages/[locale]/editions/[id].astro': /bytes: formatCount\(/,
    'src/site/validatorIsland.ts': /bytes: formatCount\(/,
    'src/components/blocks/GlossaryTable.astro': /count: formatCount\(/,
    'src/components/blocks/ImplementationList.astro': /count: formatCount\(/,
    'src/components/blocks/RequirementCoverage.astro': /total: formatCount\(/,
  };
  for (const [file, call] of Object.entries(callers)) {
    const text = readFileSync(file, 'utf8');
    assert.match(text, call, file);
    assert.doesNotMatch(text, /(bytes|count|total): (String\(|`\$\{)/, file);
  }
});
