/**
 * What the machine records say about editions: the manifest's `edition` member and the editions
 * section of llms.txt (the pages say it in their status strip).
 */
import type { LlmsSection } from './llmsTxt.ts';
import { SITE_ORIGIN, pageUrl } from '../model/locales.ts';
import type { PageIndex } from '../pages/pageIndex.ts';
import { pageLink } from './llmsSections.ts';
import {
  EDITION_INDEX_FILE,
  editionPageUrl,
  editionPath,
  editionStatusLabel,
  frozenPagePath,
  type EditionIndex,
  type EditionStatus,
} from '../editions/editions.ts';
import { editionChangesPath } from '../editions/editionChanges.ts';
import type { PendingChanges } from '../editions/pageStatus.ts';
import { CHANGELOG_PATH, changelogFeedPath } from '../editions/changelog.ts';
import { BUNDLE_MEDIA_TYPE, editionBundlePath } from './editionBundle.ts';
import { PAGE_PATHS } from '../pages/pagePaths.ts';

/** An edition's offline bundle as the manifest lists it (editionBundle.ts). */
export interface BundleFacts {
  path: string;
  sha256: string;
  bytes: Uint8Array;
}

/** What the manifest says about editions: the status, what is pending, every released edition and its bundle. */
export function editionManifestEntry(
  status: EditionStatus,
  pending: PendingChanges,
  editions: readonly EditionIndex[],
  locale: string,
  bundles: readonly BundleFacts[],
) {
  const latest = editions.at(-1);
  const bundleOf = new Map(bundles.map((bundle) => [bundle.path, bundle]));
  return {
    state: status.state,
    label: editionStatusLabel(status),
    id: status.state === 'released' ? status.id : null,
    date: status.state === 'released' ? status.date : null,
    since: status.state === 'draft' ? status.since : null,
    pending: {
      pages: pending.pages.map((page) => ({
        page: `${SITE_ORIGIN}${pageUrl(page.locale, page.path)}`,
        state: page.state,
        released_text:
          latest && page.state !== 'new'
            ? `${SITE_ORIGIN}${editionPath(latest.id, frozenPagePath(page.locale, page.path))}`
            : null,
      })),
      files: {
        added: pending.files.added.map((file) => `/${file}`),
        removed: pending.files.removed.map((file) => `/${file}`),
        changed: pending.files.changed.map((file) => `/${file}`),
      },
    },
    standard_version: status.standardVersion,
    latest: latest ? `${SITE_ORIGIN}${editionPath(latest.id, EDITION_INDEX_FILE)}` : null,
    editions: editions.map((edition) => ({
      id: edition.id,
      date: edition.date,
      standard_version: edition.standard_version,
      previous: edition.previous,
      index: `${SITE_ORIGIN}${editionPath(edition.id, EDITION_INDEX_FILE)}`,
      page: `${SITE_ORIGIN}${editionPageUrl(locale, edition.id)}`,
      bundle: bundleEntry(edition.id, bundleOf.get(editionBundlePath(edition.id))),
    })),
  };
}

function bundleEntry(id: string, bundle: BundleFacts | undefined) {
  if (!bundle) throw new Error(`edition ${id}: no offline bundle was built`);
  return {
    url: `${SITE_ORIGIN}${bundle.path}`,
    media_type: BUNDLE_MEDIA_TYPE,
    sha256: bundle.sha256,
    bytes: bundle.bytes.length,
  };
}

/** The llms.txt sections with an Editions section before the last one (llms.txt's "Optional" comes last). */
export function withEditionsSection(
  sections: readonly LlmsSection[],
  index: PageIndex,
  status: EditionStatus,
  editions: readonly EditionIndex[],
  locale: string,
): LlmsSection[] {
  const editionsPage = index.byUrl.get(pageUrl(locale, PAGE_PATHS.editions));
  const section: LlmsSection = {
    name: 'Editions',
    links: [
      ...(editionsPage
        ? [
            {
              ...pageLink(editionsPage),
              note: `Dated, immutable editions of the record; the current URLs are ${editionStatusLabel(status)} (UAI-1 ${status.standardVersion}; ${editionsPage.code})`,
            },
          ]
        : []),
      ...[...editions].reverse().flatMap((edition) => {
        const page = index.byUrl.get(editionPageUrl(locale, edition.id));
        return [
          ...(page ? [pageLink(page)] : []),
          {
            title: `Edition ${edition.id} index`,
            url: `${SITE_ORIGIN}${editionPath(edition.id, EDITION_INDEX_FILE)}`,
            note: `UAI-1 ${edition.standard_version}, released ${edition.date}: the sha256 of each of its files under ${SITE_ORIGIN}${editionPath(edition.id)} (JSON)`,
          },
          ...(edition.previous
            ? [
                {
                  title: `Edition ${edition.id} changes`,
                  url: `${SITE_ORIGIN}${editionChangesPath(edition.id)}`,
                  note: `What it changed since ${edition.previous}: files added, removed and changed, a JSON Patch per JSON file, a word diff per page (JSON)`,
                },
              ]
            : []),
        ];
      }),
      ...(editions.length
        ? [
            {
              title: 'Changelog',
              url: `${SITE_ORIGIN}${CHANGELOG_PATH}`,
              note: 'One entry per edition, newest first, with its translations (JSON)',
            },
            {
              title: 'Changelog feed',
              url: `${SITE_ORIGIN}${changelogFeedPath(locale)}`,
              note: 'The changelog as an Atom feed (RFC 4287), one entry per released edition',
            },
          ]
        : []),
    ],
  };
  return [...sections.slice(0, -1), section, ...sections.slice(-1)];
}
