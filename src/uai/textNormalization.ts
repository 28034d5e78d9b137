/**
 * The one normalization that the text rules of the core read (the claim detector and the secret
 * scanner), so that text which reads the same to a person gets the same verdict however it is
 * spelled in code points (what a required text field must hold is `visibleText.ts`). In order:
 *
 * 1. default-ignorable and format code points removed (U+200B zero-width space, U+00AD soft hyphen,
 *    U+FEFF, bidi controls, variation selectors, tags): they change no glyph a reader sees;
 * 2. percent-decoding: each run of `%XX` triplets that is valid UTF-8 becomes its characters
 *    (`access%5Ftoken` is `access_token`, a URL's query is read as the server reads it); invalid
 *    runs stay as written; one pass, so `%2541` reads as `%41`; step 1 runs again on what it decoded;
 * 3. NFKC: compatibility forms become their plain letters (fullwidth `ＵＡＩＸ`, mathematical
 *    `𝐔𝐀𝐈𝐗`, ligatures);
 * 4. the confusable skeleton for Latin look-alikes: Cyrillic, Greek and Armenian letters that are
 *    drawn like a Latin letter (UTS #39 `confusables.txt`, the single-letter Latin targets)
 *    become that letter, so `UАIX` with a Cyrillic А reads `UAIX`.
 *
 * Case is kept: the secret rules are case-sensitive where the credential is (`AKIA…`); the claim
 * detector folds case itself with `foldForMatching`. Every step is one pass over the text.
 * Offsets of findings are in the normalized text; `originalSpan` maps them back to the text as given.
 */

/** Step 1: default-ignorable code points and every other format character. */
const IGNORABLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
/** A run of percent triplets: step 2 decodes a run at a time, so a multi-byte character spans triplets. */
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
/** Text that every step leaves as it is: printable ASCII and common whitespace, no `%`. */
const STABLE = /^[\t\n\r\x20-\x24\x26-\x7e]*$/;

/**
 * Step 4's table: pairs of look-alike and Latin letter. The look-alikes are those of UTS #39
 * `confusables.txt` whose skeleton is one ASCII letter, in the scripts that are written beside
 * Latin (Cyrillic, Greek, Armenian) and a few Latin variants (dotless ı, script ɡ).
 */
const LOOK_ALIKES =
  'аaвBеeһhіiјjӏlоoрpсcѕsуyхxԁdԛqԝwүyАAВBЕEКKМMНHОOРPСCТTХXУYЅSІIЈJԚQԜWҮYӀl' +
  'αaβBεEιiκkνvοoρpτTυuχxγyΑAΒBΕEΖZΗHΙIΚKΜMΝNΟOΡPΤTΥYΧX' +
  'օoսuհhոnզqՕOՍS' +
  'ıiɑaɡgɩiʏY';
const SKELETON = new Map<string, string>();
for (let index = 0; index < LOOK_ALIKES.length; index += 2) SKELETON.set(LOOK_ALIKES[index], LOOK_ALIKES[index + 1]);
const LOOK_ALIKE = new RegExp(`[${[...SKELETON.keys()].join('')}]`, 'g');

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Step 2 on one run of triplets: its characters when the bytes are UTF-8, else the run as written. */
function decodePercentRun(run: string): string {
  const bytes = new Uint8Array(run.length / 3);
  for (let index = 0; index < bytes.length; index++)
    bytes[index] = parseInt(run.slice(index * 3 + 1, index * 3 + 3), 16);
  try {
    return UTF8.decode(bytes);
  } catch {
    return run;
  }
}

/** The text as every text rule reads it (steps 1–4). Text of printable ASCII without `%` is returned as it is. */
export function normalizeRuleText(text: string): string {
  if (STABLE.test(text)) return text;
  // Ignorables go before decoding (`%4\u200B1` is `%41`) and again after (`%E2%80%8B` is U+200B).
  return text
    .replace(IGNORABLE, '')
    .replace(PERCENT_RUN, decodePercentRun)
    .replace(IGNORABLE, '')
    .normalize('NFKC')
    .replace(LOOK_ALIKE, (char) => SKELETON.get(char)!);
}

const COMBINING_MARKS = /\p{M}/gu;
const APOSTROPHES = /[\u2018\u2019\u02bc\u2032]/g;
/** Runs of white space other than one space (which is already what a run becomes): prose has one between words. */
const WHITESPACE_RUNS = /\s{2,}|[^\S ]/g;

