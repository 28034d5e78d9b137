/**
 * The docs pages' generated blocks (scripts/artifacts.ts, GENERATED_DOC_BLOCKS): a page whose block
 * drifted from its generator is rewritten, every block the core and the build make is in exactly one
 * page, and a page without its block fails loudly.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../src/uai/node/recordFiles.ts';
import { fillGeneratedBlocks } from '../../src/record/model/readmeSections.ts';
import { docsPageText, GENERATED_DOC_BLOCKS, generatedDocBlocks } from '../../scripts/artifacts.ts';

const page = (file: string) => readFileSync(join(REPOSITORY_ROOT, file), 'utf8');

/** One planted drift per page: its generated block edited by hand, which the generator writes back. */
const DRIFTS: readonly (readonly [file: string, from: string, to: string])[] = [
  ['docs/error-codes.md', '| `UAI-EXPIRED` |', '| `UAI-EXPIRED-OLD` |'],
  ['docs/build.md', '7. `/llms.txt` and `/llms-full.txt`;', '7. `/llms.txt`;'],
  ['docs/cli.md', 'validate packets (keyed or keyless)', 'validate packets'],
];

for (const [file, from, to] of DRIFTS)
  test(`${file}: a generated block that drifted is written back`, () => {
    const text = page(file);
    const drifted = text.replace(from, to);
    assert.notEqual(drifted, text);
    assert.equal(docsPageText(file, drifted), text);
  });

test('every generated block is in exactly one docs page', () => {
  const placed = Object.values(GENERATED_DOC_BLOCKS).flat();
  assert.deepEqual([...placed].sort(), Object.keys(generatedDocBlocks()).sort());
  for (const [file, names] of Object.entries(GENERATED_DOC_BLOCKS))
    for (const name of names) assert.ok(page(file).includes(`<!-- generated:${name} -->`), `${file} has no ${name}`);
});

test('a page without its generated block fails loudly, naming the page', () => {
  assert.throws(
    () => docsPageText('docs/cli.md', '# no markers\n'),
    /docs\/cli\.md has no <!-- generated:cli-usage -->/,
  );
  assert.throws(
    () => fillGeneratedBlocks('<!-- generated:a -->\n', { a: 'x' }, 'x.md'),
    /x\.md has no <!-- generated:a --> … <!-- \/generated:a --> block/,
  );
});
