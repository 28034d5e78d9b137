/**
 * The drift check over every generated file, from the one table that lists them (scripts/artifacts.ts):
 * each artifact's committed files are what its generator makes now (run npm run generate).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, readCommitted } from '../../scripts/artifacts.ts';

for (const artifact of ARTIFACTS)
  test(`${artifact.name}: the committed files are what generates them (${artifact.what})`, async () => {
    assert.deepEqual(artifact.drifted(await artifact.generate(readCommitted), readCommitted), []);
  });

test('a changed, missing or orphaned generated file is drift for its artifact', async () => {
  const [validators, types] = ARTIFACTS;
  const generated = await validators.generate(readCommitted);
  const [file] = generated.keys();
  const edited = (path: string) => (path === file ? `${readCommitted(path)}\n` : readCommitted(path));
  assert.deepEqual(validators.drifted(generated, edited), [file]);
  assert.deepEqual(
    validators.drifted(generated, () => undefined),
    [file],
  );
  const typeFiles = await types.generate(readCommitted);
  const [first] = typeFiles.keys();
  const fewer = new Map([...typeFiles].filter(([path]) => path !== first));
  assert.deepEqual(types.drifted(fewer, readCommitted), [first], 'a committed file no schema generates any more');
});
