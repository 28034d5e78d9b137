/**
 * Issue 37: the redaction gate reads every published file by its type. The type table (names,
 * dotfiles, key files, signatures), each reader over a small file built in the test (text, PNG,
 * JPEG, GIF, PDF, tar and gzip archives, Pagefind's files, WebAssembly, CBOR), and the allow-list's
 * type entries: each finding is one line at its place, its value masked.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { readPublishedFile } from '../../../src/record/checks/publishedFileReading.ts';
import { fileTypeOf, refusedName } from '../../../src/record/checks/publishedFileTypes.ts';
import { refusalProblem } from '../../../src/record/checks/readers/embeddedText.ts';
import { embeddedTextProblems, parseAllowList } from '../../../src/record/checks/redaction.ts';
import { cborStrings } from '../../../src/record/checks/readers/cborText.ts';
import { RedactionGate } from '../../../src/record/checks/node/redactionGate.ts';
import { formatProblem } from '../../../src/uai/problem.ts';
import {
  EXIF_ARTIST,
  FAKE_AWS_KEY,
  FAKE_GITHUB_TOKEN,
  FAKE_PEM,
  gif,
  iTXt,
  jpeg,
  pdf,
  png,
  pngChunk,
  tarball,
  tEXt,
  tiff,
  zTXt,
} from '../../support/plantedFiles.ts';

const codecs = { inflate: (bytes: Uint8Array) => inflateSync(bytes), gunzip: (bytes: Uint8Array) => gunzipSync(bytes) };

/** Every problem line the gate gives one file, with no allow-list. */
async function linesOf(path: string, bytes: Uint8Array): Promise<{ lines: string[]; reading: string | undefined }> {
  const reading = await readPublishedFile(path, bytes, { codecs, allowsType: () => false });
  const lines = [
    ...reading.texts.flatMap((text) => embeddedTextProblems(path, text, [], new Set())),
    ...reading.refusals.map((found) => refusalProblem(path, found)),
  ].map(formatProblem);
  for (const line of lines)
    for (const secret of [FAKE_AWS_KEY, FAKE_GITHUB_TOKEN, 'not-a-key']) assert.ok(!line.includes(secret), line);
  return { lines, reading: reading.reading };
}

test('the type table: names, dotfiles (but /.well-known/), key files, unknown types', () => {
  for (const path of ['/.env', '/a/.npmrc', '/.git/config', 'public/.env.local', '/.well-known/.hidden'])
    assert.equal(refusedName(path)?.rule, 'dotfile', path);
  for (const path of ['/.well-known/uaix.json', 'public/.well-known/security.txt', '/.well-known/api-catalog'])
    assert.equal(refusedName(path), undefined, path);
  assert.equal(refusedName('/a/.well-known/x.json')?.rule, 'dotfile', 'only the top folder is the published one');
  for (const path of [
    '/id_rsa',
    '/keys/id_ed25519.pub',
    '/deploy.pem',
    '/tls.key',
    '/a.p12',
    '/b.PFX',
    '/vault.kdbx',
    '/k.asc',
  ])
    assert.equal(refusedName(path)?.rule, 'key-file', path);
  assert.equal(fileTypeOf('/_headers')?.reading, 'text');
  assert.equal(fileTypeOf('/editions/x.tar.gz')?.type, 'gzip-compressed tar');
  assert.equal(fileTypeOf('/pagefind/index/en_1.pf_index')?.reading, 'search index');
  assert.equal(fileTypeOf('/blob.bin'), undefined);
});

test('a file no reader reads, a dotfile and a key file are refused in one line each', async () => {
  assert.deepEqual((await linesOf('/blob.bin', Buffer.from('x'))).lines, [
    '/blob.bin: a file of a type the gate does not read (.bin) [file-type]',
  ]);
  assert.deepEqual((await linesOf('/.env', Buffer.from(`KEY=${FAKE_AWS_KEY}`))).lines, [
    '/.env: a dotfile (.env) is never published [dotfile]',
  ]);
  assert.deepEqual((await linesOf('/deploy.pem', Buffer.from(FAKE_PEM))).lines, [
    '/deploy.pem: a key or certificate file (deploy.pem) is never published [key-file]',
  ]);
});

