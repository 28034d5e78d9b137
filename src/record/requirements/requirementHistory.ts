/**
 * Requirement ids stay said: an id a released edition published is, in every later record, either
 * still stated at the same BCP 14 level or retired with a reason (content/requirements.json), so a
 * citation such as "fails UAI1-ENV-003 (MUST)" keeps one meaning in every edition. A requirement
 * that changes its level is a new requirement: it gets a new id, and the old one is retired.
 */
import { REQUIREMENTS_FILE } from './requirementTrace.ts';
import type { Problem } from '../../uai/problem.ts';

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

/** One problem per released id that the record dropped without retiring it, or states at another level. */
export function releasedRequirementProblems(
  released: readonly ReleasedRequirements[],
  stated: readonly StatedRequirement[],
  retired: Readonly<Record<string, string>>,
): Problem[] {
  const now = new Map(stated.map((requirement) => [requirement.id, requirement]));
  const problems: Problem[] = [];
  const reported = new Set<string>();
  for (const edition of released) {
    for (const { id, level } of edition.requirements) {
      if (reported.has(id) || Object.hasOwn(retired, id)) continue;
      const current = now.get(id);
      if (!current) {
        reported.add(id);
        problems.push({
          file: REQUIREMENTS_FILE,
          place: { pointer: '/retired' },
          message: `requirement ${id}, released in edition ${edition.edition} (${edition.file}), is stated on no page`,
          rule: 'requirement-dropped',
          hint: 'an id stays stated or is retired with a reason, never dropped',
        });
      } else if (current.level !== null && current.level !== level) {
        reported.add(id);
        problems.push({
          file: current.source.file,
          place: { line: current.source.line },
          message: `requirement ${id} is ${current.level} here but ${level} in edition ${edition.edition}`,
          rule: 'requirement-level-changed',
          hint: `a changed requirement gets a new id and ${id} is retired`,
        });
      }
    }
  }
  return problems;
}
