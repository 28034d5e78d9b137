/**
 * The one test for "this JSON value is an object": not null, not an array. Parsed JSON has no
 * other kinds of object, so the prototype is not looked at (the canonicalizer, which takes values
 * from code, checks that separately).
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
