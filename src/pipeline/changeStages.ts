/**
 * The build's stages for what changed between editions. Before Astro: the changelog's data files
 * read, follow their schema and agree with the committed editions. After the pages: the changes of
 * every edition since the one before it (`/edition-changes/<id>.json`), `/changelog.json` with each
 * edition's classified changes, and the Atom feed of each locale's changelog (an edition with a
 * breaking change marked in its title), each machine record checked against its published schema.
 */
import { editionState } from '../record/machine/node/editionState.ts';
import type { EditionSite } from '../record/editions/node/editionFiles.ts';
import type { RecordLicense } from '../record/model/recordConfig.ts';
import { changelogOf } from '../site/changelogContext.ts';
import { committedEditionChanges } from '../record/editions/node/editionChangeFiles.ts';
import { committedClassifiedChanges } from '../record/editions/node/changeClassificationFiles.ts';
import { EDITION_CHANGES_SCHEMA_PATH, editionChangesPath } from '../record/editions/editionChanges.ts';
import {
  CHANGELOG_PATH,
  CHANGELOG_SCHEMA_PATH,
  changelogFeed,
  changelogFeedPath,
  changelogRecord,
} from '../record/editions/changelog.ts';
import type { PublishedFile } from '../record/machine/machineRecords.ts';
import { fail } from './buildFailure.ts';
import type { Problem } from '../uai/problem.ts';
import { recordSchemaProblems } from '../record/content/node/siteSchemas.ts';

/**
 * Before Astro: the changelog files are valid and name released editions (or the next one, as a
 * draft). Returns the translated entries whose English changed since (shown in English, not a failure).
 */
export function checkChangelog(site: EditionSite): Problem[] {
  const { problems, pending } = changelogOf(site);
  if (problems.length) fail('changelog', problems);
  return pending;
}

/** A machine record's text, after checking it against the site schema at `schemaPath`. */
function checkedJson(path: string, value: unknown, schemaPath: string): string {
  // A failure here is the generator's, not the sources': the records are made from checked data.
  const problems = recordSchemaProblems(path, value, schemaPath);
  if (problems.length) fail('changes records', problems);
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * After the pages: the changes records, changelog.json and the feeds, written by `write`. Returns
 * the changelog's files, made from content, for the publication gates (the changes records quote
 * editions that passed them when they were released).
 */
export function publishChanges(
  site: EditionSite,
  license: RecordLicense,
  ui: (locale: string) => (key: string) => string,
  write: (path: string, text: string) => void,
): PublishedFile[] {
  const written: PublishedFile[] = [];
  const publish = (file: PublishedFile) => {
    write(file.path, file.text);
    written.push(file);
  };
  for (const [id, changes] of committedEditionChanges()) {
    const path = editionChangesPath(id);
    write(path, checkedJson(path, changes, EDITION_CHANGES_SCHEMA_PATH));
  }
  const { editions } = editionState(site);
  const { files } = changelogOf(site);
  const classified = committedClassifiedChanges();
  publish({
    path: CHANGELOG_PATH,
    text: checkedJson(CHANGELOG_PATH, changelogRecord(files, editions, classified), CHANGELOG_SCHEMA_PATH),
  });
  for (const { locale } of files) {
    const t = ui(locale);
    const labels = {
      feedTitle: t('changelog.feed_title'),
      breaking: t('change_class.breaking'),
      pending: t('catalog.pending'),
    };
    const feed = changelogFeed(files, editions, locale, labels, license, classified);
    if (feed) publish({ path: changelogFeedPath(locale), text: feed });
  }
  return written;
}
