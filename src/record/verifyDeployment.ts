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
import { SITE_ORIGIN } from './locales.ts';
import { MANIFEST_PATH, SITEMAP_PATH } from './publicPaths.ts';
import { claimProblems, jsonStrings } from './claimCheck.ts';
import { boolean, number, objectOf, shapeProblem, string, type Shape } from './jsonShape.ts';
import { isJsonObject } from '../uai/jsonObject.ts';

/** What one GET gave: an HTTP status and the body, or a network-level error. */
export type Fetched = { status: number; bytes: Uint8Array } | { error: string };
export type Fetch = (path: string) => Promise<Fetched>;

export interface VerifyOptions {
  /** Problems of the manifest against its schema, one line each ([] when it is valid). */
  checkManifestSchema: (manifest: unknown) => string[];
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
  report.problems.push(...options.checkManifestSchema(manifest).map((problem) => `${manifestUrl} ${problem}`));
  // The manifest's own text, which no entry covers: the build's claims and redaction gates.
  report.problems.push(...claimProblems(manifestUrl, jsonStrings(manifest).join('\n')));
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
  if (options.listFiles) {
    const listedPaths = new Set(files.map((file) => sitePath(file.url)));
    const omits = (manifest.coverage as { omits?: unknown } | undefined)?.omits;
    for (const omitted of Array.isArray(omits) ? omits : [])
      if (typeof omitted?.url === 'string') listedPaths.add(sitePath(omitted.url));
    for (const path of await options.listFiles())
      if (!listedPaths.has(path))
        report.problems.push(`${SITE_ORIGIN}${path}: in the target but not listed in the manifest`);
  }

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
