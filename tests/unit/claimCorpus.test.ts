/**
 * The claim detector by class of rewording (tests/fixtures/claims/classes.json, en/es/fr/zh): other
 * names and addresses of UAIX, pronouns and lists, line breaks, "runtime orchestration", double
 * negation, Chinese, member names, text past 64 KiB, each offering's verb forms and synonyms
 * ("hosts your messaging", "keeps agents in sync", "certifie") and text in a URL's query string are
 * claims; denials, questions, other actors and identifiers are not. Then fast-check properties:
 * homoglyphs, fullwidth forms, format characters, case changes, line breaks and percent-encoding
 * change no verdict of any entry.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { check } from 'recheck';
import {
  findUnsupportedClaims,
  memberNameText,
  MAY_HOLD_STEM,
  MAY_NAME_UAIX,
  UAIX_MENTION,
  type ClaimLanguage,
} from '../../src/uai/supportClaims.ts';
import { unsupportedClaimRule } from '../../src/uai/policyRules.ts';
import { mayClaim, screenString } from '../../src/uai/stringScreen.ts';

interface Entry {
  class: string;
  language: ClaimLanguage;
  offering: string | null;
  text: string;
}
const ENTRIES: Entry[] = JSON.parse(
  readFileSync(new URL('../fixtures/claims/classes.json', import.meta.url), 'utf8'),
).sentences;
const POSITIVES = ENTRIES.filter((entry) => entry.offering !== null);
const NEGATIVES = ENTRIES.filter((entry) => entry.offering === null);

const verdict = (text: string) =>
  findUnsupportedClaims(text).map(({ offering, language }) => `${offering} (${language})`);
const expected = ({ offering, language }: Entry) => (offering ? [`${offering} (${language})`] : []);

test('the class corpus has positives of every class in several languages, and every kind of negative', () => {
  const classes = (entries: Entry[]) => new Set(entries.map((entry) => entry.class));
  for (const name of ['other-name', 'pronoun', 'list', 'line-break', 'runtime-noun', 'double-negation', 'chinese'])
    assert.ok(POSITIVES.filter((entry) => entry.class === name).length >= 3, name);
  // Each offering is a concept: its verb forms and synonyms in every language the record publishes.
  for (const name of ['verb-form', 'synonym'])
    for (const language of ['en', 'es', 'fr', 'zh'])
      assert.ok(
        POSITIVES.some((entry) => entry.class === name && entry.language === language),
        `${name} (${language})`,
      );
  for (const offering of new Set(POSITIVES.map((entry) => entry.offering)))
    assert.ok(
      POSITIVES.some((entry) => entry.class === 'verb-form' && entry.offering === offering) ||
        offering === 'official adapters',
      `a verb form of ${offering}`,
    );
  assert.ok(POSITIVES.filter((entry) => entry.class === 'query-string').length >= 3);
  assert.deepEqual([...classes(NEGATIVES)].sort(), ['denial', 'identifier', 'other-actor']);
  for (const language of ['en', 'es', 'fr', 'zh'])
    assert.ok(
      NEGATIVES.some((entry) => entry.language === language && entry.class === 'denial'),
      language,
    );
});

test('every class entry is classified as labelled, and the string screen lets every positive through', () => {
  const wrong = ENTRIES.filter((entry) => JSON.stringify(verdict(entry.text)) !== JSON.stringify(expected(entry)));
  assert.deepEqual(
    wrong.map((entry) => `${entry.class}: ${JSON.stringify(entry.text)} → ${JSON.stringify(verdict(entry.text))}`),
    [],
  );
  for (const entry of POSITIVES) assert.ok(mayClaim(screenString(entry.text)), entry.text);
});

test('member names are read as words: `_`, `-` and camelCase split; identifiers stay clean', () => {
  assert.equal(memberNameText('uaixCertifiedRuntime'), 'uaix Certified Runtime');
  assert.equal(memberNameText('UAIX_hosted-messaging'), 'UAIX hosted messaging');
  for (const name of [
    'uaixCertified',
    'UAIX_hosts_messages',
    'uaix-provides-hosted-import',
    'UAIXOrchestratesRuntimes',
  ]) {
    const issues = unsupportedClaimRule({ body: { [name]: true } });
    assert.deepEqual(
      issues.map(({ code, path }) => `${code} ${path}`),
      ['UAI-UNSUPPORTED-CLAIM /body'],
      name,
    );
    assert.match(issues[0].message, /^a member name here claims UAIX provides /);
  }
  for (const name of [
    'agt_uaix.publisher',
    'msg_uaix_id',
    'UAIX-DOC-3382',
    'certification',
    'urn:uaix:ext:certification',
  ])
    assert.deepEqual(unsupportedClaimRule({ body: { [name]: true } }), [], name);
});

test('text in a URL query string is read as a server reads it: percent-decoded, `+` a space, each value a clause', () => {
  const claims = [
    'https://x.example/?note=UAIX%20provides%20hosted%20messaging',
    'https://x.example/?note=UAIX+provides+hosted+messaging',
    'https://x.example/?a=1&note=UAIX%20certifies+implementations#top',
    // A malformed escape stays as written; the words around it are still read.
    'https://x.example/?note=UAIX+provides+hosted+messaging%2',
    'https://x.example/?note=UAIX+provides+hosted+messaging%zz',
  ];
  for (const text of claims) assert.equal(verdict(text).length, 1, text);
  for (const text of [
    // The path and the fragment are names, not statements; a denial passes; values are clauses of their own.
    'https://x.example/UAIX+provides+hosted+messaging',
    'https://x.example/#UAIX+provides+hosted+messaging',
    'https://x.example/?note=UAIX+does+not+provide+hosted+messaging',
    'https://x.example/?who=UAIX&what=the+runtime+hosts+the+messages',
    'https://x.example/?note=UAIX%2xprovides',
  ])
    assert.deepEqual(verdict(text), [], text);
});

test('the whole string is read: a claim after 64 KiB (and after 1 MiB) of other text is found, in every language', () => {
  const claims: Record<ClaimLanguage, string> = {
    en: 'UAIX certifies runtimes.',
    es: 'UAIX certifica los runtimes.',
    fr: 'UAIX certifie les environnements.',
    zh: 'UAIX 认证运行时。',
  };
  for (const size of [70_000, 1 << 20]) {
    const padding = 'Agent runtimes execute. '.repeat(Math.ceil(size / 24));
    for (const [language, claim] of Object.entries(claims)) {
      assert.deepEqual(verdict(`${padding}${claim}`), [`certification (${language})`], `${language} after ${size}`);
      assert.deepEqual(verdict(`${padding}UAIX does not certify runtimes.`), []);
    }
  }
});

test(
  'the regular expressions built from the lexicon data are linear time (recheck)',
  { timeout: 120_000 },
  async () => {
    for (const regExp of [UAIX_MENTION, MAY_NAME_UAIX, MAY_HOLD_STEM]) {
      const result = await check(regExp.source, regExp.flags.replace(/[gy]/g, ''), {
        timeout: 20_000,
        attackTimeout: null,
        incubationTimeout: null,
        seedingTimeout: null,
        recallTimeout: -1,
      });
      assert.equal(result.status, 'safe', `/${regExp.source}/${regExp.flags}`);
    }
  },
);

// ---------------------------------------------------------------- obfuscation properties

/** Latin letters and a Cyrillic or Greek letter drawn like each (UTS #39 confusables). */
const HOMOGLYPHS: Record<string, string[]> = {
  a: ['а', 'α'],
  c: ['с'],
  e: ['е'],
  i: ['і', 'ι'],
  o: ['о', 'ο'],
  p: ['р', 'ρ'],
  s: ['ѕ'],
  x: ['х', 'χ'],
  y: ['у'],
  A: ['А', 'Α'],
  B: ['В', 'Β'],
  C: ['С'],
  E: ['Е', 'Ε'],
  H: ['Н', 'Η'],
  I: ['І', 'Ι'],
  K: ['К', 'Κ'],
  M: ['М', 'Μ'],
  O: ['О', 'Ο'],
  P: ['Р', 'Ρ'],
  T: ['Т', 'Τ'],
  X: ['Х', 'Χ'],
};
const FORMAT_CHARACTERS = ['\u200b', '\u00ad', '\u2060', '\ufeff', '\u200d'];

