/**
 * JSON Canonicalization Scheme (RFC 8785): one exact text, and so one exact byte sequence,
 * for a JSON value, so that hashes and signatures over UAI-1 packets agree across
 * implementations.
 *
 * The scheme is the ECMAScript serializer with members sorted, so the building blocks are
 * the platform's own `JSON.stringify` (strings) and `String` (numbers). What this module adds
 * is the sorting and the refusals: RFC 8785 canonicalizes I-JSON (RFC 7493) only, so
 * anything `JSON.stringify` would silently drop, coerce or rewrite is an error instead.
 */

import { jsonPointer } from './jsonPointer.ts';
import { MAX_NESTING_DEPTH } from './nestingLimit.ts';

/** A value that has no canonical form; `path` is the JSON Pointer of the offending value. */
export class CanonicalizationError extends Error {
  readonly path: string;

  constructor(message: string, path: string) {
    super(message);
    this.name = 'CanonicalizationError';
    this.path = path;
  }
}

/**
 * What a caller sees of a value while it is serialized, so one pass can both canonicalize a value
 * and check its leaves. Calls come in canonical order (members sorted), each before the leaf is
 * written; `path` is the live path of the walk: read it during the call, never keep it. When
 * canonicalization fails, the calls made so far cover only part of the value.
 */
export interface CanonicalVisitor {
  /**
   * A string value at `path`. Returns true only when the visitor has read the whole text and it
   * is ASCII with no character JSON escapes: the serializer then writes it in quotes as it is
   * (such text is well-formed and escapes to itself), without a second pass over its characters.
   */
  string(text: string, path: readonly (string | number)[]): boolean;
  /**
   * A member name of the object at `path`. Returns true only when the name is ASCII with no
   * character JSON escapes, as for `string`: the serializer then writes it in quotes as it is.
   */
  memberName(name: string, path: readonly (string | number)[]): boolean;
  /** A number at `path`. */
  number(value: number, path: readonly (string | number)[]): void;
}

/**
 * Returns the RFC 8785 canonical text of a JSON value.
 *
 * @throws {CanonicalizationError} when the value is not I-JSON data (undefined, a function, a
 * bigint, NaN, a cycle, a lone surrogate, an instance of a class, an array hole…) or is nested
 * deeper than `MAX_NESTING_DEPTH` (1,000) levels; its `path` is the JSON Pointer of the place.
 */
export function canonicalize(value: unknown): string {
  return serializeValue(value, [], new Set(), undefined, UNLIMITED);
}

/** Limits of one walk (`canonicalizeVisiting`): both as low as the JSON reader's when asked. */
export interface WalkLimits {
  /** A container inside this many others fails (at most `MAX_NESTING_DEPTH`). */
  maxDepth?: number;
  /**
   * The walk fails once it has read more than this, counted as the JSON-data walk counts bytes
   * (`isJsonDataWithin`): a string its length plus 2, a member name its length plus 3, any other
   * value 2. A value shared by several members is read once per place, so without this limit a
   * few shared objects nested in each other would take exponential time.
   */
  maxLength?: number;
}

/** What the serializer carries down: the nesting limit, and how much it may still read. */
interface Budget {
  readonly maxDepth: number;
  left: number;
}

/**
 * `canonicalize`, with `visitor` seeing each leaf and member name on the way (one pass for both),
 * within `limits`.
 */
export function canonicalizeVisiting(value: unknown, visitor: CanonicalVisitor, limits: WalkLimits = {}): string {
  const budget = { maxDepth: limits.maxDepth ?? MAX_NESTING_DEPTH, left: limits.maxLength ?? Infinity };
  return serializeValue(value, [], new Set(), visitor, budget);
}

/** No limit but the core's nesting limit (`left` stays Infinity, so one object serves every walk). */
const UNLIMITED: Budget = { maxDepth: MAX_NESTING_DEPTH, left: Infinity };

const utf8 = new TextEncoder();

/**
 * Returns the UTF-8 bytes of the canonical text: the input to hashing and signing.
 *
 * @throws {CanonicalizationError} as `canonicalize` does.
 */
export function canonicalBytes(value: unknown): Uint8Array {
  return utf8.encode(canonicalize(value));
}

/**
 * `path` holds the segments leading to `value` and is pushed and popped in place, so a pointer
 * string is built only when there is an error to report. `ancestors` holds the objects and
 * arrays currently being serialized, to turn a cycle into an error rather than a stack overflow.
 */
function serializeValue(
  value: unknown,
  path: (string | number)[],
  ancestors: Set<object>,
  visitor: CanonicalVisitor | undefined,
  budget: Budget,
): string {
  if ((budget.left -= typeof value === 'string' ? value.length + 2 : 2) < 0)
    throw fail('the value is larger than the limit of this reading; send a smaller value', path);
  switch (typeof value) {
    case 'string':
      return visitor?.string(value, path) ? `"${value}"` : serializeString(value, path);
    case 'number':
      visitor?.number(value, path);
      return serializeNumber(value, path);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      return serializeContainer(value, path, ancestors, visitor, budget);
    default:
      // undefined, function, bigint, symbol: JSON has no such values.
      throw fail(
        `${describeValue(value)} is not a JSON value; use a string, number, boolean, null, array or plain object`,
        path,
      );
  }
}

function serializeNumber(value: number, path: (string | number)[]): string {
  if (!Number.isFinite(value)) {
    throw fail(`${String(value)} is not a JSON number; replace it with a finite number or null`, path);
  }
  // String() is ECMAScript Number::toString, which RFC 8785 section 3.2.2.3 adopts as is
  // (shortest round-trip digits, exponent from 1e21 and below 1e-6); it also turns -0 into "0".
  return String(value);
}

