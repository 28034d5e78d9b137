/**
 * The installable package `@uaix/uai-1` (packages/uai-1/): compiles the core (`src/uai/`) and the
 * `uaix` command (`src/cli/`) into packages/uai-1/dist/ (esbuild for JavaScript, with the few ajv
 * runtime helpers bundled so the package has no dependencies; tsc for the types), copies the
 * published schemas and fixtures beside it, and packs it with `npm pack`. The build packs it before
 * Astro renders (pages print its digest and commands); `npm run package` (scripts/package.ts) packs it alone.
 */
import { ProblemListError } from '../uai/problem.ts';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { buildSync } from 'esbuild';
import { createRequire } from 'node:module';
import type TypeScript from 'typescript';
import { REPOSITORY_ROOT, SCHEMA_DIR } from '../uai/node/recordFiles.ts';
import { walkFiles } from '../record/node/walkFiles.ts';
import {
  PACKAGE_DIR,
  PACKED_DIR,
  packageManifest,
  packageRelease,
  tarballName,
  tarballProblem,
  type PackedRelease,
} from '../record/implementations/node/packageRelease.ts';
import { cacheNote, readCacheFile, writeCacheFile } from '../record/node/cacheFile.ts';
import { objectOf, string } from '../record/model/jsonShape.ts';

const DIST = join(PACKAGE_DIR, 'dist');
const NOTICES_FILE = join(PACKAGE_DIR, 'THIRD-PARTY-NOTICES');
/** Beside the tarball: what it was packed from and its digest (cacheFile.ts). */
const PACK_RECORD = 'packed.json';

export class PackageBuildError extends ProblemListError {}

/**
 * The bundled JavaScript: the library (browser- and Node-safe), the Node helpers and the command.
 * Returns the npm packages bundled in.
 */
function bundle(): string[] {
  const result = buildSync({
    absWorkingDir: REPOSITORY_ROOT,
    entryPoints: { index: 'src/uai/index.ts', node: 'src/uai/node/index.ts', cli: 'src/cli/run.ts' },
    outdir: DIST,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunks/[name]-[hash]',
    // Smaller files parse faster: start-up is most of a one-file `uaix validate`.
    minify: true,
    legalComments: 'none',
    // node_modules may be symlinked (test copies of the repository): keep its paths, so the bytes
    // do not depend on where it lives.
    preserveSymlinks: true,
    metafile: true,
    logLevel: 'silent',
  });
  if (result.errors.length)
    throw new PackageBuildError(
      result.errors.map(({ location, text }) => ({
        file: location?.file ?? 'package',
        ...(location ? { place: { line: location.line, column: location.column + 1 } } : {}),
        message: text,
        rule: 'package-bundle',
      })),
    );
  const packages = new Set<string>();
  for (const input of Object.keys(result.metafile!.inputs)) {
    const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) packages.add(match[1]);
  }
  return [...packages].sort();
}

/** Declarations for the two entries, with `.js` specifiers so they resolve next to the compiled files. */
function declarations(): void {
  // Loaded here, not imported: TypeScript takes 0.36 s and 77 MB to load, and most builds reuse
  // the packed package and never compile it.
  const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;
  const options: TypeScript.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    declaration: true,
    emitDeclarationOnly: true,
    allowImportingTsExtensions: true,
    rewriteRelativeImportExtensions: true,
    skipLibCheck: true,
    types: ['node'],
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    rootDir: join(REPOSITORY_ROOT, 'src'),
    outDir: join(DIST, 'types'),
  };
  const program = ts.createProgram(
    [join(REPOSITORY_ROOT, 'src/uai/index.ts'), join(REPOSITORY_ROOT, 'src/uai/node/index.ts')],
    options,
  );
  const emitted = program.emit();
  const problems = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].filter(
    (diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error,
  );
  if (problems.length) {
    throw new PackageBuildError(
      problems.map(({ file, start, messageText, code }) => ({
        file: file ? relative(REPOSITORY_ROOT, file.fileName) : 'package types',
        ...(file ? { place: { line: file.getLineAndCharacterOfPosition(start ?? 0).line + 1 } } : {}),
        message: ts.flattenDiagnosticMessageText(messageText, ' '),
        rule: `TS${code}`,
      })),
    );
  }
  for (const file of walkFiles(join(DIST, 'types'))) {
    const text = readFileSync(file, 'utf8');
    const rewritten = text.replace(/(from '\.{1,2}\/[^']*)\.ts'/g, "$1.js'");
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}

/** The license texts of the npm packages bundled into dist/ (MIT: their notices must travel with the code). */
function thirdPartyNotices(packages: readonly string[]): void {
  const sections = packages.map((name) => {
    const dir = join(REPOSITORY_ROOT, 'node_modules', name);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      version: string;
      license?: string;
    };
    const licenseFile = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license']
      .map((file) => join(dir, file))
      .find((file) => {
        try {
          return readFileSync(file).length > 0;
        } catch {
          return false;
        }
      });
    if (!licenseFile)
      throw new PackageBuildError({
        file: `node_modules/${name}`,
        message: 'bundled into @uaix/uai-1 but has no LICENSE file to reproduce',
        rule: 'package-notices',
      });
    return `${name}@${manifest.version} (${manifest.license ?? 'see below'})\n\n${readFileSync(licenseFile, 'utf8').trim()}\n`;
  });
  writeFileSync(NOTICES_FILE, `@uaix/uai-1 bundles code from these packages:\n\n${sections.join('\n---\n\n')}`);
}

