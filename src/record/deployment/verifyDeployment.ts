/**
 * Verifies a deployed copy of the record against its own manifest: every file the manifest lists
 * is fetched and its sha256 (and, for JSON, the sha256 of its RFC 8785 form) compared; the
 * manifest is checked against its schema; every URL of the sitemap answers 200 and is a page the
 * manifest lists. Beyond the listed digests: the package tarball against the manifest's `package`
 * entry (sha256, npm integrity, size, and that it opens), the manifest's own text through the claims
 * and redaction rules, the manifest's sha256 when the caller pins it (a file changed together with
 * its entry is caught only that way), and in a folder every file the manifest does not list (but
 * the ones its `coverage` says it omits) and every entry that is not a regular file or folder. A
 * malformed entry is reported with its JSON Pointer and skipped. How files are fetched (a folder, an
 * origin over HTTPS: deployment/node/) is the caller's: this module only reads what a `Fetch` returns
 * (for HTTP, the body decoded from its `Content-Encoding`), so it runs anywhere.
 */
import { fileDigests } from '../machine/machineRecords.ts';
import { SITE_ORIGIN } from '../model/locales.ts';
import { MANIFEST_PATH, SITEMAP_PATH } from '../model/publicPaths.ts';
import { claimProblems, jsonStrings } from '../checks/claimCheck.ts';
import { formatProblem } from '../../uai/problem.ts';
import { boolean, matching, number, objectOf, shapeProblem, string, type Shape } from '../model/jsonShape.ts';
import { isJsonObject } from '../../uai/jsonObject.ts';
import { jsonPointer } from '../../uai/jsonPointer.ts';
import { EDITION_INDEX_FILE, editionPath } from '../editions/editions.ts';
import { bundleFolder, editionBundlePath } from '../machine/editionBundle.ts';
import { tarFiles } from '../model/tarEntries.ts';
import { SitemapError, sitemapLocations } from '../machine/sitemapLocations.ts';

/** What one GET gave: an HTTP status and the body, or a network-level error. */
export type Fetched = { status: number; bytes: Uint8Array } | { error: string };
export type Fetch = (path: string) => Promise<Fetched>;

/** An entry of a folder that is not a regular file or a folder, so no host can be trusted to serve it as one. */
export interface RefusedEntry {
  path: string;
  kind:
    'a symbolic link' | 'a FIFO' | 'a socket' | 'a character device' | 'a block device' | 'an entry of unknown type';
}

/** What a folder holds, by public path: its regular files, and the entries it refuses. */
export interface TargetFiles {
  files: string[];
  refused: RefusedEntry[];
}

export interface VerifyOptions {
  /** The manifest's problems against its schema, one line each, named by `manifestUrl`. */
  checkManifestSchema: (manifestUrl: string, manifest: unknown) => string[];
  /** How many requests run at once. */
  concurrency: number;
  /** The target's files served over HTTP: files marked `served: false` (the host's `_headers`) are not fetched. */
  overHttp: boolean;
  /**
   * Every entry the target holds, by public path (a folder can say; an origin cannot): files the
   * manifest does not list and refused entries are reported.
   */
  listFiles?: () => Promise<TargetFiles>;
  /** The sha256 (64 hex digits) the manifest's bytes must have, pinned by the caller from a trusted source. */
  manifestSha256?: string;
  /** Why bytes do not open as a package tarball (gzip and tar), or undefined when they do. */
  tarballProblem?: (bytes: Uint8Array) => Promise<string | undefined>;
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
const MANIFEST_URL = `${SITE_ORIGIN}${MANIFEST_PATH}`;

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
  const unopened = await options.tarballProblem?.(bytes);
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
    inside = await tarFiles(options.gunzip(fetched.bytes));
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

/** The manifest's bytes, its text and its JSON object; or why nothing can be verified without it. */
async function readManifest(
  fetch: Fetch,
): Promise<{ bytes: Uint8Array; text: string; manifest: Record<string, unknown> } | { unreadable: string }> {
  const fetched = await fetch(MANIFEST_PATH);
  if ('error' in fetched || fetched.status !== 200)
    return { unreadable: `${MANIFEST_URL}: ${describe(fetched)}; nothing can be verified without the manifest` };
  const text = decoder.decode(fetched.bytes);
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isJsonObject(parsed)) throw new Error('not an object');
    return { bytes: fetched.bytes, text, manifest: parsed };
  } catch (error) {
    return { unreadable: `${MANIFEST_URL}: not a JSON object (${(error as Error).message})` };
  }
}

