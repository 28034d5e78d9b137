/**
 * Verifies a deployed copy of the record against its own manifest: every file the manifest lists
 * is fetched and its sha256 (and, for JSON, the sha256 of its RFC 8785 form) compared; the
 * manifest is checked against its schema; every URL of the sitemap answers 200 and is a page the
 * manifest lists. Beyond the listed digests: the package tarball against the manifest's `package`
 * entry (sha256, npm integrity, size, and that it opens), the manifest's own text through the claims
 * and redaction rules, the manifest's sha256 when the caller pins it (a file changed together with
 * its entry is caught only that way), and in a folder every file the manifest does not list (but
 * the ones its `coverage` says it omits). A malformed entry is reported with its JSON Pointer and
 * skipped. How files are fetched (a folder, an origin over HTTPS) is the caller's: this module only
 * reads what a `Fetch` returns, so it runs anywhere.
 */
import { fileDigests } from './machineRecords.ts';
import { SITE_ORIGIN } from '../model/locales.ts';
import { MANIFEST_PATH, SITEMAP_PATH } from './publicPaths.ts';
import { claimProblems, jsonStrings } from '../checks/claimCheck.ts';
import { formatProblem } from '../../uai/problem.ts';
import { boolean, matching, number, objectOf, shapeProblem, string, type Shape } from '../jsonShape.ts';
import { isJsonObject } from '../../uai/jsonObject.ts';
import { jsonPointer } from '../../uai/jsonPointer.ts';
import { EDITION_INDEX_FILE, editionPath } from '../editions/editions.ts';
import { bundleFolder, editionBundlePath } from '../editions/editionBundle.ts';
import { tarFiles } from '../tarArchive.ts';

/** What one GET gave: an HTTP status and the body, or a network-level error. */
export type Fetched = { status: number; bytes: Uint8Array } | { error: string };
export type Fetch = (path: string) => Promise<Fetched>;

export interface VerifyOptions {
  /** The manifest's problems against its schema, one line each, named by `manifestUrl`. */
  checkManifestSchema: (manifestUrl: string, manifest: unknown) => string[];
  /** How many requests run at once. */
  concurrency: number;
  /** The target's files served over HTTP: files marked `served: false` (the host's `_headers`) are not fetched. */
  overHttp: boolean;
  /** Every file the target holds, by public path (a folder can say; an origin cannot): unlisted ones are reported. */
  listFiles?: () => Promise<string[]>;
  /** The sha256 (64 hex digits) the manifest's bytes must have, pinned by the caller from a trusted source. */
  manifestSha256?: string;
  /** Why bytes do not open as a package tarball (gzip and tar), or undefined when they do. */
  tarballProblem?: (bytes: Uint8Array) => string | undefined;
  /** The redaction rules over one published text (named by its public path): one line per finding. */
  redactionProblems?: (path: string, text: string) => string[];
  /** The tar inside a gzip (an edition's bundle), or an Error saying why it does not open. */
  gunzip?: (bytes: Uint8Array) => Uint8Array;
}

export interface VerifyReport {
  problems: string[];
  filesChecked: number;
  sitemapUrls: number;
  /** A problem that prevents checking anything else (no manifest): the target cannot be verified. */
  unreadable?: string;
}

interface ManifestFile {
  url: string;
  media_type?: string;
  sha256: string;
  jcs_sha256?: string;
  served?: boolean;
}

const decoder = new TextDecoder();

const FILE_ENTRY: Shape = objectOf(
  { url: string, sha256: string },
  { media_type: string, jcs_sha256: string, served: boolean },
);
const ROUTE_ENTRY: Shape = objectOf({ record: string, record_sha256: string });
const PACKAGE_ENTRY: Shape = objectOf({ tarball: string, sha256: string, integrity: string, bytes: number });

interface PackageEntry {
  tarball: string;
  sha256: string;
  integrity: string;
  bytes: number;
}

/**
 * The well-formed entries of `list` (a manifest array at `pointer`); each other one is a problem
 * naming its place and the rule it breaks, and is skipped.
 */
function wellFormed<T>(list: unknown, pointer: string, shape: Shape, problems: string[]): T[] {
  if (!Array.isArray(list)) return [];
  return list.filter((entry, index) => {
    const problem = shapeProblem(shape, entry);
    if (problem !== undefined)
      problems.push(`${SITE_ORIGIN}${MANIFEST_PATH} ${pointer}/${index}${problem.replace(/^\(root\)/, '')}`);
    return problem === undefined;
  }) as T[];
}

