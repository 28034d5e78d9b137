/**
 * The validator's one pass over a keyed packet (src/uai/packetPass.ts) stands in for three walks:
 * the canonical text (`canonicalPacketText`), the claim and secret checks (`policyIssues`) and the
 * I-JSON number check (`findUnsafeNumbers`). For every packet fixture, packets with awkward
 * values planted anywhere (secrets, claims, escapes, non-ASCII, unsafe numbers, checksums of every
 * type) and hand-made edges, the pass must give the same text (or the same failure), the same
 * issues as a set, and the same number verdict; or say that it did not see everything.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { passOver, passOverJsonData, PacketPass } from '../../src/uai/packetPass.ts';
import { isJsonDataWithin } from '../../src/uai/jsonValue.ts';
import { canonicalizeVisiting } from '../../src/uai/jcs.ts';
import { canonicalPacketText } from '../../src/uai/packetDigest.ts';
import { policyIssues, expiredRule } from '../../src/uai/policyRules.ts';
import { findUnsafeNumbers } from '../../src/uai/ijsonNumbers.ts';
import { loadFixtureTree } from '../../src/uai/node/recordFiles.ts';
import { utcDateTimeOfDate } from '../../src/uai/utcDateTime.ts';
import { isJsonObject } from '../../src/uai/jsonObject.ts';
import { findUnsupportedClaim, memberNameText } from '../../src/uai/supportClaims.ts';
import { findSecrets } from '../../src/uai/secretScan.ts';
import type { UaiIssue } from '../../src/uai/errorCodes.ts';

const NOW = utcDateTimeOfDate(new Date('2026-06-01T00:00:00Z'));
const decoder = new TextDecoder();
const packets = loadFixtureTree()
  .fixtures.filter((fixture) => fixture.group.startsWith('uai-agent-'))
  .flatMap((fixture) => {
    try {
      const value = JSON.parse(decoder.decode(fixture.bytes)) as unknown;
      return isJsonObject(value) ? [{ file: fixture.file, packet: value }] : [];
    } catch {
      return []; // the fixtures that are not JSON test the reader, not the pass
    }
  });

const sorted = (issues: readonly UaiIssue[]) =>
  issues.map(({ code, path, message }) => `${code} ${path} ${message}`).sort();

/** How often each case came up, so a generator that drifted into trivial packets is noticed. */
const seen = { covered: 0, issues: 0, unsafeNumber: 0, notCovered: 0 };

/** What the separate walks say about a packet, and what the pass says. */
function assertSameAsWalks(packet: Record<string, unknown>, label: string): boolean {
  const pass = passOver(packet);
  let text: string | undefined;
  let failure: unknown;
  try {
    text = canonicalPacketText(packet);
  } catch (error) {
    failure = error;
  }
  if (text === undefined) {
    const { path, message } = failure as { path: string; message: string };
    assert.deepEqual(pass.failure, { code: 'UAI-SCHEMA-INVALID', path, message }, label);
    assert.equal(pass.text, undefined, label);
  } else assert.equal(pass.text, text, label);
  if (!pass.covered) {
    seen.notCovered++;
    return false;
  }
  const textIssues = policyIssues(packet, NOW).slice(expiredRule(packet, NOW).length);
  seen.covered++;
  if (textIssues.length > 0) seen.issues++;
  if (pass.covered.unsafeNumber) seen.unsafeNumber++;
  assert.deepEqual(sorted([...pass.covered.claims, ...pass.covered.secrets]), sorted(textIssues), label);
  assert.equal(pass.covered.unsafeNumber, findUnsafeNumbers(packet).total > 0, label);
  return true;
}

test('every packet fixture: the pass gives the canonical text and the issues of the separate walks', () => {
  assert.ok(packets.length > 30);
  for (const { file, packet } of packets)
    assert.ok(assertSameAsWalks(packet, file), `${file}: the pass saw every leaf`);
});

