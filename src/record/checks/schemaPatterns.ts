/**
 * The regular expressions a JSON Schema holds: each `pattern` and each `patternProperties` key, with
 * the JSON Pointer where it is written. A validator (ajv) compiles them with the `u` flag and runs
 * them against every value it checks, so each must be shown to run in linear time before any
 * schema is compiled (node/schemaPatternCheck.ts).
 */
import { jsonPointer } from '../../uai/jsonPointer.ts';

export interface SchemaPattern {
  /** The JSON Pointer of the pattern: the `pattern` member, or the `patternProperties` key. */
  pointer: string;
  source: string;
}

/** The flags a JSON Schema validator compiles a pattern with. */
export const SCHEMA_PATTERN_FLAGS = 'u';

/** Every pattern in `schema`, in document order. */
export function schemaPatterns(schema: unknown): SchemaPattern[] {
  const found: SchemaPattern[] = [];
  const visit = (value: unknown, path: (string | number)[]): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, [...path, index]));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [key, member] of Object.entries(value)) {
      if (key === 'pattern' && typeof member === 'string')
        found.push({ pointer: jsonPointer([...path, key]), source: member });
      if (key === 'patternProperties' && member !== null && typeof member === 'object' && !Array.isArray(member)) {
        for (const name of Object.keys(member))
          found.push({ pointer: jsonPointer([...path, key, name]), source: name });
      }
      visit(member, [...path, key]);
    }
  };
  visit(schema, []);
  return found;
}