/** Web Crypto's digest (in Node and in browsers alike). */
const digestOf = (algorithm: 'SHA-256' | 'SHA-512', bytes: Uint8Array) =>
  crypto.subtle.digest(algorithm, bytes as Uint8Array<ArrayBuffer>);
const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** The tarball against the manifest's `package` entry: sha256, npm `integrity` (sha512, base64), size, opening. */
async function packageProblems(entry: PackageEntry, fetch: Fetch, options: VerifyOptions): Promise<string[]> {
  const path = sitePath(entry.tarball);
  if (!path)
    return [`${SITE_ORIGIN}${MANIFEST_PATH} /package/tarball: ${entry.tarball} is not a URL of ${SITE_ORIGIN}`];
  const fetched = await fetch(path);
  if ('error' in fetched || fetched.status !== 200)
    return [`${entry.tarball}: ${describe(fetched)}, the manifest's package entry names it`];
  const { bytes } = fetched;
  const problems: string[] = [];
  const sha256 = `sha256:${hex(await digestOf('SHA-256', bytes))}`;
  if (sha256 !== entry.sha256)
    problems.push(`${entry.tarball}: sha256 is ${sha256}, /package/sha256 says ${entry.sha256}`);
  const integrity = `sha512-${base64(await digestOf('SHA-512', bytes))}`;
  if (integrity !== entry.integrity)
    problems.push(`${entry.tarball}: integrity is ${integrity}, /package/integrity says ${entry.integrity}`);
  if (bytes.length !== entry.bytes)
    problems.push(`${entry.tarball}: ${bytes.length} bytes, /package/bytes says ${entry.bytes}`);
  const unopened = options.tarballProblem?.(bytes);
  if (unopened !== undefined) problems.push(`${entry.tarball}: the package tarball ${unopened}`);
  return problems;
}

/** `https://uaix.org/x` → `/x`; undefined for a URL outside the site. */
function sitePath(url: string): string | undefined {
  return url.startsWith(`${SITE_ORIGIN}/`) ? url.slice(SITE_ORIGIN.length) : undefined;
}

/** Runs `work` over `items`, at most `limit` at a time, keeping the items' order in the results. */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

const describe = (fetched: Fetched) => ('error' in fetched ? fetched.error : `answered ${fetched.status}`);

