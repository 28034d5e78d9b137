/**
 * Issues 24 and 41, the author's loop: `astro dev` (npm run dev) in a copy of the repository, on a
 * free port, serves a guide, serves its edited text without a restart (twice, with no content-layer
 * `Duplicate id` warning), prints a planted bad fixture as the same one-line problem the build
 * prints, answers every page meanwhile with a page listing that line (readable without JavaScript),
 * and serves the guide again once the fixture is removed.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildEnvironment, copyRepository, removeCopy } from './_support/tempRepo.ts';
import { escapeHtml } from '../../src/record/content/escapeHtml.ts';

const GUIDE = 'content/guides/en-us/swarm-failure-and-recovery.md';
const GUIDE_URL = '/en-us/guides/swarm-failure-and-recovery/';
const PLANTED = 'schemas/uai-1/examples/uai-agent-ack-v1/valid/planted-in-dev.json';

let copy: string | undefined;
let server: ChildProcess | undefined;
after(() => {
  server?.kill('SIGTERM');
  if (copy) removeCopy(copy);
});

function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** Polls `condition` every half second until it holds or `seconds` pass. */
async function eventually<T>(what: string, seconds: number, condition: () => Promise<T | undefined>): Promise<T> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const value = await condition().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`${what}: not within ${seconds} s`);
    await new Promise((done) => setTimeout(done, 500));
  }
}

test('npm run dev serves the record, picks up edited guides without a restart or a Duplicate id warning, and shows a bad fixture as the build prints it, on every page until it is gone', async () => {
  copy = copyRepository();
  const dir = copy;
  const port = await freePort();
  let output = '';
  server = spawn(
    process.execPath,
    ['node_modules/astro/astro.js', 'dev', '--port', String(port), '--host', '127.0.0.1'],
    {
      cwd: dir,
      env: buildEnvironment(dir),
    },
  );
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  const page = async (path: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`);
    return { status: response.status, text: await response.text() };
  };
  const first = await eventually('the guide is served', 300, async () => {
    const answer = await page(GUIDE_URL);
    return answer.status === 200 ? answer.text : undefined;
  });
  assert.match(first, /Recovery begins from local startup continuity/);
  assert.doesNotMatch(output, /uaix: dev: /, `the record's own sources are clean:\n${output}`);

  // Two edits, each served: Astro's content layer re-syncs the edited entry each time.
  for (const added of ['An author edits this guide while the server runs.', 'And edits it once more.']) {
    appendFileSync(join(dir, GUIDE), `\n${added}\n`);
    await eventually('the edited text is served', 120, async () =>
      (await page(GUIDE_URL)).text.includes(added) ? true : undefined,
    );
  }
  assert.doesNotMatch(output, /Duplicate id/, `no duplicate content entry on a re-sync:\n${output}`);

  const valid = readFileSync(join(dir, 'schemas/uai-1/examples/uai-agent-ack-v1/valid/validated.json'), 'utf8');
  writeFileSync(join(dir, PLANTED), valid.replace('"uai_version": "1.0"', '"uai_version": "9.9"'));
  const line = await eventually('the planted fixture is reported', 120, async () =>
    output.split('\n').find((text) => text.startsWith(`  ${PLANTED}`)),
  );
  assert.match(output, /uaix: dev: fixtures \(1 problem\); the dev server shows this until the files are fixed/);
  assert.doesNotMatch(output, /dist\//, 'dev says nothing of dist/');
  assert.doesNotMatch(output, /^\s+at\s/m, 'no stack trace');
  assert.ok(line.length < 400, line);
  // Every page, fetched without JavaScript, is the record's own problem page: the printed line itself.
  for (const path of [GUIDE_URL, '/']) {
    const failed = await page(path);
    assert.equal(failed.status, 500, path);
    assert.match(failed.text, /^<!doctype html>\n<html lang="en">/, failed.text);
    assert.ok(failed.text.includes(`<li>${escapeHtml(line.trim())}</li>`), failed.text);
    assert.doesNotMatch(failed.text, /dist\/|BuildFailure/, failed.text);
  }

  rmSync(join(dir, PLANTED));
  await eventually('the guide is served again once the fixture is gone', 120, async () =>
    (await page(GUIDE_URL)).status === 200 ? true : undefined,
  );
  assert.doesNotMatch(output, /Duplicate id/, `no duplicate content entry on a re-sync:\n${output}`);
});
