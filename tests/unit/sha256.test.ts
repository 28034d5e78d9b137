/**
 * Both SHA-256 functions the core uses, the pure-JS default (@noble/hashes, for the browser) and
 * node:crypto's (Node callers), against the FIPS 180-4 vectors and node:crypto itself.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { sha256 as defaultSha256, sha256Digest, sha256DigestOfText, toHex, type Sha256 } from '../../src/uai/sha256.ts';
import { nodeSha256 } from '../../src/uai/node/nodeValidator.ts';

const HASHES: [string, Sha256][] = [
  ['pure-JS default (@noble/hashes)', defaultSha256],
  ['node:crypto (nodeSha256)', nodeSha256],
];

const utf8 = new TextEncoder();
const reference = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

for (const [label, sha256] of HASHES) {
  test(`${label}: FIPS 180-4 vectors: "abc", the empty string, the two-block message and one million "a"`, () => {
    assert.equal(toHex(sha256(utf8.encode('abc'))), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    assert.equal(toHex(sha256(new Uint8Array(0))), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    assert.equal(
      toHex(sha256(utf8.encode('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))),
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    assert.equal(
      toHex(
        sha256(
          utf8.encode(
            'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
          ),
        ),
      ),
      'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
    );
    assert.equal(
      toHex(sha256(new Uint8Array(1_000_000).fill(0x61))),
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });

  test(`${label}: every length from 0 to 300 bytes agrees with node:crypto (padding boundaries 55/56/63/64 included)`, () => {
    const lengths = Array.from({ length: 301 }, (_, index) => index);
    for (const boundary of [55, 56, 57, 63, 64, 65, 119, 120, 127, 128]) assert.ok(lengths.includes(boundary));
    for (const length of lengths) {
      for (let round = 0; round < 3; round++) {
        const bytes = new Uint8Array(randomBytes(length));
        assert.equal(toHex(sha256(bytes)), reference(bytes), `length ${length}`);
      }
      // Bytes that are all 0xff or all 0x00 exercise the carries and the padding byte.
      for (const fill of [0x00, 0xff, 0x80]) {
        const bytes = new Uint8Array(length).fill(fill);
        assert.equal(toHex(sha256(bytes)), reference(bytes), `length ${length} filled with ${fill}`);
      }
    }
  });

  test(`${label}: random longer inputs agree with node:crypto`, () => {
    for (const length of [511, 512, 513, 1000, 4095, 4096, 4097, 65_535, 65_536, 100_003]) {
      const bytes = new Uint8Array(randomBytes(length));
      assert.equal(toHex(sha256(bytes)), reference(bytes), `length ${length}`);
    }
  });

  test(`${label}: a view into a larger buffer hashes only its own bytes and leaves the input unchanged`, () => {
    const buffer = new Uint8Array(randomBytes(200));
    const copy = buffer.slice();
    const view = buffer.subarray(17, 17 + 100);
    assert.equal(toHex(sha256(view)), reference(view));
    assert.deepEqual(buffer, copy);
  });
}

test('sha256Digest is sha256:<64 lowercase hex>, and toHex pads each byte', () => {
  assert.equal(
    sha256Digest(utf8.encode('abc')),
    'sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
  );
  assert.match(sha256Digest(new Uint8Array(randomBytes(33))), /^sha256:[0-9a-f]{64}$/);
  assert.equal(toHex(new Uint8Array([0, 1, 15, 16, 255])), '00010f10ff');
  assert.equal(defaultSha256(new Uint8Array(0)).length, 32);
  assert.equal(sha256Digest(utf8.encode('abc'), nodeSha256), sha256Digest(utf8.encode('abc')));
});

test('sha256DigestOfText hashes the UTF-8 bytes of the text, through ofUtf8 (node:crypto) and through encoding (pure JS)', () => {
  assert.equal(typeof nodeSha256.ofUtf8, 'function');
  assert.equal(defaultSha256.ofUtf8, undefined);
  const texts = [
    '',
    'abc',
    'caf\u00e9 \u20ac \u{1F600} \u0000 \u200b',
    '{"a":"\u00fc"}'.repeat(5_000),
    String.fromCharCode(...Array.from({ length: 2_000 }, (_, code) => code + 32)),
  ];
  for (const text of texts) {
    const expected = sha256Digest(utf8.encode(text));
    for (const [name, hash] of HASHES)
      assert.equal(sha256DigestOfText(text, hash), expected, `${name}: ${text.slice(0, 20)}`);
  }
});