/**
 * The manifest's own bytes and text, which no entry covers: the sha256 the caller pins, its schema,
 * and the build's claims and redaction gates.
 */
async function manifestProblems(
  read: { bytes: Uint8Array; text: string; manifest: Record<string, unknown> },
  options: VerifyOptions,
): Promise<string[]> {
  const problems: string[] = [];
  if (options.manifestSha256 !== undefined) {
    const actual = hex(await digestOf('SHA-256', read.bytes));
    if (actual !== options.manifestSha256.toLowerCase())
      problems.push(`${MANIFEST_URL}: sha256 is ${actual}, --manifest-sha256 pins ${options.manifestSha256}`);
  }
  problems.push(...options.checkManifestSchema(MANIFEST_URL, read.manifest));
  problems.push(...claimProblems(MANIFEST_URL, jsonStrings(read.manifest).join('\n')).map(formatProblem));
  problems.push(...(options.redactionProblems?.(MANIFEST_PATH, read.text) ?? []));
  return problems;
}

type ListedFile = Pick<ManifestFile, 'url' | 'sha256' | 'jcs_sha256' | 'media_type'>;

/** One listed file fetched, against its sha256 and, for JSON, the sha256 of its RFC 8785 form. */
async function listedFileProblems(file: ListedFile, fetch: Fetch): Promise<string[]> {
  const path = sitePath(file.url);
  if (!path) return [`${file.url}: listed in the manifest but not a URL of ${SITE_ORIGIN}`];
  const fetched = await fetch(path);
  if ('error' in fetched || fetched.status !== 200) return [`${file.url}: ${describe(fetched)}, the manifest lists it`];
  const actual = fileDigests(
    fetched.bytes,
    file.jcs_sha256 !== undefined ? 'application/json' : (file.media_type ?? ''),
  );
  const problems: string[] = [];
  if (actual.sha256 !== file.sha256)
    problems.push(`${file.url}: sha256 is ${actual.sha256}, the manifest says ${file.sha256}`);
  if (file.jcs_sha256 !== undefined && actual.jcs_sha256 !== file.jcs_sha256)
    problems.push(
      `${file.url}: jcs_sha256 is ${actual.jcs_sha256 ?? '(not JSON)'}, the manifest says ${file.jcs_sha256}`,
    );
  return problems;
}

/**
 * The files the manifest lists (but those a host does not serve, over HTTP) and its route records,
 * each against its digests; the well-formed `files` entries, and how many files were checked.
 */
async function manifestFileProblems(
  manifest: Record<string, unknown>,
  fetch: Fetch,
  options: VerifyOptions,
): Promise<{ problems: string[]; files: ManifestFile[]; checked: number }> {
  const problems: string[] = [];
  const files = wellFormed<ManifestFile>(manifest.files, '/files', FILE_ENTRY, problems);
  const routes = wellFormed<{ record: string; record_sha256: string }>(
    manifest.routes,
    '/routes',
    ROUTE_ENTRY,
    problems,
  );
  const checked: ListedFile[] = [
    ...files.filter((file) => !(options.overHttp && file.served === false)),
    ...routes.map((route) => ({ url: route.record, sha256: route.record_sha256 })),
  ];
  const found = await mapBounded(checked, options.concurrency, (file) => listedFileProblems(file, fetch));
  return { problems: [...problems, ...found.flat()], files, checked: checked.length };
}

/** The manifest's `package` entry, when it has one, against the tarball it names. */
async function packageEntryProblems(
  manifest: Record<string, unknown>,
  fetch: Fetch,
  options: VerifyOptions,
): Promise<string[]> {
  if (manifest.package === undefined) return [];
  const problem = shapeProblem(PACKAGE_ENTRY, manifest.package);
  if (problem !== undefined) return [`${MANIFEST_URL} /package${problem.replace(/^\(root\)/, '')}`];
  return packageProblems(manifest.package as PackageEntry, fetch, options);
}

/** How a refused entry of a folder is reported. */
function refusedEntryProblem({ path, kind }: RefusedEntry): string {
  return kind === 'a symbolic link'
    ? `${SITE_ORIGIN}${path}: a symbolic link, which a host may follow anywhere: publish the file itself`
    : `${SITE_ORIGIN}${path}: ${kind}, not a regular file or folder, which a host cannot serve`;
}

