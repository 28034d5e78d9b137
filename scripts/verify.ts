/**
 * `npm run verify -- [--manifest-sha256 <hex>] <dist-folder | https-origin>`: checks a deployed copy
 * of the record against its own manifest (/.well-known/uaix.json): the digest of every file it lists,
 * the package tarball against the manifest's package entry (sha256, integrity, size, and that it
 * opens), the manifest against its schema (this checkout's schemas/site/uaix-manifest.schema.json)
 * and its own text through the claims and redaction rules, every sitemap URL (answers 200, is a page
 * the manifest lists), every published edition (each file against its edition.json, in a folder
 * the files its edition.json does not list, its bundle against the manifest and its index), and in
 * a folder every file the manifest does not list and every entry that is not a regular file or
 * folder (a symbolic link, a FIFO…). Over HTTP, each answer is decoded from its Content-Encoding. With
 * --manifest-sha256, the manifest's own bytes too. One line per mismatch; the exit codes are USAGE's.
 */
import { existsSync, statSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import { formatProblem } from '../src/uai/problem.ts';
import { recordSchemaProblems } from '../src/record/content/node/siteSchemas.ts';
import { MANIFEST_SCHEMA_PATH } from '../src/record/model/publicPaths.ts';
import { verifyDeployment, type Fetch, type TargetFiles } from '../src/record/deployment/verifyDeployment.ts';
import { folderFetch, folderFiles } from '../src/record/deployment/node/folderTarget.ts';
import { originFetch } from '../src/record/deployment/node/originTarget.ts';
import { tarballProblem } from '../src/record/implementations/node/packageRelease.ts';
import { RedactionGate } from '../src/record/checks/node/redactionGate.ts';
import { redactionProblems } from '../src/record/checks/redaction.ts';

const USAGE = `usage: npm run verify -- [--manifest-sha256 <hex>] <dist-folder | https://origin>
  (http:// only for 127.0.0.1 or localhost)
  --manifest-sha256 <hex>  the sha256 the manifest must have, taken from a source you trust: without
                           it, a file changed together with its manifest entry cannot be caught
Exit codes: 0 everything matches, 1 a mismatch (one line each), 2 a usage error or a target
without a readable manifest.`;
const TIMEOUT_MS = 20_000;
const CONCURRENCY = 8;

function usage(message: string): never {
  console.error(`uaix verify: ${message}\n${USAGE}`);
  process.exit(2);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  let manifestSha256: string | undefined;
  const pin = args.indexOf('--manifest-sha256');
  if (pin !== -1) {
    manifestSha256 = args[pin + 1];
    if (manifestSha256 === undefined || !/^(?:sha256:)?[0-9a-fA-F]{64}$/.test(manifestSha256))
      usage('--manifest-sha256 takes the 64 hex digits of a sha256');
    manifestSha256 = manifestSha256.replace(/^sha256:/, '');
    args.splice(pin, 2);
  }
  if (args.length !== 1 || args[0].startsWith('-'))
    usage(args.length ? `unexpected arguments: ${args.join(' ')}` : 'name one target');
  const target = args[0];
  let fetcher: Fetch;
  let overHttp: boolean;
  let listFiles: (() => Promise<TargetFiles>) | undefined;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      usage(`${target} is not a URL`);
    }
    const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
      usage(`${target}: use https:// (plain http:// is accepted only for a local test server)`);
    if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
      usage(`${target}: give the origin only (scheme, host, port), not a path`);
    fetcher = originFetch(url.origin, TIMEOUT_MS);
    overHttp = true;
  } else {
    const root = resolve(target);
    if (!existsSync(root) || !statSync(root).isDirectory()) usage(`${target} is not a folder`);
    fetcher = folderFetch(root);
    overHttp = false;
    listFiles = async () => folderFiles(root);
  }

  const checkManifestSchema = (manifestUrl: string, manifest: unknown) =>
    recordSchemaProblems(manifestUrl, manifest, MANIFEST_SCHEMA_PATH).map(formatProblem);

  // The build's redaction rules and allow-list (an allowed example is allowed in the manifest too).
  const redaction = new RedactionGate();
  const report = await verifyDeployment(fetcher, {
    checkManifestSchema,
    concurrency: CONCURRENCY,
    overHttp,
    listFiles,
    manifestSha256,
    tarballProblem,
    gunzip: (bytes) => gunzipSync(bytes),
    redactionProblems: (path, text) => redactionProblems(path, text, redaction.entries, new Set()).map(formatProblem),
  });
  if (report.unreadable) {
    console.error(`uaix verify: ${report.unreadable}`);
    process.exitCode = 2;
    return;
  }
  for (const problem of report.problems) console.error(problem);
  const summary = `uaix verify: ${target}: ${report.filesChecked} files and ${report.sitemapUrls} sitemap URLs checked against the manifest`;
  if (report.problems.length) {
    console.error(`${summary}: ${report.problems.length} mismatch${report.problems.length === 1 ? '' : 'es'}`);
    process.exitCode = 1;
  } else {
    console.log(`${summary}: all match`);
  }
}

main().catch((error) => {
  console.error(`uaix verify: ${(error as Error).message}`);
  process.exitCode = 2;
});
