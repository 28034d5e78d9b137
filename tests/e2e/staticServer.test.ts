/**
 * The test server behaves like the public host: `/x/` serves `/x/index.html`, `/x` redirects to
 * `/x/`, content types by extension and by the site's `_headers`, 404 otherwise, GET and HEAD only.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStaticServer, type StaticServer } from '../support/staticServer.ts';

const root = mkdtempSync(join(tmpdir(), 'uaix-server-'));
let server: StaticServer;

before(async () => {
  mkdirSync(join(root, 'x'), { recursive: true });
  mkdirSync(join(root, 'schemas'), { recursive: true });
  mkdirSync(join(root, 'pagefind'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!DOCTYPE html><title>root</title>');
  writeFileSync(join(root, 'x/index.html'), '<!DOCTYPE html><title>x</title>');
  writeFileSync(join(root, 'x/index.json'), '{}');
  writeFileSync(join(root, 'x/index.md'), '# x');
  writeFileSync(join(root, 'llms.txt'), '# llms');
  writeFileSync(join(root, 'sitemap.xml'), '<urlset/>');
  writeFileSync(join(root, 'style.css'), 'body{}');
  writeFileSync(join(root, 'app.js'), '');
  writeFileSync(join(root, 'schemas/a.schema.json'), '{}');
  writeFileSync(join(root, 'pagefind/wasm.en.pagefind'), 'bin');
  writeFileSync(join(root, 'pagefind/pagefind.wasm'), 'bin');
  writeFileSync(
    join(root, '_headers'),
    [
      '/schemas/*\n  Content-Type: application/schema+json; charset=utf-8\n  Access-Control-Allow-Origin: *',
      // A placeholder is one whole segment, as Cloudflare Pages and Netlify read it (hostPathPattern.ts).
      '/:folder/index.md\n  X-Placeholder: one segment',
      // A second splat is not read by Cloudflare Pages: the rule applies to nothing.
      '/*/*.json\n  X-Two-Splats: never',
    ].join('\n') + '\n',
  );
  server = await startStaticServer(root);
});

after(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

test('listens on 127.0.0.1 and a random port', () => {
  assert.match(server.origin, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.ok(server.port > 0);
});

test('directories: /x/ serves /x/index.html, /x redirects to /x/ (keeping the query)', async () => {
  const page = await fetch(server.url('/x/'));
  assert.equal(page.status, 200);
  assert.equal(await page.text(), '<!DOCTYPE html><title>x</title>');
  const redirect = await fetch(server.url('/x?q=1'), { redirect: 'manual' });
  assert.equal(redirect.status, 301);
  assert.equal(redirect.headers.get('location'), '/x/?q=1');
  assert.equal((await fetch(server.url('/'))).status, 200);
});

test('content types by extension, and from _headers', async () => {
  const expected: Record<string, RegExp> = {
    '/x/': /^text\/html/,
    '/x/index.json': /^application\/json/,
    '/x/index.md': /^text\/markdown/,
    '/llms.txt': /^text\/plain/,
    '/sitemap.xml': /^application\/xml/,
    '/style.css': /^text\/css/,
    '/app.js': /^text\/javascript/,
    '/pagefind/pagefind.wasm': /^application\/wasm/,
    '/pagefind/wasm.en.pagefind': /^application\/octet-stream/,
    '/schemas/a.schema.json': /^application\/schema\+json/,
  };
  for (const [path, type] of Object.entries(expected)) {
    const response = await fetch(server.url(path));
    await response.arrayBuffer();
    assert.equal(response.status, 200, path);
    assert.match(response.headers.get('content-type') ?? '', type, path);
  }
  const schema = await fetch(server.url('/schemas/a.schema.json'));
  assert.equal(schema.headers.get('access-control-allow-origin'), '*');
});

test('_headers rules match as the hosts match them: a :placeholder is one segment, a two-splat rule matches nothing', async () => {
  const mirror = await fetch(server.url('/x/index.md'));
  await mirror.arrayBuffer();
  assert.equal(mirror.headers.get('x-placeholder'), 'one segment');
  const rootMirror = await fetch(server.url('/llms.txt'));
  await rootMirror.arrayBuffer();
  assert.equal(rootMirror.headers.get('x-placeholder'), null);
  const json = await fetch(server.url('/x/index.json'));
  await json.arrayBuffer();
  assert.equal(json.headers.get('x-two-splats'), null);
});

test('404 for missing files, a file with a trailing slash, path traversal and _headers', async () => {
  for (const path of ['/nope', '/nope/', '/llms.txt/', '/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/_headers']) {
    const response = await fetch(server.url(path));
    await response.arrayBuffer();
    assert.equal(response.status, 404, path);
  }
});

test('GET and HEAD only: other methods answer 405 with Allow', async () => {
  const head = await fetch(server.url('/x/'), { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(await head.text(), '');
  assert.ok(Number(head.headers.get('content-length')) > 0);
  for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
    const response = await fetch(server.url('/x/'), { method });
    await response.arrayBuffer();
    assert.equal(response.status, 405, method);
    assert.equal(response.headers.get('allow'), 'GET, HEAD');
  }
});