const awkwardString = fc.oneof(
  fc.constantFrom(
    'UAIX provides hosted messaging.',
    'UAIX no ofrece mensajería alojada, y certifica runtimes.',
    'ｕａｉｘ orchestrates agents',
    'password=hunter22hunter',
    'AKIAIOSFODNN7EXAMPLE',
    'postgres://admin:s3cret@db.example.com/x',
    'https://uaix.org/en-us/guides/',
    'Kq8ZpL2vXn4RtY7bWm1cJd9HsF3gAe6U',
    'say "hi"\\n',
    'tab\there\u0000',
    'café — naïve',
    '\uD83D\uDE00',
    '\uD800 lone',
    '',
  ),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const awkwardNumber = fc.constantFrom(0, -0, 1.5, 2 ** 53 - 1, 2 ** 53, -(2 ** 60), 1e21, 5e-324, Infinity, NaN);
const awkwardValue = fc.letrec((tie) => ({
  leaf: fc.oneof(awkwardString, awkwardNumber, fc.boolean(), fc.constant(null)),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('leaf'),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(awkwardString, tie('node'), { maxKeys: 3 }),
  ),
})).node;

/** Puts `value` under `name` in the container reached by walking `steps` from the root. */
function plant(packet: unknown, steps: number[], name: string, value: unknown): unknown {
  const copy = structuredClone(packet) as Record<string, unknown>;
  let node: unknown = copy;
  for (const step of steps) {
    const children = Array.isArray(node) ? node : isJsonObject(node) ? Object.values(node) : [];
    const next = children.filter((child) => child !== null && typeof child === 'object');
    if (next.length === 0) break;
    node = next[step % next.length];
  }
  if (Array.isArray(node)) node.push(value);
  else if (isJsonObject(node))
    Object.defineProperty(node, name, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

test('planted values anywhere, checksums of every type included: the pass agrees with the walks or says it did not see everything', () => {
  const checksum = fc.oneof(awkwardString, awkwardNumber, awkwardValue, fc.constant(undefined));
  fc.assert(
    fc.property(
      fc.constantFrom(...packets),
      fc.array(fc.tuple(fc.array(fc.nat(), { maxLength: 4 }), awkwardString, awkwardValue), { maxLength: 3 }),
      fc.option(checksum, { nil: undefined, freq: 2 }),
      ({ file, packet }, plants, newChecksum) => {
        let mutated = packet as unknown;
        for (const [steps, name, value] of plants) mutated = plant(mutated, steps, name, value);
        const record = mutated as Record<string, unknown>;
        if (newChecksum !== undefined && isJsonObject(record.integrity)) record.integrity.checksum = newChecksum;
        assertSameAsWalks(record, file);
      },
    ),
    { numRuns: 400, seed: 9191 },
  );
  assert.ok(
    seen.covered > 100 && seen.issues > 50 && seen.unsafeNumber > 20 && seen.notCovered > 20,
    JSON.stringify(seen),
  );
});

test('edges: a container checksum, an inherited or hidden checksum, a value from code', () => {
  const [{ packet }] = packets;
  const withChecksum = (checksum: unknown) => ({ ...packet, integrity: { ...(packet.integrity as object), checksum } });
  // A checksum that is an object is not walked by the pass: it says so, and the walks decide.
  assert.equal(passOver(withChecksum({ token: 'password=hunter22hunter' })).covered, undefined);
  assert.ok(assertSameAsWalks(withChecksum('password=hunter22hunter'), 'secret in the checksum'));
  assert.ok(assertSameAsWalks(withChecksum(2 ** 60), 'unsafe number as the checksum'));
  const inherited = {
    ...packet,
    integrity: Object.assign(Object.create({ checksum: 'password=hunter22hunter' }), { algorithm: 'x' }),
  };
  assert.ok(assertSameAsWalks(inherited, 'inherited checksum'));
  const hidden = {
    ...packet,
    integrity: Object.defineProperty({}, 'checksum', { value: 'AKIAIOSFODNN7EXAMPLE', enumerable: false }),
  };
  assert.ok(assertSameAsWalks(hidden, 'non-enumerable checksum'));
  // Values canonicalization refuses: the pass reports the same failure and leaves the checks to the walks.
  for (const refused of [undefined, () => 1, new Date(0), new Array(3), 10n]) {
    assert.equal(assertSameAsWalks({ ...packet, body: { note: refused } }, String(refused)), false);
  }
});

test('RFC 8785 vectors: the pass writes their canonical bytes exactly (plain strings quoted as they are, the rest escaped)', () => {
  const vectors = new URL('../vectors/rfc8785/', import.meta.url);
  const names = readdirSync(new URL('input/', vectors)).map((file) => file.replace(/\.json$/, ''));
  assert.ok(names.length >= 6);
  for (const name of names) {
    const input = JSON.parse(readFileSync(new URL(`input/${name}.json`, vectors), 'utf8')) as unknown;
    const expected = readFileSync(new URL(`output/${name}.json`, vectors), 'utf8');
    assert.equal(canonicalizeVisiting(input, new PacketPass({})), expected, name);
  }
});

test("member names: the verdicts kept per name are the detectors' own, however often a name comes back", () => {
  const names = fc.oneof(
    awkwardString,
    fc.constantFrom(
      'uaixCertified',
      'UAIX_hosted_messaging',
      'password',
      'apiKey',
      'AKIAIOSFODNN7EXAMPLE',
      'na\u00efve',
    ),
  );
  const writtenAsItIs = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
  const counts = { claims: 0, secrets: 0, plain: 0 };
  fc.assert(
    fc.property(fc.array(names, { minLength: 1, maxLength: 6 }), (list) => {
      // Each name twice, in two packets: the second reading may come from what the first kept.
      for (const round of [0, 1]) {
        for (const name of list) {
          const pass = new PacketPass({});
          const plain = pass.memberName(name, ['body']);
          const claim = findUnsupportedClaim(memberNameText(name)) !== undefined;
          const secret = findSecrets(name).length > 0;
          assert.equal(pass.claims.length, claim ? 1 : 0, `${JSON.stringify(name)} round ${round}: claims`);
          assert.equal(pass.secrets.length, secret ? 1 : 0, `${JSON.stringify(name)} round ${round}: secrets`);
          assert.equal(plain, writtenAsItIs.test(name), `${JSON.stringify(name)} round ${round}: written as it is`);
          counts.claims += claim ? 1 : 0;
          counts.secrets += secret ? 1 : 0;
          counts.plain += plain ? 1 : 0;
        }
      }
    }),
    { numRuns: 500, seed: 4303 },
  );
  assert.ok(counts.claims > 20 && counts.secrets > 20 && counts.plain > 100, JSON.stringify(counts));
});

/**
 * A value from code that `passOverJsonData` accepts skips the walk that asks whether it is JSON
 * data (`isJsonDataWithin`), so it may accept only what that walk accepts, at any limits, and its
 * pass must be the ordinary pass. Values are the fixtures with what JSON cannot carry planted at
 * any depth, the packet and `integrity` made of another kind, and limits drawn around the value's
 * own size and depth.
 */
test('the pass that proves a value JSON data accepts only what the walk accepts, and is the same pass', () => {
  class Shaped {
    id = 1;
  }
  const notJson = fc.constantFrom<() => unknown>(
    () => undefined,
    () => () => 1,
    () => 10n,
    () => Symbol('x'),
    () => new Date(0),
    () => new Shaped(),
    () => new Array(2),
    () => Object.defineProperty({}, Symbol('hidden'), { value: 1, enumerable: false }),
    () => ({ [Symbol('shown')]: 1 }),
    () =>
      Object.defineProperty({}, 'thrower', {
        enumerable: true,
        get() {
          throw new Error('no');
        },
      }),
  );
  /** What is changed about the packet and its integrity member: their prototype, a symbol key, the checksum. */
  const reshape = fc.constantFrom(
    'none',
    'packet class',
    'packet hidden symbol',
    'integrity class',
    'integrity hidden symbol',
    'checksum undefined',
    'checksum function',
    'checksum object',
    'checksum number',
    'checksum long',
  );
  const counts = { accepted: 0, refused: 0, refusedJsonData: 0 };
  fc.assert(
    fc.property(
      fc.constantFrom(...packets),
      fc.array(fc.tuple(fc.array(fc.nat(), { maxLength: 4 }), awkwardString, awkwardValue), { maxLength: 2 }),
      fc.option(fc.tuple(fc.array(fc.nat(), { maxLength: 4 }), awkwardString, notJson), { nil: undefined, freq: 2 }),
      fc.oneof({ arbitrary: fc.constant('none'), weight: 3 }, { arbitrary: reshape, weight: 2 }),
      fc.integer({ min: -30, max: 300 }),
      fc.integer({ min: 3, max: 10 }),
      ({ packet }, plants, notJsonPlant, shape, byteOffset, maxDepth) => {
        let mutated = structuredClone(packet) as unknown;
        for (const [steps, name, value] of plants) mutated = plant(mutated, steps, name, value);
        // Last: `plant` copies the packet with structuredClone, which a function or a symbol stops.
        if (notJsonPlant) mutated = plant(mutated, notJsonPlant[0], notJsonPlant[1], notJsonPlant[2]());
        let record = mutated as Record<string, unknown>;
        const integrity = isJsonObject(record.integrity) ? record.integrity : undefined;
        if (shape === 'packet class') record = Object.assign(Object.create(new Shaped()), record);
        if (shape === 'packet hidden symbol') Object.defineProperty(record, Symbol('h'), { value: 1 });
        if (integrity && shape === 'integrity class')
          record.integrity = Object.assign(Object.create(new Shaped()), integrity);
        if (integrity && shape === 'integrity hidden symbol')
          Object.defineProperty(integrity, Symbol('h'), { value: 1 });
        if (integrity && shape.startsWith('checksum '))
          integrity.checksum = (
            {
              'checksum undefined': undefined,
              'checksum function': () => 1,
              'checksum object': { a: [1, 2] },
              'checksum number': 12345,
              'checksum long': 'x'.repeat(60),
            } as Record<string, unknown>
          )[shape];
        // Limits around the value's own size and depth, so both sides of each limit come up.
        let size = 200;
        try {
          size = canonicalPacketText(record).length;
        } catch {
          // not canonical: any limit will do
        }
        const limits = { maxBytes: Math.max(1, size + byteOffset), maxDepth };
        const fast = passOverJsonData(record, limits);
        const jsonData = isJsonDataWithin(record, limits);
        if (!fast) {
          counts.refused++;
          if (jsonData) counts.refusedJsonData++;
          return;
        }
        counts.accepted++;
        assert.ok(jsonData, `accepted what is not JSON data within ${JSON.stringify(limits)} (${shape})`);
        const slow = passOver(record);
        assert.equal(fast.text, slow.text);
        assert.ok(slow.covered);
        assert.deepEqual(
          sorted([...fast.covered!.claims, ...fast.covered!.secrets]),
          sorted([...slow.covered.claims, ...slow.covered.secrets]),
        );
        assert.equal(fast.covered!.unsafeNumber, slow.covered.unsafeNumber);
        assert.equal(fast.covered!.asciiText, slow.covered.asciiText);
      },
    ),
    { numRuns: 1_500, seed: 4343 },
  );
  // Both answers come up often, and the fallback is not taken for everything that is JSON data.
  assert.ok(counts.accepted > 200 && counts.refused > 200, JSON.stringify(counts));
  assert.ok(counts.refusedJsonData < counts.accepted, JSON.stringify(counts));
  // Small values, where the canonical text has few separators to spare: the byte bound is tight.
  const scalar = fc.oneof(fc.integer({ min: 0, max: 9 }), fc.boolean(), fc.constant(null), fc.string({ maxLength: 3 }));
  const small = fc.record(
    {
      members: fc.dictionary(fc.string({ maxLength: 2 }), fc.oneof(scalar, fc.array(scalar, { maxLength: 4 })), {
        maxKeys: 3,
      }),
      checksum: fc.oneof(scalar, fc.constant(undefined), fc.constant({})),
    },
    { requiredKeys: ['members'] },
  );
  let tight = 0;
  fc.assert(
    fc.property(small, fc.integer({ min: -5, max: 30 }), (value, byteOffset) => {
      const record: Record<string, unknown> = { ...value.members };
      if ('checksum' in value) record.integrity = { checksum: value.checksum };
      const limits = { maxBytes: Math.max(1, canonicalPacketText(record).length + byteOffset), maxDepth: 8 };
      const fast = passOverJsonData(record, limits);
      if (!fast) return;
      tight++;
      assert.ok(isJsonDataWithin(record, limits), `accepted ${JSON.stringify(record)} within ${limits.maxBytes} bytes`);
      assert.equal(fast.text, passOver(record).text);
    }),
    { numRuns: 2_000, seed: 4344 },
  );
  assert.ok(tight > 300, String(tight));
});
