/**
 * The media type a published file's extension implies: one table for the manifest, the route
 * records and the static host model (src/pipeline/staticHost.ts), so what the record says a file
 * is and what the host serves it as cannot drift apart. A `_headers` Content-Type rule overrides it
 * (machine/machineRecords.ts mediaTypeOf); an extension the table does not know is
 * application/octet-stream.
 */
const EXTENSION_MEDIA_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html',
  json: 'application/json',
  md: 'text/markdown',
  txt: 'text/plain',
  xml: 'application/xml',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  svg: 'image/svg+xml',
  gz: 'application/gzip',
  wasm: 'application/wasm',
  woff2: 'font/woff2',
  // The other types public/ may hold (checks/publicAssets.ts).
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
};

/** Types served as UTF-8 text: the host adds `charset=utf-8`. */
const UTF8_TYPES = new Set([
  'text/html',
  'application/json',
  'text/markdown',
  'text/plain',
  'application/xml',
  'text/css',
  'text/javascript',
]);

export const UNKNOWN_MEDIA_TYPE = 'application/octet-stream';

/** The media type a path's extension implies (case-insensitive), else application/octet-stream. */
export function extensionMediaType(path: string): string {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return UNKNOWN_MEDIA_TYPE;
  return EXTENSION_MEDIA_TYPES[path.slice(dot + 1).toLowerCase()] ?? UNKNOWN_MEDIA_TYPE;
}

/** The Content-Type header value for a media type: text types carry their charset. */
export function contentTypeHeader(mediaType: string): string {
  return UTF8_TYPES.has(mediaType) ? `${mediaType}; charset=utf-8` : mediaType;
}
