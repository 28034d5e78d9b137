import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSchemaDocuments } from '../../src/uai/node/recordFiles.ts';
import { createPacketValidator } from '../../src/uai/packetValidator.ts';
import { compileSchemas } from '../../src/uai/schemaCompiler.ts';

test('a schema that is not strict JSON Schema 2020-12 stops the validator, naming its file and the keyword', () => {
  const documents = loadSchemaDocuments().map((doc) => structuredClone(doc));
  const ack = documents.find((doc) => doc.$id.endsWith('/uai.agent.ack.v1.schema.json'))!;
  (
    (ack.$defs as Record<string, Record<string, unknown>>).body.properties as Record<string, Record<string, unknown>>
  ).status.enumm = ['x'];
  assert.throws(
    () => createPacketValidator(documents, { compile: compileSchemas }),
    /^Error: schemas\/uai-1\/uai\.agent\.ack\.v1\.schema\.json: not a valid strict JSON Schema 2020-12 \(.*unknown keyword: "enumm"\)$/,
  );
});

test('the published schemas compile', () => {
  assert.doesNotThrow(() => createPacketValidator(loadSchemaDocuments()));
});
