/**
 * White space as HTML collapses it: runs of ASCII white space (space, tab, line feed, form feed,
 * carriage return) become one space. JavaScript's `\s` and `trim()` also take U+00A0 and U+202F,
 * the no-break spaces French sets before « : » and « ; »; collapsing them turned « delivery.expires_at : »
 * into a line that may break before the colon, in every text read out of a page or a Markdown tree.
 */

const ASCII_WHITE_SPACE = new Set([' ', '\t', '\n', '\f', '\r']);

/** `text` on one line: each run of ASCII white space one space, none at either end; other spaces kept. */
export function collapseWhiteSpace(text: string): string {
  let out = '';
  let pendingSpace = false;
  for (const char of text) {
    if (ASCII_WHITE_SPACE.has(char)) {
      pendingSpace = out.length > 0;
      continue;
    }
    if (pendingSpace) out += ' ';
    pendingSpace = false;
    out += char;
  }
  return out;
}
