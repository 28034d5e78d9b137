/**
 * Claims found in the built pages, reported at the source text they come from. A UI string or a
 * paragraph of Markdown is rendered on many pages (every page of a locale, and the locales that
 * fall back to it); its claim is one problem at the file and line where it is written, with the
 * number of pages it reached, not one per page. A claim no source holds (a template's text) is one
 * problem per sentence, at the first page that shows it.
 */
import type { ClaimFinding } from '../../uai/supportClaims.ts';
import { normalizeRuleText } from '../../uai/textNormalization.ts';
import { proseProblem, type ProseText } from '../content/proseText.ts';
import { blockClaims, describeClaim, jsonStrings, UNSUPPORTED_CLAIM_RULE } from './claimCheck.ts';
import type { Problem } from '../../uai/problem.ts';
import { mediaTypeOf } from '../machine/machineRecords.ts';

/** A claim the claims gate found in a published file (a page's public path). */
export interface PublishedClaim {
  file: string;
  claim: ClaimFinding;
}

/** What the claims gate reads of the published record. */
export interface PublishedTexts {
  /** Each page's rendered text (block by block, one block a line) and llms.txt, by public path. */
  texts: readonly { file: string; text: string }[];
  /** The machine records and the manifest, by public path. */
  records: readonly { path: string; text: string }[];
  /** The fixtures' public paths: an invalid fixture carries a claim on purpose. */
  fixturePaths: ReadonlySet<string>;
}

/**
 * The claims in the published texts and in every string of the JSON records that are not fixtures.
 * `claimsOf` reads a text: blockClaims itself, or a cache of its results.
 */
export function publishedClaims(
  { texts, records, fixturePaths }: PublishedTexts,
  claimsOf: (blockText: string) => readonly ClaimFinding[] = blockClaims,
): PublishedClaim[] {
  const claims: PublishedClaim[] = [];
  const read = (file: string, text: string) => claims.push(...claimsOf(text).map((claim) => ({ file, claim })));
  for (const { file, text } of texts) read(file, text);
  for (const record of records) {
    if (!mediaTypeOf(record.path).includes('json') || fixturePaths.has(record.path)) continue;
    let strings: string[] = [];
    try {
      strings = jsonStrings(JSON.parse(record.text));
    } catch {
      continue;
    }
    read(record.path, strings.join('\n'));
  }
  return claims;
}

/**
 * Text as a reader sees it: the text rules' normalization, Markdown's inline marks and link targets
 * removed, single spaces; quotes, apostrophes, dashes and ellipses in one form (Astro's Markdown
 * curls and joins them).
 */
function plain(text: string): string {
  return (
    normalizeRuleText(text)
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/[\u2013\u2014]|-{2,3}/g, '-')
      .replace(/\u2026/g, '...')
      // A link's target never holds a parenthesis or a space here (the link check's links).
      .replace(/\]\([^()\s]*\)/g, '')
      .replace(/[*_`[\]]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** A problem per claim, at its source where one holds it; `prose` is every prose text of the sources. */
export function sourcedClaimProblems(claims: readonly PublishedClaim[], prose: readonly ProseText[]): Problem[] {
  // The same sentence on many pages is one claim, looked up once.
  const grouped = new Map<string, { claim: ClaimFinding; sentence: string; files: string[] }>();
  for (const { file, claim } of claims) {
    const sentence = plain(claim.sentence);
    const key = `${claim.offering}\0${sentence}`;
    const group = grouped.get(key) ?? { claim, sentence, files: [] };
    group.files.push(file);
    grouped.set(key, group);
  }
  // Reduced once, and only when a claim was found: a passing build never comes here.
  const sources = grouped.size ? prose.map((text) => ({ text, plain: plain(text.markdown) })) : [];
  return [...grouped.values()].map(({ claim, sentence, files }) => {
    const source = sources.find((candidate) => candidate.plain.includes(sentence));
    const reach = !source && files.length === 1 ? '' : ` (${reachOf(files)})`;
    const message = `${describeClaim(claim)}${reach}`;
    return source
      ? proseProblem(source.text, lineOf(source.text, sentence), message, UNSUPPORTED_CLAIM_RULE)
      : { file: files[0], message, rule: UNSUPPORTED_CLAIM_RULE };
  });
}

function reachOf(files: string[]): string {
  return files.length === 1 ? `published in ${files[0]}` : `published in ${files.length} files, first ${files[0]}`;
}

/** The line of its file where the sentence begins in a prose text. */
function lineOf(text: ProseText, sentence: string): number {
  const lines = text.markdown.split('\n');
  const at = lines.findIndex((line) => startsOn(plain(line), sentence));
  return text.line + Math.max(at, 0);
}

/**
 * True when `sentence` begins on `line`: the line holds its opening words, or ends with at least
 * its first two words (a sentence that wraps onto the next line).
 */
function startsOn(line: string, sentence: string): boolean {
  const opening = sentence.slice(0, 24);
  const firstWord = sentence.split(' ')[0];
  for (let at = line.indexOf(firstWord); at !== -1; at = line.indexOf(firstWord, at + 1)) {
    const rest = line.slice(at);
    if (rest.startsWith(opening) || (rest.includes(' ') && sentence.startsWith(rest))) return true;
  }
  return false;
}
