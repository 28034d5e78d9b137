import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT, loadSchemaDocuments } from '../../src/uai/node/recordFiles.ts';
import { generateValidatorModule, GENERATED_MODULE_FILE } from '../../src/uai/schemaCompiler.ts';
import { createPacketValidator } from '../../src/uai/packetValidator.ts';
import { createRouteChecker } from '../../src/uai/routeRecord.ts';

const committed = () => readFileSync(join(REPOSITORY_ROOT, GENERATED_MODULE_FILE), 'utf8');

test('a schema edit changes the generated module, so the drift check can fail', () => {
  const documents = loadSchemaDocuments().map((doc) => structuredClone(doc));
  (documents[0] as Record<string, unknown>).description = 'edited';
  assert.notEqual(generateValidatorModule(documents), committed());
});

test('the generated module evaluates no code at run time and requires nothing', () => {
  const text = committed();
  assert.doesNotMatch(text, /new Function|\beval\(|\brequire\(/);
});

test('a validator over schemas that differ from the precompiled ones refuses to start, naming the file', () => {
  const documents = loadSchemaDocuments().map((doc) => structuredClone(doc));
  const ack = documents.find((doc) => doc.$id.endsWith('/uai.agent.ack.v1.schema.json'))!;
  ack.description = 'edited after generation';
  const stale =
    /^Error: schemas\/uai-1\/uai\.agent\.ack\.v1\.schema\.json: differs from the precompiled validators in src\/uai\/generated\/schemaValidators\.ts; run npm run generate$/;
  assert.throws(() => createPacketValidator(documents), stale);
  assert.throws(() => createRouteChecker(documents), stale);
});
