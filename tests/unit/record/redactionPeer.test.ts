/**
 * Issue 37, part 3: the publication gate measured against a maintained scanner, secretlint's
 * recommended preset, over the planted corpus (tests/support/plantedCorpus.ts) read as text. Every
 * secret secretlint finds in a plant's text the gate's rules find at an overlapping place, and the
 * gate, reading the planted file by its type, reports that plant.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync, inflateSync } from 'node:zlib';
import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import { findRedactionProblems } from '../../../src/record/checks/redaction.ts';
import { readPublishedFile } from '../../../src/record/checks/publishedFileReading.ts';
import { PLANTS } from '../../support/plantedCorpus.ts';

/** The preset with the AWS rule's id scan on (off by default), as tests/unit/secretPeer.test.ts runs it. */
const PRESET = {
  rules: [
    {
      id: recommended.meta.id,
      rule: recommended,
      rules: [{ id: '@secretlint/secretlint-rule-aws', options: { enableIDScanRule: true } }],
    },
  ],
};
const codecs = { inflate: (bytes: Uint8Array) => inflateSync(bytes), gunzip: (bytes: Uint8Array) => gunzipSync(bytes) };

async function secretlintRanges(text: string): Promise<{ ruleId: string; range: [number, number] }[]> {
  const result = await lintSource({
    source: { content: text, filePath: '/corpus/plant.txt', ext: '.txt', contentType: 'text' },
    options: { config: PRESET },
  });
  return result.messages.map(({ ruleId, range }) => ({ ruleId, range: range as [number, number] }));
}

test('every secret secretlint finds in the planted corpus, the gate finds too', async () => {
  const missed: string[] = [];
  let found = 0;
  for (const plant of PLANTS) {
    if (plant.text === undefined) continue;
    const theirs = await secretlintRanges(plant.text);
    const ours = findRedactionProblems(plant.text);
    for (const { ruleId, range } of theirs) {
      found++;
      if (!ours.some((finding) => finding.start < range[1] && range[0] < finding.end))
        missed.push(`${plant.file}: ${ruleId} at ${range.join('-')}`);
    }
    if (theirs.length && plant.bytes) {
      // And the gate, reading the planted file by its type, reports it (a finding or a refusal).
      const reading = await readPublishedFile(plant.file, await plant.bytes(), { codecs, allowsType: () => false });
      const reported =
        reading.refusals.length > 0 || reading.texts.some((text) => findRedactionProblems(text.text).length > 0);
      if (!reported) missed.push(`${plant.file}: the gate's reading of the file reports nothing`);
    }
  }
  console.log(`secretlint found ${found} planted secrets`);
  assert.ok(found >= 5, `secretlint found only ${found} planted secrets: the comparison measures nothing`);
  assert.deepEqual(missed, [], 'secrets secretlint finds that the gate misses');
});
