/**
 * The helpers ajv's standalone code calls at run time (string length in code points, deep
 * equality for `uniqueItems`, the `uri` and `date-time` formats). The generated validators in
 * `generated/schemaValidators.ts` import them from here, so they need no `require` and no ajv
 * compiler: bundlers inline these few functions and the package has no runtime dependency.
 */
import ucs2lengthImport from 'ajv/dist/runtime/ucs2length.js';
import equalImport from 'ajv/dist/runtime/equal.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';

type Ucs2Length = (text: string) => number;
type DeepEqual = (a: unknown, b: unknown) => boolean;

// CommonJS modules: Node exposes module.exports as the default import, some bundlers its `default`.
function unwrap<T>(module: unknown): T {
  return ((module as { default?: T }).default ?? module) as T;
}

export const ucs2length: Ucs2Length = unwrap<Ucs2Length>(ucs2lengthImport);
export const equal: DeepEqual = unwrap<DeepEqual>(equalImport);
export const formats: Readonly<Record<string, unknown>> = fullFormats;
