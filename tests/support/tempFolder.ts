/**
 * A fresh folder under the system's temporary folder for `run`, removed afterwards whatever happens;
 * for a `run` that returns a promise, once the promise settles.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function inTempFolder<T>(prefix: string, run: (folder: string) => T): T {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(folder, { recursive: true, force: true });
  let result: T;
  try {
    result = run(folder);
  } catch (error) {
    remove();
    throw error;
  }
  if (result instanceof Promise) return result.finally(remove) as T;
  remove();
  return result;
}