/** Printable ASCII other than '"' and '\\': text that is well-formed and escapes to itself. */
const ESCAPES_TO_ITSELF = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function serializeString(value: string, path: (string | number)[]): string {
  // Most packet text is plain ASCII: quoting it as it is skips two passes (surrogates, escaping).
  if (ESCAPES_TO_ITSELF.test(value)) return `"${value}"`;
  const lone = findLoneSurrogate(value);
  if (lone !== -1) {
    throw fail(
      `the string has a lone surrogate ${codeUnitName(value, lone)} at index ${lone}; ` +
        'RFC 8785 requires well-formed Unicode: remove it or pair it',
      path,
    );
  }
  // For well-formed strings JSON.stringify escapes exactly what RFC 8785 section 3.2.2.2 asks:
  // '"', '\' and U+0000..U+001F, with \b \t \n \f \r short forms and lowercase \u00xx otherwise.
  return JSON.stringify(value);
}

function serializeContainer(
  value: object,
  path: (string | number)[],
  ancestors: Set<object>,
  visitor: CanonicalVisitor | undefined,
  budget: Budget,
): string {
  const { maxDepth } = budget;
  if (ancestors.has(value)) {
    throw fail('the value contains itself (a cycle); JSON cannot represent cycles: break the cycle', path);
  }
  // The walk recurses once per level: past the core's nesting limit it stops with its own error,
  // never the runtime's stack overflow.
  if (path.length >= maxDepth) {
    throw fail(`objects and arrays are nested deeper than the limit of ${maxDepth} levels; flatten the value`, path);
  }
  if (Array.isArray(value)) {
    ancestors.add(value);
    let text = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) text += ',';
      path.push(index);
      // A hole reaches serializeValue as undefined and fails, even where a prototype has the index
      // (indexing alone would read it there): an array of JSON data has every element of its own.
      const item = Object.hasOwn(value, index) ? value[index] : undefined;
      text += serializeValue(item, path, ancestors, visitor, budget);
      path.pop();
    }
    ancestors.delete(value);
    return text + ']';
  }
  if (!hasPlainPrototype(value)) {
    throw fail(
      `${describeValue(value)} is not a JSON value; convert it to a plain object, array, string or number first`,
      path,
    );
  }
  if (Object.getOwnPropertySymbols(value).length > 0) {
    throw fail('the object has symbol-keyed properties, which JSON cannot carry; remove them', path);
  }
  ancestors.add(value);
  const record = value as Record<string, unknown>;
  // Array.prototype.sort without a comparator orders by UTF-16 code units, which is exactly
  // the member order RFC 8785 section 3.2.3 prescribes (not code points, not locale).
  const names = Object.keys(record).sort();
  let text = '{';
  for (let index = 0; index < names.length; index++) {
    const name = names[index]!;
    if (index > 0) text += ',';
    budget.left -= name.length + 3;
    if (visitor?.memberName(name, path)) {
      path.push(name);
      text += '"' + name + '":' + serializeValue(record[name], path, ancestors, visitor, budget);
      path.pop();
      continue;
    }
    path.push(name);
    const lone = findLoneSurrogate(name);
    if (lone !== -1) {
      throw fail(
        `the member name has a lone surrogate ${codeUnitName(name, lone)} at index ${lone}; ` +
          'RFC 8785 requires well-formed Unicode: rename the member',
        path,
      );
    }
    text += JSON.stringify(name) + ':' + serializeValue(record[name], path, ancestors, visitor, budget);
    path.pop();
  }
  ancestors.delete(value);
  return text + '}';
}

/** Plain objects only: object literals, JSON.parse results and Object.create(null). */
export function hasPlainPrototype(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Index of the first unpaired UTF-16 surrogate, or -1 when the string is well-formed. */
// String.prototype.isWellFormed (ES2024) answers the common case natively; the loop below finds the place.
const isWellFormed = (String.prototype as { isWellFormed?: () => boolean }).isWellFormed;

function findLoneSurrogate(text: string): number {
  if (isWellFormed && isWellFormed.call(text)) return -1;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1); // NaN past the end
      if (next >= 0xdc00 && next <= 0xdfff) {
        index++;
        continue;
      }
    }
    return index;
  }
  return -1;
}

function codeUnitName(text: string, index: number): string {
  return 'U+' + text.charCodeAt(index).toString(16).toUpperCase().padStart(4, '0');
}

/** What a value that is not JSON is, for a message: "a function", "an instance of Map". */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'undefined':
      return 'undefined';
    case 'function':
      return 'a function';
    case 'bigint':
      return `the bigint ${String(value)}n`;
    case 'symbol':
      return 'a symbol';
    case 'object': {
      const name: unknown = (value as { constructor?: { name?: unknown } }).constructor?.name;
      return typeof name === 'string' && name !== '' && name !== 'Object'
        ? `an instance of ${name}`
        : 'an object with a custom prototype';
    }
    default:
      return typeof value;
  }
}

function fail(problem: string, path: (string | number)[]): CanonicalizationError {
  const pointer = jsonPointer(path);
  // Quoted with JSON.stringify so that member names with line breaks or lone surrogates
  // still give a one-line, printable message.
  const where = pointer === '' ? 'at the root' : `at ${JSON.stringify(pointer)}`;
  return new CanonicalizationError(`cannot canonicalize the value ${where}: ${problem}`, pointer);
}
