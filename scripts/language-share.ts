/**
 * `npm run language-share [-- --check]`: takes the figures of the translated pages the last build
 * measured (also a build the ratchet stopped) and writes them to language-share.json, the ratchet
 * the build holds every page to (no page's share of text in another language may grow:
 * src/record/checks/languageShareGate.ts). With --check it writes nothing, prints the report and
 * exits 1 when the file differs from the measure: a page improved (lock it in), grew, is new or is gone.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { formatProblem } from '../src/uai/problem.ts';
import {
  LANGUAGE_SHARE_FILE,
  LANGUAGE_SHARE_RULE,
  baselineDrift,
  languageShareProblems,
  languageShareReport,
  shareBaselineText,
} from '../src/record/checks/languageShareGate.ts';
import { committedShareBaseline, measuredShares } from '../src/record/checks/node/languageShareFiles.ts';
import { scriptErrorLine } from './scriptErrors.ts';

const args = process.argv.slice(2);
const check = args.includes('--check');
if (args.some((arg) => arg !== '--check')) {
  console.error('usage: npm run language-share [-- --check]');
  process.exit(2);
}
try {
  const measured = measuredShares();
  if ('missing' in measured) {
    console.error(`uaix language-share: ${measured.missing}; run npm run build first`);
    process.exit(1);
  }
  const { pages } = measured;
  for (const line of languageShareReport(pages)) console.log(line);
  const text = shareBaselineText(pages);
  const file = join(REPOSITORY_ROOT, LANGUAGE_SHARE_FILE);
  const committed = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (!check) {
    if (committed !== text) writeFileSync(file, text);
    console.log(`${LANGUAGE_SHARE_FILE} ${committed === text ? 'up to date' : 'updated'} (${pages.length} pages)`);
  } else if (committed !== text) {
    const read = committedShareBaseline();
    if ('problem' in read) console.error(formatProblem(read.problem));
    else {
      for (const problem of languageShareProblems(pages)) console.error(formatProblem(problem));
      const { unrecorded, gone } = baselineDrift(pages, read.baseline);
      for (const path of unrecorded) console.error(`${path}: not in ${LANGUAGE_SHARE_FILE} [${LANGUAGE_SHARE_RULE}]`);
      for (const path of gone)
        console.error(`${path}: in ${LANGUAGE_SHARE_FILE} but not built [${LANGUAGE_SHARE_RULE}]`);
    }
    console.error(
      `language-share --check: ${LANGUAGE_SHARE_FILE} differs from the pages built; run npm run language-share`,
    );
    process.exit(1);
  } else console.log(`${LANGUAGE_SHARE_FILE}: up to date (${pages.length} pages)`);
} catch (error) {
  console.error(scriptErrorLine('language-share', error));
  process.exit(1);
}
