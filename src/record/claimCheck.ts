/**
 * The claims gate: no published page or machine record says UAIX provides what it does not
 * (hosted messaging, automatic sync, runtime orchestration, repository writes, official adapters,
 * certification, hosted import), in English, Spanish or French. The core's detector decides; this
 * module feeds it the rendered text and turns its findings into one-line problems.
 */
import { findUnsupportedClaims } from '../uai/supportClaims.ts';

/**
 * Block text (one block or table cell per line, as hast-util-to-text gives it with tabs between
 * cells), read line by line: no sentence runs from one cell or block into the next, and no call
 * reaches the detector's per-string reading limit.
 */
export function claimProblems(source: string, blockText: string): string[] {
  const claims = blockText
    .split(/[\t\n]/)
    .filter((line) => line.trim())
    .flatMap((line) => findUnsupportedClaims(line));
  return claims.map(
    (claim) =>
      `${source}: claims that UAIX provides ${claim.capability} (${claim.language}): "${claim.sentence.length > 160 ? `${claim.sentence.slice(0, 157)}...` : claim.sentence}"`,
  );
}

/** Every string value of a JSON document, one per line, for the records' claims check. */
export function jsonStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) jsonStrings(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) jsonStrings(item, out);
  return out;
}
