/**
 * Is a value handed in by code JSON data? Text read by the JSON reader always is; a value from a
 * caller may hold what no JSON text can (undefined, a bigint, a Date, a cycle, an array hole, a
 * getter that throws), and every later stage (schema, rules, messages) assumes JSON data. One
 * iterative walk finds every such place, so the validator can report them instead of throwing or
 * looping. A cycle is cut at its first repetition; an object shared by several members is JSON
 * data (written out once per place), so the walk also counts the bytes its JSON text would at
 * least take and stops past the reader's size limit: shared objects cannot make it exponential.
 */
import { jsonPointer } from './jsonPointer.ts';
import { describeValue, hasPlainPrototype as isPlain } from './jcs.ts';
import { truncationIssue, type UaiIssue } from './errorCodes.ts';

export interface NonJsonPlace {
  /** JSON Pointer of the offending value (or of the object holding a symbol-keyed member). */
  path: string;
  problem: string;
}

interface Frame {
  node: object;
  /** Member names (objects) or the length (arrays) still to visit, and the next position. */
  keys: string[] | number;
  next: number;
}

export interface NonJsonFindings {
  found: NonJsonPlace[];
  total: number;
  /** The JSON text of the value would be longer than `maxBytes`: the walk stopped there. */
  tooLarge: boolean;
}

/**
 * True only when `findNonJsonPlaces` would find nothing in `value`: the same tests (plain objects
 * and arrays, no symbol keys or holes, nesting and the byte count within the limits) without the
 * bookkeeping that places need (the path, a frame per container, the set of open containers).
 * Most values from code are JSON data, so they pass here and the walk that reports runs only
 * on the rest. A cycle needs no set: it nests past `maxDepth`, and then the walk names it.
 */
export function isJsonDataWithin(value: unknown, limits: { maxDepth: number; maxBytes: number }): boolean {
  const { maxDepth, maxBytes } = limits;
  let bytes = 0;
  /** `depth` is the number of containers open around `node`. */
  const fits = (node: unknown, depth: number): boolean => {
    if (typeof node === 'string') {
      bytes += node.length + 2;
      return true;
    }
    bytes += 2;
    if (node === null || typeof node === 'number' || typeof node === 'boolean') return true;
    if (typeof node !== 'object' || depth >= maxDepth) return false;
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        if (!Object.hasOwn(node, index) || !fits(node[index], depth + 1)) return false;
      }
      return true;
    }
    if (!isPlain(node) || Object.getOwnPropertySymbols(node).length > 0) return false;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      bytes += key.length + 3;
      if (bytes > maxBytes || !fits(record[key], depth + 1)) return false;
    }
    return true;
  };
  try {
    return fits(value, 0) && bytes <= maxBytes;
  } catch {
    return false; // a getter or a proxy trap that throws: the walk reports it
  }
}

/**
 * The places in `value` that are not JSON data, in document order: at most `maxListed` listed,
 * `total` counting all. Containers nested deeper than `maxDepth` (the top level is depth 1, as
 * the reader counts) are one place each, not walked. Stops with `tooLarge` once the JSON text
 * would take more than `maxBytes` (counted low: one byte per UTF-16 unit of a string or name).
 */
export function findNonJsonValues(
  value: unknown,
  limits: { maxDepth: number; maxBytes: number },
  maxListed = Infinity,
): NonJsonFindings {
  if (isJsonDataWithin(value, limits)) return { found: [], total: 0, tooLarge: false };
  return findNonJsonPlaces(value, limits, maxListed);
}

/** `findNonJsonValues` without the quick answer for JSON data: the walk that names each place. */
export function findNonJsonPlaces(
  value: unknown,
  limits: { maxDepth: number; maxBytes: number },
  maxListed = Infinity,
): NonJsonFindings {
  const { maxDepth, maxBytes } = limits;
  const found: NonJsonPlace[] = [];
  let total = 0;
  // Quotes, brackets, separators and at least one character per scalar.
  let bytes = 0;
  const path: (string | number)[] = [];
  const report = (problem: string) => {
    if (++total <= maxListed) found.push({ path: jsonPointer(path), problem });
  };
  const stack: Frame[] = [];
  const onStack = new Set<object>();

  /** Checks one value at `path`; enters a container by pushing its frame. */
  const visit = (node: unknown): void => {
    if (typeof node === 'string') {
      bytes += node.length + 2;
      return;
    }
    bytes += 2; // a scalar's one character and its separator, or a container's brackets
    if (node === null || typeof node === 'number' || typeof node === 'boolean') return;
    if (typeof node !== 'object') return report(`${describeValue(node)} is not a JSON value`);
    if (onStack.has(node)) return report('the value contains itself (a cycle), which JSON cannot represent');
    if (stack.length >= maxDepth)
      return report(`objects and arrays are nested deeper than the limit of ${maxDepth} levels`);
    if (Array.isArray(node)) {
      stack.push({ node, keys: node.length, next: 0 });
    } else {
      if (!isPlain(node)) return report(`${describeValue(node)} is not a JSON value`);
      if (Object.getOwnPropertySymbols(node).length > 0)
        report('the object has symbol-keyed members, which JSON cannot carry');
      stack.push({ node, keys: Object.keys(node), next: 0 });
    }
    onStack.add(node);
  };

  try {
    visit(value);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      const size = typeof frame.keys === 'number' ? frame.keys : frame.keys.length;
      if (frame.next >= size) {
        stack.pop();
        onStack.delete(frame.node);
        continue;
      }
      const position = frame.next++;
      const key = typeof frame.keys === 'number' ? position : frame.keys[position];
      // The path holds one segment per open container: the member or index it is visiting.
      path.length = stack.length - 1;
      path.push(key);
      if (typeof key === 'string') bytes += key.length + 3;
      if (bytes > maxBytes) return { found, total, tooLarge: true };
      if (typeof key === 'number' && !Object.hasOwn(frame.node, key))
        report('the array has a hole here (a sparse array), which JSON cannot represent');
      else visit((frame.node as Record<string | number, unknown>)[key]);
    }
  } catch (error) {
    // A getter or a proxy trap that throws: the value cannot be read as data at all.
    report(`reading the value threw (${(error as Error)?.message ?? String(error)})`);
  }
  return { found, total, tooLarge: bytes > maxBytes };
}

/** The issues of a value that is not JSON data (none when it is), each at its place in the value as given. */
export function nonJsonIssues(findings: NonJsonFindings, maxBytes: number): UaiIssue[] {
  const issues: UaiIssue[] = findings.found.map(({ path, problem }) => ({
    code: 'UAI-VALUE-NOT-JSON',
    path,
    message: `${problem}; convert the value to JSON data first, or validate its JSON text`,
  }));
  if (findings.total > findings.found.length) issues.push(truncationIssue(findings.total - findings.found.length));
  if (findings.tooLarge)
    issues.push({
      code: 'UAI-JSON-TOO-LARGE',
      path: '',
      message: `the value's JSON text is larger than the ${maxBytes}-byte limit of a document; send a smaller packet`,
    });
  return issues;
}
