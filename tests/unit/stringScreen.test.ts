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
  screenedRuleOrders,
  secretRuleMayMatch,
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

test('the rules a screen lets through are exactly those secretRuleMayMatch names, in table order', () => {
  const expected = (screen: number) =>
    SECRET_RULES.flatMap((_, order) => (secretRuleMayMatch(screen, order) ? [order] : []));
  fc.assert(
    fc.property(fc.oneof(texts.map(screenString), fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })), (screen) => {
      assert.deepEqual(screenedRuleOrders(screen), expected(screen), String(screen));
      // Asked again (now from what was kept), the same list.
      assert.deepEqual(screenedRuleOrders(screen), expected(screen), String(screen));
    }),
    { numRuns: 3_000, seed: 4246 },
  );
  assert.deepEqual(
    screenedRuleOrders(ALL_RULES_SCREEN),
    SECRET_RULES.map((_, order) => order),
  );
  assert.deepEqual(screenedRuleOrders(0), []);
});

/**
 * The claim screen reads sentences: an offering stem only in sentences before the first name of
 * UAIX cannot make a claim (a pronoun or a dropped subject stands for a subject before it, a
 * passive's agent is in its own clause). Texts are sentences of the pieces that move the detector:
 * names, pronouns, passives, stems, and every way a sentence ends or seems to.
 */
test('the screen never hides a claim across sentences: a stem before the first name of UAIX is passed over only where no claim can use it', () => {
  const sentencePiece = fc.oneof(
    fc.constantFrom(
      'UAIX',
      'uaix.org',
      'https://uaix.org/',
      'It',
      'They',
      'the runtime',
      'Agent runtimes execute',
      'hosts your messages',
      'hosted by UAIX',
      'hosted.by UAIX',
      'v1.0',
      'orchestrates agents',
      'certifies runtimes',
      'provides hosted messaging',
      'is simple',
      'records packets',
      'and',
      'not',
    ),
    fc.constantFrom('. ', '.', '; ', '? ', '! ', '." ', '.) ', '.\n', '.\t', '\n\n', ', ', ': ', ' ', 'e.g. ', '...'),
  );
  const prose = fc.array(sentencePiece, { maxLength: 14 }).map((pieces) => pieces.join(' ').replace(/ {2,}/g, ' '));
  let passedOver = 0;
  fc.assert(
    fc.property(prose, (text) => {
      if (mayClaim(screenString(text))) return;
      passedOver++;
      assert.deepEqual(findUnsupportedClaims(text), [], JSON.stringify(text));
    }),
    { numRuns: 4_000, seed: 4247 },
  );
  assert.ok(passedOver > 500, String(passedOver));
  // The packets' boundary sentence names UAIX after its only stems ("runtim", "ecut"): passed over.
  const boundary =
    'Agent runtimes execute. UAIX records the reviewed communication, memory, trust, evidence, and handoff boundary.';
  assert.equal(mayClaim(screenString(boundary)), false);
  // Claims whose offering is in the sentence of the name, before it, or in a later sentence: read.
  for (const claim of [
    'UAIX is simple. It hosts your messages.',
    'Messages are hosted by UAIX.',
    'Messages are hosted.by UAIX',
    'Agent runtimes execute. UAIX orchestrates agents.',
    'Runtimes execute; UAIX is simple. It orchestrates agents',
    'UAIX is simple.\n\nIt certifies runtimes',
  ]) {
    assert.ok(findUnsupportedClaims(claim).length > 0, claim);
    assert.ok(mayClaim(screenString(claim)), claim);
  }
});
