/**
 * The one table of what the record may publish, by file name, and how the redaction gate reads
 * each type. A file is published only when a reader that understands its type has read it: text
 * as text, images in their metadata, PDFs in their strings and streams, archives entry by entry,
 * Pagefind's index in its strings. A name no row matches, a dotfile or a key file is refused
 * (unless an allow-list entry names the file and its type with a reason). Each row's content is
 * checked against its name, so a renamed file is not read as what it is not.
 */

/** How a file is read; the build's summary counts the files read per reading. */
export type Reading = 'text' | 'image metadata' | 'archive' | 'PDF' | 'search index';

/** The readers the gate dispatches to (src/record/checks/publishedFileReading.ts). */
export type ReaderName = 'text' | 'png' | 'jpeg' | 'gif' | 'ico' | 'pdf' | 'tar' | 'gzip' | 'pagefind' | 'wasm';

export interface FileType {
  /** The type as problem lines and allow-list entries name it. */
  type: string;
  reading: Reading;
  reader: ReaderName;
  /** The extensions (lower case, no dot) or whole names (`_headers`) of this type. */
  extensions?: readonly string[];
  names?: readonly string[];
  /** The bytes every file of this type starts with (checked before reading). */
  signature?: readonly number[];
}

const GZIP = [0x1f, 0x8b];

export const FILE_TYPES: readonly FileType[] = [
  {
    type: 'text',
    reading: 'text',
    reader: 'text',
    extensions: [
      'html',
      'json',
      'md',
      'txt',
      'xml',
      'js',
      'mjs',
      'cjs',
      'ts',
      'mts',
      'css',
      'svg',
      'yaml',
      'yml',
      'webmanifest',
      'csv',
      'map',
    ],
    // _headers and _redirects are the static host's; LICENSE and the notices are in the package tarball;
    // api-catalog is the RFC 9727 linkset under /.well-known/.
    names: ['_headers', '_redirects', 'license', 'readme', 'notice', 'third-party-notices', 'api-catalog'],
  },
  { type: 'PNG', reading: 'image metadata', reader: 'png', extensions: ['png'], signature: [0x89, 0x50, 0x4e, 0x47] },
  { type: 'JPEG', reading: 'image metadata', reader: 'jpeg', extensions: ['jpg', 'jpeg'], signature: [0xff, 0xd8] },
  { type: 'GIF', reading: 'image metadata', reader: 'gif', extensions: ['gif'], signature: [0x47, 0x49, 0x46, 0x38] },
  { type: 'ICO', reading: 'image metadata', reader: 'ico', extensions: ['ico'], signature: [0, 0, 1, 0] },
  { type: 'PDF', reading: 'PDF', reader: 'pdf', extensions: ['pdf'], signature: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'gzip-compressed tar', reading: 'archive', reader: 'tar', extensions: ['tgz', 'tar.gz'], signature: GZIP },
  { type: 'tar', reading: 'archive', reader: 'tar', extensions: ['tar'] },
  { type: 'gzip', reading: 'archive', reader: 'gzip', extensions: ['gz'], signature: GZIP },
  // Pagefind's index: gzip around its own `pagefind_dcd` header and JSON (fragments), CBOR (index,
  // meta) or WebAssembly (wasm.*.pagefind).
  {
    type: 'Pagefind index',
    reading: 'search index',
    reader: 'pagefind',
    extensions: ['pf_fragment', 'pf_index', 'pf_meta', 'pagefind'],
    signature: GZIP,
  },
  {
    type: 'WebAssembly',
    reading: 'search index',
    reader: 'wasm',
    extensions: ['wasm'],
    signature: [0, 0x61, 0x73, 0x6d],
  },
];

/**
 * Key and certificate files, refused by name whatever they hold: SSH keys by their default names
 * (and their `.pub` halves, which name a host or person), PEM/DER keys and certificates, PKCS#12
 * and Java key stores, KeePass databases, GnuPG and ASCII-armoured keys or signatures, and
 * OpenVPN/PuTTY keys. A certificate is public, but the record publishes none, so one here is a
 * mistake until an allow-list entry says otherwise.
 */
const KEY_NAMES = /^(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?(?:\.pub)?|authorized_keys|known_hosts)$/;
const KEY_EXTENSIONS = new Set([
  'pem',
  'key',
  'p12',
  'pfx',
  'der',
  'crt',
  'cer',
  'csr',
  'p7b',
  'p8',
  'jks',
  'keystore',
  'kdbx',
  'gpg',
  'pgp',
  'asc',
  'ppk',
  'ovpn',
]);

/** Why a file is refused by its name alone, or undefined. `path` is the public or repository path. */
export function refusedName(path: string): { type: string; message: string; rule: string } | undefined {
  const segments = path.split('/').filter((segment) => segment.length > 0);
  // The published /.well-known/ folder (public/.well-known/ in the sources) is the one dot folder.
  const dotted = segments.find(
    (segment, index) =>
      segment.startsWith('.') &&
      !(segment === '.well-known' && (index === 0 || (index === 1 && segments[0] === 'public'))),
  );
  if (dotted)
    return {
      type: 'dotfile',
      message: `a dotfile (${dotted}) is never published`,
      rule: 'dotfile',
    };
  const base = segments.at(-1) ?? '';
  if (KEY_NAMES.test(base) || KEY_EXTENSIONS.has(extensionOf(base)))
    return { type: 'key file', message: `a key or certificate file (${base}) is never published`, rule: 'key-file' };
  return undefined;
}

/** The lower-case extension of a name (`x.tar.gz` → `gz`; no dot → ''). */
function extensionOf(base: string): string {
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** The table's row for a name (its last segment), or undefined when no row names it. */
export function fileTypeOf(path: string): FileType | undefined {
  const base = (path.slice(path.lastIndexOf('/') + 1) || path).toLowerCase();
  const extension = extensionOf(base);
  const double = base.endsWith('.tar.gz') ? 'tar.gz' : undefined;
  return (
    (double && FILE_TYPES.find((row) => row.extensions?.includes(double))) ||
    FILE_TYPES.find((row) => row.names?.includes(base) || (extension !== '' && row.extensions?.includes(extension)))
  );
}

/** The name an unknown file's type is given in its problem line and allow-list entry (`.bin`, or the name). */
export function unknownTypeOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const extension = extensionOf(base);
  return extension ? `.${extension}` : base;
}

/** Whether `bytes` start with the row's signature. */
export function hasSignature(row: FileType, bytes: Uint8Array): boolean {
  return !row.signature || row.signature.every((byte, index) => bytes[index] === byte);
}
