/**
 * Requirement ids stay said: an id a released edition published is, in every later record, either
 * still stated at the same BCP 14 level or retired with a reason (content/requirements.json), so a
 * citation such as "fails UAI1-ENV-003 (MUST)" keeps one meaning in every edition. A requirement
 * that changes its level is a new requirement: it gets a new id, and the old one is retired.
 */
import { REQUIREMENTS_FILE } from './requirementTrace.ts';

/** A requirement as a released edition's requirements record lists it. */
export interface ReleasedRequirement {
  id: string;
  level: string;
}

/** One released edition's requirements, and the file of the edition they were read from. */
export interface ReleasedRequirements {
  edition: string;
  file: string;
  requirements: readonly ReleasedRequirement[];
}

/** A requirement of the record as built: its id, level and the English place that states it. */
export interface StatedRequirement {
  id: string;
  level: string | null;
  source: { file: string; line: number };
}

/** One line per released id that the record dropped without retiring it, or states at another level. */
export function releasedRequirementProblems(
  released: readonly ReleasedRequirements[],
  stated: readonly StatedRequirement[],
  retired: Readonly<Record<string, string>>,
): string[] {
  const now = new Map(stated.map((requirement) => [requirement.id, requirement]));
  const problems: string[] = [];
  const reported = new Set<string>();
  for (const edition of released) {
    for (const { id, level } of edition.requirements) {
      if (reported.has(id) || Object.hasOwn(retired, id)) continue;
      const current = now.get(id);
      if (!current) {
        reported.add(id);
        problems.push(
          `${REQUIREMENTS_FILE} /retired: requirement ${id}, released in edition ${edition.edition} (${edition.file}), is stated on no page; an id stays stated or is retired with a reason, never dropped [requirement-dropped]`,
        );
      } else if (current.level !== null && current.level !== level) {
        reported.add(id);
        problems.push(
          `${current.source.file}:${current.source.line}: requirement ${id} is ${current.level} here but ${level} in edition ${edition.edition}; a changed requirement gets a new id and ${id} is retired [requirement-level-changed]`,
        );
      }
    }
  }
  return problems;
}