type Transform = (text: string, choices: number[]) => string;
/** The `index`-th choice, cycling: the transforms take their decisions from one generated array. */
const pick = (choices: number[], index: number) => choices[index % choices.length];
const isAsciiLetter = (char: string) => /^[A-Za-z]$/.test(char);
const isLetter = (char: string) => /^\p{L}$/u.test(char);

const TRANSFORMS: Record<string, Transform> = {
  homoglyphs: (text, choices) =>
    Array.from(text, (char, index) => {
      const options = HOMOGLYPHS[char];
      return options && pick(choices, index) % 2 === 0 ? options[pick(choices, index + 1) % options.length] : char;
    }).join(''),
  fullwidth: (text, choices) =>
    text.replace(/[A-Za-z0-9]/g, (char, index: number) =>
      pick(choices, index) % 3 === 1 ? char : String.fromCharCode(char.charCodeAt(0) + 0xfee0),
    ),
  'format characters': (text, choices) => {
    const chars = Array.from(text);
    return chars
      .map((char, index) =>
        index > 0 && isLetter(char) && isLetter(chars[index - 1]) && pick(choices, index) % 2 === 0
          ? FORMAT_CHARACTERS[pick(choices, index + 1) % FORMAT_CHARACTERS.length] + char
          : char,
      )
      .join('');
  },
  'case changes': (text, choices) =>
    Array.from(text, (char, index) => (pick(choices, index) % 2 === 0 ? char.toUpperCase() : char.toLowerCase())).join(
      '',
    ),
  'line breaks': (text, choices) =>
    text.replace(/ /g, (space, index: number) => ['\n', '\r\n', ' \n', space][pick(choices, index) % 4]),
  'percent-encoding': (text, choices) =>
    Array.from(text, (char, index) =>
      isAsciiLetter(char) && pick(choices, index) % 2 === 0
        ? `%${char.charCodeAt(0).toString(16).toUpperCase()}`
        : char,
    ).join(''),
};
/** Percent-encoding last: a format character inside `%41` would no longer be a triplet to decode. */
const ORDER = Object.keys(TRANSFORMS);

