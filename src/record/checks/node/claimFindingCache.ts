/**
 * The claims gate's findings (claimCheck.ts `blockClaims`), kept between builds: each text's
 * findings under the sha256 of the text, in one git-ignored file. The gate reads every page's text
 * and every machine record each build, and the detector's reading of them was its time (about a
 * second at ten times the record, in a warm build as in a cold one); a rebuild runs it only over
 * the texts that changed. A passing record has no findings, so the file holds keys and empty lists.
 * The file is dropped when the record's or the core's code, package-lock.json or Node changes
 * (sourceDigest.ts `recordCodeDigest`), and rewritten with only the texts this build read. A
 * damaged file (cut short, altered, of the wrong shape: cacheFile.ts) is dropped with one note, and
 * every text is read again.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import type { ClaimFinding } from '../../../uai/supportClaims.ts';
import { blockClaims } from '../claimCheck.ts';
import { arrayOf, objectOf, string } from '../../model/jsonShape.ts';
import { readKeptEntries, writeKeptEntries } from '../../node/cacheFile.ts';

export const CLAIM_FINDINGS_FILE = '.cache/claim-findings.json';

const FINDINGS_SHAPE = arrayOf(objectOf({ offering: string, sentence: string, language: string }));

export class ClaimFindingCache {
  private readonly file: string;
  private stored: Map<string, ClaimFinding[]> | undefined;
  private readonly used = new Map<string, ClaimFinding[]>();
  private read = 0;

  constructor(root = REPOSITORY_ROOT) {
    this.file = join(root, CLAIM_FINDINGS_FILE);
  }

  /** How many texts this build read (the others' findings came from the file). */
  get readCount(): number {
    return this.read;
  }

  /** The claims of `blockText` (blockClaims), read only when no earlier build read the same text. */
  readonly claimsOf = (blockText: string): ClaimFinding[] => {
    const key = createHash('sha256').update(blockText).digest('base64');
    let findings = this.used.get(key) ?? this.storedFindings().get(key);
    if (!findings) {
      findings = blockClaims(blockText);
      this.read++;
    }
    this.used.set(key, findings);
    return findings;
  };

  /** Writes the texts this build read, when that differs from what the file holds. */
  save(): void {
    if (!this.read && this.used.size === this.storedFindings().size) return;
    writeKeptEntries(this.file, this.used);
  }

  private storedFindings(): Map<string, ClaimFinding[]> {
    this.stored ??= readKeptEntries<ClaimFinding[]>(this.file, FINDINGS_SHAPE, 'every text is read again');
    return this.stored;
  }
}
