/**
 * JSON Pointer (RFC 6901): the one way UAI-1 names a place inside a document, used by the
 * JSON reader, the canonicalizer and every validation error.
 *
 * Only the plain string form is handled ("/source/id"); the URI-fragment form ("#/source/id")
 * is not, because UAI-1 reports never use it.
 */

/**
 * Escapes one reference token: `~` becomes `~0` and `/` becomes `~1`.
 * `~` is replaced first so that the `~1` produced for `/` is never escaped a second time.
 */
export function escapePointerToken(token: string): string {
  // Most member names contain neither character, so skip the two replacements.
  if (token.indexOf('~') === -1 && token.indexOf('/') === -1) return token;
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * Reverses `escapePointerToken`. `~1` is decoded before `~0` so that `~01` becomes `~1`
 * (the token text), not `/`. Any other `~` sequence is an error (RFC 6901 section 3).
 */
export function unescapePointerToken(token: string): string {
  if (token.indexOf('~') === -1) return token;
  for (let index = token.indexOf('~'); index !== -1; index = token.indexOf('~', index + 1)) {
    const next = token[index + 1];
    if (next !== '0' && next !== '1') {
      throw new SyntaxError(
        `JSON Pointer token "${token}" has "~" not followed by 0 or 1; write "~0" for "~" and "~1" for "/"`,
      );
    }
  }
  return token.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** Builds a pointer from member names and array indexes; no segments is the whole document (""). */
export function jsonPointer(segments: readonly (string | number)[]): string {
  let pointer = '';
  for (const segment of segments) {
    pointer += '/' + (typeof segment === 'number' ? String(segment) : escapePointerToken(segment));
  }
  return pointer;
}

/**
 * Splits a pointer into its unescaped reference tokens: "" gives [] (the whole document) and
 * "/" gives [""] (the member with the empty name). Array indexes come back as strings, because
 * a pointer alone cannot tell "/0" on an array from "/0" on an object.
 */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (pointer[0] !== '/') {
    throw new SyntaxError(
      `JSON Pointer "${pointer}" must be empty or start with "/"; write "/${pointer}" to name a member`,
    );
  }
  return pointer.slice(1).split('/').map(unescapePointerToken);
}

/**
 * The value that pointer segments lead to inside a JSON document, or undefined when they lead
 * nowhere. Only own members count, so "constructor" or "toString" never reach the prototype.
 */
export function valueAtPointer(root: unknown, segments: readonly (string | number)[]): unknown {
  let node = root;
  for (const segment of segments) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}
