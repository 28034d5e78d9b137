/**
 * Pagefind's search index of the built pages, written by Pagefind's own service process
 * (pagefindService.ts) into dist/pagefind/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { searchableHtml } from '../record/pages/searchText.ts';
import { walkFiles } from '../record/node/walkFiles.ts';
import { htmlFileUrl, inFileOrder } from '../record/model/publicPaths.ts';
import { fail } from './buildFailure.ts';
import type { Dist } from './distFiles.ts';
import { PagefindService } from './pagefindService.ts';

/** Pagefind's output folder in dist/. */
export const PAGEFIND_FOLDER = 'pagefind';

/** Requests sent to Pagefind before waiting for its answers: enough to keep it busy, few pages held at once. */
const PAGEFIND_WINDOW = 16;

/** Rendered pages held while they wait for their turn; the ones beyond are read from their files later. */
const HELD_BYTES = 64 * 1024 * 1024;

/** Astro's error pages, which it writes as `/404.html` and `/500.html` whatever the trailing slash. */
const ERROR_PAGE = /^\/(404|500)\/?$/;

/** The HTML file Astro writes for a page's pathname (`/en-us/x/` → `/en-us/x/index.html`, `/404/` → `/404.html`). */
export function htmlFileOf(pathname: string): string {
  const error = ERROR_PAGE.exec(pathname);
  if (error) return `/${error[1]}.html`;
  if (pathname.endsWith('/')) return `${pathname}index.html`;
  return pathname.endsWith('.html') ? pathname : `${pathname}.html`;
}

/** Thrown inside the feed when the pages written are not the ones predicted: the feed starts again from the files. */
class Unpredicted extends Error {}

/**
 * 8. Pagefind's search index of the HTML pages, in dist/pagefind/, built while Astro renders and
 * finished beside stage 6. Pagefind numbers pages in the order it gets them, so each page is sent in
 * the order of its file's path (walkFiles order), whatever order Astro renders them in; each page's
 * URL is the one Pagefind's own folder walk gives it; French elisions are spaced apart (searchText.ts).
 *
 * The build predicts the HTML files from its page index (`expected`), and Astro hands each page over
 * as it renders it (src/middleware.ts): a page is sent when its turn comes, so Pagefind works on the
 * core Astro's render leaves idle instead of after it. A page rendered before its turn waits in
 * memory (up to a bound; beyond it, it is read from its file once Astro is done). When Astro is done
 * (`finish`), the HTML files written are compared with the prediction: when they are the same, the
 * pages not yet sent are read from their files; when not, the index is begun again from the files
 * alone. Either way the index is the one a feed from the files alone gives
 * (tests/unit/pipeline/searchIndex.test.ts).
 */
export class SearchIndexFeed {
  private readonly service = new PagefindService();
  /** The predicted HTML files, in walkFiles order. */
  private readonly expected: readonly string[];
  private readonly expectedFiles: ReadonlySet<string>;
  private readonly held = new Map<string, Uint8Array>();
  /** Rendered pages that were over the bound when they came: read from their files after Astro. */
  private readonly onDisk = new Set<string>();
  private heldBytes = 0;
  private rendered = false;
  private unpredicted = false;
  private wake: (() => void) | undefined;
  private readonly predictedFeed: Promise<number>;
  /** How many pages were sent as Astro rendered them (the rest came from their files). */
  sentWhileRendering = 0;

  /**
   * `expected`: the public paths of the HTML files Astro will write (`/404.html`, `/en-us/x/index.html`);
   * `heldBytesLimit`: how much rendered HTML may wait in memory for its turn.
   */
  constructor(
    private readonly distRoot: string,
    expected: readonly string[],
    private readonly heldBytesLimit = HELD_BYTES,
  ) {
    this.expected = inFileOrder(expected, (path) => path);
    this.expectedFiles = new Set(this.expected);
    this.predictedFeed = this.feed(this.expected, (file) => this.turnOf(file));
    this.predictedFeed.catch(() => undefined);
    // An Astro render that fails ends the process without the stages: the service goes with it.
    process.once('exit', this.killService);
  }

