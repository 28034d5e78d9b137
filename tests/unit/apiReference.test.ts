import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiReferenceText, extractApiReference } from '../../src/record/implementations/node/apiReference.ts';

const reference = extractApiReference();

test('the reference names the entry points a reader needs, with their signatures', () => {
  const main = reference.modules.find((module) => module.module === '@uaix/uai-1')!;
  const node = reference.modules.find((module) => module.module === '@uaix/uai-1/node')!;
  const signature = (entries: typeof main.entries, name: string) =>
    entries.find((entry) => entry.name === name)?.signature ?? '';
  assert.match(
    signature(main.entries, 'createValidator'),
    /^function createValidator\(options\?: ValidatorOptions\): PacketValidator$/,
  );
  assert.match(signature(main.entries, 'PacketReport'), /valid: boolean;[\s\S]*digest: string \| null;/);
  assert.match(signature(main.entries, 'canonicalize'), /\(value: unknown\): string/);
  assert.match(signature(node.entries, 'validateFile'), /\(path: string, options\?: ValidateOptions\): PacketReport/);
  // A drifted file (an export renamed) is detected by the comparison above.
  assert.notEqual(
    apiReferenceText({
      modules: [{ ...main, entries: main.entries.filter((entry) => entry.name !== 'createValidator') }, node],
    }),
    apiReferenceText(reference),
  );
});
