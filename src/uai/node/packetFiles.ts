/** Reading one packet or route-record file from disk, within the core's input size limit. */
import { readFileSync, statSync } from 'node:fs';
import { DEFAULT_JSON_LIMITS } from '../jsonText.ts';

/** An input that could not be read at all (missing, a directory, too large); the message names it. */
export class UnreadableInput extends Error {}

/** The bytes of a regular file of at most `maxBytes`; throws `UnreadableInput` otherwise. */
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
  if (stat.size > maxBytes)
    throw new UnreadableInput(
      `cannot read ${name}: ${stat.size} bytes is more than the ${maxBytes}-byte limit for a packet`,
    );
  try {
    return new Uint8Array(readFileSync(name));
  } catch (error) {
    throw new UnreadableInput(`cannot read ${name}: ${(error as Error).message}`);
  }
}
