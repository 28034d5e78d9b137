/**
 * `npm run i18n:stamp -- <translation file>…`: records the English source's current digest in a
 * reviewed translation, so the translation-status page shows it as translated, not stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { sha256Digest } from '../src/uai/sha256.ts';
import { SOURCE_LOCALE } from '../src/record/locales.ts';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: npm run i18n:stamp -- content/<collection>/<locale>/<file>…');
  process.exitCode = 2;
}
for (const arg of files) {
  const file = relative(REPOSITORY_ROOT, resolve(arg));
  const match = /^content\/([^/]+)\/([a-z]{2}-[a-z]{2})(\/.+|\.json)$/.exec(file);
  if (!match || match[2] === SOURCE_LOCALE) {
    console.error(`${file}: not a translation under content/<collection>/<locale>/`);
    process.exitCode = 1;
    continue;
  }
  const source = `content/${match[1]}/${SOURCE_LOCALE}${match[3]}`;
  const digest = sha256Digest(new Uint8Array(readFileSync(join(REPOSITORY_ROOT, source))));
  const text = readFileSync(join(REPOSITORY_ROOT, file), 'utf8');
  const updated = file.endsWith('.json')
    ? `${JSON.stringify({ ...JSON.parse(text), source_digest: digest }, null, 2)}\n`
    : /^source_digest: .*$/m.test(text)
      ? text.replace(/^source_digest: .*$/m, `source_digest: ${digest}`)
      : text.replace(/^---\n/, `---\nsource_digest: ${digest}\n`);
  writeFileSync(join(REPOSITORY_ROOT, file), updated);
  console.log(`${file}: source_digest ${digest} (${source})`);
}
