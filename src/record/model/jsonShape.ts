/**
 * Shapes of parsed JSON that the build reads back from its own files (caches) or from a deployment
 * (the manifest's entries): small composable checks that give the first place that does not fit, as
 * a JSON Pointer and a rule, instead of a crash later on a value of the wrong type. Linear in the
 * size of the value; the pointer is built only for the place that fails.
 */
import { jsonPointer } from '../../uai/jsonPointer.ts';
import { isJsonObject } from '../../uai/jsonObject.ts';

/** The rule `value` breaks, or undefined when it fits; `path` is the live stack of the walk. */
export type Shape = (value: unknown, path: (string | number)[]) => string | undefined;

export const string: Shape = (value) => (typeof value === 'string' ? undefined : 'must be a string');
export const boolean: Shape = (value) => (typeof value === 'boolean' ? undefined : 'must be a boolean');
export const number: Shape = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number';
export const jsonObject: Shape = (value) => (isJsonObject(value) ? undefined : 'must be an object');

/** A string matching `pattern`. */
export function matching(pattern: RegExp): Shape {
  return (value) => (typeof value === 'string' && pattern.test(value) ? undefined : `must match ${pattern}`);
}

/** Walks into `value[key]` with `shape`, keeping `path` in step. */
function at(shape: Shape, value: unknown, key: string | number, path: (string | number)[]): string | undefined {
  path.push(key);
  const problem = shape(value, path);
  if (problem === undefined) path.pop();
  return problem;
}

export function arrayOf(item: Shape): Shape {
  return (value, path) => {
    if (!Array.isArray(value)) return 'must be an array';
    for (let index = 0; index < value.length; index++) {
      const problem = at(item, value[index], index, path);
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
}

/** An object whose every member has the shape `member` (a map from any key). */
export function recordOf(member: Shape): Shape {
  return (value, path) => {
    if (!isJsonObject(value)) return 'must be an object';
    for (const [key, item] of Object.entries(value)) {
      const problem = at(member, item, key, path);
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
}

/** An object with these `required` members and, when present, these `optional` ones; other members are allowed. */
export function objectOf(required: Record<string, Shape>, optional: Record<string, Shape> = {}): Shape {
  return (value, path) => {
    if (!isJsonObject(value)) return 'must be an object';
    for (const [key, shape] of Object.entries(required)) {
      if (!Object.hasOwn(value, key)) return `must have the member "${key}"`;
      const problem = at(shape, value[key], key, path);
      if (problem !== undefined) return problem;
    }
    for (const [key, shape] of Object.entries(optional)) {
      if (!Object.hasOwn(value, key)) continue;
      const problem = at(shape, value[key], key, path);
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
}

/** `value` against `shape`: `<JSON Pointer>: <rule>` for the first place that does not fit, or undefined. */
export function shapeProblem(shape: Shape, value: unknown): string | undefined {
  const path: (string | number)[] = [];
  const problem = shape(value, path);
  return problem === undefined ? undefined : `${jsonPointer(path) || '(root)'}: ${problem}`;
}
