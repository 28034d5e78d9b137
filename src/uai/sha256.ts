/**
 * SHA-256 for the core, as a function from bytes to the 32-byte digest. The default is
 * @noble/hashes (audited, maintained, synchronous pure JavaScript), so the same digest code runs in
 * the browser validator, where WebCrypto's digest is asynchronous only. Node callers pass
 * node:crypto's instead (`src/uai/node/nodeValidator.ts`), which is native and faster.
 */
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';

export type Sha256 = ((bytes: Uint8Array) => Uint8Array) & {
  /**
   * The digest of the UTF-8 bytes of well-formed `text`, in lowercase hex, for a hash that reads
   * text and writes hex itself: node:crypto does, without a text encoding step or a digest buffer
   * (together measured at about a tenth of a packet validation).
   */
  ofUtf8?: (text: string) => string;
};

export const sha256: Sha256 = nobleSha256;

// Two hex digits per byte value, looked up rather than formatted: a digest is made per packet.
const HEX_PAIRS = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (let index = 0; index < bytes.length; index++) hex += HEX_PAIRS[bytes[index]!];
  return hex;
}

/** `sha256:<hex>` of some bytes: the digest form used across the record. */
export function sha256Digest(bytes: Uint8Array, hash: Sha256 = sha256): string {
  return `sha256:${toHex(hash(bytes))}`;
}

const utf8 = new TextEncoder();

/** `sha256:<hex>` of the UTF-8 bytes of well-formed text (a lone surrogate would be encoded as U+FFFD). */
export function sha256DigestOfText(text: string, hash: Sha256 = sha256): string {
  return `sha256:${hash.ofUtf8 ? hash.ofUtf8(text) : toHex(hash(utf8.encode(text)))}`;
}
