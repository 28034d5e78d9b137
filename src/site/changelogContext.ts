/** The changelog as the build and the templates read it: its data files against the site's released editions. */
import { editionState } from '../record/machine/node/editionState.ts';
import type { EditionSite } from '../record/editions/node/editionFiles.ts';
import { loadChangelog, type LoadedChangelog } from '../record/editions/node/changelogFiles.ts';

/** The changelog of the site's editions (read once per root and set of editions). */
export function changelogOf(site: EditionSite): LoadedChangelog {
  return loadChangelog(editionState(site).editions.map((edition) => edition.id));
}

/** Each released edition's changes since the previous one, classified (the changelog page shows them). */
export { committedClassifiedChanges as classifiedChangesOf } from '../record/editions/node/changeClassificationFiles.ts';
