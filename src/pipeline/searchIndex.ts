/**
 * Pagefind's search index of the built pages, written by Pagefind's own service process
 * (pagefindService.ts) into dist/pagefind/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { searchableHtml } from '../record/pages/searchText.ts';
import { walkFiles } from '../record/node/walkFiles.ts';
import { fail } from './buildFailure.ts';
import type { Dist } from './distFiles.ts';
import type { PagefindService } from './pagefindService.ts';

/** Pagefind's output folder in dist/. */
export const PAGEFIND_FOLDER = 'pagefind';

/** Requests sent to Pagefind before waiting for its answers: enough to keep it busy, few pages held at once. */
const PAGEFIND_WINDOW = 16;

/**
 * 8. Pagefind's search index of the HTML pages, in dist/pagefind/ (runs beside stage 6). Each HTML
 * file is sent in the order of its path, so the index does not depend on the order in which the
 * filesystem lists a folder (Pagefind numbers pages in the order it gets them); each page's URL is
 * the one Pagefind's own folder walk gives it; French elisions are spaced apart (searchText.ts). The
 * service ends (and is gone) before this settles.
 */
export async function indexForSearch(dist: Dist, service: PagefindService): Promise<void> {
  try {
    const created = await service.request({ type: 'NewIndex', config: {} });
    const indexId = created.index_id;
    const pages = walkFiles(dist.root).filter((file) => file.endsWith('.html'));
    const inFlight: Promise<unknown>[] = [];
    for (const file of pages) {
      if (inFlight.length >= PAGEFIND_WINDOW) await inFlight.shift();
      const url = dist.publicPathOf(file).replace(/(^|\/)index\.html$/, '$1');
      const added = service.request({
        type: 'AddFile',
        index_id: indexId,
        url,
        file_contents: searchableHtml(readFileSync(file, 'utf8')),
      });
      // Handled here too: when an earlier one fails, the loop stops without awaiting the later ones.
      added.catch(() => undefined);
      inFlight.push(added);
    }
    await Promise.all(inFlight);
    await service.request({ type: 'WriteFiles', index_id: indexId, output_path: join(dist.root, PAGEFIND_FOLDER) });
  } catch (error) {
    fail('pagefind', [{ file: `${PAGEFIND_FOLDER}/`, message: (error as Error).message, rule: 'pagefind' }]);
  } finally {
    await service.stop();
  }
}
