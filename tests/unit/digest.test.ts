/**
 * The packet digest: sha256 over the RFC 8785 bytes of the keyed packet without
 * integrity.checksum. Checked against node:crypto over an independent sorted-key serialization,
 * and leaf by leaf: every member but integrity.checksum is covered.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { packetDigest, withoutChecksum, DIGEST_PATTERN } from '../../src/uai/packetDigest.ts';
import { loadFixtureTree } from '../../src/uai/node/recordFiles.ts';

type Packet = Record<string, any>;

const SEED: Packet = JSON.parse(
  readFileSync(new URL('../fixtures/seeds/uai.agent.ack.v1.keyed.json', import.meta.url), 'utf8'),
);
const seed = (): Packet => structuredClone(SEED);

/**
 * Sorted-key JSON. For these packets (ASCII member names, numbers JSON.stringify writes the way
 * RFC 8785 does) it is the JCS text, computed without the core's canonicalizer.
 */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${sortedJson((value as Packet)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function independentDigest(packet: Packet): string {
  const copy = structuredClone(packet);
  if (copy.integrity && typeof copy.integrity === 'object') delete copy.integrity.checksum;
  return `sha256:${createHash('sha256').update(sortedJson(copy), 'utf8').digest('hex')}`;
}

// Packet fixtures: the folders named after a profile (uai.agent.ack.v1 → uai-agent-ack-v1).
const validFixtures = loadFixtureTree()
  .fixtures.filter((fixture) => fixture.verdict === 'valid' && /^uai-agent-[a-z-]+-v[0-9]+$/.test(fixture.group))
  .map((fixture) => ({ file: fixture.file, value: JSON.parse(new TextDecoder().decode(fixture.bytes)) as Packet }));

test('the digest is sha256 of the sorted packet without integrity.checksum, for the seed and every valid fixture', () => {
  assert.equal(packetDigest(seed()), independentDigest(seed()));
  assert.equal(packetDigest(seed()), 'sha256:d3600b950ea7b3556177d1271e6a5fad1400df6a173b4315ec1be19002eb9b1d');
  assert.ok(validFixtures.length >= 8, 'a valid fixture per profile');
  for (const fixture of validFixtures) {
    const digest = packetDigest(fixture.value);
    assert.match(digest, DIGEST_PATTERN);
    assert.equal(digest, independentDigest(fixture.value), fixture.file);
  }
});

test('the checksum does not change the digest: changed, removed or empty', () => {
  const base = packetDigest(seed());
  for (const checksum of [`sha256:${'0'.repeat(64)}`, base, '', 'anything']) {
    const packet = seed();
    packet.integrity.checksum = checksum;
    assert.equal(packetDigest(packet), base, JSON.stringify(checksum));
  }
  const removed = seed();
  delete removed.integrity.checksum;
  assert.equal(packetDigest(removed), base);
});

/** Every leaf of a JSON value, as a path of keys and indexes. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, [...path, index]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  return [path];
}

function mutateLeaf(packet: Packet, path: (string | number)[]): void {
  let node: any = packet;
  for (const segment of path.slice(0, -1)) node = node[segment];
  const last = path[path.length - 1];
  const value = node[last];
  node[last] =
    typeof value === 'string'
      ? `${value}x`
      : typeof value === 'number'
        ? value + 1
        : typeof value === 'boolean'
          ? !value
          : 'null was here';
}

test('every other member is covered: changing any leaf but integrity.checksum changes the digest', () => {
  for (const fixture of [{ file: 'seed', value: SEED }, ...validFixtures]) {
    const base = packetDigest(fixture.value);
    const paths = leaves(fixture.value);
    assert.ok(paths.length > 40, `${fixture.file} has many leaves`);
    let excluded = 0;
    for (const path of paths) {
      const packet = structuredClone(fixture.value);
      mutateLeaf(packet, path);
      const pointer = `/${path.join('/')}`;
      if (pointer === '/integrity/checksum') {
        excluded++;
        assert.equal(packetDigest(packet), base, `${fixture.file}: ${pointer} is excluded`);
      } else {
        assert.notEqual(packetDigest(packet), base, `${fixture.file}: ${pointer} is covered`);
      }
    }
    assert.equal(excluded, 1, `${fixture.file}: exactly one excluded leaf`);
  }
});

test('a member named checksum elsewhere is covered; removing a whole member is covered', () => {
  const base = packetDigest(seed());
  const top = seed();
  top.checksum = 'x';
  assert.notEqual(packetDigest(top), base);
  const inBody = seed();
  inBody.body.integrity = { checksum: 'x' };
  assert.notEqual(packetDigest(inBody), base);
  const inFreeForm = seed();
  inFreeForm.delivery.expected_output_schema.checksum = 'x';
  assert.notEqual(packetDigest(inFreeForm), base);
  for (const member of Object.keys(SEED)) {
    const packet = seed();
    delete packet[member];
    assert.notEqual(packetDigest(packet), base, `without ${member}`);
  }
  const withoutVersion = seed();
  delete withoutVersion.integrity.version;
  assert.notEqual(packetDigest(withoutVersion), base, 'integrity.version is covered');
});

test('member order does not change the digest; the input is not changed', () => {
  const packet = seed();
  const reversed = Object.fromEntries(
    Object.entries(packet)
      .reverse()
      .map(([key, value]) => [
        key,
        value && typeof value === 'object' && !Array.isArray(value)
          ? Object.fromEntries(Object.entries(value).reverse())
          : value,
      ]),
  );
  assert.equal(packetDigest(reversed), packetDigest(packet));
  const before = structuredClone(packet);
  packetDigest(packet);
  withoutChecksum(packet);
  assert.deepEqual(packet, before);
  assert.equal(packet.integrity.checksum, SEED.integrity.checksum);
});

test('withoutChecksum removes exactly integrity.checksum and copies only what it must', () => {
  const packet = seed();
  const stripped = withoutChecksum(packet);
  assert.deepEqual(Object.keys(stripped), Object.keys(packet));
  assert.deepEqual(Object.keys(stripped.integrity as object), ['version', 'algorithm', 'canonicalization']);
  assert.equal(stripped.body, packet.body, 'other members are shared, not copied');
  const noIntegrity = seed();
  delete noIntegrity.integrity;
  assert.equal(withoutChecksum(noIntegrity), noIntegrity);
  const integrityArray = { ...seed(), integrity: ['checksum'] };
  assert.equal(withoutChecksum(integrityArray), integrityArray);
});
