/**
 * The record's editions as the templates read them: the committed editions, the record's status
 * against the latest (read once per loaded site), and the status in the page's interface language.
 */
import { editionState, type EditionState } from '../record/machine/node/editionState.ts';
import { committedEditionBundle, type EditionBundle } from '../record/machine/node/editionBundle.ts';
import { EDITION_INDEX_FILE, editionPagePath, editionPath, type EditionStatus } from '../record/editions/editions.ts';
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
