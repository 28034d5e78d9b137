/**
 * The `_headers` file as Cloudflare Pages and Netlify both read it, and the build's check that the
 * file the build writes is one both accept and apply the same way. The rules relied on, from the
 * hosts' documentation:
 * - Cloudflare Pages (https://developers.cloudflare.com/pages/configuration/headers/): a rule is a
 *   URL pattern line, then indented `name: value` lines; `#` starts a comment; "A project is limited
 *   to 100 header rules. Each line in the `_headers` file has a 2,000 character limit"; "You may
 *   only include a single splat in the URL"; `! Name` detaches a header (Cloudflare's alone, so
 *   refused here); absolute `https://` URL patterns (Cloudflare's alone, refused by the grammar).
 * - Netlify (https://docs.netlify.com/routing/headers/): a path (with `*` and `:placeholder`), then
 *   its indented `Name: value` header lines; `#` comments.
 * The path grammar is hostPathPattern.ts's. Each broken rule is one problem at its line.
 */
import type { Problem } from '../../uai/problem.ts';
import { parseHostPattern, type HostPattern } from './hostPathPattern.ts';
import { HEADERS_PATH } from '../model/publicPaths.ts';

/** Cloudflare Pages: at most this many header rules in a project. */
export const MAX_HEADER_RULES = 100;
/** Cloudflare Pages: at most this many characters in a line of `_headers`, spacing included. */
export const MAX_HEADERS_LINE = 2000;

/** A rule of a `_headers` file: its pattern's line, the pattern and its headers in file order. */
export interface HeadersFileRule {
  line: number;
  pattern: string;
  /** The parsed pattern; undefined when it is outside the shared grammar (it then matches nothing). */
  parsed?: HostPattern;
  headers: [string, string][];
}

/** A header line: indented by spaces, an RFC 9110 token, a colon, then the value. Linear (disjoint classes). */
const HEADER_LINE = /^ +([!#$%&'*+\-.^_`|~0-9A-Za-z]+):(.*)$/;

/** The rules of a `_headers` text and the problems of reading it, each at its line. */
export function readHeadersFile(
  text: string,
  file: string = HEADERS_PATH,
): { rules: HeadersFileRule[]; problems: Problem[] } {
  const rules: HeadersFileRule[] = [];
  const problems: Problem[] = [];
  const at = (line: number, column: number, message: string, rule: string) =>
    problems.push({ file, place: { line, column }, message, rule });
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.length > MAX_HEADERS_LINE)
      at(
        line,
        MAX_HEADERS_LINE + 1,
        `line of ${raw.length} characters: Cloudflare Pages reads at most ${MAX_HEADERS_LINE}`,
        'headers-line-length',
      );
    if (raw.trim() === '' || raw.startsWith('#')) return;
    if (!raw.startsWith(' ')) {
      const parsed = parseHostPattern(raw);
      if ('rule' in parsed) at(line, parsed.column, parsed.message, parsed.rule);
      rules.push({ line, pattern: raw, parsed: 'rule' in parsed ? undefined : parsed, headers: [] });
      if (rules.length === MAX_HEADER_RULES + 1)
        at(
          line,
          1,
          `rule ${rules.length}: Cloudflare Pages reads at most ${MAX_HEADER_RULES} header rules`,
          'headers-rule-count',
        );
      return;
    }
    const header = HEADER_LINE.exec(raw);
    const value = header?.[2].trim();
    if (!header || !value || hasControlCharacter(value)) {
      const detach = raw.trimStart().startsWith('!');
      at(
        line,
        1,
        detach
          ? "a detached header (! Name) is Cloudflare Pages' alone: Netlify does not read it"
          : `${JSON.stringify(raw.trim().slice(0, 80))} is no indented "Name: value" header line`,
        'headers-header-line',
      );
      return;
    }
    const rule = rules.at(-1);
    if (!rule) at(line, 1, 'a header line before any path pattern', 'headers-header-line');
    else rule.headers.push([header[1], value]);
  });
  for (const rule of rules)
    if (rule.headers.length === 0)
      at(rule.line, 1, `${JSON.stringify(rule.pattern)} sets no header`, 'headers-empty-rule');
  problems.sort((a, b) => lineOf(a) - lineOf(b));
  return { rules, problems };
}

/** A control character other than tab: no header value carries one. */
function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) return true;
  }
  return false;
}

function lineOf(problem: Problem): number {
  return problem.place && 'line' in problem.place ? problem.place.line : 0;
}

/** Every broken rule of a `_headers` text, one problem each at its line (none for a file both hosts read alike). */
export function headersFileProblems(text: string, file: string = HEADERS_PATH): Problem[] {
  return readHeadersFile(text, file).problems;
}
