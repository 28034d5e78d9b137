/**
 * The claims gate: no published page or machine record says UAIX provides what it does not
 * (the core's `UNSUPPORTED_OFFERINGS`), in English, Spanish or French. The core's detector decides;
 * this module feeds it the rendered text and turns its findings into problems.
 */
import { findUnsupportedClaims, type ClaimFinding } from '../../uai/supportClaims.ts';
import type { Problem } from '../../uai/problem.ts';

/** The rule a claim breaks: the core's code for it. */
export const UNSUPPORTED_CLAIM_RULE = 'UAI-UNSUPPORTED-CLAIM';

/**
 * Block text (one block or table cell per line, as hast-util-to-text gives it with tabs between
 * cells), read line by line: no sentence runs from one cell or block into the next, and no call
 * reaches the detector's per-string reading limit.
 */
export function blockClaims(blockText: string): ClaimFinding[] {
  return blockText
    .split(/[\t\n]/)
    .filter((line) => line.trim())
    .flatMap((line) => findUnsupportedClaims(line));
}

/** What a claim says, for a problem line: `claims that UAIX provides <offering> (<language>): "<sentence>"`. */
export function describeClaim(claim: ClaimFinding): string {
  const { sentence } = claim;
  return `claims that UAIX provides ${claim.offering} (${claim.language}): "${sentence.length > 160 ? `${sentence.slice(0, 157)}...` : sentence}"`;
}

/** A problem per claim of `blockText` (see blockClaims), in the file `source`. */
export function claimProblems(source: string, blockText: string): Problem[] {
  return blockClaims(blockText).map((claim) => ({
    file: source,
    message: describeClaim(claim),
    rule: UNSUPPORTED_CLAIM_RULE,
  }));
}

/** Every string value of a JSON document, one per line, for the records' claims check. */
export function jsonStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) jsonStrings(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) jsonStrings(item, out);
  return out;
}
