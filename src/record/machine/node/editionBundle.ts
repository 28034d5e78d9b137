/**
 * Writes an edition's offline bundle (editionBundle.ts says what is in it) as the same bytes on
 * every build: tar entries in name order, each with the edition's date as its time, fixed modes,
 * owner 0:0 named root, written by tar-stream (ustar); gzip at a fixed level, its header's time 0
 * and its OS byte fixed, so neither the clock nor the platform reaches the bytes.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pack as tarPack } from 'tar-stream';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { nodeSha256 } from '../../../uai/node/nodeValidator.ts';
import { sha256Digest } from '../../../uai/sha256.ts';
import { EDITION_INDEX_FILE, EDITIONS_FOLDER, type EditionIndex } from '../../editions/editions.ts';
import { editionBundleEntries, editionBundlePath, type BundleEntry } from '../editionBundle.ts';
import { objectOf, string } from '../../model/jsonShape.ts';
import { readKeptEntries, writeKeptEntries } from '../../node/cacheFile.ts';

const FILE_MODE = 0o644;
const FOLDER_MODE = 0o755;
/** zlib's best compression: the bundle is written once per build and read many times. */
const GZIP_LEVEL = 9;
/** The gzip header's OS byte: 255, "unknown", whatever platform wrote it (RFC 1952, 2.3.1). */
const GZIP_OS_UNKNOWN = 255;

/** The tar archive of the entries, in their order, every entry at `mtime`. */
async function tarOf(entries: readonly BundleEntry[], mtime: Date): Promise<Buffer> {
  const archive = tarPack();
  const chunks: Buffer[] = [];
  archive.on('data', (chunk) => chunks.push(chunk as Buffer));
  const ended = new Promise<void>((resolve, reject) => {
    archive.on('end', resolve);
    archive.on('error', reject);
  });
  const owner = { uid: 0, gid: 0, uname: 'root', gname: 'root', mtime };
  for (const entry of entries) {
    if (entry.type === 'directory') archive.entry({ ...owner, name: entry.name, type: 'directory', mode: FOLDER_MODE });
    else archive.entry({ ...owner, name: entry.name, type: 'file', mode: FILE_MODE }, Buffer.from(entry.bytes));
  }
  archive.finalize();
  await ended;
  return Buffer.concat(chunks);
}

/** gzip with a header that holds no time (bytes 4 to 7 zero) and the fixed OS byte (byte 9). */
function gzipFixed(bytes: Uint8Array): Buffer {
  const gzipped = gzipSync(bytes, { level: GZIP_LEVEL });
  gzipped.fill(0, 4, 8);
  gzipped[9] = GZIP_OS_UNKNOWN;
  return gzipped;
}

export interface EditionBundle {
  /** Its public path, `/editions/<id>.tar.gz`. */
  path: string;
  bytes: Buffer;
  /** sha256:<hex> of the bytes. */
  sha256: string;
}

/** The bundle of an edition from its index and the bytes of its files (edition.json's own bytes apart). */
export async function packEditionBundle(
  index: EditionIndex,
  indexBytes: Uint8Array,
  files: ReadonlyMap<string, Uint8Array>,
): Promise<EditionBundle> {
  const mtime = new Date(`${index.date}T00:00:00Z`);
  const bytes = gzipFixed(await tarOf(editionBundleEntries(index.id, indexBytes, files), mtime));
  return { path: editionBundlePath(index.id), bytes, sha256: sha256Digest(bytes, nodeSha256) };
}

const bundles = new Map<string, Promise<EditionBundle>>();

/** A bundle an earlier build packed: the digest of what it was packed from, and its bytes. */
interface KeptBundle {
  source: string;
  base64: string;
}

const KEPT_BUNDLE_SHAPE = objectOf({ source: string, base64: string });

/** Where the bundles are kept between builds (`.cache/edition-bundles.json`). */
export function editionBundleCacheFile(root = REPOSITORY_ROOT): string {
  return join(root, '.cache', 'edition-bundles.json');
}

/** The kept bundles by edition id, read once per process and root (a damaged file is one note). */
const keptBundles = new Map<string, Map<string, KeptBundle>>();

function keptBundlesOf(root: string): Map<string, KeptBundle> {
  let kept = keptBundles.get(root);
  if (!kept) {
    kept = readKeptEntries<KeptBundle>(
      editionBundleCacheFile(root),
      KEPT_BUNDLE_SHAPE,
      'every edition bundle is packed again',
    );
    keptBundles.set(root, kept);
  }
  return kept;
}

/**
 * The bundle of an edition from its committed bytes: the one an earlier build packed from the same
 * bytes with the same code (released editions never change; gzip at level 9 took most of a second
 * a build, twice), else packed now and kept.
 */
async function keptEditionBundle(
  index: EditionIndex,
  indexBytes: Uint8Array,
  files: ReadonlyMap<string, Uint8Array>,
  root: string,
): Promise<EditionBundle> {
  const hash = createHash('sha256').update(indexBytes);
  for (const [name, bytes] of files) hash.update('\0').update(name).update('\0').update(bytes);
  const source = hash.digest('hex');
  const kept = keptBundlesOf(root);
  const found = kept.get(index.id);
  if (found?.source === source) {
    const bytes = Buffer.from(found.base64, 'base64');
    return { path: editionBundlePath(index.id), bytes, sha256: sha256Digest(bytes, nodeSha256) };
  }
  const bundle = await packEditionBundle(index, indexBytes, files);
  kept.set(index.id, { source, base64: bundle.bytes.toString('base64') });
  writeKeptEntries(editionBundleCacheFile(root), kept);
  return bundle;
}

/**
 * The bundle of a committed edition (its index already checked), made once per process: the build
 * writes it, and the templates print its digest and size.
 */
export function committedEditionBundle(index: EditionIndex, root = REPOSITORY_ROOT): Promise<EditionBundle> {
  const key = `${root}\n${index.id}`;
  let bundle = bundles.get(key);
  if (!bundle) {
    const folder = join(root, EDITIONS_FOLDER, index.id);
    const files = new Map(Object.keys(index.files).map((file) => [file, readFileSync(join(folder, file))]));
    bundle = keptEditionBundle(index, readFileSync(join(folder, EDITION_INDEX_FILE)), files, root);
    bundles.set(key, bundle);
  }
  return bundle;
}
