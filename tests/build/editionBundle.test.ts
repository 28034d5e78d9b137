/**
 * Issue 22, item 8: each released edition's offline bundle, `/editions/<id>.tar.gz` beside its
 * folder. The system `tar` (an independent reader) lists and unpacks it: entries sorted, one top
 * folder, fixed modes, owner 0:0 and the edition's date as every entry's time; the files are the
 * committed edition's byte for byte plus an llms-full.txt of its English pages. The gzip header has
 * no time and a fixed OS byte. The manifest lists it with its sha256 and size, the edition page's
 * JSON-LD as a DataDownload. Packing it again in another process, with another time zone and
 * umask, gives the same bytes (tests/build/determinism.test.ts compares two whole builds).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { DIST, ORIGIN, REPO, requireDist, walkFiles } from './_support/site.ts';
import { readCommittedEditions } from '../../src/record/editions/node/editionFiles.ts';

requireDist();
const { editions } = readCommittedEditions(REPO);
const sha256 = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
const bundleFile = (id: string) => join(DIST, 'editions', `${id}.tar.gz`);

let unpacked: string;
before(() => {
  unpacked = mkdtempSync(join(tmpdir(), 'uaix-bundle-'));
});
after(() => rmSync(unpacked, { recursive: true, force: true }));

test('every released edition has a bundle beside its folder, listed in the manifest with its sha256 and size', () => {
  assert.ok(editions.length > 0, 'the record has a released edition');
  const manifest = JSON.parse(readFileSync(join(DIST, '.well-known/uaix.json'), 'utf8'));
  for (const edition of editions) {
    const bytes = readFileSync(bundleFile(edition.folder));
    const entry = manifest.edition.editions.find((listed: { id: string }) => listed.id === edition.folder);
    assert.deepEqual(entry.bundle, {
      url: `${ORIGIN}/editions/${edition.folder}.tar.gz`,
      media_type: 'application/gzip',
      sha256: sha256(bytes),
      bytes: bytes.length,
    });
    const file = manifest.files.find((listed: { url: string }) => listed.url === entry.bundle.url);
    assert.equal(file?.sha256, sha256(bytes), 'the manifest lists the bundle among its files');
    assert.equal(file?.media_type, 'application/gzip');
  }
});

test('the system tar unpacks it: sorted entries, fixed modes, owner and time; the edition files and llms-full.txt', () => {
  for (const edition of editions) {
    const id = edition.folder;
    const top = `uaix-edition-${id}`;
    const bytes = readFileSync(bundleFile(id));
    // gzip: no time in the header (bytes 4 to 7), the OS byte fixed at 255 (unknown), no name or comment.
    assert.deepEqual([...bytes.subarray(0, 4)], [0x1f, 0x8b, 8, 0]);
    assert.deepEqual([...bytes.subarray(4, 8)], [0, 0, 0, 0]);
    assert.equal(bytes[9], 255);

    const listing = execFileSync('tar', ['--numeric-owner', '--utc', '-tvzf', bundleFile(id)], {
      encoding: 'utf8',
      env: { ...process.env, TZ: 'UTC' },
    })
      .trimEnd()
      .split('\n');
    const names = listing.map((line) => line.split(/\s+/).slice(5).join(' '));
    assert.deepEqual(names, [...names].sort(), 'entries in name order');
    assert.ok(
      names.every((name) => name === `${top}/` || name.startsWith(`${top}/`)),
      'one top folder',
    );
    for (const line of listing) {
      const [mode, owner, , date, time] = line.split(/\s+/);
      assert.ok(mode === '-rw-r--r--' || mode === 'drwxr-xr-x', line);
      assert.equal(owner, '0/0', line);
      assert.equal(`${date} ${time}`, `${edition.index!.date} 00:00`, line);
    }

    const into = join(unpacked, id);
    execFileSync('mkdir', ['-p', into]);
    execFileSync('tar', ['-xzf', bundleFile(id), '-C', into]);
    const folder = join(REPO, 'editions', id);
    const committed = walkFiles(folder).map((file) => relative(folder, file));
    const extracted = walkFiles(join(into, top)).map((file) => relative(join(into, top), file));
    assert.deepEqual(extracted.sort(), [...committed, 'llms-full.txt'].sort());
    for (const file of committed)
      assert.ok(readFileSync(join(into, top, file)).equals(readFileSync(join(folder, file))), `${file} differs`);

    const llmsFull = readFileSync(join(into, top, 'llms-full.txt'), 'utf8');
    assert.ok(llmsFull.startsWith(`# UAIX public standards record: edition ${id}, the English normative pages\n`));
    const english = committed.filter((file) => file.startsWith('pages/en-us/')).sort();
    assert.ok(english.length > 0);
    for (const file of english) {
      const mirror = readFileSync(join(folder, file), 'utf8');
      const url = /^url: (\S+)$/m.exec(mirror)![1];
      const body = mirror.slice(mirror.indexOf('\n\n', mirror.indexOf('\n---\n')) + 2).trimEnd();
      assert.ok(llmsFull.includes(`<!-- ${url} -->\n\n${body}\n`), `llms-full.txt holds ${file} under ${url}`);
    }
    assert.ok(!/^---$\n^title:/m.test(llmsFull), 'no mirror frontmatter inside llms-full.txt');
  }
});

test("the edition page's JSON-LD offers the bundle as a DataDownload with its sha256 and size", () => {
  for (const edition of editions) {
    const bytes = readFileSync(bundleFile(edition.folder));
    const html = readFileSync(join(DIST, 'en-us/editions', edition.folder, 'index.html'), 'utf8');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1];
    const data = JSON.parse(json);
    assert.equal(data['@type'], 'Dataset');
    assert.deepEqual(data.distribution[0], {
      '@type': 'DataDownload',
      contentUrl: `${ORIGIN}/editions/${edition.folder}.tar.gz`,
      encodingFormat: 'application/gzip',
      sha256: sha256(bytes).slice('sha256:'.length),
      contentSize: `${bytes.length} bytes`,
    });
    assert.ok(html.includes(`href="/editions/${edition.folder}.tar.gz"`), 'the page links the bundle');
  }
});

test('packed again in another process, time zone and umask, the bundle is the same bytes', () => {
  const script = `
    import { committedEditionBundle } from './src/record/machine/node/editionBundle.ts';
    import { readCommittedEditions } from './src/record/editions/node/editionFiles.ts';
    for (const edition of readCommittedEditions().editions) {
      const bundle = await committedEditionBundle(edition.index);
      process.stdout.write(edition.folder + ' ' + bundle.sha256 + '\\n');
    }`;
  const output = execFileSync(
    'sh',
    ['-c', 'umask 077 && exec "$0" --import tsx --input-type=module -e "$1"', process.execPath, script],
    { cwd: REPO, encoding: 'utf8', env: { ...process.env, TZ: 'Pacific/Kiritimati' } },
  );
  const expected = editions.map((edition) => `${edition.folder} ${sha256(readFileSync(bundleFile(edition.folder)))}`);
  assert.deepEqual(output.trimEnd().split('\n'), expected);
});
