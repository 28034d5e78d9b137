/** Every file below a folder, depth first, sorted by name at each level (so output order is stable). */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function walkFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walkFiles(path) : [path];
    });
}
