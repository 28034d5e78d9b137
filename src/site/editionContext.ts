/**
 * The record's editions as the templates read them: the committed editions, the record's status
 * and each page's against the latest (read once per loaded site), and both in the page's interface language.
 */
import { editionState, type EditionState } from '../record/machine/node/editionState.ts';
import { committedEditionBundle, type EditionBundle } from '../record/machine/node/editionBundle.ts';
import {
  EDITION_INDEX_FILE,
  editionPagePath,
  editionPageUrl,
  editionPath,
  type EditionStatus,
} from '../record/editions/editions.ts';
import type { PageEditionStatus } from '../record/editions/pageStatus.ts';
import { PAGE_PATHS } from '../record/pages/pagePaths.ts';
import { pageUrl } from '../record/model/locales.ts';
import { BUNDLE_MEDIA_TYPE } from '../record/machine/editionBundle.ts';
import type { Page } from '../record/pages/pageIndex.ts';
import type { StructuredDownload } from '../record/machine/structuredData.ts';
import type { SiteContext } from './siteContext.ts';

export function editionsOf(site: SiteContext): EditionState {
  return editionState(site);
}

/** "Edition <id>", or the draft label, in the locale of `t`. */
export function editionStatusText(status: EditionStatus, t: (key: string, values?: Record<string, string>) => string) {
  if (status.state === 'released') return t('edition.released', { id: status.id });
  return status.since ? t('edition.draft_since', { id: status.since }) : t('edition.draft_none');
}

/**
 * A page's own status as its status strip shows it (the same words at every width), in the locale
 * of `t`: the words, the page they link to (the edition it is published in, else the editions page,
 * which lists what is pending), and for a changed page its text as released in the edition.
 */
export function pageStatusView(
  status: PageEditionStatus,
  locale: string,
  t: (key: string, values?: Record<string, string>) => string,
): { text: string; href: string; releasedText?: string } {
  const editionsPage = pageUrl(locale, PAGE_PATHS.editions);
  switch (status.state) {
    case 'published':
      return { text: t('edition.page_published', { id: status.id }), href: editionPageUrl(locale, status.id) };
    case 'changed':
      return {
        text: t('edition.page_changed', { id: status.since }),
        href: editionsPage,
        releasedText: status.releasedText,
      };
    case 'new':
      return { text: t('edition.page_new', { id: status.since }), href: editionsPage };
    case 'unreleased':
      return { text: t('edition.draft_none'), href: editionsPage };
    case 'informative':
      return { text: t('edition.page_informative'), href: editionsPage };
  }
}

/** The offline bundle of the edition an edition page shows (undefined for any other page). */
export async function editionBundleOf(site: SiteContext, page: Page): Promise<EditionBundle | undefined> {
  if (page.collection !== 'editions') return undefined;
  const id = page.path.slice(editionPagePath('').length);
  const index = editionState(site).editions.find((edition) => edition.id === id);
  return index ? committedEditionBundle(index) : undefined;
}

/** What an edition page offers for download (its JSON-LD distribution): the bundle and the edition index. */
export async function editionDownloadsOf(site: SiteContext, page: Page): Promise<StructuredDownload[]> {
  const bundle = await editionBundleOf(site, page);
  if (!bundle) return [];
  const id = page.path.slice(editionPagePath('').length);
  return [
    { path: bundle.path, mediaType: BUNDLE_MEDIA_TYPE, sha256: bundle.sha256, bytes: bundle.bytes.length },
    { path: editionPath(id, EDITION_INDEX_FILE), mediaType: 'application/json' },
  ];
}
