/**
 * The installable package as the site publishes it: its name and version (read from
 * packages/uai-1/package.json, the one place they are stated), the tarball `npm pack` made, its
 * public path under /tools/ and its digests (sha256, and npm's `integrity`, sha512 in base64).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { toolPath } from '../../model/publicPaths.ts';
import type { PackageRelease } from '../packageCommands.ts';
import { tarEntries } from '../../model/tarEntries.ts';

export type { PackageRelease };

export const PACKAGE_DIR = join(REPOSITORY_ROOT, 'packages/uai-1');
/** Where `npm run package` and the build pack the tarball (git-ignored). */
export const PACKED_DIR = join(REPOSITORY_ROOT, '.cache/package');

export interface PackageManifest {
  name: string;
  version: string;
  license: string;
}

/** A release with the place of its tarball on disk. */
export interface PackedRelease extends PackageRelease {
  file: string;
}

/** name, version and license of packages/uai-1/package.json. */
export function packageManifest(): PackageManifest {
  const { name, version, license } = JSON.parse(
    readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8'),
  ) as PackageManifest;
  return { name, version, license };
}

/** The tarball's file name as npm pack writes it: scope without `@`, `/` → `-`, then the version. */
export function tarballName(manifest: PackageManifest): string {
  return `${manifest.name.replace(/^@/, '').replace('/', '-')}-${manifest.version}.tgz`;
}

/** The release made by `npm pack` into `folder`; fails when the tarball is not there. */
export function packageRelease(folder: string = PACKED_DIR): PackedRelease {
  const manifest = packageManifest();
  const fileName = tarballName(manifest);
  const file = join(folder, fileName);
  if (!existsSync(file)) throw new Error(`${file}: the package tarball is missing; run npm run package`);
  const bytes = readFileSync(file);
  return {
    ...manifest,
    fileName,
    file,
    path: toolPath(fileName),
    sha256: `sha256:${createHash('sha256').update(bytes).digest('hex')}`,
    integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
    bytes: bytes.length,
  };
}

/**
 * Why the bytes of a package tarball do not open as one (gzip, then every tar header, and npm's
 * `package/package.json` among the entries), or undefined when they do.
 */
export async function tarballProblem(bytes: Uint8Array): Promise<string | undefined> {
  let names: string[];
  try {
    names = (await tarEntries(gunzipSync(bytes))).map((entry) => entry.name);
  } catch (error) {
    return `does not open as a gzipped tar archive: ${(error as Error).message}`;
  }
  return names.includes('package/package.json') ? undefined : 'holds no package/package.json';
}
