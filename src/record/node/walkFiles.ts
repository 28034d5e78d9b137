/** Every file below a folder, depth first, sorted by name at each level (so output order is stable). */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** With `skipFolder`, the folders it is true of are not entered (e.g. one another process is writing). */
export function walkFiles(dir: string, skipFolder?: (path: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (!statSync(path).isDirectory()) return [path];
      return skipFolder?.(path) ? [] : walkFiles(path, skipFolder);
    });
}
