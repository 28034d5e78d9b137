/**
 * The record's one tar reader (tar-stream): names beyond ustar's 100 + 155 characters and names
 * outside ASCII come whole from their pax headers, and a broken archive is refused with the reason:
 * a header altered, an entry cut short, or no zero block at the end (a tarball cut between entries).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tarFiles } from '../../../src/record/model/tarEntries.ts';
import { tarball } from '../../support/plantedFiles.ts';

const LONG_NAME = `bundle/${'schemas/'.repeat(40)}envelope.schema.json`;
const FILES = {
  'bundle/edition.json': '{"edition":"2026-12-01"}',
  [LONG_NAME]: '{"$id":"x"}',
  'bundle/zh-cn/术语表.md': '# 术语表\n',
};

test('tarFiles: every regular file by its whole name (pax path beyond ustar, non-ASCII), with its bytes', async () => {
  assert.ok(LONG_NAME.length > 255, 'the long name does not fit a ustar header');
  const files = await tarFiles(await tarball(FILES, false));
  assert.deepEqual(
    [...files].map(([name, bytes]) => [name, Buffer.from(bytes).toString('utf8')]),
    Object.entries(FILES),
  );
});

test('tarFiles: an altered header, an entry cut short and a missing closing zero block are refused', async () => {
  const tar = await tarball({ 'bundle/edition.json': 'x'.repeat(600), 'bundle/b.json': '{}' }, false);
  const altered = Buffer.from(tar);
  altered[0] ^= 1;
  // Header and two data blocks of the first entry: the archive ends where the second entry's header would be.
  const betweenEntries = tar.subarray(0, 3 * 512);
  const cases: [string, Uint8Array, RegExp][] = [
    ['a header altered', altered, /Invalid tar header/],
    ['an entry cut short', tar.subarray(0, 512 + 100), /Unexpected end of data/],
    ['cut between entries', betweenEntries, /the tar archive ends without its closing zero block/],
  ];
  for (const [damage, bytes, expected] of cases) await assert.rejects(tarFiles(bytes), expected, damage);
});
