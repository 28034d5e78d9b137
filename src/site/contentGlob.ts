/**
 * The record's content collections load with Astro's glob() loader, with one correction: Astro
 * 5.18's loader asks its store whether an entry's id is taken before it stores the entry, and when a
 * file it already holds is synced again with new text (an edit under `astro dev`, or a file changed
 * since the store was last saved) the id is taken by that same file's previous version, so it warns
 * `Duplicate id` on every such re-sync. Here the loader's store answers that question as Astro 6
 * does: an id is taken only by another file; a file's own previous version is being replaced.
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { glob, type DataStore, type Loader, type LoaderContext } from 'astro/loaders';

function posixRelative(from: string, to: string): string {
  return relative(from, to).split(sep).join('/');
}

/** glob({ pattern, base }) with ids from `idOf` (the file's path under base), re-syncs warning nothing. */
export function contentGlob(pattern: string, base: string, idOf: (entry: string) => string): Loader {
  const loader = glob({ pattern, base, generateId: ({ entry }) => idOf(entry) });
  return {
    ...loader,
    load: async (context: LoaderContext) => {
      const root = fileURLToPath(context.config.root);
      const baseDir = join(root, base);
      // Ids whose stored entry is the previous version of the very file about to be stored again.
      const replaced = new Set<string>();
      const noteResync = (file: string) => {
        const id = idOf(posixRelative(baseDir, file));
        const stored = context.store.get(id);
        if (!stored?.filePath || stored.filePath !== posixRelative(root, file)) return;
        let text: string;
        try {
          text = readFileSync(file, 'utf8');
        } catch {
          return;
        }
        // An unchanged file is not stored again (the loader compares the same digest).
        if (stored.digest !== context.generateDigest(text)) replaced.add(id);
      };
      const store: DataStore = {
        ...context.store,
        has: (id) => !replaced.has(id) && context.store.has(id),
        set: (entry) => {
          replaced.delete(entry.id);
          return context.store.set(entry);
        },
      };
      // Before the loader's own listeners (added at the end of its load), which read the file later.
      context.watcher?.on('change', noteResync);
      context.watcher?.on('add', noteResync);
      for (const stored of context.store.values()) if (stored.filePath) noteResync(join(root, stored.filePath));
      await loader.load({ ...context, store });
      // What the first sync left noted was not stored again (its file is gone or no longer matches).
      replaced.clear();
    },
  };
}
