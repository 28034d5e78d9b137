/**
 * The HTTP content codings `npm run verify` can undo (RFC 9110 section 8.4), with node:zlib: a body
 * is hashed and measured as the file it encodes, whatever coding the host chose. verify asks only for
 * these codings; a coding it does not know is refused, never hashed as it came.
 */
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

type Decoder = (bytes: Uint8Array) => Uint8Array;

/** `deflate` is zlib-wrapped (RFC 1950), but some servers send the raw stream: both decode, as browsers do. */
function inflate(bytes: Uint8Array): Uint8Array {
  try {
    return inflateSync(bytes);
  } catch {
    return inflateRawSync(bytes);
  }
}

const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: gunzipSync,
  // RFC 9110: a recipient treats x-gzip as gzip.
  'x-gzip': gunzipSync,
  deflate: inflate,
  br: brotliDecompressSync,
  identity: (bytes) => bytes,
};

/** The `Accept-Encoding` verify sends: exactly the codings it decodes (x-gzip is gzip's alias). */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b;
/** A path whose file is itself gzip. */
const GZIP_FILE = /\.(?:gz|tgz)$/;

/**
 * The file a body encodes under `contentEncoding` (the header's value; codings are undone last
 * first), or the reason it cannot be had. One exception, for `path` a gzip file (.gz, .tgz) sent
 * under a lone gzip coding: hosts label such a file with its own gzip layer (sirv, which `astro
 * preview` uses, and Apache's AddEncoding) and send it unchanged, and download clients keep it as
 * it is; when undoing the coding leaves bytes that are no longer gzip, the body is the file itself.
 */
export function decodeBody(
  path: string,
  contentEncoding: string | undefined,
  body: Uint8Array,
): { bytes: Uint8Array } | { error: string } {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '');
  const unknown = codings.find((coding) => !(coding in DECODERS));
  if (unknown !== undefined) return { error: `sent with Content-Encoding ${unknown}, which verify cannot decode` };
  let bytes = body;
  try {
    for (const coding of codings.toReversed()) bytes = DECODERS[coding](bytes);
  } catch (error) {
    return {
      error: `sent with Content-Encoding ${codings.join(', ')}, which does not decode (${(error as Error).message})`,
    };
  }
  const ownGzipLayer =
    GZIP_FILE.test(path) &&
    codings.length === 1 &&
    DECODERS[codings[0]] === gunzipSync &&
    isGzip(body) &&
    !isGzip(bytes);
  return { bytes: ownGzipLayer ? body : bytes };
}
