/**
 * Reads the implementations page's data, content/implementations.json, once per repository root:
 * checked against schemas/site/implementations.schema.json, then for what the schema cannot say
 * (implementations.ts). Problems are data, each at its JSON Pointer, the rule the schema or `implementations`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { siteSchema } from '../../content/node/siteSchemas.ts';
import {
  IMPLEMENTATIONS_FILE,
  IMPLEMENTATIONS_SCHEMA_PATH,
  implementationsProblems,
  type ImplementationsData,
} from '../implementations.ts';
import { checkedJsonFile } from '../../content/node/checkedJsonFile.ts';
import type { Problem } from '../../../uai/problem.ts';

export interface LoadedImplementations {
  data: ImplementationsData;
  problems: Problem[];
}

const loaded = new Map<string, LoadedImplementations>();

/** The listed packages and the problems of their file (read once per repository root). */
export function loadImplementations(root = REPOSITORY_ROOT): LoadedImplementations {
  const known = loaded.get(root);
  if (known) return known;
  const validate = siteSchema(IMPLEMENTATIONS_SCHEMA_PATH, root);
  const path = join(root, IMPLEMENTATIONS_FILE);
  const empty: ImplementationsData = { packages: [] };
  let result: LoadedImplementations;
  if (!existsSync(path)) {
    result = {
      data: empty,
      problems: [
        { file: IMPLEMENTATIONS_FILE, message: "missing; the implementations page's data", rule: 'implementations' },
      ],
    };
  } else {
    const checked = checkedJsonFile(IMPLEMENTATIONS_FILE, readFileSync(path), validate, () =>
      IMPLEMENTATIONS_SCHEMA_PATH.slice(1),
    );
    result = checked.ok
      ? {
          data: checked.value as ImplementationsData,
          problems: implementationsProblems(checked.value as ImplementationsData),
        }
      : { data: empty, problems: checked.problems };
  }
  loaded.set(root, result);
  return result;
}
