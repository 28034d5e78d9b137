/**
 * `uaix validate` streams: each file is read, checked and printed before the next, so the peak
 * memory of a call depends on its largest input, not on how many files it names; and --json writes
 * its array element by element, byte for byte what one JSON.stringify of all reports would print.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../src/uai/node/recordFiles.ts';
import { JsonArrayWriter } from '../../src/cli/cliSupport.ts';

const temp = mkdtempSync(join(tmpdir(), 'uaix-cli-streaming-'));
after(() => rmSync(temp, { recursive: true, force: true }));

test('JsonArrayWriter writes exactly JSON.stringify(elements, null, 2) and a newline', () => {
  const element = (at: number) => ({
    file: `packet ${at}.json`,
    valid: at % 2 === 0,
    nested: { list: [1, { deep: [] }], empty: {}, text: 'two\nlines "quoted" \u2028' },
    errors: at ? [{ code: 'UAI-X', path: `/a/${at}` }] : [],
  });
  for (const count of [0, 1, 3]) {
    const elements = Array.from({ length: count }, (_, at) => element(at));
    let written = '';
    const writer = new JsonArrayWriter({ write: (text: string) => (written += text) });
    for (const item of elements) writer.add(item);
    writer.end();
    assert.equal(written, `${JSON.stringify(elements, null, 2)}\n`, `${count} elements`);
  }
});

/** Reports the process's peak resident memory (KiB) on stderr as it exits. */
const REPORT_MAX_RSS = `data:text/javascript,${encodeURIComponent(
  "import { writeSync } from 'node:fs'; process.on('exit', () => writeSync(2, `\\nmax-rss-kib ${process.resourceUsage().maxRSS}\\n`));",
)}`;

/** Peak memory of one `uaix validate --json` naming `file` `count` times. */
function peakKib(file: string, count: number): number {
  // A small heap makes the collector reclaim each file's garbage before the heap grows: what is
  // left is what the command keeps, which is the point.
  const run = spawnSync(
    process.execPath,
    [
      '--max-old-space-size=64',
      '--import',
      REPORT_MAX_RSS,
      'bin/uaix.mjs',
      'validate',
      '--json',
      ...Array(count).fill(file),
    ],
    { cwd: REPOSITORY_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
  );
  const peak = /^max-rss-kib (\d+)$/m.exec(run.stderr);
  assert.ok(peak, `no peak reported (exit ${run.status ?? run.signal}):\n${run.stderr.slice(-2000)}`);
  assert.equal(run.status, 1, `the packets are invalid on purpose: exit 1\n${run.stderr.slice(-2000)}`);
  assert.equal(JSON.parse(run.stdout).length, count);
  return Number(peak[1]);
}

test('validate: 200 files of 1 MB peak at less than 1.5 times the memory of 20', () => {
  // A packet with a 1 MB string and an unknown profile (so it validates quickly); each report used
  // to keep the packet.
  const packet = JSON.parse(
    readFileSync(
      join(REPOSITORY_ROOT, 'schemas/uai-1/examples/uai-agent-message-v1/valid/request-review.json'),
      'utf8',
    ),
  );
  packet.profile = 'uai.agent.unpublished.v1';
  packet.body.content = 'x'.repeat(1_000_000);
  const file = join(temp, 'large.json');
  writeFileSync(file, JSON.stringify(packet));
  const few = peakKib(file, 20);
  const many = peakKib(file, 200);
  assert.ok(many < few * 1.5, `peak memory: ${few} KiB for 20 files, ${many} KiB for 200 (ratio ${many / few})`);
});
