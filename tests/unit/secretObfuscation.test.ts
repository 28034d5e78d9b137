/**
 * Obfuscation does not change the secret verdict: every secret of the corpora (the scanner's own
 * examples of issue 20 and labelled credentials), written with format characters inside its
 * keyword (`Be\u200Barer`, `access\u200B_token`), fullwidth or Cyrillic look-alike letters in the
 * keyword, percent-encoding, a case change in a case-insensitive keyword, or a line break in
 * prose, is still found; and the false positives stay clean under the same rewritings.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { findSecrets } from '../../src/uai/secretScan.ts';

/** [text before the keyword, the keyword, text after it]: a secret whose keyword may be rewritten. */
const SECRETS: [string, string, string][] = [
  ['curl -H "X: ', 'Bearer', ' abcdef0123456789abcdef"'],
  ['', 'Authorization', ': Basic dXNlcjpwYXNzd29yZA=='],
  ['https://x/cb?', 'access_token', '=EXAMPLEnotArealTOKEN0000'],
  ['the admin ', 'password', ' is hunter2-Correct-Horse'],
  ['le ', 'mot de passe', ' : Tr0ub4dor&3'],
  ['', 'private_key', '=e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['', 'Cookie', ': session=8f14e45fceea167a5a36'],
  ['', 'PHPSESSID', '=q1w2e3r4t5y6u7i8'],
  ['', 'client_secret', ': c0ffee-and-tea'],
  ['{"kty":', '"oct"', ',"k":"GawgguFyGrWKav7AX4VKUg"}'],
];

/** False positives, as [before, keyword, after]: the keyword is rewritten, as in the secrets. */
const CLEAN: [string, string, string][] = [
  ['https://uaix.org/guides/?', 'key', '=release-notes'],
  ['the ', 'password', ': required'],
  ['The ', 'password', ' field is required.'],
  ['Set a ', 'password', ' before the first sync.'],
  ['{"token_type": "', 'bearer', '"}'],
  ['sha256:', 'd3600b950ea7b3556177d1271e6a5fad1400df6a173b4315ec1be19002eb9b1d', ''],
  ['', 'idem_20260531_agent_ack_0002', ''],
];

const FORMAT = ['\u200B', '\u200C', '\u200D', '\u2060', '\u00AD', '\uFEFF'];
/** Cyrillic letters drawn like Latin ones (UTS #39 confusables). */
const LOOK_ALIKE: Record<string, string> = { a: 'а', e: 'е', o: 'о', p: 'р', c: 'с', x: 'х', i: 'і', s: 'ѕ', B: 'В' };
const fullwidth = (char: string) =>
  char >= '!' && char <= '~' ? String.fromCharCode(char.charCodeAt(0) - 0x21 + 0xff01) : char;
const percent = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** One rewriting of the keyword: each picks positions from the random choices. */
type Rewrite = (keyword: string, choices: number[]) => string;
const REWRITES: Record<string, Rewrite> = {
  'format characters inside': (keyword, choices) =>
    Array.from(keyword, (char, index) =>
      index > 0 && choices[index % choices.length] % 3 === 0 ? `${FORMAT[choices[0] % FORMAT.length]}${char}` : char,
    ).join(''),
  'fullwidth letters': (keyword, choices) =>
    Array.from(keyword, (char, index) => (choices[index % choices.length] % 2 ? fullwidth(char) : char)).join(''),
  'look-alike letters': (keyword, choices) =>
    Array.from(keyword, (char, index) =>
      choices[index % choices.length] % 2 && LOOK_ALIKE[char] ? LOOK_ALIKE[char] : char,
    ).join(''),
  'percent-encoding': (keyword, choices) =>
    Array.from(keyword, (char, index) => (choices[index % choices.length] % 2 ? percent(char) : char)).join(''),
  'case changes': (keyword, choices) =>
    Array.from(keyword, (char, index) =>
      choices[index % choices.length] % 2 ? char.toUpperCase() : char.toLowerCase(),
    ).join(''),
};

/** Keywords whose case a reader ignores (header names, labels, prose): JSON's "oct" and cookie names keep theirs. */
const CASE_SENSITIVE = new Set(['"oct"']);

test('a secret keeps its verdict under format characters, fullwidth and look-alike letters, percent-encoding and case', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...SECRETS),
      fc.constantFrom(...Object.keys(REWRITES)),
      fc.array(fc.nat(1_000), { minLength: 1, maxLength: 16 }),
      ([before, keyword, after], rewrite, choices) => {
        if (rewrite === 'case changes' && CASE_SENSITIVE.has(keyword)) return;
        // Percent-encoding is how a URL carries text: only the URL's query is read percent-decoded.
        if (rewrite === 'percent-encoding' && !before.includes('?')) return;
        const text = `${before}${REWRITES[rewrite](keyword, choices)}${after}`;
        assert.ok(findSecrets(text).length > 0, `${rewrite}: ${JSON.stringify(text)}`);
      },
    ),
    { numRuns: 2_000, seed: 20 },
  );
});

test('a password in prose keeps its verdict across line breaks, and the value is mapped back to the text as given', () => {
  for (const text of [
    'the admin password is\nhunter2-Correct-Horse',
    'the admin password\nis hunter2-Correct-Horse',
    'le mot de\npasse : Tr0ub4dor&3',
    'la contraseña:\r\nS3creta-2026',
  ]) {
    const [finding] = findSecrets(text);
    assert.ok(finding, JSON.stringify(text));
    assert.match(text.slice(finding.start, finding.end), /^(?:hunter2-Correct-Horse|Tr0ub4dor&3|S3creta-2026)$/);
  }
  // A percent-encoded token inside a URL: the finding covers the encoded value as written.
  const url = '?redirect=https%3A%2F%2Fx%2F%3Faccess_token%3DAbCdEf0123456789xyz';
  const [finding] = findSecrets(url);
  assert.equal(url.slice(finding.start, finding.end), 'AbCdEf0123456789xyz');
});

test('the false positives stay clean under the same rewritings', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...CLEAN),
      fc.constantFrom(...Object.keys(REWRITES)),
      fc.array(fc.nat(1_000), { minLength: 1, maxLength: 16 }),
      ([before, keyword, after], rewrite, choices) => {
        const rewritten = `${before}${REWRITES[rewrite](keyword, choices)}${after}`;
        assert.deepEqual(findSecrets(rewritten), [], `${rewrite}: ${JSON.stringify(rewritten)}`);
      },
    ),
    { numRuns: 1_000, seed: 21 },
  );
});
