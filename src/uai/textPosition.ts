/** Where an offset of a text is, as people read it: line and column. */

const CHAR_LF = 0x0a;
const CHAR_CR = 0x0d;

/**
 * 1-based line and column (in code points) of the UTF-16 offset `at`. LF, CR LF and a lone CR each
 * end a line.
 */
export function textPosition(text: string, at: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < at; index++) {
    const char = text.charCodeAt(index);
    // CRLF counts once: its CR is skipped here and its LF ends the line.
    if (char === CHAR_LF || (char === CHAR_CR && text.charCodeAt(index + 1) !== CHAR_LF)) {
      line++;
      lineStart = index + 1;
    }
  }
  let column = 1;
  for (let index = lineStart; index < at; index++) {
    const char = text.charCodeAt(index);
    // The low half of a surrogate pair belongs to the character already counted.
    const isTrail = char >= 0xdc00 && char <= 0xdfff && index > lineStart && isLead(text.charCodeAt(index - 1));
    if (!isTrail) column++;
  }
  return { line, column };
}

export function isLead(char: number): boolean {
  return char >= 0xd800 && char <= 0xdbff;
}
