/**
 * The path patterns of `_headers` rules, read the way both static hosts the record can be
 * published on read them: Cloudflare Pages (https://developers.cloudflare.com/pages/configuration/headers/,
 * "Match a path") and Netlify (https://docs.netlify.com/routing/headers/). The one matcher of the
 * tree: the build's media types and schema links (machineRecords.ts), the headers check
 * (headersFileCheck.ts) and the test host (src/pipeline/staticHost.ts) all use it.
 *
 * The shared grammar, and nothing else (a pattern outside it matches no path, as Cloudflare drops
 * a rule whose pattern it cannot compile, and the headers check refuses it at its line):
 * - a path: it starts with `/` (an absolute `https://host/…` rule is Cloudflare's alone);
 * - at most one splat `*`, anywhere; it matches any run of characters, `/` included, even none;
 * - placeholders `:name` (a letter, then letters, digits and `_`), each a whole path segment, which
 *   match one or more characters other than `/` (Cloudflare also reads a placeholder inside a
 *   segment; Netlify's are segments);
 * - every other character is itself: `A-Z a-z 0-9 - . _ ~ /`; a trailing `/` is part of the path.
 * Matching is linear: the part before the splat is read forward, the part after it backward.
 */

/** A piece of a pattern: literal text, or a placeholder standing for one path segment. */
export type PatternPart = { literal: string } | { placeholder: string };

/** A pattern of the shared grammar: its parts before the splat, and after it when it has one. */
export interface HostPattern {
  head: PatternPart[];
  tail?: PatternPart[];
}

/** Why a pattern is outside the shared grammar, and the rule it breaks. */
export interface PatternRefusal {
  message: string;
  rule: 'headers-one-splat' | 'headers-path-pattern';
  /** 1-based column of the offending character in the pattern. */
  column: number;
}

const PLAIN = /^[A-Za-z0-9\-._~/]$/;
const PLACEHOLDER = /^:[A-Za-z][A-Za-z0-9_]*$/;

/** The pattern read by the shared grammar, or why it cannot be. */
export function parseHostPattern(pattern: string): HostPattern | PatternRefusal {
  if (!pattern.startsWith('/'))
    return {
      message: `${JSON.stringify(pattern)} is not a path starting with /`,
      rule: 'headers-path-pattern',
      column: 1,
    };
  const splat = pattern.indexOf('*');
  const second = splat < 0 ? -1 : pattern.indexOf('*', splat + 1);
  if (second >= 0)
    return {
      message: `${JSON.stringify(pattern)} has a second splat *: Cloudflare Pages allows one per URL pattern (use a :placeholder for a segment)`,
      rule: 'headers-one-splat',
      column: second + 1,
    };
  const head = splat < 0 ? pattern : pattern.slice(0, splat);
  const headParts = parts(head, 0, pattern);
  if ('rule' in headParts) return headParts;
  if (splat < 0) return { head: headParts };
  // A placeholder beside the splat is in the splat's segment, so it is refused as no whole segment.
  const tailParts = parts(pattern.slice(splat + 1), splat + 1, pattern);
  if ('rule' in tailParts) return tailParts;
  return { head: headParts, tail: tailParts };
}

/** A splat-free piece of a pattern as literal runs and whole-segment placeholders. */
function parts(text: string, offset: number, pattern: string): PatternPart[] | PatternRefusal {
  const found: PatternPart[] = [];
  let literal = '';
  let at = 0;
  for (const segment of text.split('/')) {
    const column = offset + at + 1;
    if (segment.includes(':')) {
      const atSegmentStart = at === 0 ? offset === 0 || pattern[offset - 1] === '/' : true;
      const endsSegment = at + segment.length < text.length || offset + text.length === pattern.length;
      if (!PLACEHOLDER.test(segment) || !atSegmentStart || !endsSegment)
        return {
          message: `${JSON.stringify(pattern)} has a : that is not a placeholder filling a whole path segment (:name)`,
          rule: 'headers-path-pattern',
          column: column + segment.indexOf(':'),
        };
      if (literal) found.push({ literal });
      found.push({ placeholder: segment.slice(1) });
      literal = '';
    } else {
      for (let index = 0; index < segment.length; index++)
        if (!PLAIN.test(segment[index]))
          return {
            message: `${JSON.stringify(pattern)} has ${JSON.stringify(segment[index])}, which is no path character both hosts read as itself`,
            rule: 'headers-path-pattern',
            column: column + index,
          };
      literal += segment;
    }
    at += segment.length + 1;
    if (at <= text.length) literal += '/';
  }
  if (literal) found.push({ literal });
  return found;
}

/** Where reading parts forward from `from` ends in `path`, or -1 when they do not match there. */
function readForward(head: readonly PatternPart[], path: string, from: number): number {
  let at = from;
  for (const part of head) {
    if ('literal' in part) {
      if (!path.startsWith(part.literal, at)) return -1;
      at += part.literal.length;
    } else {
      const slash = path.indexOf('/', at);
      const end = slash < 0 ? path.length : slash;
      if (end === at) return -1;
      at = end;
    }
  }
  return at;
}

/** Where reading parts backward from the end of `path` starts, or -1 when they do not match there. */
function readBackward(tail: readonly PatternPart[], path: string): number {
  let at = path.length;
  for (let index = tail.length - 1; index >= 0; index--) {
    const part = tail[index];
    if ('literal' in part) {
      if (at < part.literal.length || !path.endsWith(part.literal, at)) return -1;
      at -= part.literal.length;
    } else {
      if (at === 0) return -1;
      const start = path.lastIndexOf('/', at - 1) + 1;
      if (start === at) return -1;
      at = start;
    }
  }
  return at;
}

/** Whether a parsed pattern matches a path. */
export function hostPatternMatchesParsed(pattern: HostPattern, path: string): boolean {
  const headEnd = readForward(pattern.head, path, 0);
  if (headEnd < 0) return false;
  if (!pattern.tail) return headEnd === path.length;
  const tailStart = readBackward(pattern.tail, path);
  return tailStart >= headEnd;
}

/** Whether a `_headers` path pattern matches a request path, as Cloudflare Pages and Netlify both match it. */
export function hostPatternMatches(pattern: string, path: string): boolean {
  const parsed = parseHostPattern(pattern);
  return !('rule' in parsed) && hostPatternMatchesParsed(parsed, path);
}
