/**
 * Issue 37, part 7: `npm run verify` judges what a host serves. Against a real `astro preview`
 * (which serves dist/ with the host model, hostPreview.ts) there is no false mismatch and the
 * RFC 9727 API catalog answers 200 as a linkset. Against a small server that encodes answers (gzip,
 * x-gzip, deflate, br, identity, and a `.tar.gz` sent unchanged under `Content-Encoding: gzip`, as
 * sirv, Vite's preview, and Apache's AddEncoding do) every file still verifies, and verify asks only
 * for codings it decodes; a coding it cannot decode is one line naming the coding and the URL.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { runVerify as verify, type VerifyRun as Run } from '../support/verifyRun.ts';
import { DIST, REPOSITORY_ROOT, SITE_ORIGIN, assertBuilt } from '../support/paths.ts';

const show = (run: Run) => `exit ${run.status}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr.slice(0, 4000)}`;
const mismatches = (run: Run) => run.stderr.trim().split('\n').slice(0, -1);

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

/** How the tiny server sends a path: a coding and the body under it. */
type Encode = (bytes: Buffer) => { coding: string; body: Buffer };

/** dist/ over node:http (`/x/` is `/x/index.html`), each path in `encodings` sent under its coding. */
async function encodingServer(encodings: Record<string, Encode>, asked: Set<string>): Promise<Server> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    asked.add(String(request.headers['accept-encoding'] ?? ''));
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    const file = join(DIST, path.endsWith('/') ? `${path}index.html` : path);
    if (path.includes('..') || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      response.writeHead(404).end();
      return;
    }
    const bytes = readFileSync(file);
    const encoded = encodings[path]?.(bytes);
    response.writeHead(200, encoded ? { 'Content-Encoding': encoded.coding } : {});
    response.end(encoded ? encoded.body : bytes);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return server;
}
const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const closeServer = (server: Server | undefined) =>
  new Promise((done) => (server ? (server.close(done), server.closeAllConnections()) : done(undefined)));

const manifest = () =>
  JSON.parse(readFileSync(join(DIST, '.well-known/uaix.json'), 'utf8')) as {
    package: { tarball: string };
    edition: { editions: { bundle: { url: string } }[] };
  };
const pathOf = (url: string) => new URL(url).pathname;

let preview: ChildProcess | undefined;
let previewOrigin: string;

before(async () => {
  assertBuilt();
  const port = await freePort();
  previewOrigin = `http://127.0.0.1:${port}`;
  // Its own process group, so that the whole of it is ended afterwards.
  preview = spawn(
    process.execPath,
    ['node_modules/astro/astro.js', 'preview', '--port', String(port), '--host', '127.0.0.1', '--outDir', DIST],
    { cwd: REPOSITORY_ROOT, detached: true, stdio: 'ignore', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answered = await fetch(`${previewOrigin}/robots.txt`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline || preview.exitCode !== null) throw new Error('astro preview did not answer in 60 s');
    await new Promise((done) => setTimeout(done, 250));
  }
});

after(() => {
  if (preview?.pid !== undefined && preview.exitCode === null) process.kill(-preview.pid, 'SIGTERM');
});

test('astro preview: verify passes with no false mismatch; the API catalog answers 200 as a linkset', async () => {
  const catalog = await fetch(`${previewOrigin}/.well-known/api-catalog`);
  assert.equal(catalog.status, 200);
  assert.match(catalog.headers.get('content-type') ?? '', /^application\/linkset\+json(;|$)/);
  const run = await verify(previewOrigin);
  assert.equal(run.status, 0, show(run));
  assert.match(run.stdout, /: \d+ files and \d+ sitemap URLs checked against the manifest: all match/);
});

test('a server that encodes answers: every coding decoded, only decodable codings asked for', async () => {
  const { package: pkg, edition } = manifest();
  const asked = new Set<string>();
  const server = await encodingServer(
    {
      [pathOf(pkg.tarball)]: (bytes) => ({ coding: 'gzip', body: gzipSync(bytes) }),
      '/llms.txt': (bytes) => ({ coding: 'x-gzip', body: gzipSync(bytes) }),
      '/robots.txt': (bytes) => ({ coding: 'deflate', body: deflateSync(bytes) }),
      '/uai-1-field-registry.json': (bytes) => ({ coding: 'br', body: brotliCompressSync(bytes) }),
      '/sitemap-index.xml': (bytes) => ({ coding: 'identity', body: bytes }),
      // A gzip file labelled with its own gzip layer and sent unchanged (sirv, Apache's AddEncoding).
      [pathOf(edition.editions[0].bundle.url)]: (bytes) => ({ coding: 'gzip', body: bytes }),
    },
    asked,
  );
  try {
    const run = await verify(originOf(server));
    assert.equal(run.status, 0, show(run));
    for (const header of asked)
      for (const coding of header.split(',').map((part) => part.trim().split(';')[0]))
        assert.ok(['gzip', 'x-gzip', 'deflate', 'br', 'identity'].includes(coding), `asked for ${header}`);
  } finally {
    await closeServer(server);
  }
});

test('a coding verify cannot decode: one line naming the coding and the URL', async () => {
  const server = await encodingServer({ '/robots.txt': (bytes) => ({ coding: 'compress', body: bytes }) }, new Set());
  try {
    const run = await verify(originOf(server));
    assert.equal(run.status, 1, show(run));
    assert.deepEqual(mismatches(run), [
      `${SITE_ORIGIN}/robots.txt: sent with Content-Encoding compress, which verify cannot decode, the manifest lists it`,
    ]);
  } finally {
    await closeServer(server);
  }
});
