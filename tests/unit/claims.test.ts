/**
 * The support-claim detector over its labelled corpus (tests/fixtures/claims/corpus.json, en/es/fr),
 * over every content file of the record, and under the transformations that must not change a
 * verdict: a negation elsewhere in the sentence, format characters, compatibility forms.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import {
  findUnsupportedClaims,
  findUnsupportedClaim,
  splitSentences,
  UNSUPPORTED_OFFERINGS,
  type ClaimLanguage,
} from '../../src/uai/supportClaims.ts';
import { normalizeRuleText } from '../../src/uai/textNormalization.ts';
import { REPOSITORY_ROOT } from '../../src/uai/node/recordFiles.ts';
import { unsupportedClaimRule } from '../../src/uai/policyRules.ts';
import { CONTENT_DIR } from '../../src/record/content/node/contentFiles.ts';
import { walkFiles } from '../../src/record/node/walkFiles.ts';
import { jsonStrings } from '../../src/record/checks/claimCheck.ts';

interface Labelled {
  language: ClaimLanguage;
  offering: string | null;
  text: string;
}
const CORPUS: Labelled[] = JSON.parse(
  readFileSync(new URL('../fixtures/claims/corpus.json', import.meta.url), 'utf8'),
).sentences;
const CLAIMS = CORPUS.filter((entry) => entry.offering !== null);
const NON_CLAIMS = CORPUS.filter((entry) => entry.offering === null);
const OFFERINGS = UNSUPPORTED_OFFERINGS.map((entry) => entry.offering);
const LANGUAGES: ClaimLanguage[] = ['en', 'es', 'fr', 'zh'];

const verdict = (text: string) =>
  findUnsupportedClaims(text).map(({ offering, language }) => `${offering} (${language})`);
const expected = ({ offering, language }: Labelled) => (offering ? [`${offering} (${language})`] : []);

test('the corpus has at least 60 sentences and, in each language, a claim of every offering and non-claims', () => {
  assert.ok(CORPUS.length >= 60, `${CORPUS.length} sentences`);
  for (const language of LANGUAGES) {
    const claimed = new Set(CLAIMS.filter((entry) => entry.language === language).map((entry) => entry.offering));
    assert.deepEqual([...claimed].sort(), [...OFFERINGS].sort(), `claims in ${language}`);
    assert.ok(NON_CLAIMS.filter((entry) => entry.language === language).length >= 5, `non-claims in ${language}`);
  }
  for (const entry of CLAIMS) assert.ok(OFFERINGS.includes(entry.offering!), entry.text);
});

test('every corpus sentence is classified as labelled: offering (or none) and language', () => {
  const wrong = CORPUS.filter((entry) => JSON.stringify(verdict(entry.text)) !== JSON.stringify(expected(entry)));
  assert.deepEqual(
    wrong.map((entry) => `${entry.text} → ${JSON.stringify(verdict(entry.text))}`),
    [],
  );
});

const NO_SETUP: Record<ClaimLanguage, { after: string; before: string }> = {
  en: { after: ', and no setup is required.', before: 'No setup is required, and ' },
  es: { after: ' y no requiere ninguna configuración.', before: 'No requiere configuración, y ' },
  fr: { after: ' et n’exige aucune configuration.', before: 'Aucune configuration n’est requise, et ' },
  zh: { after: '，而且不需要任何配置。', before: '不需要任何配置，而且' },
};

test('a negation elsewhere in the sentence does not hide a claim (before or after it, every claim, every language)', () => {
  for (const entry of CLAIMS) {
    const { after, before } = NO_SETUP[entry.language];
    const sentence = entry.text.replace(/[.!]$/, '');
    for (const text of [`${sentence}${after}`, `${before}${sentence}.`]) {
      assert.deepEqual(
        findUnsupportedClaims(text).map((finding) => finding.offering),
        [entry.offering],
        text,
      );
    }
  }
});

const ZERO_WIDTH_SPACE = '\u200b';
const SOFT_HYPHEN = '\u00ad';
/** ASCII letters and digits as their fullwidth compatibility forms (NFKC maps them back). */
const fullwidth = (text: string) =>
  text.replace(/[A-Za-z0-9]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));
const interleave = (text: string, mark: string) => Array.from(text).join(mark);

test('format characters and compatibility forms change no verdict: text is normalized before matching', () => {
  for (const entry of CORPUS) {
    for (const variant of [
      interleave(entry.text, ZERO_WIDTH_SPACE),
      interleave(entry.text, SOFT_HYPHEN),
      fullwidth(entry.text),
    ]) {
      assert.deepEqual(verdict(variant), expected(entry), JSON.stringify(variant));
    }
  }
});

test('the finding names the sentence, normalized, inside longer text', () => {
  for (const entry of CLAIMS) {
    const text = `Agent runtimes execute. ${interleave(entry.text, ZERO_WIDTH_SPACE)} Reviewers read the record.`;
    const [finding] = findUnsupportedClaims(text);
    assert.ok(
      finding && splitSentences(normalizeRuleText(entry.text)).includes(finding.sentence),
      `${text} → ${finding?.sentence}`,
    );
  }
  assert.equal(
    findUnsupportedClaim('UAIX records packets. UAIX certifies runtimes. UAIX hosts messages.')?.offering,
    'certification',
  );
  assert.deepEqual(
    findUnsupportedClaims('UAIX certifies runtimes. UAIX offers hosted imports and automatic sync.').map(
      (finding) => finding.offering,
    ),
    ['certification', 'automatic sync', 'hosted import'],
  );
});

test('every content file, in every locale, is free of claims (the support boundary is stated, never violated)', () => {
  const files = walkFiles(CONTENT_DIR).filter((file) => /\.(md|json)$/.test(file));
  assert.ok(files.length > 50, `${files.length} content files`);
  for (const locale of ['en-us', 'es-us', 'fr-fr'])
    assert.ok(
      files.some((file) => file.includes(`/${locale}`)),
      `the ${locale} record is read`,
    );
  // A JSON file is read string by string, as the build's claims gate reads the records.
  const texts = (file: string) =>
    file.endsWith('.json') ? jsonStrings(JSON.parse(readFileSync(file, 'utf8'))) : [readFileSync(file, 'utf8')];
  const found = files.flatMap((file) =>
    texts(file)
      .flatMap(findUnsupportedClaims)
      .map((claim) => `${relative(REPOSITORY_ROOT, file)}: ${claim.offering}: ${claim.sentence}`),
  );
  assert.deepEqual(found, []);
});

test('the detector reads the whole string: a claim after a megabyte of other text is found', () => {
  const padding = 'Agent runtimes execute. '.repeat(50_000);
  assert.equal(findUnsupportedClaims(`${padding}UAIX certifies runtimes.`)[0]?.offering, 'certification');
  const [issue] = unsupportedClaimRule({ body: { note: `${padding}UAIX certifies runtimes.` } });
  assert.match(issue.message, /^the text claims UAIX provides certification; remove the claim/);
});
