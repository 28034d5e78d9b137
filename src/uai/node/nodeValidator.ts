/**
 * The packet validator as Node callers (the CLI, the build, the benchmark) build it: the published
 * schemas from disk and node:crypto's SHA-256, native and about twice as fast as the pure-JS default
 * the browser uses. The core itself imports no Node module; this is where Node is wired in.
 */
import { createHash } from 'node:crypto';
import { createPacketValidator, type PacketValidator } from '../packetValidator.ts';
import type { JsonReadLimits } from '../jsonText.ts';
import type { SchemaDocument } from '../schemaRegistry.ts';
import type { Sha256 } from '../sha256.ts';
import { loadSchemaDocuments } from './recordFiles.ts';

const asBytes = (digest: Buffer) => new Uint8Array(digest.buffer, digest.byteOffset, digest.length);

export const nodeSha256: Sha256 = Object.assign(
  (bytes: Uint8Array) => asBytes(createHash('sha256').update(bytes).digest()),
  {
    ofUtf8: (text: string) => createHash('sha256').update(text, 'utf8').digest('hex'),
  },
);

export function createNodePacketValidator(
  documents: readonly SchemaDocument[] = loadSchemaDocuments(),
  limits?: Partial<JsonReadLimits>,
): PacketValidator {
  return createPacketValidator(documents, { limits, sha256: nodeSha256 });
}