/** The published schemas and fixtures, as the site publishes them. */
function copySchemas(): void {
  for (const file of walkFiles(SCHEMA_DIR)) {
    const to = join(PACKAGE_DIR, 'schemas/uai-1', relative(SCHEMA_DIR, file));
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(file, to);
  }
}

/**
 * The requirement ↔ code map (content/requirements.json), so that `uaix conformance` names the
 * requirement ids of every case in the package as in the repository.
 */
const REQUIREMENTS_FILE = 'content/requirements.json';

function copyRequirements(): void {
  const to = join(PACKAGE_DIR, REQUIREMENTS_FILE);
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(join(REPOSITORY_ROOT, REQUIREMENTS_FILE), to);
}

/** Compiles packages/uai-1/ in place (dist/, schemas/, content/requirements.json, THIRD-PARTY-NOTICES). */
export function buildPackage(): void {
  rmSync(DIST, { recursive: true, force: true });
  rmSync(join(PACKAGE_DIR, 'schemas'), { recursive: true, force: true });
  rmSync(join(PACKAGE_DIR, 'content'), { recursive: true, force: true });
  thirdPartyNotices(bundle());
  declarations();
  copySchemas();
  copyRequirements();
}

/**
 * The files the package is made from, digested in a fixed order: the core and the command, the
 * schemas and fixtures, the package's own files, this build and the lockfile (esbuild's, tsc's and
 * the bundled helpers' versions), and the requirement map it ships. Nothing else goes into the
 * tarball, so the same digest packs the same bytes.
 */
function packageInputsDigest(): string {
  const sources = ['src/uai', 'src/cli'].flatMap((folder) => walkFiles(join(REPOSITORY_ROOT, folder)));
  const ownFiles = ['package.json', 'README.md', 'LICENSE'].map((file) => join(PACKAGE_DIR, file));
  const build = ['src/pipeline/uaiPackage.ts', 'package-lock.json', REQUIREMENTS_FILE].map((file) =>
    join(REPOSITORY_ROOT, file),
  );
  const files = [...sources, ...walkFiles(SCHEMA_DIR), ...ownFiles, ...build].map((file) =>
    relative(REPOSITORY_ROOT, file),
  );
  const hash = createHash('sha256');
  for (const file of files.sort())
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(REPOSITORY_ROOT, file)))
      .update('\0');
  return hash.digest('hex');
}

/** What `.cache/package/packed.json` records of the last pack: its inputs, and the tarball it gave. */
interface PackRecord {
  inputs: string;
  fileName: string;
  sha256: string;
}
const PACK_RECORD_SHAPE = objectOf({ inputs: string, fileName: string, sha256: string });

/**
 * The tarball in `destination` when it can be reused: packed from these `inputs` (and the compiled
 * package still beside its sources), with the recorded digest, and opening as a package. Anything
 * else is packed again, with a note when the cache was damaged rather than out of date.
 */
async function reusableRelease(destination: string, inputs: string): Promise<PackedRelease | undefined> {
  const recordFile = join(destination, PACK_RECORD);
  const read = readCacheFile<PackRecord>(recordFile, PACK_RECORD_SHAPE);
  if ('damaged' in read) cacheNote(recordFile, read.damaged, 'the package is packed again');
  if (!('value' in read) || !existsSync(DIST)) return undefined;
  const { value: record } = read;
  if (record.inputs !== inputs || record.fileName !== tarballName(packageManifest())) return undefined;
  const packed = join(destination, record.fileName);
  if (!existsSync(packed)) return undefined;
  const release = packageRelease(destination);
  const problem =
    release.sha256 !== record.sha256
      ? `is not the tarball packed (sha256 ${release.sha256}, packed as ${record.sha256})`
      : await tarballProblem(readFileSync(packed));
  if (problem === undefined) return release;
  cacheNote(packed, problem, 'the package is packed again');
  return undefined;
}

/**
 * Builds the package and packs it into `destination` with `npm pack`; the release says where and
 * with which digests. When the tarball there was packed from the same inputs and is intact, it is
 * reused: compiling and packing is a quarter of a build of the record, and most builds change no
 * input of the package. A new tarball must open too before it is published.
 */
export async function packPackage(destination: string = PACKED_DIR): Promise<PackedRelease> {
  const inputs = packageInputsDigest();
  const reusable = await reusableRelease(destination, inputs);
  if (reusable) return reusable;
  rmSync(join(destination, PACK_RECORD), { force: true });
  buildPackage();
  mkdirSync(destination, { recursive: true });
  const npm = spawnSync('npm', ['pack', '--silent', '--pack-destination', destination], {
    cwd: PACKAGE_DIR,
    encoding: 'utf8',
  });
  if (npm.status !== 0)
    throw new PackageBuildError({
      file: 'packages/uai-1',
      message: `npm pack exited with ${npm.status ?? npm.signal}: ${npm.stderr.trim().split('\n').pop()}`,
      rule: 'package-pack',
    });
  const release = packageRelease(destination);
  const problem = await tarballProblem(readFileSync(release.file));
  if (problem)
    throw new PackageBuildError({
      file: relative(REPOSITORY_ROOT, release.file),
      message: `npm pack wrote a tarball that ${problem}`,
      rule: 'package-pack',
    });
  writeCacheFile(join(destination, PACK_RECORD), {
    inputs,
    fileName: release.fileName,
    sha256: release.sha256,
  } satisfies PackRecord);
  return release;
}
