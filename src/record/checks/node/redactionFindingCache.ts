/**
 * The redaction gate's findings (redaction.ts `findRedactionProblems`), kept between builds: each
 * text's findings under the sha256 of the text, in one git-ignored file (cacheFile.ts
 * `KeptTextResults`). The gate reads every source and every published file each build (45 MB,
 * 2,500 files at the real record), and running the secret rules over them was its cost; a rebuild
 * runs them only over the texts that changed. The allow-list is applied to the findings
 * afterwards, so editing it needs no new scan. A finding is kept without its value (the text from
 * its start to its end gives it back), so the file holds no secret-looking value. The file is
 * dropped when the record's or the core's code, package-lock.json or Node changes (sourceDigest.ts
 * `recordCodeDigest`), and rewritten with only the texts this build read, so it does not grow with
 * edits. A damaged file (cut short, altered, of the wrong shape: cacheFile.ts) is dropped with one
 * note, and every text is scanned again.
 */
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { findRedactionProblems, type RedactionFinding } from '../redaction.ts';
import { arrayOf, number, objectOf, string } from '../../model/jsonShape.ts';
import { KeptTextResults } from '../../node/cacheFile.ts';

export const REDACTION_FINDINGS_FILE = '.cache/redaction-findings.json';

type StoredFinding = Omit<RedactionFinding, 'value'>;

const FINDINGS_SHAPE = arrayOf(objectOf({ rule: string, kind: string, start: number, end: number }));

export class RedactionFindingCache {
  private readonly kept: KeptTextResults<StoredFinding[]>;

  constructor(root = REPOSITORY_ROOT) {
    this.kept = new KeptTextResults(
      join(root, REDACTION_FINDINGS_FILE),
      FINDINGS_SHAPE,
      'every text is scanned again',
      (text) => findRedactionProblems(text).map(({ rule, kind, start, end }) => ({ rule, kind, start, end })),
    );
  }

  /** How many texts this build scanned (the others' findings came from the file). */
  get scannedCount(): number {
    return this.kept.computedCount;
  }

  /** The findings of `text`, scanned only when no earlier build scanned the same text. */
  readonly findingsOf = (text: string): RedactionFinding[] =>
    this.kept.of(text).map((finding) => ({ ...finding, value: text.slice(finding.start, finding.end) }));

  /** Writes the texts this build read, when that differs from what the file holds. */
  save(): void {
    this.kept.save();
  }
}
