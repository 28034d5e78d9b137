/**
 * The record's editions as the templates read them: the committed editions, the record's status
 * against the latest (read once per loaded site), and the status in the page's interface language.
 */
import { editionState, type EditionState } from '../record/node/editionFiles.ts';
import type { EditionStatus } from '../record/editions.ts';
import type { SiteContext } from './siteContext.ts';

export function editionsOf(site: SiteContext): EditionState {
  return editionState(site);
}

/** "Edition <id>", or the draft label, in the locale of `t`. */
export function editionStatusText(status: EditionStatus, t: (key: string, values?: Record<string, string>) => string) {
  if (status.state === 'released') return t('edition.released', { id: status.id });
  return status.since ? t('edition.draft_since', { id: status.since }) : t('edition.draft_none');
}