  private readonly killService = (): void => this.service.kill();

  /** A page Astro rendered, by the pathname it was requested at (renderedPages.ts). */
  readonly pageRendered = (pathname: string, bytes: Uint8Array): void => {
    const file = htmlFileOf(pathname);
    // A page not predicted is the check's business when Astro is done; a second render of one is ignored.
    if (!this.expectedFiles.has(file) || this.held.has(file) || this.onDisk.has(file)) return;
    if (this.heldBytes + bytes.length > this.heldBytesLimit) this.onDisk.add(file);
    else {
      this.held.set(file, bytes);
      this.heldBytes += bytes.length;
    }
    this.wake?.();
  };

  /**
   * Astro is done and every page is in `dist`: the feed ends (from the files, or again from the start
   * when they are not the predicted ones), the index is written and the service is gone.
   */
  async finish(dist: Dist): Promise<void> {
    this.rendered = true;
    const files = walkFiles(dist.root)
      .filter((file) => file.endsWith('.html'))
      .map((file) => dist.publicPathOf(file));
    const predicted = files.length === this.expected.length && files.every((file, at) => file === this.expected[at]);
    if (!predicted) this.unpredicted = true;
    this.wake?.();
    try {
      let indexId = await this.predictedFeed.catch((error: unknown) => {
        if (error instanceof Unpredicted) return undefined;
        throw error;
      });
      // A feed of the predicted pages may have ended (fewer predicted than written): not this index.
      if (!predicted || indexId === undefined) indexId = await this.feed(files, (file) => this.fileBytes(file));
      await this.service.request({
        type: 'WriteFiles',
        index_id: indexId,
        output_path: join(dist.root, PAGEFIND_FOLDER),
      });
    } catch (error) {
      fail('pagefind', [{ file: `${PAGEFIND_FOLDER}/`, message: (error as Error).message, rule: 'pagefind' }]);
    } finally {
      await this.stopService();
    }
  }

  /** Ends the service (a stage failed) and waits until it is gone. */
  async stop(): Promise<void> {
    this.rendered = true;
    this.unpredicted = true;
    this.wake?.();
    await this.stopService();
    await this.predictedFeed.catch(() => undefined);
  }

  private async stopService(): Promise<void> {
    process.off('exit', this.killService);
    await this.service.stop();
  }

  /** A new index fed with `files` in their order, each page's bytes from `bytesOf`; resolves with its id. */
  private async feed(files: readonly string[], bytesOf: (file: string) => Promise<Uint8Array>): Promise<number> {
    const created = await this.service.request({ type: 'NewIndex', config: {} });
    const indexId = Number(created.index_id);
    const inFlight: Promise<unknown>[] = [];
    for (const file of files) {
      const bytes = await bytesOf(file);
      if (inFlight.length >= PAGEFIND_WINDOW) await inFlight.shift();
      const added = this.service.request({
        type: 'AddFile',
        index_id: indexId,
        // The URL Pagefind's own folder walk gives the file.
        url: htmlFileUrl(file),
        file_contents: searchableHtml(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')),
      });
      // Handled here too: when an earlier one fails, the loop stops without awaiting the later ones.
      added.catch(() => undefined);
      inFlight.push(added);
    }
    await Promise.all(inFlight);
    return indexId;
  }

  /** A predicted page's bytes, once its turn has come: as rendered, or from its file once Astro is done. */
  private async turnOf(file: string): Promise<Uint8Array> {
    for (;;) {
      if (this.unpredicted) throw new Unpredicted();
      const bytes = this.held.get(file);
      if (bytes) {
        this.held.delete(file);
        this.heldBytes -= bytes.length;
        this.sentWhileRendering++;
        return bytes;
      }
      if (this.rendered) return this.fileBytes(file);
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private async fileBytes(file: string): Promise<Uint8Array> {
    return readFileSync(join(this.distRoot, file));
  }
}
