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
import { isOneUrn } from '../../src/uai/claimSentences.ts';
import { escapeRegExp } from '../../src/uai/regExpText.ts';
import { PacketTextChecks, packetSecretRule } from '../../src/uai/policyRules.ts';

/** A screen with every bit set: every rule and the heuristic run, as without a screen. */
const EVERYTHING = ALL_RULES_SCREEN;

const keywords = SECRET_RULES.flatMap((rule) => [...rule.keywords, ...(rule.requires ?? [])]);
/** A keyword in another case: a case-sensitive rule's keyword counts only in its own (`task` holds `sk`, not `SK`). */
const recased = fc
  .tuple(fc.constantFrom(...keywords), fc.constantFrom('lower', 'upper', 'swap', 'title'))
  .map(([keyword, to]) =>
    to === 'lower'
      ? keyword.toLowerCase()
      : to === 'upper'
        ? keyword.toUpperCase()
        : to === 'title'
          ? keyword.charAt(0).toUpperCase() + keyword.slice(1).toLowerCase()
          : [...keyword].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join(''),
  );
const piece = fc.oneof(
  fc.constantFrom(...keywords),
  fc.constantFrom(...keywords).map((keyword) => keyword.slice(1)),
  recased,
  fc.constantFrom('task', 'task_ref', 'ask', 'risk', 'Skip', 'sKy', 'aKIA', 'akia', 'eyj', 'Eyj', 'DP.', 'Dp.'),
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

/**
 * Each rule's keyword bit is a necessary condition of its own keyword test, case included: where
 * the test (an alternation of the rule's keywords, with the rule's i flag or without it) passes on
 * ASCII text and the rule's required literals occur, the screen lets the rule run. A case-sensitive
 * keyword in another case (`task` holds `sk`; the Twilio prefix is `SK`) sets no bit.
 */
test("a rule's screen bit is set wherever its own keyword test passes, in its own case (case-sensitive keywords too)", () => {
  const keywordTests = SECRET_RULES.map(
    (rule) => new RegExp(rule.keywords.map(escapeRegExp).join('|'), rule.pattern.flags.includes('i') ? 'i' : ''),
  );
  let caseSensitiveHits = 0;
  fc.assert(
    fc.property(texts, (text) => {
      if (!isAscii(text)) return;
      const screen = screenString(text);
      SECRET_RULES.forEach((rule, order) => {
        const required = (rule.requires ?? []).every((literal) => text.toLowerCase().includes(literal.toLowerCase()));
        if (!keywordTests[order].test(text) || !required) return;
        if (!rule.pattern.flags.includes('i')) caseSensitiveHits++;
        assert.ok(secretRuleMayMatch(screen, order), `${rule.id} in ${JSON.stringify(text)}`);
      });
    }),
    { numRuns: 4_000, seed: 4248 },
  );
  assert.ok(caseSensitiveHits > 300, String(caseSensitiveHits));
  const twilio = SECRET_RULES.findIndex((rule) => rule.id === 'twilio-api-key');
  assert.ok(secretRuleMayMatch(screenString('key SK0123456789abcdef0123456789abcdef'), twilio));
  // The packets' identifiers hold `sk` in lower case only: no rule of the shared bits runs.
  for (const text of ['task_uaix_agent_standard_001', 'msg_uaix_agent_task_status_0004', 'uai.agent.task-status.v1'])
    assert.equal(maySecret(screenString(text)), false, text);
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

/**
 * A string value that is one URN skips the claim detector (`isOneUrn`, read by the policy checks
 * after the screen): the detector replaces a URN by a space, so it finds nothing there. Texts start
 * like a URN or a URL and go on with names, stems, claims and every character that ends a URN or
 * makes it something else (white space, quotes, angle brackets, `%`, non-ASCII, `//`, a query).
 */
test('a string that is one URN holds no claim: where isOneUrn says so, the detector finds none', () => {
  const urnPiece = fc.oneof(
    fc.constantFrom('uaix', 'UAIX', 'uaix.org/', ':', '/', '//', '?note=', '&a=', '+', '-', '_', '.', ';', '#'),
    fc.constantFrom('provides', 'hosted', 'messaging', 'UAIX+provides+hosted+messaging', 'certifies', 'report'),
    fc.constantFrom(' UAIX provides hosted messaging', '.UAIX-certified', ' UAIX certifies runtimes'),
    fc.constantFrom(...OFFERING_STEMS),
    fc.constantFrom(' ', '\t', '\n', '"', "'", '<', '>', '%55AIX', '%20', 'é', 'ｕａｉｘ', '\u0000', '\u007F'),
    fc.stringMatching(/^[a-z0-9]{1,8}$/),
  );
  const start = fc.constantFrom('urn:', 'URN:', 'Urn:', 'urn://', 'urn:/', 'urn', 'https://', 'xurn:', ' urn:', '');
  const candidates = fc
    .tuple(start, fc.array(urnPiece, { maxLength: 12 }))
    .map(([head, pieces]) => head + pieces.join(''));
  let urns = 0;
  let claimsOutside = 0;
  fc.assert(
    fc.property(candidates, (text) => {
      const claims = findUnsupportedClaims(text);
      if (!isOneUrn(text)) {
        if (claims.length > 0) claimsOutside++;
        return;
      }
      urns++;
      assert.deepEqual(claims, [], JSON.stringify(text));
    }),
    { numRuns: 6_000, seed: 4249 },
  );
  // Not vacuous: many texts were one URN, and texts of the same pieces that are not hold claims.
  assert.ok(urns > 500 && claimsOutside > 200, `${urns} URNs, ${claimsOutside} claims outside`);
  assert.ok(isOneUrn('urn:uaix:log:agent-standard:20260531:final_report_0008'));
  // Each character that ends a URN, or that normalization decodes, leaves text the detector reads.
  for (const text of [
    'urn:x UAIX provides hosted messaging',
    'urn:x"UAIX provides hosted messaging',
    'urn:x<UAIX provides hosted messaging',
    'urn:x\tUAIX provides hosted messaging',
    'urn:x%20UAIX%20provides%20hosted%20messaging',
  ]) {
    assert.equal(isOneUrn(text), false, text);
    assert.ok(findUnsupportedClaims(text).length > 0, text);
  }
});

/**
 * A member's string value is read again after its member name (`"password": "…`) only where the
 * name's screen lets a rule run on it; elsewhere the reading can add nothing. Both screened paths
 * (the canonical pass's checks and `packetSecretRule`) must report what reading every value with its
 * name, every rule forced on, reports: the value's own findings, or else those of the labelled text
 * that lie in the value. Names hold the packets' own (`task_ref`, `idempotency_key`), labels of
 * every credential rule in several cases, and random text.
 */
test('a value is read with its member name wherever that can find a secret: screened and full readings agree', () => {
  const names = fc.oneof(
    fc.constantFrom('task_ref', 'task_id', 'idempotency_key', 'message_id', 'password', 'api_key', 'API_KEY'),
    fc.constantFrom('secret', 'token', 'session_id', 'private_key', 'signing_key', 'seed', 'kty', 'k', 'Authorization'),
    fc.constantFrom('SK', 'sk', 'x', 'passwd', 'client_secret', 'aws_secret_access_key', 'cookie', 'AccountKey'),
    fc.constantFrom(...keywords),
    recased,
    fc.string({ maxLength: 8 }),
  );
  const values = fc.oneof(
    texts,
    fc.constantFrom(
      'hunter2-Correct',
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'SK0123456789abcdef0123456789abcdef',
      'Basic dXNlcjpwYXNzd29yZA==',
      'idem_20260531_agent_ack_0002',
      'task_uaix_agent_standard_001',
    ),
    // JSON text inside a value, whose keyword (`"oct"`) or closing quote only the framing supplies.
    fc
      .tuple(
        fc.constantFrom('kty": "oct", "k": "', 'oct", "k": "', '"k": "', 'x", "kty": "oct", "k": "', ''),
        fc.constantFrom('AAAAAAAAAAAAAAAAAAAAAAAA', 'GawgguFyGrWKav7AX4VKUg', 'short'),
        fc.constantFrom('', '", "kty": "oct', '"}', ', "kty": "oct'),
      )
      .map((parts) => parts.join('')),
  );
  /** The full reading: the value with every rule on; where it holds nothing, the labelled text with every rule on. */
  const fullReading = (name: string, value: string) => {
    const own = findSecrets(value, DEFAULT_MAX_FINDINGS, EVERYTHING);
    if (own.length > 0) return own[0];
    const label = `"${name}": "`;
    return findSecrets(`${label}${value}"`, DEFAULT_MAX_FINDINGS, EVERYTHING)
      .filter((finding) => finding.start >= label.length && finding.end <= label.length + value.length)
      .map((finding) => ({ ...finding, start: finding.start - label.length, end: finding.end - label.length }))[0];
  };
  const where = (message: string | undefined) =>
    message
      ?.match(/characters (\d+)–(\d+)/)
      ?.slice(1)
      .map(Number);
  let found = 0;
  fc.assert(
    fc.property(names, values, (name, value) => {
      const expected = fullReading(name, value);
      const checks = new PacketTextChecks({ [name]: value });
      checks.string(value, [name]);
      const issues = [checks.secrets, packetSecretRule({ [name]: value })];
      const label = JSON.stringify({ name, value });
      for (const reported of issues) {
        const valueIssue = reported.find((issue) => issue.message.startsWith('this string'));
        assert.equal(valueIssue !== undefined, expected !== undefined, label);
        if (expected) assert.deepEqual(where(valueIssue!.message), [expected.start, expected.end], label);
      }
      if (expected) found++;
    }),
    { numRuns: 5_000, seed: 4250 },
  );
  assert.ok(found > 500, String(found));
});