test('text must be UTF-8 without NUL, and a typed file must start with its signature', async () => {
  // The content check's words and rule, at the line and column of the byte.
  assert.equal(
    (await linesOf('/a.txt', Buffer.from([0x61, 0x0a, 0x61, 0xff, 0x62]))).lines[0],
    '/a.txt:2:2: not UTF-8 text: invalid byte 0xFF at byte offset 3 [content-utf8]',
  );
  assert.match(
    (await linesOf('/a.json', Buffer.from('{"a":"\0"}'))).lines[0],
    /:1:7: not UTF-8 text: a NUL byte at byte offset 6/,
  );
  assert.match(
    (await linesOf('/a.png', Buffer.from('not a png'))).lines[0],
    /not a PNG file: its bytes do not start as one/,
  );
  const { lines } = await linesOf('/a.md', Buffer.from(`# t\n\nkey ${FAKE_AWS_KEY}\n`));
  assert.deepEqual(lines, ['/a.md:3:5: an AWS access key id: AKIA… (20 characters) [aws-access-key-id]']);
});

test('PNG: tEXt, zTXt and iTXt are read (inflated) at their chunk; an unknown chunk or bytes after IEND are refused', async () => {
  const image = png([
    tEXt('Comment', FAKE_AWS_KEY),
    zTXt('Author', FAKE_GITHUB_TOKEN),
    iTXt('Description', FAKE_AWS_KEY),
  ]);
  const { lines, reading } = await linesOf('/a.png', image);
  assert.equal(reading, 'image metadata');
  assert.deepEqual(lines, [
    '/a.png PNG tEXt chunk "Comment": an AWS access key id: AKIA… (20 characters) [aws-access-key-id]',
    '/a.png PNG zTXt chunk "Author": a GitHub token: ghp_… (40 characters) [github-token]',
    '/a.png PNG iTXt chunk "Description": an AWS access key id: AKIA… (20 characters) [aws-access-key-id]',
  ]);
  assert.deepEqual((await linesOf('/b.png', png())).lines, []);
  const hidden = png([pngChunk('prVt', Buffer.from(FAKE_AWS_KEY))]);
  assert.deepEqual((await linesOf('/c.png', hidden)).lines, [
    '/c.png PNG prVt chunk: a PNG chunk the gate does not read [file-type]',
  ]);
  const trailing = Buffer.concat([png(), Buffer.from(FAKE_AWS_KEY)]);
  assert.deepEqual((await linesOf('/d.png', trailing)).lines, [
    '/d.png PNG after IEND: 20 bytes after the IEND chunk [file-type]',
  ]);
  const corrupt = png([tEXt('Comment', 'x')]);
  corrupt[corrupt.length - 20] ^= 1; // a byte of the IDAT chunk: its CRC no longer matches
  assert.match((await linesOf('/e.png', corrupt)).lines[0], /^\/e\.png: not a readable PNG/);
});

test('JPEG: the COM segment and EXIF IFD0 Artist (read with exifr); bytes after EOI are refused', async () => {
  const image = jpeg({ exif: tiff([[EXIF_ARTIST, FAKE_GITHUB_TOKEN]]), comment: `c ${FAKE_AWS_KEY}` });
  const { lines, reading } = await linesOf('/a.jpg', image);
  assert.equal(reading, 'image metadata');
  assert.deepEqual(lines, [
    '/a.jpg JPEG COM segment: an AWS access key id: AKIA… (20 characters) [aws-access-key-id]',
    '/a.jpg JPEG EXIF ifd0 Artist: a GitHub token: ghp_… (40 characters) [github-token]',
  ]);
  const trailing = Buffer.concat([jpeg({}), Buffer.from('x')]);
  assert.deepEqual((await linesOf('/b.jpeg', trailing)).lines, [
    '/b.jpeg JPEG after EOI: 1 bytes after the end-of-image marker [file-type]',
  ]);
});

