/** `npm run generate:types`: writes the TypeScript types generated from the JSON Schemas (see schemaTypes.ts). */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { committedTypeFile, driftedTypeFiles, generateSchemaTypes, SchemaTypeError } from './schemaTypes.ts';

try {
  const generated = await generateSchemaTypes();
  const drifted = driftedTypeFiles(generated, committedTypeFile);
  for (const file of drifted) {
    const path = join(REPOSITORY_ROOT, file);
    const text = generated.get(file);
    if (text === undefined) {
      rmSync(path);
      console.log(`${file} removed: no schema generates it`);
      continue;
    }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    console.log(`${file} updated`);
  }
  console.log(
    drifted.length === 0 ? 'generated types are up to date' : `${drifted.length} generated type file(s) changed`,
  );
} catch (error) {
  if (!(error instanceof SchemaTypeError)) throw error;
  console.error(error.message);
  process.exit(1);
}
