/**
 * Records the English source's current digest in a translation's `source_digest`, so the page
 * index sees the translation as current. `npm run i18n:stamp` and the scale benchmark both use it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Digest } from '../../../uai/sha256.ts';
import { SOURCE_LOCALE } from '../../model/locales.ts';

export class NotATranslationError extends Error {}

/**
 * Stamps `file` (relative to `root`, e.g. `content/guides/fr-fr/x.md` or `content/i18n/fr-fr.json`)
 * with the digest of its English source; returns the source file and the digest written.
 */
export function stampTranslation(root: string, file: string): { source: string; digest: string } {
  const match = /^content\/([^/]+)\/([a-z]{2}-[a-z]{2})(\/.+|\.json)$/.exec(file);
  if (!match || match[2] === SOURCE_LOCALE)
    throw new NotATranslationError(`${file}: not a translation under content/<collection>/<locale>/`);
  const source = `content/${match[1]}/${SOURCE_LOCALE}${match[3]}`;
  const digest = sha256Digest(new Uint8Array(readFileSync(join(root, source))));
  const text = readFileSync(join(root, file), 'utf8');
  const updated = file.endsWith('.json')
    ? `${JSON.stringify({ ...JSON.parse(text), source_digest: digest }, null, 2)}\n`
    : /^source_digest: .*$/m.test(text)
      ? text.replace(/^source_digest: .*$/m, `source_digest: ${digest}`)
      : text.replace(/^---\n/, `---\nsource_digest: ${digest}\n`);
  writeFileSync(join(root, file), updated);
  return { source, digest };
}
