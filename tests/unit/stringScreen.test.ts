/**
 * The string screen (src/uai/stringScreen.ts) decides which checks run on a string and whether the
 * canonicalizer may skip escaping it, so each of its bits must be a necessary condition: the
 * secret scanner finds the same with the screen as with every rule forced on, the claim detector
 * finds nothing where the screen says it cannot, and "needs no escape" holds exactly for ASCII
 * text that JSON.stringify writes as it is. Texts are built from the pieces that move the screen:
 * every keyword, required literal, claim subject and stem, word boundaries, token runs with and
 * without capitals, escapes, and non-ASCII text that normalization turns into ASCII.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  screenString,
  mayClaim,
  maySecret,
  needsNoEscape,
  ENTROPY_CANDIDATE_BIT,
  ALL_RULES_SCREEN,
} from '../../src/uai/stringScreen.ts';
import { findSecrets, DEFAULT_MAX_FINDINGS } from '../../src/uai/secretScan.ts';
import { SECRET_RULES, HIGH_ENTROPY_RULE } from '../../src/uai/secretRules.ts';
import { findUnsupportedClaims, OFFERING_STEMS } from '../../src/uai/supportClaims.ts';

/** A screen with every bit set: every rule and the heuristic run, as without a screen. */
const EVERYTHING = ALL_RULES_SCREEN;

const keywords = SECRET_RULES.flatMap((rule) => [...rule.keywords, ...(rule.requires ?? [])]);
const piece = fc.oneof(
  fc.constantFrom(...keywords),
  fc.constantFrom(...keywords).map((keyword) => keyword.slice(1)),
  fc.constantFrom(...OFFERING_STEMS, 'messaging', 'hosted', 'orchestration', 'certifies', 'provides', 'not', 'and'),
  fc.constantFrom(
    'uaix',
    'UAIX',
    'UAIX.org',
    'msg_uaix_',
    'agt_uaix.',
    'urn:uaix:',
    'https://uaix.org/',
    '-uaix',
    'xuaix',
  ),
  fc.constantFrom(
    'ｕａｉｘ',
    'ua\u200Bix',
    'é',
    '\u00A0',
    '—',
    '😀',
    '\uD800',
    '\uDC00',
    'K',
    'Ｂｅａｒｅｒ',
    'ѕ',
    '%5F',
    '%3D',
    '%',
  ),
  fc.constantFrom(
    ' ',
    '.',
    ',',
    ';',
    '\n',
    '\t',
    '"',
    '\\',
    '\u0000',
    '\u001F',
    '\u007F',
    '=',
    ':',
    '@',
    '/',
    '_',
    '-',
  ),
  fc.constantFrom('Kq8ZpL2vXn4RtY7bWm1cJd9HsF3gAe6U', 'abcdefghijklmnopqrstuvwxyz0123', 'ABCDEFGHIJKLMNOPQRSTUVWX'),
  fc.constantFrom(
    'postgres://admin:s3cret@db',
    'HTTPS://owner:pa:ss@',
    'api_key=',
    'Bearer ',
    'eyJhbGciOi.eyJzdWIiOi.',
  ),
  fc.stringMatching(/^[A-Za-z0-9+/_=-]{1,30}$/),
  fc.string({ maxLength: 6 }),
);
const texts = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));
const isAscii = (text: string) => [...text].every((char) => char.charCodeAt(0) < 128);

/** The candidate test as the heuristic states it: a run of the candidate's class, long enough, with a capital. */
function hasEntropyCandidate(text: string): boolean {
  const candidates = new RegExp(HIGH_ENTROPY_RULE.candidate.source, 'g');
  return [...text.matchAll(candidates)].some((match) => /[A-Z]/.test(match[0]));
}

test('the screen never hides a secret: findSecrets gives the same findings as with every rule forced on', () => {
  fc.assert(
    fc.property(texts, (text) => {
      const screen = screenString(text);
      const all = findSecrets(text, DEFAULT_MAX_FINDINGS, EVERYTHING);
      assert.deepEqual(findSecrets(text), all, JSON.stringify(text));
      if (!maySecret(screen)) assert.deepEqual(all, [], JSON.stringify(text));
    }),
    { numRuns: 3_000, seed: 4242 },
  );
});

test('the screen never hides a claim: where it says no claim is possible, the detector finds none', () => {
  const property = (text: string) => {
    if (!mayClaim(screenString(text))) assert.deepEqual(findUnsupportedClaims(text), [], JSON.stringify(text));
  };
  fc.assert(fc.property(texts, property), { numRuns: 3_000, seed: 4243 });
  // Claims the screen must let through, in every language and through normalization.
  for (const text of [
    'UAIX provides hosted messaging.',
    'La plataforma UAIX ofrece mensajería alojada.',
    'UAIX fournit une messagerie hébergée.',
    'ｕａｉｘ provides hosted messaging.',
    'UA\u200BIX certifies runtimes.',
    'Note: UAIX orchestrates agents',
  ]) {
    assert.ok(findUnsupportedClaims(text).length > 0, text);
    assert.ok(mayClaim(screenString(text)), text);
  }
  // Identifiers that only contain the name do not reach the detector.
  for (const text of ['msg_uaix_agent_message_0001', 'agt_uaix.publisher', 'hosted messaging at xuaix']) {
    assert.equal(mayClaim(screenString(text)), false, text);
  }
});

test("the entropy bit is exactly the heuristic's candidate test, over the whole string", () => {
  fc.assert(
    fc.property(texts, (text) => {
      assert.equal((screenString(text) & ENTROPY_CANDIDATE_BIT) !== 0, hasEntropyCandidate(text), JSON.stringify(text));
    }),
    { numRuns: 3_000, seed: 4244 },
  );
  // Far past the 64 KiB the heuristic once stopped at (issue 20: text no rule read passed as clean).
  const token = 'Kq8ZpL2vXn4RtY7bWm1cJd9HsF3gAe6U';
  assert.ok(screenString(`${' '.repeat(1 << 20)}${token}`) & ENTROPY_CANDIDATE_BIT);
});

test('"needs no escape" holds exactly for ASCII text that JSON.stringify writes as it is', () => {
  fc.assert(
    fc.property(fc.oneof(texts, fc.string({ unit: 'binary', maxLength: 40 })), (text) => {
      const plain = isAscii(text) && JSON.stringify(text) === `"${text}"`;
      assert.equal(needsNoEscape(screenString(text)), plain, JSON.stringify(text));
    }),
    { numRuns: 3_000, seed: 4245 },
  );
  for (let code = 0; code < 128; code++) {
    const char = String.fromCharCode(code);
    assert.equal(
      needsNoEscape(screenString(`a${char}b`)),
      JSON.stringify(char) === `"${char}"`,
      `U+${code.toString(16)}`,
    );
  }
});

test('a rule whose keyword is common runs only with its required literals: no "@", no URL credential scan', () => {
  const urlRule = SECRET_RULES.findIndex((rule) => rule.id === 'url-credentials');
  assert.ok(urlRule >= 0 && SECRET_RULES[urlRule].requires?.includes('@'));
  assert.equal(maySecret(screenString('https://uaix.org/en-us/guides/swarm-failure-and-recovery/')), false);
  assert.ok(maySecret(screenString('postgres://admin:s3cret@db.example.com/records')));
  assert.deepEqual(
    findSecrets('postgres://admin:s3cret@db.example.com/records').map((finding) => finding.rule),
    ['url-credentials'],
  );
});
