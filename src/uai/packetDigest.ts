/**
 * The canonical digest of a packet: sha256 over the RFC 8785 bytes of the keyed packet with the
 * member integrity.checksum removed, so keyed, minified and keyless forms share one digest.
 */
import { canonicalize, canonicalizeVisiting, type CanonicalVisitor, type WalkLimits } from './jcs.ts';
import { sha256DigestOfText, type Sha256 } from './sha256.ts';

/** The digest as the core writes it: lowercase hex. */
export const DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;

/** A checksum that states a SHA-256 digest, in either case: verified, never merely recorded. */
export const CHECKSUM_DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/i;

/** The packet without integrity.checksum (a shallow copy; the input is not changed). */
export function withoutChecksum(keyed: Record<string, unknown>): Record<string, unknown> {
  const integrity = keyed.integrity;
  if (integrity === null || typeof integrity !== 'object' || Array.isArray(integrity) || !('checksum' in integrity))
    return keyed;
  const { checksum: _omitted, ...rest } = integrity as Record<string, unknown>;
  return { ...keyed, integrity: rest };
}

/**
 * The text the digest is computed over: the RFC 8785 text of the keyed packet without
 * integrity.checksum. `visitor` sees every leaf and member name of that text on the way (never
 * the checksum, which is not part of it), within `limits`.
 */
export function canonicalPacketText(
  keyed: Record<string, unknown>,
  visitor?: CanonicalVisitor,
  limits?: WalkLimits,
): string {
  const packet = withoutChecksum(keyed);
  return visitor ? canonicalizeVisiting(packet, visitor, limits) : canonicalize(packet);
}

/**
 * The digest of a canonical packet text; `hash` is the SHA-256 to use (the pure-JS default, or
 * node:crypto's in Node).
 */
export function digestOfCanonicalText(text: string, hash?: Sha256): string {
  // The canonical text is well-formed (canonicalize refuses lone surrogates): hashed as its UTF-8 bytes.
  return sha256DigestOfText(text, hash);
}

/** `hash` is the SHA-256 to use: the pure-JS default, or node:crypto's in Node. */
export function packetDigest(keyed: Record<string, unknown>, hash?: Sha256): string {
  return digestOfCanonicalText(canonicalPacketText(keyed), hash);
}
