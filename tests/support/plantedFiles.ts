/**
 * Small binary files built byte by byte for the redaction gate's tests, so no binary fixture
 * carrying a fake secret is committed: a PNG with text chunks, a JPEG with a comment and EXIF, a
 * PDF with an Info dictionary and a FlateDecode stream, a GIF with a comment, tarballs.
 */
import { crc32, deflateSync, gzipSync } from 'node:zlib';
import { pack } from 'tar-stream';

// Plainly fake values in the shapes the core's rules know: AWS's documentation example key, a
// GitHub token made of its documented prefix and 36 characters, a PEM block whose body is no key.
export const FAKE_AWS_KEY = 'AKIAIOSFODNN7EXAMPLE';
export const FAKE_GITHUB_TOKEN = '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';
export const FAKE_PEM = '-----BEGIN PRIVATE KEY-----\nnot-a-key\n-----END PRIVATE KEY-----';

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** One PNG chunk: length, type, data, CRC over type and data. */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([latin1(type), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1×1 grey PNG with `extra` chunks before its image data. */
export function png(extra: Buffer[] = []): Buffer {
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...extra,
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const tEXt = (keyword: string, text: string) => pngChunk('tEXt', latin1(`${keyword}\0${text}`));
export const zTXt = (keyword: string, text: string) =>
  pngChunk('zTXt', Buffer.concat([latin1(`${keyword}\0\0`), deflateSync(Buffer.from(text))]));
export const iTXt = (keyword: string, text: string) =>
  pngChunk('iTXt', Buffer.concat([Buffer.from(`${keyword}\0\x01\0en\0\0`), deflateSync(Buffer.from(text))]));

/** A JPEG segment: marker, length, body. */
function jpegSegment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** A little-endian TIFF block with one IFD0 of ASCII tags (`[tag, text]`), as EXIF carries it. */
export function tiff(tags: [number, string][]): Buffer {
  const ifd = Buffer.alloc(2 + 12 * tags.length + 4);
  const values: Buffer[] = [];
  let dataOffset = 8 + ifd.length;
  ifd.writeUInt16LE(tags.length, 0);
  tags.forEach(([tag, text], index) => {
    const value = latin1(`${text}\0`);
    const at = 2 + 12 * index;
    ifd.writeUInt16LE(tag, at);
    ifd.writeUInt16LE(2, at + 2); // ASCII
    ifd.writeUInt32LE(value.length, at + 4);
    if (value.length <= 4) value.copy(ifd, at + 8);
    else {
      ifd.writeUInt32LE(dataOffset, at + 8);
      values.push(value);
      dataOffset += value.length;
    }
  });
  return Buffer.concat([Buffer.from([0x49, 0x49, 42, 0, 8, 0, 0, 0]), ifd, ...values]);
}

/** The EXIF tag the audit's example names: IFD0 Artist. */
export const EXIF_ARTIST = 0x013b;

/** A JPEG of metadata only: JFIF, optional EXIF (a TIFF block) and COM segments, EOI. */
export function jpeg({ exif, comment }: { exif?: Buffer; comment?: string }): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])),
    ...(exif ? [jpegSegment(0xe1, Buffer.concat([latin1('Exif\0\0'), exif]))] : []),
    ...(comment === undefined ? [] : [jpegSegment(0xfe, latin1(comment))]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A one-page-less PDF: Catalog, Info (`info`: key → literal string) and one FlateDecode stream of `streamText`. */
export function pdf({ info, streamText }: { info: Record<string, string>; streamText: string }): Buffer {
  const stream = deflateSync(Buffer.from(streamText));
  const infoEntries = Object.entries(info)
    .map(([key, value]) => `/${key} (${value.replace(/[()\\]/g, (char) => `\\${char}`)})`)
    .join(' ');
  return Buffer.concat([
    latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'),
    latin1('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n'),
    latin1('2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n'),
    latin1(`3 0 obj\n<< ${infoEntries} >>\nendobj\n`),
    latin1(`4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
    stream,
    latin1('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R /Info 3 0 R >>\n%%EOF\n'),
  ]);
}

/** A GIF89a 1×1 with a comment extension. */
export function gif(comment: string): Buffer {
  const text = latin1(comment);
  return Buffer.concat([
    latin1('GIF89a'),
    Buffer.from([1, 0, 1, 0, 0, 0, 0]),
    Buffer.from([0x21, 0xfe, text.length]),
    text,
    Buffer.from([0]),
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]),
    Buffer.from([0x3b]),
  ]);
}

/** A tar archive of `files` (name → bytes), gzipped when `gzip`. */
export async function tarball(files: Record<string, Uint8Array | string>, gzip = true): Promise<Buffer> {
  const archive = pack();
  const chunks: Buffer[] = [];
  archive.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
  const ended = new Promise<void>((resolve) => archive.on('end', () => resolve()));
  for (const [name, bytes] of Object.entries(files)) archive.entry({ name, mtime: new Date(0) }, Buffer.from(bytes));
  archive.finalize();
  await ended;
  const tar = Buffer.concat(chunks);
  return gzip ? gzipSync(tar) : tar;
}
