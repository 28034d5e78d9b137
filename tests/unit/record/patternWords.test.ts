/** Field rules in words: every pattern of the packet schemas is said by one rule, in every locale. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { patternWords } from '../../../src/record/model/patternWords.ts';
import { schemaPatterns } from '../../../src/record/checks/schemaPatterns.ts';
import { REPOSITORY_ROOT } from '../../../src/uai/node/recordFiles.ts';

const SCHEMAS = join(REPOSITORY_ROOT, 'schemas/uai-1');
const LOCALES = ['en-us', 'es-us', 'es-es', 'fr-fr', 'zh-cn'];

/** The envelope's and every profile's patterns: what the field tables show. */
const packetPatterns = [
  ...new Set(
    readdirSync(SCHEMAS)
      .filter((name) => name === 'envelope.schema.json' || /^uai\.agent\..+\.schema\.json$/.test(name))
      .flatMap((name) => schemaPatterns(JSON.parse(readFileSync(join(SCHEMAS, name), 'utf8'))))
      .map((pattern) => pattern.source),
  ),
];

test('every pattern of the packet schemas has words, and each string it names exists in every locale with its slots', () => {
  assert.ok(packetPatterns.length >= 10, `${packetPatterns.length} patterns`);
  const strings = Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'content/i18n', `${locale}.json`), 'utf8')) as Record<
        string,
        string
      >,
    ]),
  );
  const problems: string[] = [];
  for (const pattern of packetPatterns) {
    const words = patternWords(pattern);
    if (!words) {
      problems.push(`no words for ${pattern}`);
      continue;
    }
    for (const locale of LOCALES) {
      const text = strings[locale][words.key];
      if (!text) problems.push(`${locale}: no ${words.key}`);
      else
        for (const slot of Object.keys(words.values))
          if (!text.includes(`{${slot}}`)) problems.push(`${locale}: ${words.key} lacks {${slot}}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('patternWords: a prefixed identifier names its prefix; the non-blank class is read; anything else has no words', () => {
  assert.deepEqual(patternWords('^agt_[a-z0-9][a-z0-9._-]*$'), { key: 'rule.prefixed_id', values: { prefix: 'agt_' } });
  assert.deepEqual(patternWords('[^\\u0000-\\u0020\\u007F-\\u00A0\\uFEFF]'), { key: 'rule.non_blank', values: {} });
  assert.equal(patternWords('^agt_[a-z0-9][a-z0-9._-]+$'), undefined);
  assert.equal(patternWords('[^\\u0000-\\u0020a-z]'), undefined);
  assert.equal(patternWords('^sha256:[0-9a-f]{63}$'), undefined);
});
