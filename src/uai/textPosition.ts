/**
 * Where offsets of a text are, as people read them: line and column. The one rule every problem
 * line uses: LF, CR LF and a lone CR each end a line, and a column counts code points.
 */

const CHAR_LF = 0x0a;
const CHAR_CR = 0x0d;

export interface TextPosition {
  line: number;
  column: number;
}

/**
 * The 1-based line and column of each UTF-16 offset in `offsets`, in their order. The offsets are
 * resolved in one sweep over the text (after sorting them), so the cost stays linear in the text
 * however many offsets a file has.
 */
export function textPositions(text: string, offsets: readonly number[]): TextPosition[] {
  const order = offsets.map((_, index) => index).sort((a, b) => offsets[a] - offsets[b]);
  const positions: TextPosition[] = new Array(offsets.length);
  let index = 0;
  let line = 1;
  let lineStart = 0;
  let column = 1;
  for (const which of order) {
    const at = offsets[which];
    for (; index < at; index++) {
      const char = text.charCodeAt(index);
      // CRLF counts once: its CR is a column here and its LF ends the line.
      if (char === CHAR_LF || (char === CHAR_CR && text.charCodeAt(index + 1) !== CHAR_LF)) {
        line++;
        lineStart = index + 1;
        column = 1;
        // The low half of a surrogate pair belongs to the character already counted.
      } else if (!(isTrail(char) && index > lineStart && isLead(text.charCodeAt(index - 1)))) column++;
    }
    positions[which] = { line, column };
  }
  return positions;
}

/** The 1-based line and column (in code points) of the UTF-16 offset `at`. */
export function textPosition(text: string, at: number): TextPosition {
  return textPositions(text, [at])[0];
}

export function isLead(char: number): boolean {
  return char >= 0xd800 && char <= 0xdbff;
}

function isTrail(char: number): boolean {
  return char >= 0xdc00 && char <= 0xdfff;
}
