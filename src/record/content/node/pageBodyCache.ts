/**
 * The page bodies of earlier builds (pageBody.ts), kept between builds: what pageBody does to a
 * rendered body (its edits and sections, not the HTML) under the sha256 of the body and of what
 * else decides the edits, in one git-ignored file (cacheFile.ts `KeptTextResults`). Every build
 * renders every page again, and parsing each body (parse5, with source positions) was about a
 * fifth of a warm build's rendering; now only the bodies that changed are parsed. The labels enter
 * the key as they read (the self-link labels filled with a placeholder), the requirement levels as
 * a list. The file is dropped when the record's code changes (sourceDigest.ts `recordCodeDigest`),
 * written by the build once every page is rendered (`save`), and a damaged one is dropped with one
 * note. `astro dev` reads it and never writes it.
 */
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { pageBodyEdits, withEdits, type PageBody, type PageBodyEdits, type PageBodyLabels } from '../pageBody.ts';
import { arrayOf, number, objectOf, string } from '../../model/jsonShape.ts';
import { KeptTextResults } from '../../node/cacheFile.ts';

export const PAGE_BODIES_FILE = '.cache/page-bodies.json';

const EDITS_SHAPE = objectOf({
  edits: arrayOf(objectOf({ start: number, end: number, text: string })),
  sections: arrayOf(objectOf({ id: string, html: string }, { lang: string })),
});

/** Stands for a label's text in the key: no rendered text holds it. */
const PLACEHOLDER = '\u0000';

export interface PageBodyCache {
  /** pageBody(rendered, labels, each requirement id's level); its edits from an earlier build when it read the same. */
  bodyOf(rendered: string, labels: PageBodyLabels, levels: ReadonlyMap<string, string | undefined>): PageBody;
  /** Writes the bodies this build read (when that differs from the file). */
  save(): void;
  /** How many bodies this build parsed. */
  readonly parsedCount: number;
}

export function pageBodyCache(root = REPOSITORY_ROOT): PageBodyCache {
  const kept = new KeptTextResults<PageBodyEdits>(
    join(root, PAGE_BODIES_FILE),
    EDITS_SHAPE,
    'every page body is parsed again',
    () => {
      throw new Error('a page body is computed from its labels, which bodyOf passes');
    },
  );
  return {
    bodyOf(rendered, labels, levels) {
      const inputs = JSON.stringify([
        labels.tables,
        labels.selfLinks.heading(PLACEHOLDER),
        labels.selfLinks.requirement(PLACEHOLDER),
        [...levels],
      ]);
      const key = `${inputs}${PLACEHOLDER}${rendered}`;
      const edits = kept.of(key, () => pageBodyEdits(rendered, labels, (id) => levels.get(id)));
      return withEdits(rendered, edits);
    },
    save: () => kept.save(),
    get parsedCount() {
      return kept.computedCount;
    },
  };
}

/** The cache the pages are rendered with, and the build saves when every page is rendered. */
export const PAGE_BODIES = pageBodyCache();
