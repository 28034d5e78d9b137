/**
 * The validators generated ahead of time from the published schemas (`generated/schemaValidators.ts`,
 * by `schemaCompiler.ts`): no schema compile at start-up and no `new Function`, so the same code
 * runs in Node and under a page CSP without `unsafe-eval`.
 */
import { schemaFileName, type SchemaDocument } from './schemaRegistry.ts';
import { schemasFromChecks, type SchemaCompiler } from './schemaValidator.ts';
import { PRECOMPILED_VALIDATORS, PRECOMPILED_DOCUMENTS } from './generated/schemaValidators.ts';

/** The published schema documents, bundled: the ones the precompiled validators check. */
export const SCHEMA_DOCUMENTS: readonly SchemaDocument[] = PRECOMPILED_DOCUMENTS;

/**
 * The generated validators, after checking that the registry holds exactly the schemas they were
 * generated from: a stale generated module fails loudly instead of validating against old rules.
 */
export const precompiledSchemas: SchemaCompiler = (registry) => {
  const generated = new Map(PRECOMPILED_DOCUMENTS.map((doc) => [doc.$id, doc]));
  for (const [id, doc] of registry.documents) {
    const same = generated.get(id);
    // The bundled documents themselves (the usual case) need no comparison.
    if (same !== doc && (!same || JSON.stringify(same) !== JSON.stringify(doc))) {
      throw new Error(
        `schemas/uai-1/${schemaFileName(id)}: differs from the precompiled validators in src/uai/generated/schemaValidators.ts; run npm run generate`,
      );
    }
  }
  for (const id of generated.keys()) {
    if (!registry.documents.has(id))
      throw new Error(
        `schemas/uai-1/${schemaFileName(id)}: has precompiled validators but is not among the schemas; run npm run generate`,
      );
  }
  return schemasFromChecks(new Map(Object.entries(PRECOMPILED_VALIDATORS)));
};
