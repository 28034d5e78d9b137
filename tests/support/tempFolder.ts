/** A fresh folder under the system's temporary folder for `run`, removed afterwards whatever happens. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function inTempFolder(prefix: string, run: (folder: string) => void): void {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  try {
    run(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