test('ICO: each PNG image is read as a PNG; an image outside the file is refused', async () => {
  const image = png([tEXt('Comment', FAKE_AWS_KEY)]);
  const directory = Buffer.alloc(6 + 16);
  directory.writeUInt16LE(1, 2);
  directory.writeUInt16LE(1, 4);
  directory.writeUInt32LE(image.length, 6 + 8);
  directory.writeUInt32LE(directory.length, 6 + 12);
  assert.deepEqual((await linesOf('/favicon.ico', Buffer.concat([directory, image]))).lines, [
    '/favicon.ico ICO image 0 › PNG tEXt chunk "Comment": an AWS access key id: AKIA… (20 characters) [aws-access-key-id]',
  ]);
  assert.deepEqual((await linesOf('/cut.ico', directory)).lines, [
    '/cut.ico ICO image 0: an icon image outside the file [file-type]',
  ]);
});

test('GIF: a comment extension is read', async () => {
  assert.deepEqual((await linesOf('/a.gif', gif(FAKE_AWS_KEY))).lines, [
    '/a.gif GIF comment: an AWS access key id: AKIA… (20 characters) [aws-access-key-id]',
  ]);
});

test('PDF: the Info dictionary by key, every string, and FlateDecode streams inflated; other filters refused', async () => {
  const document = pdf({
    info: { Author: FAKE_AWS_KEY, Title: 'plain' },
    streamText: `BT (${FAKE_GITHUB_TOKEN}) Tj ET`,
  });
  const { lines, reading } = await linesOf('/a.pdf', document);
  assert.equal(reading, 'PDF');
  assert.deepEqual(lines, [
    '/a.pdf PDF /Author: an AWS access key id: AKIA… (20 characters) [aws-access-key-id]',
    '/a.pdf PDF stream of object 4 0: a GitHub token: ghp_… (40 characters) [github-token]',
  ]);
  const hex = Buffer.from(`%PDF-1.4\n1 0 obj << /Subject <${Buffer.from(FAKE_AWS_KEY).toString('hex')}> >> endobj\n`);
  assert.deepEqual((await linesOf('/b.pdf', hex)).lines, [
    '/b.pdf PDF /Subject: an AWS access key id: AKIA… (20 characters) [aws-access-key-id]',
  ]);
  const encoded = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Length 3 /Filter /ASCII85Decode >> stream\nabc\nendstream endobj\n',
  );
  assert.deepEqual((await linesOf('/c.pdf', encoded)).lines, [
    '/c.pdf PDF stream of object 1 0: a stream under /ASCII85Decode, which the gate does not read [file-type]',
  ]);
});

test('archives: every entry by its own type, nested archives too, at line:column inside an entry', async () => {
  const inner = await tarball({ 'deep/readme.md': `one\ntwo ${FAKE_AWS_KEY}\n` });
  const outer = await tarball({
    'package/a.txt': `x ${FAKE_GITHUB_TOKEN}`,
    'package/inner.tgz': inner,
    'package/pic.png': png([tEXt('Comment', FAKE_AWS_KEY)]),
    'package/.npmrc': 'x',
    'package/blob.bin': 'x',
  });
  const { lines, reading } = await linesOf('/tools/x.tgz', outer);
  assert.equal(reading, 'archive');
  assert.deepEqual(lines, [
    '/tools/x.tgz tar entry "package/a.txt" line 1:3: a GitHub token: ghp_… (40 characters) [github-token]',
    '/tools/x.tgz tar entry "package/inner.tgz" › tar entry "deep/readme.md" line 2:5: an AWS access key id: AKIA… (20 characters) [aws-access-key-id]',
    '/tools/x.tgz tar entry "package/pic.png" › PNG tEXt chunk "Comment": an AWS access key id: AKIA… (20 characters) [aws-access-key-id]',
    '/tools/x.tgz tar entry "package/.npmrc": a dotfile (.npmrc) is never published [dotfile]',
    '/tools/x.tgz tar entry "package/blob.bin": a file of a type the gate does not read (.bin) [file-type]',
  ]);
  assert.deepEqual((await linesOf('/notes.txt.gz', gzipSync(`k ${FAKE_AWS_KEY}`))).lines, [
    '/notes.txt.gz gzip content line 1:3: an AWS access key id: AKIA… (20 characters) [aws-access-key-id]',
  ]);
});

