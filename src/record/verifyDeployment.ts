/**
 * Verifies a deployed copy of the record against its own manifest: every file the manifest lists
 * is fetched and its sha256 (and, for JSON, the sha256 of its RFC 8785 form) compared; the
 * manifest is checked against its schema; every URL of the sitemap answers 200 and is a page the
 * manifest lists. How files are fetched (a folder, an origin over HTTPS) is the caller's: this
 * module only reads what a `Fetch` returns, so it runs anywhere.
 */
import { fileDigests } from './machineRecords.ts';
import { SITE_ORIGIN } from './locales.ts';
import { MANIFEST_PATH, SITEMAP_PATH } from './publicPaths.ts';

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
  let manifest: { files?: ManifestFile[]; routes?: { record: string; record_sha256: string }[] };
  try {
    manifest = JSON.parse(decoder.decode(fetchedManifest.bytes));
  } catch (error) {
    report.unreadable = `${manifestUrl}: not JSON (${(error as Error).message})`;
    return report;
  }
  report.problems.push(...options.checkManifestSchema(manifest).map((problem) => `${manifestUrl} ${problem}`));
  const files = Array.isArray(manifest.files) ? manifest.files : [];

  // The files and their digests.
  const listed = files.filter((file) => !(options.overHttp && file.served === false));
  const routeRecords = (Array.isArray(manifest.routes) ? manifest.routes : []).map((route) => ({
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
