import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../src/uai/node/recordFiles.ts';
import { fillReadme } from '../../src/record/model/readmeSections.ts';
import { readmeText } from '../../scripts/artifacts.ts';

test('a README whose generated block drifted is detected', () => {
  const readme = readFileSync(join(REPOSITORY_ROOT, 'README.md'), 'utf8');
  const drifted = readme.replace('| `UAI-EXPIRED` |', '| `UAI-EXPIRED-OLD` |');
  assert.notEqual(drifted, readme);
  assert.notEqual(readmeText(drifted), drifted);
});

test("a README whose list of the build's stages drifted is detected", () => {
  const readme = readFileSync(join(REPOSITORY_ROOT, 'README.md'), 'utf8');
  const drifted = readme.replace('7. `/llms.txt` and `/llms-full.txt`;', '7. `/llms.txt`;');
  assert.notEqual(drifted, readme);
  assert.equal(readmeText(drifted), readme);
});

test('fillReadme fails loudly when a generated block is missing', () => {
  assert.throws(() => readmeText('# no markers\n'), /generated:error-codes/);
  assert.throws(
    () => fillReadme('<!-- generated:a -->\n', { a: 'x' }),
    /no <!-- generated:a --> … <!-- \/generated:a --> block/,
  );
});
