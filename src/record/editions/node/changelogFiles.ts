/**
 * Reads the changelog's data files (content/changelog/<locale>.json) once per repository root:
 * each checked against schemas/site/changelog-entries.schema.json, then together against the
 * committed editions (changelog.ts). Problems are one line each: `<file> <JSON Pointer>: message [<schema>]`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { siteSchema } from '../../content/node/siteSchemas.ts';
import { isLocale } from '../../model/locales.ts';
import {
  CHANGELOG_FOLDER,
  CHANGELOG_SOURCE_SCHEMA_PATH,
  changelogPending,
  changelogProblems,
  type ChangelogFile,
} from '../changelog.ts';
import { dataFileProse, type ProseText } from '../../content/proseText.ts';
import { walkFiles } from '../../node/walkFiles.ts';
import { checkedJsonFile } from '../../content/node/checkedJsonFile.ts';
import type { Problem } from '../../../uai/problem.ts';

export interface LoadedChangelog {
  files: ChangelogFile[];
  /** The prose of every entry, for the language check. */
  prose: ProseText[];
  problems: Problem[];
  /** Translated entries whose English changed since (shown in English): warnings, one line each. */
  pending: Problem[];
}

const read = new Map<string, LoadedChangelog>();

/** The changelog files, each checked alone (its bytes, JSON and schema), read once per root. */
export function readChangelogFiles(root = REPOSITORY_ROOT): LoadedChangelog {
  const known = read.get(root);
  if (known) return known;
  const validate = siteSchema(CHANGELOG_SOURCE_SCHEMA_PATH, root);
  const files: ChangelogFile[] = [];
  const prose: ProseText[] = [];
  const problems: Problem[] = [];
  const folder = join(root, CHANGELOG_FOLDER);
  for (const path of existsSync(folder) ? walkFiles(folder).sort() : []) {
    const file = relative(root, path).split('\\').join('/');
    const locale = file.slice(CHANGELOG_FOLDER.length + 1).replace(/\.json$/, '');
    if (!file.endsWith('.json') || !isLocale(locale)) {
      problems.push({ file, message: `expected ${CHANGELOG_FOLDER}/<locale>.json`, rule: 'content-layout' });
      continue;
    }
    const checked = checkedJsonFile(file, readFileSync(path), validate, () => CHANGELOG_SOURCE_SCHEMA_PATH);
    if (!checked.ok) {
      problems.push(...checked.problems);
      continue;
    }
    const data = checked.value as ChangelogFile['data'];
    files.push({ locale, file, data });
    prose.push(...dataFileProse(file, locale, checked.text, data));
  }
  const result = { files, prose, problems, pending: problems.length ? [] : changelogPending(files) };
  read.set(root, result);
  return result;
}

/** The changelog files with every problem they have, alone and then against the released editions `released`. */
export function loadChangelog(released: readonly string[], root = REPOSITORY_ROOT): LoadedChangelog {
  const files = readChangelogFiles(root);
  return files.problems.length ? files : { ...files, problems: changelogProblems(files.files, released) };
}
