/**
 * Many spans of `normalizeRuleText(text)` mapped back to `text` in one pass. `originalSpan` maps one
 * span by normalizing the text up to it, so mapping every finding of a long string one by one would
 * read the string once per finding; here the text is cut into chunks at places where normalization
 * is known to split (before an ASCII character outside a percent run, a CJK ideograph or a Hangul
 * syllable: none of them composes with what comes before), each chunk is normalized once, and each
 * span is mapped by `originalSpan` inside its chunk only.
 */
import { normalizeRuleText, originalSpan } from './textNormalization.ts';

/** Chunks are at least this long, so most strings are one chunk and long ones a few thousand. */
const CHUNK = 1_024;

const isPercentOrHex = (code: number) =>
  code === 37 || (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);

/** Normalization splits before index `at`: the character there joins nothing before it. */
function splitsBefore(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 0x80) return !(isPercentOrHex(code) && isPercentOrHex(text.charCodeAt(at - 1)));
  return (code >= 0x3400 && code < 0xa000) || (code >= 0xac00 && code < 0xd7a4);
}

/** Chunk starts: 0, then a split place at least CHUNK after the previous start; last `text.length`. */
function chunkBounds(text: string): number[] {
  const bounds = [0];
  for (let at = CHUNK; at < text.length; at++) {
    if (at - bounds.at(-1)! >= CHUNK && splitsBefore(text, at)) bounds.push(at);
  }
  bounds.push(text.length);
  return bounds;
}

/**
 * The spans [start, end) of `normalizeRuleText(text)` as spans of `text`, in the order given. Where
 * the chunks do not add up to the whole normalized text (a split assumed wrongly), each span is
 * mapped by `originalSpan` over the whole text, which is always right.
 */
export function originalSpans(text: string, spans: readonly (readonly [number, number])[]): [number, number][] {
  if (spans.length === 0) return [];
  const bounds = chunkBounds(text);
  const chunks = bounds.slice(0, -1).map((start, index) => text.slice(start, bounds[index + 1]));
  const normalizedStarts = [0];
  for (const chunk of chunks) normalizedStarts.push(normalizedStarts.at(-1)! + normalizeRuleText(chunk).length);
  if (normalizedStarts.at(-1) !== normalizeRuleText(text).length)
    return spans.map(([start, end]) => originalSpan(text, start, end));
  /** The chunk that holds normalized offset `offset` (the one it starts, or ends for an end offset). */
  const chunkOf = (offset: number, isEnd: boolean) => {
    let low = 0;
    let high = chunks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (isEnd ? normalizedStarts[middle] < offset : normalizedStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  return spans.map(([start, end]) => {
    const first = chunkOf(start, false);
    const last = Math.max(first, chunkOf(end, true));
    const local = (chunk: number, offset: number) => offset - normalizedStarts[chunk];
    if (first === last) {
      const [from, to] = originalSpan(chunks[first], local(first, start), local(first, end));
      return [bounds[first] + from, bounds[first] + to];
    }
    const firstLength = normalizedStarts[first + 1] - normalizedStarts[first];
    return [
      bounds[first] + originalSpan(chunks[first], local(first, start), firstLength)[0],
      bounds[last] + originalSpan(chunks[last], 0, local(last, end))[1],
    ];
  });
}