/**
 * In a folder: each entry that is not a regular file or folder, and every file the manifest does
 * not list (but those its coverage says it omits: itself).
 */
function folderProblems(listing: TargetFiles, files: readonly ManifestFile[], manifest: Record<string, unknown>) {
  const listedPaths = new Set(files.map((file) => sitePath(file.url)));
  const omits = (manifest.coverage as { omits?: unknown } | undefined)?.omits;
  for (const omitted of Array.isArray(omits) ? omits : [])
    if (typeof omitted?.url === 'string') listedPaths.add(sitePath(omitted.url));
  return [
    ...listing.refused.map(refusedEntryProblem),
    ...listing.files
      .filter((path) => !listedPaths.has(path))
      .map((path) => `${SITE_ORIGIN}${path}: in the target but not listed in the manifest`),
  ];
}

/** The locations of the sitemap at `url` (fetched from `path`), or the line saying why there are none. */
async function fetchSitemap(
  url: string,
  path: string,
  fetch: Fetch,
  listedBy: string,
): Promise<{ locations: string[] } | { problem: string }> {
  const fetched = await fetch(path);
  if ('error' in fetched || fetched.status !== 200) return { problem: `${url}: ${describe(fetched)}${listedBy}` };
  try {
    return { locations: sitemapLocations(decoder.decode(fetched.bytes)) };
  } catch (error) {
    if (error instanceof SitemapError) return { problem: `${url}: ${error.message}` };
    throw error;
  }
}

/** The page URLs of every sitemap the sitemap index lists; each one that cannot be read is a line. */
async function sitemapPages(fetch: Fetch, problems: string[]): Promise<string[]> {
  const index = await fetchSitemap(`${SITE_ORIGIN}${SITEMAP_PATH}`, SITEMAP_PATH, fetch, '');
  if ('problem' in index) {
    problems.push(index.problem);
    return [];
  }
  const pages: string[] = [];
  for (const location of index.locations) {
    const path = sitePath(location);
    if (!path) {
      problems.push(`${SITE_ORIGIN}${SITEMAP_PATH}: ${location} is not a URL of ${SITE_ORIGIN}`);
      continue;
    }
    const sitemap = await fetchSitemap(location, path, fetch, ', the sitemap index lists it');
    if ('problem' in sitemap) problems.push(sitemap.problem);
    else pages.push(...sitemap.locations);
  }
  return pages;
}

/** The sitemap: every URL answers 200 and is a page the manifest lists. */
async function sitemapProblems(
  files: readonly ManifestFile[],
  fetch: Fetch,
  options: VerifyOptions,
): Promise<{ problems: string[]; urls: number }> {
  const problems: string[] = [];
  const pages = await sitemapPages(fetch, problems);
  const known = new Set(files.map((file) => file.url));
  const isKnownPage = (url: string) => known.has(url) || (url.endsWith('/') && known.has(`${url}index.html`));
  const pageProblems = await mapBounded(pages, options.concurrency, async (url) => {
    const path = sitePath(url);
    if (!path) return [`${url}: in the sitemap but not a URL of ${SITE_ORIGIN}`];
    const found: string[] = [];
    const fetched = await fetch(path);
    if ('error' in fetched || fetched.status !== 200) found.push(`${url}: ${describe(fetched)}, the sitemap lists it`);
    if (!isKnownPage(url)) found.push(`${url}: in the sitemap but not a page the manifest lists`);
    return found;
  });
  return { problems: [...problems, ...pageProblems.flat()], urls: pages.length };
}

export async function verifyDeployment(fetch: Fetch, options: VerifyOptions): Promise<VerifyReport> {
  const read = await readManifest(fetch);
  if ('unreadable' in read) return { problems: [], filesChecked: 0, sitemapUrls: 0, unreadable: read.unreadable };
  const { manifest } = read;
  const problems = await manifestProblems(read, options);
  const listed = await manifestFileProblems(manifest, fetch, options);
  problems.push(...listed.problems);
  problems.push(...(await packageEntryProblems(manifest, fetch, options)));
  const listing = options.listFiles ? await options.listFiles() : undefined;
  if (listing) problems.push(...folderProblems(listing, listed.files, manifest));
  problems.push(...(await editionProblems(manifest, fetch, options, listing?.files)));
  const sitemap = await sitemapProblems(listed.files, fetch, options);
  problems.push(...sitemap.problems);
  return { problems, filesChecked: listed.checked, sitemapUrls: sitemap.urls };
}
