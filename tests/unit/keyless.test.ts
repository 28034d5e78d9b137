/**
 * The keyless codec: it reproduces the seed's keyless example from the seed's keyed example, round
 * trips every valid fixture, keeps one digest across forms, and refuses arrays that do not fit.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createPacketValidator } from '../../src/uai/packetValidator.ts';
import { loadSchemaDocuments, loadFixtureTree, REPOSITORY_ROOT } from '../../src/uai/node/recordFiles.ts';
import { compactPacket, expandPacket, keylessPointer } from '../../src/uai/keyless.ts';
import type { Shape } from '../../src/uai/fieldShape.ts';
import { join } from 'node:path';
import { profileSlug } from '../../src/uai/fixtureCheck.ts';

type Packet = Record<string, any>;

const validator = createPacketValidator(loadSchemaDocuments());
const NOW = new Date('2026-06-01T00:00:00Z');
const seedsDir = new URL('../fixtures/seeds/', import.meta.url);
const seedKeyedBytes = readFileSync(new URL('uai.agent.ack.v1.keyed.json', seedsDir));
const seedCompactText = readFileSync(new URL('uai.agent.ack.v1.compact.json', seedsDir), 'utf8');
const SEED: Packet = JSON.parse(seedKeyedBytes.toString('utf8'));
const SEED_COMPACT: unknown[] = JSON.parse(seedCompactText);
const ackShape = validator.shapeOf('uai.agent.ack.v1');

const tree = loadFixtureTree();
// Packet fixtures live in one folder per profile (route records have their own folder and schema).
const profileGroups = new Set(validator.profiles.map((profile) => profileSlug(profile)));
const validFixtures = tree.fixtures
  .filter((fixture) => fixture.verdict === 'valid' && profileGroups.has(fixture.group))
  .map((fixture) => ({
    file: fixture.file,
    bytes: fixture.bytes,
    value: JSON.parse(new TextDecoder().decode(fixture.bytes)) as Packet,
  }));

function compact(value: unknown): unknown[] {
  const result = validator.compact(value);
  assert.ok(result.ok, `compact fails: ${result.ok ? '' : JSON.stringify(result.issues)}`);
  return result.value as unknown[];
}

function expand(value: unknown): Packet {
  const result = validator.expand(value);
  assert.ok(result.ok, `expand fails: ${result.ok ? '' : JSON.stringify(result.issues)}`);
  return result.value as Packet;
}

test('the ack fixture validated.json is the seed keyed example, byte for byte', () => {
  const fixture = readFileSync(join(REPOSITORY_ROOT, 'schemas/uai-1/examples/uai-agent-ack-v1/valid/validated.json'));
  assert.ok(
    fixture.equals(seedKeyedBytes),
    'schemas/uai-1/examples/uai-agent-ack-v1/valid/validated.json differs from tests/fixtures/seeds/uai.agent.ack.v1.keyed.json',
  );
});

test('compact(seed keyed) is the seed keyless example', () => {
  const keyless = compact(SEED);
  assert.deepEqual(keyless, SEED_COMPACT);
  // The seed's text is JSON.stringify with four spaces: the codec reproduces it to the byte.
  assert.equal(JSON.stringify(keyless, null, 4), seedCompactText.replace(/\n$/, ''));
  // The same through the codec function and the shape directly.
  const direct = compactPacket(SEED, ackShape);
  assert.ok(direct.ok);
  assert.deepEqual(direct.value, SEED_COMPACT);
});

test('expand(seed keyless) is the seed keyed example, in schema property order', () => {
  const keyed = expand(SEED_COMPACT);
  assert.deepEqual(keyed, SEED);
  // The keyed example orders source as …, role, project, implementation; the schema order puts
  // implementation before project (the keyless example's order).
  assert.deepEqual(Object.keys(keyed.source), ['type', 'id', 'label', 'uri', 'role', 'implementation', 'project']);
  assert.deepEqual(Object.keys(SEED.source), ['type', 'id', 'label', 'uri', 'role', 'project', 'implementation']);
  const direct = expandPacket(SEED_COMPACT, ackShape);
  assert.ok(direct.ok);
  assert.deepEqual(direct.value, SEED);
});

test('there is a valid fixture for every profile', () => {
  const profiles = new Set(validFixtures.map((fixture) => fixture.value.profile));
  assert.deepEqual([...profiles].sort(), [...validator.profiles].sort());
});

test('expand(compact(x)) deep-equals x for every valid fixture', () => {
  assert.ok(validFixtures.length >= 8);
  for (const fixture of validFixtures) {
    const keyless = compact(fixture.value);
    assert.ok(Array.isArray(keyless), fixture.file);
    assert.equal(keyless.length, 12, `${fixture.file}: twelve envelope slots`);
    assert.deepEqual(expand(keyless), fixture.value, fixture.file);
    // And compact(expand(k)) is k again.
    assert.deepEqual(compact(expand(keyless)), keyless, fixture.file);
  }
});

test('keyed, minified keyed and keyless forms of every valid fixture share one digest', () => {
  for (const fixture of validFixtures) {
    const keyed = validator.validateBytes(fixture.bytes, { now: NOW });
    assert.equal(keyed.valid, true, fixture.file);
    assert.equal(keyed.form, 'keyed');
    const minifiedText = JSON.stringify(fixture.value);
    assert.ok(minifiedText.length < fixture.bytes.length, 'minified is shorter');
    const minified = validator.validateText(minifiedText, { now: NOW });
    const keylessValue = compact(fixture.value);
    const keyless = validator.validateText(JSON.stringify(keylessValue), { now: NOW });
    const keylessPretty = validator.validateText(JSON.stringify(keylessValue, null, 2), { now: NOW });
    assert.equal(keyless.form, 'keyless');
    assert.equal(keyless.valid, true, fixture.file);
    assert.match(keyed.digest!, /^sha256:[0-9a-f]{64}$/);
    for (const other of [minified, keyless, keylessPretty]) assert.equal(other.digest, keyed.digest, fixture.file);
    const viaKeyed = validator.digest(fixture.value);
    const viaKeyless = validator.digest(keylessValue);
    assert.ok(viaKeyed.ok && viaKeyless.ok);
    assert.equal(viaKeyed.value, keyed.digest);
    assert.equal(viaKeyless.value, keyed.digest);
  }
});

test('wrong lengths and wrong nesting give UAI-KEYLESS-SHAPE at the right pointer', () => {
  const cases: [string, (packet: any[]) => void, string][] = [
    ['11 envelope slots', (p) => p.pop(), ''],
    ['13 envelope slots', (p) => p.push(null), ''],
    ['source with 7 values', (p) => p[3].splice(4, 1), '/3'],
    ['source with 9 values', (p) => p[3].push(null), '/3'],
    ['source as an object', (p) => (p[3] = { type: 'agent' }), '/3'],
    ['source as a string', (p) => (p[3] = 'agt_uaix.publisher'), '/3'],
    ['target with 0 values', (p) => (p[4] = []), '/4'],
    ['conversation with 5 values', (p) => p[5].pop(), '/5'],
    ['delivery with 12 values', (p) => p[6].pop(), '/6'],
    ['trust as a number', (p) => (p[7] = 1), '/7'],
    ['body with 5 values', (p) => p[8].pop(), '/8'],
    ['body as an object', (p) => (p[8] = { status: 'validated' }), '/8'],
    ['provenance with 9 values', (p) => p[9].push(null), '/9'],
    ['lineage as an object', (p) => (p[9][7] = {}), '/9/7'],
    ['lineage entry as an object', (p) => (p[9][7][0] = { stage: 'x' }), '/9/7/0'],
    ['lineage entry with 3 values', (p) => p[9][7][0].pop(), '/9/7/0'],
    ['integrity with 5 values', (p) => p[10].push('x'), '/10'],
    ['extensions as an object', (p) => (p[11] = {}), '/11'],
    ['extension entry with 2 values', (p) => p[11][0].pop(), '/11/0'],
    ['second extension entry flattened', (p) => p[11].push('urn:uaix:ext:x'), '/11/1'],
  ];
  for (const [name, mutate, pointer] of cases) {
    const packet = structuredClone(SEED_COMPACT) as any[];
    mutate(packet);
    const expanded = validator.expand(packet);
    assert.equal(expanded.ok, false, name);
    if (expanded.ok) continue;
    assert.ok(
      expanded.issues.some((issue) => issue.code === 'UAI-KEYLESS-SHAPE' && issue.path === pointer),
      `${name}: expected UAI-KEYLESS-SHAPE at ${pointer || '(root)'}, got ${JSON.stringify(expanded.issues)}`,
    );
    for (const issue of expanded.issues) {
      assert.equal(issue.code, 'UAI-KEYLESS-SHAPE', name);
      assert.doesNotMatch(issue.message, /[\r\n]/);
    }
    // The validator reports the same place.
    const report = validator.validateValue(packet, { now: NOW });
    assert.equal(report.valid, false, name);
    assert.ok(
      report.errors.some((issue) => issue.code === 'UAI-KEYLESS-SHAPE' && issue.path === pointer),
      name,
    );
  }
});

test('expand takes an array and compact takes an object', () => {
  const notArray = validator.expand(SEED);
  assert.equal(notArray.ok, false);
  if (!notArray.ok)
    assert.deepEqual(
      notArray.issues.map(({ code, path }) => ({ code, path })),
      [{ code: 'UAI-KEYLESS-SHAPE', path: '' }],
    );
  const notObject = validator.compact(SEED_COMPACT);
  assert.equal(notObject.ok, false);
  const unknownProfile = validator.compact({ ...SEED, profile: 'uai.agent.telepathy.v1' });
  assert.equal(unknownProfile.ok, false);
  if (!unknownProfile.ok) assert.equal(unknownProfile.issues[0].code, 'UAI-PROFILE-UNKNOWN');
});

test('compact refuses undeclared fields: they have no slot', () => {
  const packet = structuredClone(SEED);
  packet.source.nickname = 'pub';
  packet.extensions[0].extra = true;
  const result = validator.compact(packet);
  assert.equal(result.ok, false);
  if (!result.ok) {
    assert.deepEqual(result.issues.map(({ code, path }) => `${code} ${path}`).sort(), [
      'UAI-SCHEMA-UNDECLARED /extensions/0/extra',
      'UAI-SCHEMA-UNDECLARED /source/nickname',
    ]);
  }
});

test('compact never turns an invalid keyed packet into a valid keyless one: what would not expand back is refused', () => {
  const cases: { edit: (packet: Packet) => void; path: string; message: RegExp }[] = [
    // Keyless null means "absent": expanding would drop these members and the packet would pass.
    {
      edit: (p) => (p.conversation.parent_message_id = null),
      path: '/conversation/parent_message_id',
      message: /explicit null has no keyless form/,
    },
    { edit: (p) => (p.source.capability_ref = null), path: '/source/capability_ref', message: /explicit null/ },
    { edit: (p) => (p.delivery.task_ref = null), path: '/delivery/task_ref', message: /explicit null/ },
    { edit: (p) => (p.provenance.lineage = [null]), path: '/provenance/lineage/0', message: /explicit null/ },
    // A wrong type where an object is declared has no slots to go into.
    {
      edit: (p) => (p.source = 'agt_x'),
      path: '/source',
      message: /a string here does not survive the keyless form and back/,
    },
  ];
  for (const { edit, path, message } of cases) {
    const packet = structuredClone(SEED);
    edit(packet);
    assert.equal(validator.validateValue(packet, { now: NOW }).valid, false, `${path}: the keyed packet is invalid`);
    const result = validator.compact(packet);
    assert.equal(result.ok, false, path);
    if (!result.ok) {
      assert.deepEqual(
        result.issues.map(({ code, path: at }) => [code, at]),
        [['UAI-KEYLESS-SHAPE', path]],
      );
      assert.match(result.issues[0].message, message);
    }
  }
});

test('the free-form expected_output_schema stays an object in the keyless form', () => {
  const packet = structuredClone(SEED);
  packet.delivery.expected_output_schema = {
    profile: 'uai.agent.ack.v1',
    nested: { fields: ['a', 'b'], deeper: { x: 1 } },
    list: [{ y: 2 }],
  };
  const keyless = compact(packet) as any[];
  const slot = keyless[6][12];
  assert.ok(slot !== null && typeof slot === 'object' && !Array.isArray(slot), 'an object, not an array');
  assert.deepEqual(slot, packet.delivery.expected_output_schema);
  assert.deepEqual((SEED_COMPACT as any[])[6][12], { profile: 'uai.agent.ack.v1' });
  assert.deepEqual(expand(keyless), packet);
  // A keyless packet with an array in that slot is not reshaped; the schema refuses it.
  const wrong = structuredClone(keyless);
  wrong[6][12] = ['uai.agent.ack.v1'];
  const report = validator.validateValue(wrong, { now: NOW });
  assert.ok(
    report.errors.some((issue) => issue.code === 'UAI-SCHEMA-INVALID' && issue.path === '/6/12'),
    JSON.stringify(report.errors),
  );
});

/** For each declared object: absent optional fields are null slots, present fields are not. */
function assertNullSlots(keyed: unknown, keyless: unknown, shape: Shape, where: string): number {
  let nulls = 0;
  if (shape.kind === 'object') {
    assert.ok(Array.isArray(keyless), `${where} is an array`);
    assert.equal(keyless.length, shape.fields.length, `${where} has one slot per field`);
    shape.fields.forEach((field, index) => {
      const present = Object.prototype.hasOwnProperty.call(keyed, field.name);
      const slot = (keyless as unknown[])[index];
      if (!present) {
        assert.equal(slot, null, `${where}/${field.name} is absent, so its slot ${index} is null`);
        assert.equal(field.required, false, `${where}/${field.name} is optional`);
        nulls++;
      } else {
        assert.notEqual(slot, null, `${where}/${field.name} is present`);
        nulls += assertNullSlots((keyed as Packet)[field.name], slot, field.shape, `${where}/${field.name}`);
      }
    });
  } else if (shape.kind === 'array' && Array.isArray(keyed)) {
    keyed.forEach(
      (item, index) =>
        (nulls += assertNullSlots(item, (keyless as unknown[])[index], shape.items, `${where}/${index}`)),
    );
  }
  return nulls;
}

