/**
 * The released editions' bundles kept between builds (.cache/edition-bundles.json): the bundle
 * given is the packed one byte for byte, a later build takes it from the file instead of packing it
 * (while the edition's bytes are those it was packed from), and a damaged file is packed again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../../src/uai/node/recordFiles.ts';
import { readCommittedEditions } from '../../../src/record/editions/node/editionFiles.ts';
import { EDITION_INDEX_FILE, EDITIONS_FOLDER } from '../../../src/record/editions/editions.ts';
import {
  committedEditionBundle,
  editionBundleCacheFile,
  packEditionBundle,
} from '../../../src/record/machine/node/editionBundle.ts';
import { readCacheFile, writeCacheFile } from '../../../src/record/node/cacheFile.ts';
import { jsonObject } from '../../../src/record/model/jsonShape.ts';

const [edition] = readCommittedEditions(REPOSITORY_ROOT).editions;
const index = edition.index!;
const roots: string[] = [];

/** A root holding the edition's folder (and the cache file of `from`, when given): each its own bundles. */
function rootWithEdition(from?: string): string {
  const root = mkdtempSync(join(tmpdir(), 'uaix-bundles-'));
  roots.push(root);
  cpSync(join(REPOSITORY_ROOT, EDITIONS_FOLDER, edition.folder), join(root, EDITIONS_FOLDER, edition.folder), {
    recursive: true,
  });
  if (from) cpSync(editionBundleCacheFile(from), editionBundleCacheFile(root));
  return root;
}

test.after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

type Kept = { code: string; entries: Record<string, { source: string; base64: string }> };
const kept = (root: string): Kept => {
  const read = readCacheFile<Kept>(editionBundleCacheFile(root), jsonObject);
  assert.ok('value' in read, JSON.stringify(read));
  return read.value;
};

test('the bundle is the packed one, kept for the next build, which takes it from the file', async () => {
  const first = rootWithEdition();
  const indexBytes = readFileSync(join(first, EDITIONS_FOLDER, edition.folder, EDITION_INDEX_FILE));
  const packed = await packEditionBundle(index, indexBytes, edition.files);
  const bundle = await committedEditionBundle(index, first);
  assert.deepEqual(bundle, packed);
  assert.equal(kept(first).entries[edition.folder].base64, packed.bytes.toString('base64'));

  // A kept entry (planted with its digest line) is what the next build takes, without packing.
  const second = rootWithEdition(first);
  const planted = kept(second);
  planted.entries[edition.folder].base64 = Buffer.from('planted').toString('base64');
  writeCacheFile(editionBundleCacheFile(second), planted);
  assert.equal((await committedEditionBundle(index, second)).bytes.toString(), 'planted');

  // Once a byte of the edition differs from what the entry was packed from, the entry is not used.
  const third = rootWithEdition(second);
  const [file] = Object.keys(index.files);
  writeFileSync(join(third, EDITIONS_FOLDER, edition.folder, file), 'another text');
  assert.notEqual((await committedEditionBundle(index, third)).bytes.toString(), 'planted');
});

test('a damaged file (cut short) is packed again, the same bytes, and rewritten', async () => {
  const first = rootWithEdition();
  const packed = await committedEditionBundle(index, first);
  const second = rootWithEdition(first);
  const intact = readFileSync(editionBundleCacheFile(second));
  writeFileSync(editionBundleCacheFile(second), intact.subarray(0, intact.length / 2));
  assert.deepEqual(await committedEditionBundle(index, second), packed);
  assert.deepEqual(readFileSync(editionBundleCacheFile(second)), intact);
});
