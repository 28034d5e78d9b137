/** `npm run generate`: regenerates the precompiled schema validators from schemas/uai-1/ (see schemaCompiler.ts). */
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { REPOSITORY_ROOT, loadSchemaDocuments } from '../src/uai/node/recordFiles.ts';
import { generateValidatorModule, GENERATED_MODULE_FILE } from '../src/uai/schemaCompiler.ts';

const file = join(REPOSITORY_ROOT, GENERATED_MODULE_FILE);
const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
const after = generateValidatorModule(loadSchemaDocuments());
if (after !== before) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, after);
}
console.log(`${GENERATED_MODULE_FILE} ${after === before ? 'is up to date' : 'updated'}`);
