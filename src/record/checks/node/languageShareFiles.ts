/**
 * The language share's files: the committed figures (`language-share.json` at the repository's
 * root) and the figures the last build measured (`.cache/language-share.json`, written before the
 * build holds the pages to the committed ones, so that a build the ratchet stopped still leaves
 * what `npm run language-share` records).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { readCacheFile, writeCacheFile } from '../../node/cacheFile.ts';
import { arrayOf, number, objectOf, string } from '../../model/jsonShape.ts';
import { LANGUAGE_SHARE_FILE, readShareBaseline, type PageShare } from '../languageShareGate.ts';

/** Where the build leaves its measure of every translated page. */
export const MEASURED_SHARE_FILE = join(REPOSITORY_ROOT, '.cache/language-share.json');

const MEASURE_SHAPE = arrayOf(
  objectOf({
    path: string,
    locale: string,
    share: objectOf({ lang: string, total: number, foreign: number, unmarked: number }),
  }),
);

/** The committed figures, read and checked (`root`: the repository). */
export function committedShareBaseline(root = REPOSITORY_ROOT): ReturnType<typeof readShareBaseline> {
  const file = join(root, LANGUAGE_SHARE_FILE);
  return readShareBaseline(existsSync(file) ? readFileSync(file, 'utf8') : undefined);
}

/** Keeps this build's measure for `npm run language-share`. */
export function recordMeasuredShares(pages: readonly PageShare[]): void {
  writeCacheFile(MEASURED_SHARE_FILE, pages);
}

/** The last build's measure, or why there is none. */
export function measuredShares(): { pages: PageShare[] } | { missing: string } {
  const read = readCacheFile<PageShare[]>(MEASURED_SHARE_FILE, MEASURE_SHAPE);
  if ('value' in read) return { pages: read.value };
  return { missing: 'absent' in read ? 'no build has measured the pages' : `the last measure ${read.damaged}` };
}
