/**
 * Reads the errata register from content/errata/<locale>.json: each file UTF-8 JSON, checked
 * against schemas/site/errata-data.schema.json (the English file as the source, the others as
 * translations), one line per problem naming the file, the JSON Pointer and the rule. Read once
 * per process; the build stops on its problems (src/pipeline/errataStages.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { nodeSha256 } from '../../../uai/node/nodeValidator.ts';
import { createAjv } from '../../../uai/schemaCompiler.ts';
import { sha256Digest } from '../../../uai/sha256.ts';
import { isLocale, SOURCE_LOCALE } from '../../model/locales.ts';
import { ERRATA_DATA_SCHEMA_PATH, ERRATA_FOLDER, type ErrataRegister, type Erratum } from '../errata.ts';
import { readMirrorMarkdown } from '../../pages/pageMirror.ts';
import { EDITIONS_FOLDER } from '../editions.ts';
import { walkFiles } from '../../node/walkFiles.ts';
import { checkedJsonFile } from '../../content/node/checkedJsonFile.ts';
import { dataFileProse, type ProseText } from '../../content/proseText.ts';
import type { Problem } from '../../../uai/problem.ts';

export interface LoadedErrata {
  register: ErrataRegister;
  problems: Problem[];
  /** The prose strings of every file, for the language check. */
  prose: ProseText[];
}

const loaded = new Map<string, LoadedErrata>();

/** The register and the problems of its files (read once per repository root). */
export function loadErrata(root = REPOSITORY_ROOT): LoadedErrata {
  const known = loaded.get(root);
  if (known) return known;
  const schema = JSON.parse(readFileSync(join(root, ERRATA_DATA_SCHEMA_PATH.slice(1)), 'utf8'));
  const ajv = createAjv();
  ajv.addSchema(schema);
  const validatorOf = (def: string) => ajv.getSchema(`${schema.$id}#/$defs/${def}`)!;
  const problems: Problem[] = [];
  const prose: ProseText[] = [];
  const register: ErrataRegister = {
    source: { file: `${ERRATA_FOLDER}/${SOURCE_LOCALE}.json`, digest: '', errata: [] },
    translations: [],
  };
  const folder = join(root, ERRATA_FOLDER);
  const names = existsSync(folder) ? readdirSync(folder).sort() : [];
  if (!names.includes(`${SOURCE_LOCALE}.json`))
    problems.push({
      file: register.source.file,
      message: 'missing; the errata register\'s English source (an empty one is {"errata": []})',
      rule: 'errata',
    });
  for (const name of names) {
    const file = `${ERRATA_FOLDER}/${name}`;
    const locale = name.replace(/\.json$/, '');
    if (!name.endsWith('.json') || !isLocale(locale)) {
      problems.push({ file, message: 'expected <locale>.json', rule: 'content-layout' });
      continue;
    }
    const bytes = readFileSync(join(folder, name));
    const validate = validatorOf(locale === SOURCE_LOCALE ? 'source' : 'translation');
    const checked = checkedJsonFile(file, bytes, validate, (error) => `schema ${error.schemaPath}`);
    if (!checked.ok) {
      problems.push(...checked.problems);
      continue;
    }
    prose.push(...dataFileProse(file, locale, checked.text, checked.value));
    if (locale === SOURCE_LOCALE) {
      const value = checked.value as { errata: Erratum[] };
      register.source = { file, digest: sha256Digest(new Uint8Array(bytes), nodeSha256), errata: value.errata };
    } else {
      const value = checked.value as { source_digest: string; text: Record<string, string> };
      register.translations.push({ locale, file, ...value });
    }
  }
  const result = { register, problems, prose };
  loaded.set(root, result);
  return result;
}

/** The record codes of the pages edition `id` froze, read from its Markdown mirrors' frontmatter. */
export function frozenRecordCodes(id: string, root = REPOSITORY_ROOT): Set<string> {
  const folder = join(root, EDITIONS_FOLDER, id, 'pages');
  const codes = new Set<string>();
  for (const file of existsSync(folder) ? walkFiles(folder) : []) {
    const mirror = readMirrorMarkdown(readFileSync(file, 'utf8'));
    if (mirror) codes.add(mirror.recordCode);
  }
  return codes;
}
