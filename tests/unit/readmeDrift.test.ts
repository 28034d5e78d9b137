import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../src/uai/node/recordFiles.ts';
import { loadRecordModel } from '../../src/record/node/loadRecordModel.ts';
import { buildFieldRegistry } from '../../src/record/fieldRegistry.ts';
import { fillReadme } from '../../src/record/readmeSections.ts';
import { SITE_ORIGIN } from '../../src/record/locales.ts';

const registry = () => buildFieldRegistry(loadRecordModel(), SITE_ORIGIN);

test('README sections generated from the core are up to date (run npm run docs)', () => {
  const readme = readFileSync(join(REPOSITORY_ROOT, 'README.md'), 'utf8');
  assert.equal(readme, fillReadme(readme, registry()));
});

test('a README whose generated block drifted is detected', () => {
  const readme = readFileSync(join(REPOSITORY_ROOT, 'README.md'), 'utf8');
  const drifted = readme.replace('| `UAI-EXPIRED` |', '| `UAI-EXPIRED-OLD` |');
  assert.notEqual(drifted, readme);
  assert.notEqual(fillReadme(drifted, registry()), drifted);
});

test('fillReadme fails loudly when a generated block is missing', () => {
  assert.throws(() => fillReadme('# no markers\n', registry()), /generated:error-codes/);
});
