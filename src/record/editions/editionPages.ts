/**
 * The page of each released edition as entries of the page index, like the content files' entries:
 * one English source per edition and a translation in every locale that translates content and has
 * all the edition strings. Their text is generated from the UI strings, so a locale without them
 * (and every locale that does not translate content) shows the first text along its fallback chain.
 */
import { LOCALES, SOURCE_LOCALE } from '../model/locales.ts';
import { fillTemplate } from '../content/inlineText.ts';
import { EDITIONS_FOLDER, EDITION_INDEX_FILE, editionPagePath, type EditionIndex } from './editions.ts';
import type { ContentEntry } from '../pages/pageIndex.ts';

/** The UI strings an edition page is written in: every key with this prefix. */
export const EDITION_STRING_PREFIX = 'edition.';

/**
 * The record code of the n-th released edition (1 for the first): editions are released in order
 * and never removed, so the position in the chain is stable, and the kind EDIT is one no content
 * file may use, so the code never collides with a hand-written one.
 */
export function editionRecordCode(position: number): string {
  return `UAIX-EDIT-${String(position).padStart(4, '0')}`;
}

export interface ReleasedEdition {
  index: EditionIndex;
  /** sha256:<hex> of its edition.json: the source the page text describes. */
  indexDigest: string;
}

export interface UiStringsFile {
  locale: string;
  file: string;
  data: Record<string, string>;
}

/** Whether a locale's UI strings hold every edition string the English ones have. */
function hasEditionStrings(strings: Record<string, string>, english: Record<string, string>): boolean {
  return Object.keys(english)
    .filter((key) => key.startsWith(EDITION_STRING_PREFIX))
    .every((key) => key in strings);
}

/** The page entries of the released editions (oldest first), in every locale that has their text. */
export function editionPageEntries(
  editions: readonly ReleasedEdition[],
  uiStrings: readonly UiStringsFile[],
): ContentEntry[] {
  const english = uiStrings.find((file) => file.locale === SOURCE_LOCALE);
  if (!english) return [];
  const writing = uiStrings.filter(
    (file) =>
      file.locale === SOURCE_LOCALE ||
      (LOCALES.some((locale) => locale.code === file.locale && locale.translatesContent) &&
        hasEditionStrings(file.data, english.data)),
  );
  return editions.flatMap(({ index, indexDigest }, position) =>
    writing.map((strings): ContentEntry => {
      const text = (key: string) => fillTemplate(strings.data[key], { id: index.id, version: index.standard_version });
      const source = strings.locale === SOURCE_LOCALE;
      return {
        collection: 'editions',
        locale: strings.locale,
        path: editionPagePath(index.id),
        file: source ? `${EDITIONS_FOLDER}/${index.id}/${EDITION_INDEX_FILE}` : strings.file,
        fileDigest: indexDigest,
        data: {
          code: editionRecordCode(position + 1),
          title: text('edition.title'),
          description: text('edition.description'),
          order: position + 1,
          ...(source ? {} : { source_digest: indexDigest }),
        },
      };
    }),
  );
}
