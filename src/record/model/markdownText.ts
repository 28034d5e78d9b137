/**
 * Text written into Markdown (the link text and notes of llms.txt, the mirrors' generated lines):
 * escaped so that no character of it starts markup a Markdown reader would turn into HTML. A
 * backslash before ASCII punctuation is CommonMark's own escape (spec 2.4): `\<` is the character
 * `<`, never the start of a tag or an autolink; `\&` never starts a character reference; `\[` and
 * `\]` never open or close a link, so the text stays one link's text. Line breaks become spaces,
 * so the text stays on its line. A YAML string in a Markdown file's frontmatter is read as Markdown
 * by a reader that does not know frontmatter: markdownYamlString writes it so that it is text there too.
 */

// The backslash first in the class: each character is escaped once, in one pass.
const MARKDOWN_SPECIAL = /[\\<>&[\]]/g;
const LINE_BREAK = /\r\n?|\n/g;

/** `text` as CommonMark inline text that reads back as exactly `text` (line breaks as spaces). */
export function escapeMarkdownText(text: string): string {
  return text.replace(LINE_BREAK, ' ').replace(MARKDOWN_SPECIAL, (character) => `\\${character}`);
}

// In a YAML (or JSON) double-quoted string: what could start a tag, a reference or a link.
const YAML_MARKDOWN_SPECIAL = /[<>&[\]\u2028\u2029]/g;

/**
 * `text` as a YAML double-quoted string (JSON's syntax, which YAML 1.2 reads alike) with `<`, `>`,
 * `&`, `[`, `]`, U+2028 and U+2029 as `\u` escapes: the same string to a YAML reader, plain text
 * with no tag, reference or link to a Markdown one.
 */
export function markdownYamlString(text: string): string {
  return JSON.stringify(text).replace(
    YAML_MARKDOWN_SPECIAL,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
