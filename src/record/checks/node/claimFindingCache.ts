/**
 * The claims gate's findings (claimCheck.ts `blockClaims`), kept between builds: each text's
 * findings under the sha256 of the text, in one git-ignored file (cacheFile.ts `KeptTextResults`).
 * The gate reads every page's text and every machine record each build, and the detector's reading
 * of them was its time (about a second at ten times the record, in a warm build as in a cold one);
 * a rebuild runs it only over the texts that changed. A passing record has no findings, so the file
 * holds keys and empty lists. The file is dropped when the record's or the core's code,
 * package-lock.json or Node changes (sourceDigest.ts `recordCodeDigest`). A damaged file (cut
 * short, altered, of the wrong shape: cacheFile.ts) is dropped with one note, and every text is
 * read again.
 */
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import type { ClaimFinding } from '../../../uai/supportClaims.ts';
import { blockClaims } from '../claimCheck.ts';
import { arrayOf, objectOf, string } from '../../model/jsonShape.ts';
import { KeptTextResults } from '../../node/cacheFile.ts';

export const CLAIM_FINDINGS_FILE = '.cache/claim-findings.json';

const FINDINGS_SHAPE = arrayOf(objectOf({ offering: string, sentence: string, language: string }));

/** The claims of a block text (blockClaims), kept per text: `of(text)`, then `save()`. */
export function claimFindingCache(root = REPOSITORY_ROOT): KeptTextResults<ClaimFinding[]> {
  return new KeptTextResults(join(root, CLAIM_FINDINGS_FILE), FINDINGS_SHAPE, 'every text is read again', blockClaims);
}
