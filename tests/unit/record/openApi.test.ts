/**
 * The parts /openapi.json is made of: path templates read segment by segment (the parameters'
 * enums), and the record's schemas as components with every `$ref` pointing inside the description.
 * tests/e2e/openApiTools.test.ts runs the OpenAPI tools over the built description.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { templateValues } from '../../../src/record/machine/pathTemplate.ts';
import { schemaComponents } from '../../../src/record/machine/openApiSchemas.ts';

test('a path template names only paths with a value in each parameter’s own segment', () => {
  const { values, files } = templateValues('/examples/uai-1/{profile}/{name}.json', [
    '/examples/uai-1/uai-agent-ack-v1/received.json',
    '/examples/uai-1/uai-agent-ack-v1/received.keyless.json',
    '/examples/uai-1/uai-agent-ack-v1/invalid/no-status.json',
    '/examples/uai-1/conformance.json',
    '/examples/uai-1/routes/.json',
  ]);
  assert.deepEqual(files, [
    '/examples/uai-1/uai-agent-ack-v1/received.json',
    '/examples/uai-1/uai-agent-ack-v1/received.keyless.json',
  ]);
  assert.deepEqual([...values.get('profile')!], ['uai-agent-ack-v1']);
  assert.deepEqual([...values.get('name')!], ['received', 'received.keyless']);
  assert.throws(() => templateValues('/a/{x}{y}.json', []), /at most one \{parameter\}/);
  assert.deepEqual(templateValues('/en-us/review/', ['/en-us/review/', '/en-us/review']).files, ['/en-us/review/']);
});

const schema = (fileName: string, body: Record<string, unknown>) => ({
  id: `https://uaix.org/schemas/uai-1/${fileName}`,
  fileName,
  text: JSON.stringify({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://uaix.org/schemas/uai-1/${fileName}`,
    ...body,
  }),
});

test('schemas become components: $defs lifted out, $id and $schema dropped, every $ref a component', () => {
  const envelope = schema('envelope.schema.json', {
    type: 'object',
    properties: { id: { $ref: '#/$defs/id' } },
    $defs: { id: { type: 'string' }, text: { type: 'string', minLength: 1 } },
  });
  const profile = schema('uai.agent.ack.v1.schema.json', {
    allOf: [{ $ref: 'envelope.schema.json' }, { properties: { note: { $ref: 'envelope.schema.json#/$defs/text' } } }],
  });
  assert.deepEqual(schemaComponents([profile, envelope]), {
    envelope: { type: 'object', properties: { id: { $ref: '#/components/schemas/envelope.id' } } },
    'envelope.id': { type: 'string' },
    'envelope.text': { type: 'string', minLength: 1 },
    'uai.agent.ack.v1': {
      allOf: [
        { $ref: '#/components/schemas/envelope' },
        { properties: { note: { $ref: '#/components/schemas/envelope.text' } } },
      ],
    },
  });
});

test('a $ref outside the record’s schemas is refused, naming the schema and the reference', () => {
  for (const ref of [
    'https://json-schema.org/draft/2020-12/schema',
    'envelope.schema.json#/$defs/missing',
    'envelope.schema.json#/properties/id',
  ])
    assert.throws(
      () =>
        schemaComponents([
          schema('envelope.schema.json', { $defs: { id: { type: 'string' } } }),
          schema('route-record.schema.json', { properties: { a: { $ref: ref } } }),
        ]),
      new RegExp(`^Error: route-record\\.schema\\.json: \\$ref "${ref.replace(/[.$/#]/g, '\\$&')}" names no schema`),
    );
});
