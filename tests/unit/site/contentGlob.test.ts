/**
 * contentGlob (src/site/contentGlob.ts): Astro's glob loader, run on a folder with a stand-in for the
 * content layer's context, warns `Duplicate id` neither when a file it holds is synced again with new
 * text (at the first sync, from a saved store, or after an edit under astro dev) nor when its text is
 * the same, and still warns when two files give one id.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import { contentGlob } from '../../../src/site/contentGlob.ts';
import { entryIdOf } from '../../../src/record/content/contentPaths.ts';

type Entry = { id: string; filePath?: string; digest?: string };

/** The parts of the content layer's context the glob loader uses, with its warnings collected. */
function layer(root: string, entries: Map<string, Entry>) {
  const warnings: string[] = [];
  const watcher = Object.assign(new EventEmitter(), { add: () => undefined });
  const markdown = {
    getEntryInfo: ({ contents }: { contents: string }) => ({ body: contents, data: {} }),
    getRenderFunction: async () => async () => ({ html: '' }),
  };
  const store = {
    get: (id: string) => entries.get(id),
    has: (id: string) => entries.has(id),
    set: (entry: Entry) => (entries.set(entry.id, entry), true),
    delete: (id: string) => void entries.delete(id),
    keys: () => [...entries.keys()],
    values: () => [...entries.values()],
    entries: () => [...entries.entries()],
    clear: () => entries.clear(),
    addModuleImport: () => undefined,
    addAssetImports: () => undefined,
  };
  const context = {
    collection: 'guides',
    store,
    config: { root: pathToFileURL(root + '/'), srcDir: pathToFileURL(join(root, 'src') + '/'), legacy: {} },
    logger: { warn: (line: string) => warnings.push(line), info: () => undefined, error: () => undefined },
    parseData: async ({ data }: { data: unknown }) => data,
    generateDigest: (text: string) => createHash('sha256').update(text).digest('hex'),
    entryTypes: new Map([['.md', markdown]]),
    watcher,
  } as unknown as LoaderContext;
  return { context, warnings, watcher };
}

/** The glob loader's own watcher handler is async: let it read, render and store. */
const settle = () => new Promise((done) => setTimeout(done, 200));

test('a re-synced file is no duplicate of itself; two files with one id are', async () => {
  const root = mkdtempSync(join(tmpdir(), 'uaix-content-glob-'));
  try {
    const guide = join(root, 'content/guides/en-us/handoff.md');
    mkdirSync(join(root, 'content/guides/en-us'), { recursive: true });
    writeFileSync(guide, 'first text\n');
    const entries = new Map<string, Entry>();
    const loader = contentGlob('**/*.md', './content/guides', entryIdOf);

    const first = layer(root, entries);
    await loader.load(first.context);
    assert.deepEqual([...entries.keys()], ['en-us/handoff']);

    // A store saved before the file changed (the next start), then an edit, then a save of the same text.
    writeFileSync(guide, 'second text\n');
    const next = layer(root, entries);
    await loader.load(next.context);
    assert.equal(entries.get('en-us/handoff')?.digest, next.context.generateDigest('second text\n'));
    writeFileSync(guide, 'third text\n');
    next.watcher.emit('change', guide);
    await settle();
    assert.equal(entries.get('en-us/handoff')?.digest, next.context.generateDigest('third text\n'));
    next.watcher.emit('change', guide);
    await settle();
    assert.deepEqual(next.warnings, []);

    // Another file that gives the same id (a folder's index) is a duplicate.
    mkdirSync(join(root, 'content/guides/en-us/handoff'));
    const index = join(root, 'content/guides/en-us/handoff/index.md');
    writeFileSync(index, 'other text\n');
    next.watcher.emit('add', index);
    await settle();
    assert.equal(next.warnings.length, 1);
    assert.match(next.warnings[0], /^Duplicate id "en-us\/handoff" found in .*index\.md/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
