/**
 * JSON inside an HTML `<script>` element (the pages' JSON-LD) and inside YAML double-quoted
 * strings (the Markdown mirrors' frontmatter): `<`, `>` and `&` as `\u003c`, `\u003e`, `\u0026`,
 * so no text can close the element (`</script>`), open a comment or a tag, or start a character
 * reference, and U+2028 and U+2029 as `\u2028`, `\u2029`, which some JavaScript and YAML readers
 * take for line ends. Every one is a JSON (and YAML) escape of the same character: the value
 * parses back unchanged.
 */

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;

const escaped = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `JSON.stringify(value)` with the characters above escaped. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(SCRIPT_UNSAFE, escaped);
}
