/** `npm run docs`: regenerates the README sections that come from the core (see readmeSections.ts). */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { loadRecordModel } from '../src/record/node/loadRecordModel.ts';
import { buildFieldRegistry } from '../src/record/fieldRegistry.ts';
import { fillReadme } from '../src/record/readmeSections.ts';
import { SITE_ORIGIN } from '../src/record/locales.ts';

const file = join(REPOSITORY_ROOT, 'README.md');
const before = readFileSync(file, 'utf8');
const after = fillReadme(before, buildFieldRegistry(loadRecordModel(), SITE_ORIGIN));
if (after !== before) writeFileSync(file, after);
console.log(after === before ? 'README.md is up to date' : 'README.md updated');