test("Pagefind's files: fragments as JSON, the index's CBOR strings one by one, the WebAssembly's data", async () => {
  const header = Buffer.from('pagefind_dcd');
  const fragment = gzipSync(Buffer.concat([header, Buffer.from(`{"content":"${FAKE_AWS_KEY}"}`)]));
  assert.deepEqual((await linesOf('/pagefind/fragment/en_1.pf_fragment', fragment)).lines, [
    '/pagefind/fragment/en_1.pf_fragment Pagefind fragment JSON line 1:13: an AWS access key id: AKIA… (20 characters) [aws-access-key-id]',
  ]);
  // CBOR: an array of two text strings; the second is the key, right after its length byte.
  const cbor = Buffer.concat([
    Buffer.from([0x82, 0x62]),
    Buffer.from('hi'),
    Buffer.from([0x74]),
    Buffer.from(FAKE_AWS_KEY),
  ]);
  assert.deepEqual(cborStrings(cbor), ['hi', FAKE_AWS_KEY]);
  assert.throws(() => cborStrings(Buffer.from([0x78, 0x05, 0x61])), /runs past the end/);
  const index = gzipSync(Buffer.concat([header, cbor]));
  assert.deepEqual((await linesOf('/pagefind/index/en_1.pf_index', index)).lines, [
    '/pagefind/index/en_1.pf_index Pagefind CBOR strings line 2:1: an AWS access key id: AKIA… (20 characters) [aws-access-key-id]',
  ]);
  // A module with one data section holding the key.
  const data = Buffer.concat([Buffer.from([1, 0, 0x41, 0, 0x0b, FAKE_AWS_KEY.length]), Buffer.from(FAKE_AWS_KEY)]);
  const wasm = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 11, data.length]), data]);
  assert.deepEqual((await linesOf('/pagefind/wasm.en.pagefind', gzipSync(Buffer.concat([header, wasm])))).lines, [
    '/pagefind/wasm.en.pagefind WebAssembly data section: an AWS access key id: AKIA… (20 characters) [aws-access-key-id]',
  ]);
  assert.match((await linesOf('/pagefind/x.pf_meta', gzipSync('no header'))).lines[0], /without its header/);
});

test('the allow-list: a type entry publishes a file unread (counted), an entry with value and type is malformed, an unused one is stale', async () => {
  const root = mkdtempSync(join(tmpdir(), 'uaix-gate-'));
  try {
    const entries = [
      { files: ['/blob.bin'], type: '.bin', reason: 'A test blob, published as it is.' },
      { files: ['/never.dat'], type: '.dat', reason: 'Allows nothing: stale.' },
    ];
    writeFileSync(join(root, 'redaction-allowlist.json'), JSON.stringify({ entries }));
    const gate = new RedactionGate(root);
    assert.deepEqual(gate.problems, []);
    const scan = await gate.scanPublished([
      { path: '/blob.bin', bytes: Buffer.from('x') },
      { path: '/other.bin', bytes: Buffer.from('x') },
      { path: '/a.png', bytes: png() },
    ]);
    assert.deepEqual(scan.problems.map(formatProblem), [
      '/other.bin: a file of a type the gate does not read (.bin) [file-type]',
    ]);
    assert.equal(scan.readings['allow-listed'], 1);
    assert.equal(scan.readings['image metadata'], 1);
    assert.equal(scan.readings.refused, 1);
    assert.deepEqual(gate.unusedEntries().map(formatProblem), [
      'redaction-allowlist.json /entries/1: allows a file type (.dat) found in none of its files (/never.dat); remove the entry [redaction allow-list]',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  const both = parseAllowList(
    JSON.stringify({ entries: [{ files: ['/a'], type: '.a', value: 'v', reason: 'both at once here' }] }),
    'l.json',
  );
  assert.deepEqual(both.problems.map(formatProblem), [
    'l.json /entries/0: allows either a value or a type, not both [redaction allow-list]',
  ]);
});
