/**
 * Whether the record may be released as edition <id>, decided by its classified changes
 * (changeClassification.ts): a pending changelog entry must exist for it; an edition that changes
 * nothing is refused; under the same standard version, every breaking change must be declared by
 * that entry (as an erratum that fixes a requirement's intent, naming the requirement), and every
 * declaration must name a breaking change of this edition. A new standard version may break.
 */
import type { ChangeDeclaration } from './changelog.ts';
import type { ClassifiedChange } from './changeRules.ts';

/** What the gate reads of the edition being released and the one before it. */
export interface ReleaseCandidate {
  id: string;
  previous: { id: string; standardVersion: string } | undefined;
  standardVersion: string;
  changes: readonly ClassifiedChange[];
  /** The English changelog entry for `id`, when there is one. */
  entry: { declares?: readonly ChangeDeclaration[] } | undefined;
  /** The file the entry is read from, for the message. */
  changelogFile: string;
  /** False while only the machine files are compared (before the pages are built): "nothing changed" waits. */
  pagesCompared?: boolean;
}

/** The line a change prints as: `<rule> <subject>: <detail> [<class>]`. */
export function changeLine(change: ClassifiedChange): string {
  return `${change.rule} ${change.subject}: ${change.detail} [${change.class}]`;
}

const key = (rule: string, subject: string) => `${rule}\u0000${subject}`;

/** Why edition `id` may not be released, one line each (without the `edition: ` prefix); none when it may. */
export function releaseProblems(candidate: ReleaseCandidate): string[] {
  const { id, previous, standardVersion, changes, entry, changelogFile, pagesCompared = true } = candidate;
  const problems: string[] = [];
  if (!entry) problems.push(`no changelog entry for ${id} in ${changelogFile}; write it (its newest entry) first`);
  if (!previous) return problems;
  if (!changes.length) return pagesCompared ? [...problems, `nothing changed since ${previous.id}`] : problems;
  if (previous.standardVersion !== standardVersion) return problems;
  const declared = new Map(
    (entry?.declares ?? []).map((declaration) => [key(declaration.rule, declaration.subject), declaration]),
  );
  const breaking = changes.filter((change) => change.class === 'breaking');
  const undeclared = breaking.filter((change) => !declared.has(key(change.rule, change.subject)));
  problems.push(...undeclared.map(changeLine));
  const found = new Set(breaking.map((change) => key(change.rule, change.subject)));
  for (const declaration of entry?.declares ?? [])
    if (!found.has(key(declaration.rule, declaration.subject)))
      problems.push(
        `${changelogFile} declares ${declaration.rule} ${declaration.subject}, which is no breaking change of ${id}; remove the declaration`,
      );
  if (undeclared.length)
    problems.push(
      `under UAI-1 ${standardVersion}, declare each breaking change in the entry's "declares" (as an erratum, with the requirement it fixes) or change the standard version`,
    );
  return problems;
}
