/**
 * `npm run generate`: regenerates the committed files derived from the sources: the precompiled
 * schema validators (from schemas/uai-1/, see schemaCompiler.ts) and the package's API reference
 * (from its exported types, see apiReference.ts). Unit tests fail when either drifts.
 */
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { REPOSITORY_ROOT, loadSchemaDocuments } from '../src/uai/node/recordFiles.ts';
import { generateValidatorModule, GENERATED_MODULE_FILE } from '../src/uai/schemaCompiler.ts';
import { API_REFERENCE_FILE, apiReferenceText, extractApiReference } from '../src/record/node/apiReference.ts';

function update(relativePath: string, text: () => string): void {
  const file = join(REPOSITORY_ROOT, relativePath);
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const after = text();
  if (after !== before) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, after);
  }
  console.log(`${relativePath} ${after === before ? 'is up to date' : 'updated'}`);
}

// The validators first: the API reference reads types from modules that import them.
update(GENERATED_MODULE_FILE, () => generateValidatorModule(loadSchemaDocuments()));
update(API_REFERENCE_FILE, () => apiReferenceText(extractApiReference()));
