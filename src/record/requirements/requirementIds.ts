/**
 * Requirement ids are the same in every locale, like record codes: each translated page body states
 * exactly the requirements of its English source, in the same order and at the same level. Ids are
 * unique across the English record.
 */
import { SOURCE_LOCALE } from '../model/locales.ts';
import { problemAtLine, type Problem } from '../../uai/problem.ts';
import type { RequirementStatement } from './requirementMarkup.ts';

/** A page body the check reads: its file and locale (a body may state no requirement at all). */
export interface RequirementBody {
  file: string;
  locale: string;
  /** Line of the file where the body starts. */
  line: number;
}

/** The English file a translation was made from: the same path under the source locale's folder. */
export function sourceFileOf(file: string, locale: string): string {
  return file.replace(`/${locale}/`, `/${SOURCE_LOCALE}/`);
}

/** A problem per id duplicated in English, or missing, extra, out of order or of another level in a translation. */
export function requirementIdProblems(
  bodies: readonly RequirementBody[],
  statements: readonly RequirementStatement[],
): Problem[] {
  const problems: Problem[] = [];
  const byFile = new Map<string, RequirementStatement[]>();
  for (const statement of statements)
    (byFile.get(statement.file) ?? byFile.set(statement.file, []).get(statement.file)!).push(statement);
  const english = new Map<string, RequirementStatement>();
  for (const statement of statements) {
    if (statement.locale !== SOURCE_LOCALE) continue;
    const first = english.get(statement.id);
    if (first)
      problems.push(
        problemAtLine(
          statement.file,
          statement.line,
          `requirement ${statement.id} is already stated at ${first.file}:${first.line}; every requirement has its own id`,
          'requirement-id-duplicate',
        ),
      );
    else english.set(statement.id, statement);
  }
  for (const body of bodies) {
    if (body.locale === SOURCE_LOCALE) continue;
    const source = sourceFileOf(body.file, body.locale);
    const expected = byFile.get(source) ?? [];
    const found = byFile.get(body.file) ?? [];
    const lineNear = (index: number) => found[Math.min(index, found.length - 1)]?.line ?? body.line;
    const foundIds = new Map(found.map((statement) => [statement.id, statement]));
    const expectedIds = new Set(expected.map((statement) => statement.id));
    expected.forEach((statement, index) => {
      const translated = foundIds.get(statement.id);
      if (!translated)
        problems.push(
          problemAtLine(
            body.file,
            lineNear(index),
            `requirement ${statement.id} of ${source}:${statement.line} is missing here; a translation states every requirement of its source`,
            'requirement-id-missing',
          ),
        );
      else if (translated.level && statement.level && translated.level !== statement.level)
        problems.push(
          problemAtLine(
            body.file,
            translated.line,
            `requirement ${statement.id} is ${statement.level} in ${source}, ${translated.level} here`,
            'requirement-level-differs',
          ),
        );
    });
    for (const statement of found)
      if (!expectedIds.has(statement.id))
        problems.push(
          problemAtLine(
            body.file,
            statement.line,
            `requirement ${statement.id} is not in ${source}; a translation adds no requirement`,
            'requirement-id-extra',
          ),
        );
    const common = expected.filter((statement) => foundIds.has(statement.id)).map((statement) => statement.id);
    const order = found.filter((statement) => expectedIds.has(statement.id));
    const misplaced = order.findIndex((statement, index) => statement.id !== common[index]);
    if (misplaced >= 0)
      problems.push(
        problemAtLine(
          body.file,
          order[misplaced].line,
          `requirement ${order[misplaced].id} is out of order; ${source} states ${common[misplaced]} here`,
          'requirement-id-order',
        ),
      );
  }
  return problems;
}

/** A shared data file's validation items and the requirement ids each cites. */
export interface CitingFile {
  file: string;
  locale: string;
  items: readonly { requirements?: readonly string[] }[];
}

/**
 * The profile pages' validation items cite requirements stated elsewhere: every cited id is stated
 * in English, and a translation's item cites exactly what its English item cites.
 */
export function citedRequirementProblems(files: readonly CitingFile[], stated: ReadonlySet<string>): Problem[] {
  const problems: Problem[] = [];
  const english = files.find((file) => file.locale === SOURCE_LOCALE);
  for (const file of files) {
    file.items.forEach((item, index) => {
      const cites = (message: string, rule: string) =>
        problems.push({ file: file.file, place: { pointer: `/validation/${index}/requirements` }, message, rule });
      for (const id of item.requirements ?? [])
        if (!stated.has(id)) cites(`cites ${id}, which no English page states`, 'requirement-cited-unknown');
      const expected = english?.items[index]?.requirements ?? [];
      if (file !== english && (item.requirements ?? []).join(' ') !== expected.join(' '))
        cites(
          `cites ${(item.requirements ?? []).join(', ') || 'nothing'}, the English item ${expected.join(', ') || 'nothing'}`,
          'requirement-cited-differs',
        );
    });
  }
  return problems;
}
