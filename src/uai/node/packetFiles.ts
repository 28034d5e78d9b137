/** Reading one packet or route-record file from disk, within the core's input size limit. */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { DEFAULT_JSON_LIMITS } from '../jsonText.ts';

/** An input that could not be read at all (missing, a directory, not a file); the message names it. */
export class UnreadableInput extends Error {}

/**
 * The bytes of a regular file, at most `maxBytes + 1` of them: a larger file is cut there, so the
 * reader refuses it as too large (UAI-JSON-TOO-LARGE, as the library does for the same bytes)
 * without holding all of it. Throws `UnreadableInput` when the file cannot be read at all.
 */
export function readPacketFile(name: string, maxBytes: number = DEFAULT_JSON_LIMITS.maxBytes): Uint8Array {
  let stat;
  try {
    stat = statSync(name);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UnreadableInput(
      `cannot read ${name}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (error as Error).message}`,
    );
  }
  if (stat.isDirectory()) throw new UnreadableInput(`cannot read ${name}: it is a directory; name the packet files`);
  if (!stat.isFile()) throw new UnreadableInput(`cannot read ${name}: not a regular file`);
  try {
    // One byte more than the size the file had is enough to see that it grew.
    return readAtMost(name, Math.min(maxBytes + 1, stat.size + 1));
  } catch (error) {
    throw new UnreadableInput(`cannot read ${name}: ${(error as Error).message}`);
  }
}

/** The first `limit` bytes of a file (all of it when shorter), read until the end or the limit. */
function readAtMost(name: string, limit: number): Uint8Array {
  const buffer = new Uint8Array(limit);
  const descriptor = openSync(name, 'r');
  try {
    let length = 0;
    while (length < limit) {
      const read = readSync(descriptor, buffer, length, limit - length, null);
      if (read === 0) break;
      length += read;
    }
    return buffer.subarray(0, length);
  } finally {
    closeSync(descriptor);
  }
}