test('absent optional fields become null, and null slots expand to absent fields', () => {
  const keyless = compact(SEED) as any[];
  assert.equal(keyless[3][4], null, 'source.capability_ref');
  assert.equal(keyless[4][4], null, 'target.capability_ref');
  assert.equal(keyless[7][3], null, 'trust.key_id');
  assert.equal(keyless[8][3], null, 'body.rejection_reason');
  assert.equal(assertNullSlots(SEED, keyless, ackShape, ''), 4);
  let total = 0;
  for (const fixture of validFixtures)
    total += assertNullSlots(
      fixture.value,
      compact(fixture.value),
      validator.shapeOf(fixture.value.profile),
      fixture.file,
    );
  assert.ok(total > 0);
  const expanded = expand(keyless);
  assert.equal('capability_ref' in expanded.source, false, 'a null slot is an absent field, not a null member');
  assert.equal('rejection_reason' in expanded.body, false);
});

test('keylessPointer maps keyed pointers to slot indexes', () => {
  assert.equal(keylessPointer(['conversation', 'correlation_id'], ackShape), '/5/5');
  assert.equal(keylessPointer(['provenance', 'lineage', '0', 'actor_id'], ackShape), '/9/7/0/1');
  assert.equal(keylessPointer(['integrity', 'checksum'], ackShape), '/10/3');
  assert.equal(keylessPointer(['delivery', 'expected_output_schema', 'profile'], ackShape), '/6/12/profile');
  assert.equal(keylessPointer(['undeclared', 'x'], ackShape), '/undeclared/x');
  assert.equal(keylessPointer([], ackShape), '');
});
