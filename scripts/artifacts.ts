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
import { coreReadmeSections, fillGeneratedBlocks } from '../src/record/model/readmeSections.ts';
import { buildStageList } from '../src/pipeline/buildStages.ts';
import { SITE_ORIGIN } from '../src/record/model/locales.ts';
import { driftedTypeFiles, generateSchemaTypes } from './schemaTypes.ts';
import { englishCatalog } from '../src/record/model/catalogSource.ts';
import { changeCatalogStrings, changeRuleTable } from '../src/record/editions/changeRules.ts';
import { ENGLISH_CATALOG_FILE } from '../src/record/model/textCatalog.ts';
import { loadCheckedRouteRecords } from '../src/record/machine/node/routeFiles.ts';

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

/**
 * The docs pages that hold generated blocks (`<!-- generated:NAME -->`), each with the names of its
 * blocks: every block the core and the build generate is in exactly one page.
 */
export const GENERATED_DOC_BLOCKS: Readonly<Record<string, readonly string[]>> = {
  'docs/build.md': ['build-stages'],
  'docs/cli.md': ['cli-usage'],
  'docs/error-codes.md': ['identifier-grammar', 'error-codes'],
  'docs/editions.md': ['change-rules'],
};

/** Every generated documentation block by name: the core's and the build's stage list. */
export function generatedDocBlocks(): Record<string, string> {
  const registry = buildFieldRegistry(loadRecordModel(), SITE_ORIGIN);
  return { ...coreReadmeSections(registry), 'build-stages': buildStageList(), 'change-rules': changeRuleTable() };
}

/** The docs page `file` (its text `text`) with its generated blocks filled in from `blocks`. */
export function docsPageText(file: string, text: string, blocks = generatedDocBlocks()): string {
  const names = GENERATED_DOC_BLOCKS[file] ?? [];
  return fillGeneratedBlocks(text, Object.fromEntries(names.map((name) => [name, blocks[name]])), file);
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
    name: 'docs',
    what: "the docs pages' sections generated from the core and the build's stage list",
    generate: async (read) => {
      const blocks = generatedDocBlocks();
      return new Map(
        Object.keys(GENERATED_DOC_BLOCKS).map((file) => [file, docsPageText(file, read(file) ?? '', blocks)]),
      );
    },
    drifted: changedFiles,
  },
  {
    name: 'catalog',
    what: 'the English catalog of generated strings, which translators key their catalogs to',
    generate: async () =>
      new Map([
        [
          ENGLISH_CATALOG_FILE,
          `${JSON.stringify(englishCatalog(loadRecordModel(), loadCheckedRouteRecords().files, changeCatalogStrings()), null, 2)}\n`,
        ],
      ]),
    drifted: changedFiles,
  },
];
