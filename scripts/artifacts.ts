/**
 * Every committed file that is generated from the sources, as one table: what generates it and
 * which files it owns. `npm run generate` writes them in this order (the API reference reads
 * modules that import the validators and the types), `npm run generate -- --check` only compares,
 * and the drift test iterates over the same table, so a new generated file is checked once added.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT, loadSchemaDocuments } from '../src/uai/node/recordFiles.ts';
import { generateValidatorModule, GENERATED_MODULE_FILE } from '../src/uai/schemaCompiler.ts';
import {
  API_REFERENCE_FILE,
  apiReferenceText,
  extractApiReference,
} from '../src/record/implementations/node/apiReference.ts';
import { loadRecordModel } from '../src/record/model/node/loadRecordModel.ts';
import { buildFieldRegistry } from '../src/record/model/fieldRegistry.ts';
import { coreReadmeSections, fillReadme } from '../src/record/model/readmeSections.ts';
import { buildStageList } from '../src/pipeline/buildStages.ts';
import { SITE_ORIGIN } from '../src/record/model/locales.ts';
import { driftedTypeFiles, generateSchemaTypes } from './schemaTypes.ts';

/** A committed file's text, or undefined when it does not exist. */
export type ReadFile = (file: string) => string | undefined;

export interface Artifact {
  /** The name `npm run generate -- <name>` selects it by. */
  name: string;
  /** What it is, for the command's lines. */
  what: string;
  /** The files it generates, by path relative to the repository root, with their text. */
  generate(read: ReadFile): Promise<Map<string, string>>;
  /** The files that differ from what it generates: changed, missing, or owned but no longer generated. */
  drifted(generated: ReadonlyMap<string, string>, read: ReadFile): string[];
}

export const readCommitted: ReadFile = (file) => {
  const path = join(REPOSITORY_ROOT, file);
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
};

/** The README with every generated block filled in: the core's and the build's stage list. */
export function readmeText(readme: string): string {
  const registry = buildFieldRegistry(loadRecordModel(), SITE_ORIGIN);
  return fillReadme(readme, { ...coreReadmeSections(registry), 'build-stages': buildStageList() });
}

const changedFiles = (generated: ReadonlyMap<string, string>, read: ReadFile) =>
  [...generated].filter(([file, text]) => read(file) !== text).map(([file]) => file);

export const ARTIFACTS: readonly Artifact[] = [
  {
    name: 'validators',
    what: 'the schema validators, precompiled from schemas/uai-1/',
    generate: async () => new Map([[GENERATED_MODULE_FILE, generateValidatorModule(loadSchemaDocuments())]]),
    drifted: changedFiles,
  },
  {
    name: 'types',
    what: 'the TypeScript types generated from the schemas',
    generate: () => generateSchemaTypes(),
    drifted: driftedTypeFiles,
  },
  {
    name: 'api-reference',
    what: "the package's API reference, from its exported types",
    generate: async () => new Map([[API_REFERENCE_FILE, apiReferenceText(extractApiReference())]]),
    drifted: changedFiles,
  },
  {
    name: 'readme',
    what: "the README's sections generated from the core and the build's stage list",
    generate: async (read) => new Map([['README.md', readmeText(read('README.md') ?? '')]]),
    drifted: changedFiles,
  },
];