/** The `<loc>` URLs of a sitemap or sitemap index. */
export function sitemapLocations(xml: string): string[] {
  const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
  return [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((match) =>
    match[1].replace(/&(?:amp|lt|gt|quot|apos);/g, (entity) => entities[entity]),
  );
}

const EDITION_ID = /^[0-9]{4}-[0-9]{2}-[0-9]{2}(?:\.[0-9]+)?$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const EDITION_ENTRY: Shape = objectOf({
  id: matching(EDITION_ID),
  index: string,
  bundle: objectOf({ url: string, sha256: string, bytes: number }),
});

interface EditionEntry {
  /** Its JSON Pointer in the manifest. */
  pointer: string;
  id: string;
  index: string;
  bundle: { url: string; sha256: string; bytes: number };
}

const sha256Of = async (bytes: Uint8Array) => `sha256:${hex(await digestOf('SHA-256', bytes))}`;

/** A path an edition.json may list: relative, `/`-separated, without `.`, `..` or empty segments. */
function isEditionFilePath(path: string): boolean {
  return path !== EDITION_INDEX_FILE && path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/**
 * The files an edition.json lists (path → digest); each entry that is not a file path with a
 * sha256 is a problem at its JSON Pointer, and is skipped. Undefined when it is not an index at all.
 */
function listedEditionFiles(
  url: string,
  id: string,
  bytes: Uint8Array,
  problems: string[],
): { files: Map<string, string>; named: Set<string> } | undefined {
  let index: unknown;
  try {
    index = JSON.parse(decoder.decode(bytes));
  } catch (error) {
    problems.push(`${url}: not JSON (${(error as Error).message}); the edition's files cannot be checked`);
    return undefined;
  }
  if (!isJsonObject(index) || !isJsonObject(index.files)) {
    problems.push(`${url} /files: must be an object of file paths and sha256 digests`);
    return undefined;
  }
  if (index.id !== id) problems.push(`${url} /id: ${JSON.stringify(index.id)}, the manifest says edition ${id}`);
  const files = new Map<string, string>();
  for (const [path, digest] of Object.entries(index.files)) {
    const place = `${url} ${jsonPointer(['files', path])}`;
    if (!isEditionFilePath(path)) problems.push(`${place}: not a relative path inside the edition`);
    else if (typeof digest !== 'string' || !DIGEST.test(digest))
      problems.push(`${place}: must be a string sha256:<64 lowercase hex>`);
    else files.set(path, digest);
  }
  // A malformed entry still names its file: the folder check does not report it a second time.
  return { files, named: new Set(Object.keys(index.files)) };
}

/** Each listed file of an edition, fetched, against its edition.json digest. */
async function editionFileProblems(
  id: string,
  files: ReadonlyMap<string, string>,
  fetch: Fetch,
  options: VerifyOptions,
): Promise<string[]> {
  const results = await mapBounded([...files], options.concurrency, async ([file, digest]) => {
    const url = `${SITE_ORIGIN}${editionPath(id, file)}`;
    const fetched = await fetch(editionPath(id, file));
    if ('error' in fetched || fetched.status !== 200)
      return [
        `${url}: ${describe(fetched)}, its ${EDITION_INDEX_FILE} lists it; a released edition never loses a file`,
      ];
    const actual = await sha256Of(fetched.bytes);
    return actual === digest ? [] : [`${url}: sha256 is ${actual}, its ${EDITION_INDEX_FILE} lists ${digest}`];
  });
  return results.flat();
}

/**
 * An edition's bundle against the manifest (sha256, size), and inside it, once it opens, every file
 * of the edition as its edition.json lists it, and that edition.json itself.
 */
async function bundleProblems(
  entry: EditionEntry,
  files: ReadonlyMap<string, string> | undefined,
  indexBytes: Uint8Array | undefined,
  fetch: Fetch,
  options: VerifyOptions,
): Promise<string[]> {
  const { url } = entry.bundle;
  const pointer = `${SITE_ORIGIN}${MANIFEST_PATH} ${entry.pointer}/bundle`;
  if (url !== `${SITE_ORIGIN}${editionBundlePath(entry.id)}`)
    return [`${pointer}/url: ${url} is not ${SITE_ORIGIN}${editionBundlePath(entry.id)}, beside the edition's folder`];
  const fetched = await fetch(editionBundlePath(entry.id));
  if ('error' in fetched || fetched.status !== 200) return [`${url}: ${describe(fetched)}, the manifest lists it`];
  const problems: string[] = [];
  const sha256 = await sha256Of(fetched.bytes);
  if (sha256 !== entry.bundle.sha256)
    problems.push(`${url}: sha256 is ${sha256}, ${pointer}/sha256 says ${entry.bundle.sha256}`);
  if (fetched.bytes.length !== entry.bundle.bytes)
    problems.push(`${url}: ${fetched.bytes.length} bytes, ${pointer}/bytes says ${entry.bundle.bytes}`);
  if (!options.gunzip) return problems;
  let inside: Map<string, Uint8Array>;
  try {
    inside = new Map(tarFiles(options.gunzip(fetched.bytes)).map((file) => [file.name, file.bytes]));
  } catch (error) {
    return [...problems, `${url}: does not open as a gzipped tar archive: ${(error as Error).message}`];
  }
  const top = bundleFolder(entry.id);
  const bundled = inside.get(`${top}/${EDITION_INDEX_FILE}`);
  if (!bundled) problems.push(`${url}: holds no ${top}/${EDITION_INDEX_FILE}`);
  else if (indexBytes && (await sha256Of(bundled)) !== (await sha256Of(indexBytes)))
    problems.push(`${url}: its ${top}/${EDITION_INDEX_FILE} is not the published ${EDITION_INDEX_FILE}`);
  for (const [file, digest] of files ?? []) {
    const bytes = inside.get(`${top}/${file}`);
    if (!bytes) problems.push(`${url}: holds no ${top}/${file}, which ${EDITION_INDEX_FILE} lists`);
    else if ((await sha256Of(bytes)) !== digest)
      problems.push(`${url}: its ${top}/${file} is not the file ${EDITION_INDEX_FILE} lists (${digest})`);
  }
  return problems;
}

/**
 * Every edition the manifest lists: its edition.json read (each malformed entry a line), every file
 * it lists against its digest, in a folder every file of the edition's folder it does not list, and
 * the edition's bundle against the manifest.
 */
async function editionProblems(
  manifest: Record<string, unknown>,
  fetch: Fetch,
  options: VerifyOptions,
  allFiles: readonly string[] | undefined,
): Promise<string[]> {
  const problems: string[] = [];
  const section = manifest.edition;
  if (section === undefined) return problems;
  const list = isJsonObject(section) ? section.editions : undefined;
  if (!Array.isArray(list)) return [`${SITE_ORIGIN}${MANIFEST_PATH} /edition/editions: must be an array`];
  const entries = list.flatMap((value: unknown, at) => {
    const problem = shapeProblem(EDITION_ENTRY, value);
    const pointer = `/edition/editions/${at}`;
    if (problem !== undefined)
      problems.push(`${SITE_ORIGIN}${MANIFEST_PATH} ${pointer}${problem.replace(/^\(root\)/, '')}`);
    return problem === undefined ? [{ ...(value as Omit<EditionEntry, 'pointer'>), pointer }] : [];
  });
  for (const entry of entries) {
    const indexUrl = `${SITE_ORIGIN}${editionPath(entry.id, EDITION_INDEX_FILE)}`;
    if (entry.index !== indexUrl) {
      problems.push(`${SITE_ORIGIN}${MANIFEST_PATH} ${entry.pointer}/index: ${entry.index} is not ${indexUrl}`);
      continue;
    }
    const fetched = await fetch(editionPath(entry.id, EDITION_INDEX_FILE));
    let listed: ReturnType<typeof listedEditionFiles>;
    let indexBytes: Uint8Array | undefined;
    if ('error' in fetched || fetched.status !== 200)
      problems.push(`${indexUrl}: ${describe(fetched)}, the manifest lists it`);
    else {
      indexBytes = fetched.bytes;
      listed = listedEditionFiles(indexUrl, entry.id, fetched.bytes, problems);
    }
    const files = listed?.files;
    if (listed && files) {
      problems.push(...(await editionFileProblems(entry.id, files, fetch, options)));
      const folder = editionPath(entry.id);
      for (const path of allFiles ?? []) {
        const file = path.startsWith(folder) ? path.slice(folder.length) : undefined;
        if (file !== undefined && file !== EDITION_INDEX_FILE && !listed.named.has(file))
          problems.push(`${SITE_ORIGIN}${path}: in the edition's folder but not listed in its ${EDITION_INDEX_FILE}`);
      }
    }
    problems.push(...(await bundleProblems(entry, files, indexBytes, fetch, options)));
  }
  return problems;
}

export async function verifyDeployment(fetch: Fetch, options: VerifyOptions): Promise<VerifyReport> {
  const report: VerifyReport = { problems: [], filesChecked: 0, sitemapUrls: 0 };
  const manifestUrl = `${SITE_ORIGIN}${MANIFEST_PATH}`;
  const fetchedManifest = await fetch(MANIFEST_PATH);
  if ('error' in fetchedManifest || fetchedManifest.status !== 200) {
    report.unreadable = `${manifestUrl}: ${describe(fetchedManifest)}; nothing can be verified without the manifest`;
    return report;
  }
  const manifestText = decoder.decode(fetchedManifest.bytes);
  let manifest: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(manifestText);
    if (!isJsonObject(parsed)) throw new Error('not an object');
    manifest = parsed;
  } catch (error) {
    report.unreadable = `${manifestUrl}: not a JSON object (${(error as Error).message})`;
    return report;
  }
  if (options.manifestSha256 !== undefined) {
    const actual = hex(await digestOf('SHA-256', fetchedManifest.bytes));
    if (actual !== options.manifestSha256.toLowerCase())
      report.problems.push(`${manifestUrl}: sha256 is ${actual}, --manifest-sha256 pins ${options.manifestSha256}`);
  }
  report.problems.push(...options.checkManifestSchema(manifestUrl, manifest));
  // The manifest's own text, which no entry covers: the build's claims and redaction gates.
  report.problems.push(...claimProblems(manifestUrl, jsonStrings(manifest).join('\n')).map(formatProblem));
  report.problems.push(...(options.redactionProblems?.(MANIFEST_PATH, manifestText) ?? []));
  const files = wellFormed<ManifestFile>(manifest.files, '/files', FILE_ENTRY, report.problems);

  // The files and their digests.
  const listed = files.filter((file) => !(options.overHttp && file.served === false));
  const routes = wellFormed<{ record: string; record_sha256: string }>(
    manifest.routes,
    '/routes',
    ROUTE_ENTRY,
    report.problems,
  );
  const routeRecords = routes.map((route) => ({
    url: route.record,
    sha256: route.record_sha256,
  }));
  const fileProblems = await mapBounded(
    [...listed, ...routeRecords],
    options.concurrency,
    async (file: Pick<ManifestFile, 'url' | 'sha256' | 'jcs_sha256' | 'media_type'>) => {
      const path = sitePath(file.url);
      if (!path) return [`${file.url}: listed in the manifest but not a URL of ${SITE_ORIGIN}`];
      const fetched = await fetch(path);
      if ('error' in fetched || fetched.status !== 200)
        return [`${file.url}: ${describe(fetched)}, the manifest lists it`];
      const actual = fileDigests(
        fetched.bytes,
        file.jcs_sha256 !== undefined ? 'application/json' : (file.media_type ?? ''),
      );
      const problems: string[] = [];
      if (actual.sha256 !== file.sha256)
        problems.push(`${file.url}: sha256 is ${actual.sha256}, the manifest says ${file.sha256}`);
      if (file.jcs_sha256 !== undefined && actual.jcs_sha256 !== file.jcs_sha256) {
        problems.push(
          `${file.url}: jcs_sha256 is ${actual.jcs_sha256 ?? '(not JSON)'}, the manifest says ${file.jcs_sha256}`,
        );
      }
      return problems;
    },
  );
  report.filesChecked = listed.length + routeRecords.length;
  report.problems.push(...fileProblems.flat());

  const packageProblem = manifest.package === undefined ? undefined : shapeProblem(PACKAGE_ENTRY, manifest.package);
  if (packageProblem !== undefined)
    report.problems.push(`${manifestUrl} /package${packageProblem.replace(/^\(root\)/, '')}`);
  else if (manifest.package !== undefined)
    report.problems.push(...(await packageProblems(manifest.package as PackageEntry, fetch, options)));

  // Every file the target holds is listed, but those the manifest's coverage says it omits (itself).
  const allFiles = options.listFiles ? await options.listFiles() : undefined;
  if (allFiles) {
    const listedPaths = new Set(files.map((file) => sitePath(file.url)));
    const omits = (manifest.coverage as { omits?: unknown } | undefined)?.omits;
    for (const omitted of Array.isArray(omits) ? omits : [])
      if (typeof omitted?.url === 'string') listedPaths.add(sitePath(omitted.url));
    for (const path of allFiles)
      if (!listedPaths.has(path))
        report.problems.push(`${SITE_ORIGIN}${path}: in the target but not listed in the manifest`);
  }

  // Every published edition: its files against its edition.json, and its bundle against the manifest.
  report.problems.push(...(await editionProblems(manifest, fetch, options, allFiles)));

  // The sitemap: every URL answers 200 and is a page the manifest lists.
  const known = new Set(files.map((file) => file.url));
  const isKnownPage = (url: string) => known.has(url) || (url.endsWith('/') && known.has(`${url}index.html`));
  const sitemapIndex = await fetch(SITEMAP_PATH);
  if ('error' in sitemapIndex || sitemapIndex.status !== 200) {
    report.problems.push(`${SITE_ORIGIN}${SITEMAP_PATH}: ${describe(sitemapIndex)}`);
    return report;
  }
  const pages: string[] = [];
  for (const location of sitemapLocations(decoder.decode(sitemapIndex.bytes))) {
    const path = sitePath(location);
    if (!path) {
      report.problems.push(`${SITE_ORIGIN}${SITEMAP_PATH}: ${location} is not a URL of ${SITE_ORIGIN}`);
      continue;
    }
    const sitemap = await fetch(path);
    if ('error' in sitemap || sitemap.status !== 200) {
      report.problems.push(`${location}: ${describe(sitemap)}, the sitemap index lists it`);
      continue;
    }
    pages.push(...sitemapLocations(decoder.decode(sitemap.bytes)));
  }
  report.sitemapUrls = pages.length;
  const pageProblems = await mapBounded(pages, options.concurrency, async (url) => {
    const path = sitePath(url);
    if (!path) return [`${url}: in the sitemap but not a URL of ${SITE_ORIGIN}`];
    const problems: string[] = [];
    const fetched = await fetch(path);
    if ('error' in fetched || fetched.status !== 200)
      problems.push(`${url}: ${describe(fetched)}, the sitemap lists it`);
    if (!isKnownPage(url)) problems.push(`${url}: in the sitemap but not a page the manifest lists`);
    return problems;
  });
  report.problems.push(...pageProblems.flat());
  return report;
}
