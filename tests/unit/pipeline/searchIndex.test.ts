/**
 * The search index fed while Astro renders (searchIndex.ts), with the real Pagefind binary: pages
 * handed over in any order, some before their turn, some past the memory bound, give the index a
 * feed from the files alone gives; so does a prediction that was wrong (the feed begins again from
 * the files). And the order helpers agree with Astro (files of pathnames) and walkFiles (order).
 */
import { after, test } from 'node:test';
import { createHash } from 'node:crypto';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { htmlFileOf, PAGEFIND_FOLDER, SearchIndexFeed } from '../../../src/pipeline/searchIndex.ts';
import { inFileOrder } from '../../../src/record/model/publicPaths.ts';
import { Dist } from '../../../src/pipeline/distFiles.ts';
import { walkFiles } from '../../../src/record/node/walkFiles.ts';

const scratch = mkdtempSync(join(tmpdir(), 'uaix-search-feed-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Pages by public path; one French page (its elisions spaced apart on the way), one a sibling of a folder. */
const PAGES: Record<string, string> = {
  '/index.html': '<html lang="en"><body><main data-pagefind-body><h1>Home</h1><p>root words</p></main></body></html>',
  '/404.html': '<html lang="en"><body><main data-pagefind-body><h1>Not found</h1><p>lost</p></main></body></html>',
  '/en-us/index.html':
    '<html lang="en"><body><main data-pagefind-body><h1>Start</h1><p>packets</p></main></body></html>',
  '/en-us/guides/index.html':
    '<html lang="en"><body><main data-pagefind-body><h1>Guides</h1><p>every guide</p></main></body></html>',
  '/en-us/guides/a-b/index.html':
    '<html lang="en"><body><main data-pagefind-body><h1>A guide</h1><p>state proven</p></main></body></html>',
  '/en-us/guides-x/index.html':
    '<html lang="en"><body><main data-pagefind-body><h1>Other</h1><p>a sibling</p></main></body></html>',
  '/fr-fr/index.html':
    '<html lang="fr"><body><main data-pagefind-body><h1>Accueil</h1><p>l’état de l’agent</p></main></body></html>',
};

function distWithPages(name: string): Dist {
  const root = join(scratch, name);
  for (const [path, html] of Object.entries(PAGES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), html);
  }
  return new Dist(root);
}

/** The index's files, each as its path and the sha256 of its bytes. */
function indexOf(dist: Dist): string[] {
  const folder = join(dist.root, PAGEFIND_FOLDER);
  return walkFiles(folder).map(
    (file) => `${relative(folder, file)} ${createHash('sha256').update(readFileSync(file)).digest('hex')}`,
  );
}

const pathnameOf = (file: string) => (file === '/404.html' ? '/404/' : file.replace(/index\.html$/, ''));

/** An index fed the way the build feeds it: `expected` predicted, then `rendered` handed over in that order. */
async function fedIndex(
  name: string,
  expected: string[],
  rendered: string[],
  heldBytesLimit?: number,
): Promise<{ index: string[]; asRendered: number }> {
  const dist = distWithPages(name);
  const feed = new SearchIndexFeed(dist.root, expected, heldBytesLimit);
  for (const file of rendered) {
    feed.pageRendered(pathnameOf(file), new TextEncoder().encode(PAGES[file]));
    // Astro's render is asynchronous: the feed gets turns between pages.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await feed.finish(dist);
  return { index: indexOf(dist), asRendered: feed.sentWhileRendering };
}

test('htmlFileOf writes pathnames as Astro does; inFileOrder lists paths as walkFiles does', () => {
  assert.equal(htmlFileOf('/en-us/x/'), '/en-us/x/index.html');
  assert.equal(htmlFileOf('/'), '/index.html');
  assert.equal(htmlFileOf('/404/'), '/404.html');
  assert.equal(htmlFileOf('/404'), '/404.html');
  const dist = distWithPages('order');
  const walked = walkFiles(dist.root).map((file) => dist.publicPathOf(file));
  const byPath = (path: string) => path;
  assert.deepEqual(inFileOrder([...walked].reverse(), byPath), walked);
  assert.deepEqual(inFileOrder(Object.keys(PAGES).sort(), byPath), walked);
});

test('pages handed over in any order give the index of the files alone, the wrong prediction too', async () => {
  const files = Object.keys(PAGES);
  // The files alone: nothing predicted, nothing handed over.
  const alone = await fedIndex('alone', [], []);
  assert.ok(
    alone.index.some((line) => line.startsWith('pagefind-entry.json')),
    'Pagefind wrote no entry file',
  );
  assert.equal(alone.asRendered, 0);

  const reversed = await fedIndex('reversed', files, [...files].reverse());
  assert.deepEqual(reversed.index, alone.index, 'rendered in reverse order');
  assert.equal(reversed.asRendered, files.length, 'every page was sent as it was rendered');

  // Two pages never handed over (read from their files once Astro is done).
  const partly = await fedIndex('partly', files, files.slice(2));
  assert.deepEqual(partly.index, alone.index, 'two pages from their files');
  assert.equal(partly.asRendered, files.length - 2);

  // Rendered last page first, with room for one page only: the others wait for Astro, then come from their files.
  const bounded = await fedIndex('bounded', files, [...files].reverse(), 200);
  assert.deepEqual(bounded.index, alone.index, 'pages over the memory bound');
  assert.ok(bounded.asRendered < files.length, `${bounded.asRendered} pages held although over the bound`);

  // A prediction without one of the files Astro wrote, or with one it did not write: begun again from the files.
  const missing = await fedIndex('missing', files.slice(1), files.slice(1));
  assert.deepEqual(missing.index, alone.index, 'a prediction without a file');
  const extra = await fedIndex('extra', [...files, '/en-us/never/index.html'], files);
  assert.deepEqual(extra.index, alone.index, 'a prediction with a file never written');
});
