/**
 * Issue 21: the build's Pagefind process. Its death, with or without a Rust panic, rejects every
 * pending request with one line (Pagefind's own Node API leaves them pending, and Node exits 13);
 * the real binary gives the same bytes for the same pages in the same order, and other bytes in
 * another order: why the build sends them in path order.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { panicMessage, PagefindService } from '../../src/pipeline/pagefindService.ts';
import { walkFiles } from '../../src/record/node/walkFiles.ts';

const scratch = mkdtempSync(join(tmpdir(), 'uaix-pagefind-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A stand-in for the binary: a shell script that reads nothing and ends as `body` says. */
function fakeBinary(name: string, body: string): string {
  const file = join(scratch, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

test('a Rust panic message is read from stderr, in the current and the older format', () => {
  const current =
    "thread 'main' panicked at pagefind/src/output/mod.rs:67:10:\nNo space left on device (os error 28)\n";
  assert.equal(panicMessage(current), 'No space left on device (os error 28)');
  const older = "thread 'main' panicked at 'No space left', src/main.rs:1:2\nnote: run with RUST_BACKTRACE=1\n";
  assert.equal(panicMessage(older), 'No space left');
  assert.equal(panicMessage('warning: nothing\n'), undefined);
});

test('a service that panics rejects the pending request with the panic message, and its exit is awaited', async () => {
  const service = new PagefindService(
    fakeBinary('panics', `printf "thread 'main' panicked at src/x.rs:1:2:\\nNo space left on device\\n" >&2; exit 101`),
  );
  await assert.rejects(service.request({ type: 'NewIndex', config: {} }), {
    message: "Pagefind's indexer exited with code 101: No space left on device",
  });
  await service.exited;
  // A request after the death fails at once, with the same line.
  await assert.rejects(service.request({ type: 'NewIndex', config: {} }), /exited with code 101/);
});

test('a service killed mid-request rejects with the signal; stop() waits until it is gone', async () => {
  const service = new PagefindService(fakeBinary('sleeps', 'exec sleep 30'));
  const pending = service.request({ type: 'NewIndex', config: {} });
  process.kill(service.pid!, 'SIGKILL');
  await assert.rejects(pending, { message: "Pagefind's indexer was killed by SIGKILL" });
  const busy = new PagefindService(fakeBinary('busy', 'exec sleep 30'));
  await busy.stop();
  assert.throws(() => process.kill(busy.pid!, 0), /ESRCH/, 'stop() returned while the process was alive');
});

test('the real binary: the index depends on the order pages are sent in (so the build sends them in path order)', async () => {
  const pages = ['b/index.html', 'a/index.html', 'c/index.html', 'index.html'].map((path, at) => ({
    path,
    html: `<!doctype html><html lang="en"><body><h1>Page ${at}</h1><p>word${at} shared text</p></body></html>`,
  }));
  const indexOnce = async (order: typeof pages, out: string) => {
    const service = new PagefindService();
    try {
      const { index_id: indexId } = await service.request({ type: 'NewIndex', config: {} });
      for (const page of order) {
        const url = `/${page.path}`.replace(/(^|\/)index\.html$/, '$1');
        await service.request({ type: 'AddFile', index_id: indexId, url, file_contents: page.html });
      }
      await service.request({ type: 'WriteFiles', index_id: indexId, output_path: out });
    } finally {
      await service.stop();
    }
    return walkFiles(out).map((file) => `${relative(out, file)} ${readFileSync(file).toString('base64')}`);
  };
  const first = await indexOnce(pages, join(scratch, 'one'));
  const again = await indexOnce(pages, join(scratch, 'again'));
  const reversed = await indexOnce([...pages].reverse(), join(scratch, 'reversed'));
  assert.ok(
    first.some((line) => line.startsWith('pagefind-entry.json')),
    'Pagefind wrote no entry file',
  );
  assert.deepEqual(again, first, 'the same pages in the same order gave another index');
  assert.notDeepEqual(reversed, first, 'the order of the pages no longer shows in the index');
});
