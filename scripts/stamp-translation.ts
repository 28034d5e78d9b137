/**
 * `npm run i18n:stamp -- <translation file>…`: records the English source's current digest in a
 * reviewed translation, so the translation-status page shows it as translated, not stale (in a
 * changelog file, each entry's `source` too).
 */
import { relative, resolve } from 'node:path';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { NotATranslationError, stampTranslation } from '../src/record/content/node/translationStamp.ts';
import { isChangelogFile, stampChangelogTranslation } from '../src/record/editions/node/changelogStamp.ts';
import { scriptErrorLine } from './scriptErrors.ts';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: npm run i18n:stamp -- content/<collection>/<locale>/<file>…');
  process.exitCode = 2;
}
for (const arg of files) {
  const file = relative(REPOSITORY_ROOT, resolve(arg));
  try {
    // A changelog file's entries each record the English entry they translate, too.
    const stamp = isChangelogFile(file) ? stampChangelogTranslation : stampTranslation;
    const { source, digest } = stamp(REPOSITORY_ROOT, file);
    console.log(`${file}: source_digest ${digest} (${source})`);
  } catch (error) {
    console.error(error instanceof NotATranslationError ? error.message : scriptErrorLine('i18n:stamp', error));
    process.exitCode = 1;
  }
}