const obfuscation = fc.record({
  transforms: fc.subarray(ORDER, { minLength: 1 }),
  choices: fc.array(fc.nat(1000), { minLength: 1, maxLength: 64 }),
});
const obfuscate = (text: string, { transforms, choices }: { transforms: string[]; choices: number[] }) =>
  ORDER.filter((name) => transforms.includes(name)).reduce((result, name) => TRANSFORMS[name](result, choices), text);

for (const [kind, entries] of [
  ['claim', POSITIVES],
  ['non-claim', NEGATIVES],
] as const) {
  test(`every ${kind} of the class corpus keeps its verdict under homoglyphs, fullwidth, format characters, case, line breaks and percent-encoding`, () => {
    fc.assert(
      fc.property(fc.constantFrom(...entries), obfuscation, (entry, how) => {
        const text = obfuscate(entry.text, how);
        assert.deepEqual(
          findUnsupportedClaims(text).map((finding) => finding.offering),
          entry.offering ? [entry.offering] : [],
          `${how.transforms.join(' + ')}: ${JSON.stringify(text)}`,
        );
        if (entry.offering) assert.ok(mayClaim(screenString(text)), JSON.stringify(text));
      }),
      { numRuns: 1_500, seed: 2020 },
    );
  });
}

test('each transform alone, applied everywhere it can be, keeps every verdict', () => {
  const everywhere = { choices: [0] };
  for (const name of ORDER) {
    for (const entry of ENTRIES) {
      const text = obfuscate(entry.text, { ...everywhere, transforms: [name] });
      if (name !== 'case changes' && name !== 'line breaks' && text === entry.text && /[A-Za-z]/.test(text))
        assert.fail(`${name} changed nothing in ${entry.text}`);
      assert.deepEqual(
        findUnsupportedClaims(text).map((finding) => finding.offering),
        entry.offering ? [entry.offering] : [],
        `${name}: ${JSON.stringify(text)}`,
      );
    }
  }
});
