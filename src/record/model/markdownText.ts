/**
 * Text written into Markdown (the link text and notes of llms.txt, the mirrors' generated lines):
 * escaped so that no character of it starts markup a Markdown reader would turn into HTML. A
 * backslash before ASCII punctuation is CommonMark's own escape (spec 2.4): `\<` is the character
 * `<`, never the start of a tag or an autolink; `\&` never starts a character reference; `\[` and
 * `\]` never open or close a link, so the text stays one link's text. Line breaks become spaces,
 * so the text stays on its line.
 */

// The backslash first in the class: each character is escaped once, in one pass.
const MARKDOWN_SPECIAL = /[\\<>&[\]]/g;
const LINE_BREAK = /\r\n?|\n/g;

/** `text` as CommonMark inline text that reads back as exactly `text` (line breaks as spaces). */
export function escapeMarkdownText(text: string): string {
  return text.replace(LINE_BREAK, ' ').replace(MARKDOWN_SPECIAL, (character) => `\\${character}`);
}