/**
 * The normalized text folded for word matching: lower case, accents removed, straight apostrophes,
 * one space for each run of white space (line breaks included). Lengths may differ from the input.
 */
export function foldForMatching(normalized: string): string {
  return normalized
    .normalize('NFD')
    .toLowerCase()
    .replace(COMBINING_MARKS, '')
    .replace(APOSTROPHES, "'")
    .replace(WHITESPACE_RUNS, ' ');
}

/** A code point that joins the piece before it: a combining mark, or a Hangul vowel or final. */
const JOINS_PREVIOUS = /[\p{M}\u1160-\u11ff]/uy;
/** Code units that are no mark nor jamo, told without a regular expression: Latin, CJK ideographs, Hangul. */
const cannotJoin = (code: number) =>
  code < 0x300 || (code >= 0x3400 && code < 0xa000) || (code >= 0xac00 && code < 0xd7a4);
/** Pieces normalized at once while looking for the piece that holds an offset. */
const BATCH = 256;

/**
 * Where `text` splits into pieces that normalize on their own: before each character that joins no
 * previous one, and around each run of percent triplets. Ascending, first 0, last `text.length`.
 */
function pieceBounds(text: string): number[] {
  const bounds = [0];
  for (let index = 0; index < text.length;) {
    if (text.charCodeAt(index) === 37 /* % */) {
      PERCENT_RUN.lastIndex = index;
      const run = PERCENT_RUN.exec(text);
      if (run?.index === index) {
        if (index > 0) bounds.push(index);
        index += run[0].length;
        bounds.push(index);
        continue;
      }
    }
    const code = text.charCodeAt(index);
    const width = code >= 0xd800 && code <= 0xdbff ? 2 : 1;
    JOINS_PREVIOUS.lastIndex = index;
    if (index > bounds.at(-1)! && (cannotJoin(code) || !JOINS_PREVIOUS.test(text))) bounds.push(index);
    index += width;
  }
  PERCENT_RUN.lastIndex = 0;
  if (bounds.at(-1) !== text.length) bounds.push(text.length);
  return bounds;
}

/**
 * Maps the span [start, end) of `normalizeRuleText(text)` back to the span of `text` it came from.
 * The text is normalized piece by piece (a base character with the marks after it, or one percent
 * run; `BATCH` pieces at a time until the batch that holds an offset), which gives the whole-string
 * form except where NFKC composes across pieces: there the span widens to the whole text, never to
 * a wrong place. Linear in the text; call it only for a finding.
 */
export function originalSpan(text: string, start: number, end: number): [number, number] {
  if (STABLE.test(text)) return [start, end];
  const bounds = pieceBounds(text);
  const lengthOf = (from: number, to: number) => normalizeRuleText(text.slice(bounds[from], bounds[to])).length;
  /**
   * The pieces [from, to) that hold `offset` of the normalized text: one piece, or its whole batch
   * where the pieces of the batch normalize to another length than the batch (NFKC composed across).
   */
  const piecesHolding = (offset: number, inclusiveEnd: boolean): [number, number] => {
    const holds = (at: number, length: number) => (inclusiveEnd ? offset <= at + length : offset < at + length);
    let normalized = 0;
    for (let batch = 0; batch < bounds.length - 1; batch += BATCH) {
      const batchEnd = Math.min(batch + BATCH, bounds.length - 1);
      const length = lengthOf(batch, batchEnd);
      if (!holds(normalized, length)) {
        normalized += length;
        continue;
      }
      const lengths = Array.from({ length: batchEnd - batch }, (_, piece) =>
        lengthOf(batch + piece, batch + piece + 1),
      );
      if (lengths.reduce((sum, piece) => sum + piece, 0) !== length) return [batch, batchEnd];
      for (let piece = batch; piece < batchEnd; piece++) {
        const pieceLength = lengths[piece - batch];
        if (pieceLength > 0 && holds(normalized, pieceLength)) return [piece, piece + 1];
        normalized += pieceLength;
      }
    }
    return [bounds.length - 1, bounds.length - 1];
  };
  const total = normalizeRuleText(text).length;
  let whole = 0;
  for (let batch = 0; batch < bounds.length - 1; batch += BATCH)
    whole += lengthOf(batch, Math.min(batch + BATCH, bounds.length - 1));
  if (whole !== total) return [0, text.length];
  const [first] = piecesHolding(start, false);
  const [, last] = piecesHolding(end, true);
  return [bounds[first], bounds[Math.max(first, last)]];
}
