/**
 * Stamps a translated changelog file (content/changelog/<locale>.json): the file's `source_digest`,
 * as every translation has, and each entry's `source`, the digest of the English entry it
 * translates now (`changelogEntryDigest`), so the entries show as translated, not pending.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stampTranslation } from '../../content/node/translationStamp.ts';
import { CHANGELOG_FOLDER, changelogEntryDigest, type ChangelogFile } from '../changelog.ts';
import { SOURCE_LOCALE } from '../../model/locales.ts';

/** Whether `file` (relative to the root) is a changelog file, which `stampChangelogTranslation` stamps. */
export const isChangelogFile = (file: string): boolean => file.startsWith(`${CHANGELOG_FOLDER}/`);

/** Stamps `file` and each of its entries that has an English entry; returns what stampTranslation returns. */
export function stampChangelogTranslation(root: string, file: string): { source: string; digest: string } {
  const stamped = stampTranslation(root, file);
  const english = JSON.parse(
    readFileSync(join(root, `${CHANGELOG_FOLDER}/${SOURCE_LOCALE}.json`), 'utf8'),
  ) as ChangelogFile['data'];
  const digestOf = new Map(english.entries.map((entry) => [entry.edition, changelogEntryDigest(entry)]));
  const data = JSON.parse(readFileSync(join(root, file), 'utf8')) as ChangelogFile['data'];
  // `source` right after `edition`, where a reader of the entry looks for what it translates.
  const entries = data.entries.map(({ edition, source, ...rest }) => {
    const current = digestOf.get(edition) ?? source;
    return current === undefined ? { edition, ...rest } : { edition, source: current, ...rest };
  });
  writeFileSync(join(root, file), `${JSON.stringify({ ...data, entries }, null, 2)}\n`);
  return stamped;
}
