/**
 * The packed package in `.cache/package/` is reused only when it is intact: a tarball cut short or
 * altered, or a pack record that is damaged, is packed again, giving the bytes a clean pack gives;
 * and a tarball opens only when its gzip stream, every tar header and npm's package.json are there.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { packPackage } from '../../src/pipeline/uaiPackage.ts';
import { tarballProblem } from '../../src/record/implementations/node/packageRelease.ts';
import { writeCacheFile } from '../../src/record/node/cacheFile.ts';
import { withPackageFolderAsync } from '../support/packageFolderLock.ts';

const destination = mkdtempSync(join(tmpdir(), 'uaix-package-cache-'));
after(() => rmSync(destination, { recursive: true, force: true }));

const clean = await withPackageFolderAsync(() => packPackage(destination));
const cleanBytes = readFileSync(clean.file);

test('tarballProblem: the packed tarball opens; cut, re-gzipped cut, altered headers and no package.json do not', async () => {
  assert.equal(await tarballProblem(cleanBytes), undefined);
  const tar = gunzipSync(cleanBytes);
  const badChecksum = Buffer.from(tar);
  badChecksum[0] ^= 1;
  const renamed = Buffer.from(tar.toString('latin1').replace('package/package.json', 'package/package.jsox'), 'latin1');
  const cases: [string, Uint8Array, RegExp][] = [
    ['gzip cut short', cleanBytes.subarray(0, cleanBytes.length - 100), /does not open as a gzipped tar archive/],
    ['tar cut short', gzipSync(tar.subarray(0, 1024 + 100)), /Unexpected end of data/],
    ['tar cut after a block', gzipSync(tar.subarray(0, 1024)), /closing zero block|Unexpected end of data/],
    ['a header altered', gzipSync(badChecksum), /Invalid tar header/],
    ['no package.json', gzipSync(renamed), /Invalid tar header|holds no package\/package\.json/],
    ['not gzip', new TextEncoder().encode('{}'), /does not open/],
  ];
  for (const [damage, bytes, expected] of cases)
    assert.match((await tarballProblem(bytes)) ?? 'opens', expected, damage);
});

test('a damaged cached tarball or pack record is packed again, to the bytes a clean pack gives', async () => {
  const recordFile = join(destination, 'packed.json');
  const damages: Record<string, () => void> = {
    'tarball cut short': () => writeFileSync(clean.file, cleanBytes.subarray(0, cleanBytes.length / 2)),
    'record null': () => writeCacheFile(recordFile, null),
  };
  for (const [damage, apply] of Object.entries(damages)) {
    apply();
    const release = await withPackageFolderAsync(() => packPackage(destination));
    assert.deepEqual(release, clean, damage);
    assert.deepEqual(readFileSync(release.file), cleanBytes, damage);
  }
});
