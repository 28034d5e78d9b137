/**
 * Reads the requirement sources (content/bcp14.json, content/requirements.json) and checks the
 * requirements of every prose text: key words, ids across locales, the ids the profile pages cite;
 * then, with the record model, traces each requirement to its fixtures.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readJsonText, jsonReadProblem } from '../../../uai/jsonText.ts';
import { ERROR_CODES, WARNING_CODES } from '../../../uai/errorCodes.ts';
import {
  bcp14Data,
  requirementTraceData,
  type RegistryCommon,
  type RequirementTrace,
} from '../../content/contentSchemas.ts';
import { isPageBody, type ProseText } from '../../content/proseText.ts';
import type { Problem } from '../../../uai/problem.ts';
import { jsonPointer } from '../../../uai/jsonPointer.ts';
import { keywordTable, type KeywordTable } from '../bcp14.ts';
import { requirementsOf, type RequirementStatement } from '../requirementMarkup.ts';
import { citedRequirementProblems, requirementIdProblems } from '../requirementIds.ts';
import { traceRequirements, type TraceFixture, type TracedRequirement } from '../requirementTrace.ts';
import { schemaOnlyVerdict } from '../schemaOnly.ts';
import { entryIdOf, routeOfEntry } from '../../content/contentPaths.ts';
import { pageUrl } from '../../model/locales.ts';
import type { Collection } from '../../pages/pageIndex.ts';
import type { RecordModel } from '../../model/recordModel.ts';
import { CONTENT_DIR, type LocaleDataFile } from '../../content/node/contentFiles.ts';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';

export interface RequirementSources {
  statements: RequirementStatement[];
  /** Each locale's first form of each level (DOIT for MUST in fr-fr), for tables that name a level. */
  levelForms: Record<string, Record<string, string>>;
  trace?: { data: RequirementTrace; text: string };
  problems: Problem[];
}

/** Reads one JSON file of content/ against its schema: the data, or one line per problem. */
function readJsonFile<T>(
  path: string,
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
): { data?: T; text: string; problems: Problem[] } {
  const file = relative(REPOSITORY_ROOT, path);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { text: '', problems: [{ file, message: 'cannot be read' }] };
  }
  const read = readJsonText(text);
  if (!read.ok) return { text, problems: [jsonReadProblem(file, read.error)] };
  const parsed = schema.safeParse(read.value);
  if (!parsed.success)
    return {
      text,
      problems: parsed.error.issues.map((issue) => ({
        file,
        place: { pointer: jsonPointer(issue.path.map(String)) },
        message: issue.message,
      })),
    };
  return { data: parsed.data, text, problems: [] };
}

/** Every requirement the prose states, with the problems of key words, ids and cited ids. */
export function loadRequirementSources(
  prose: readonly ProseText[],
  common: readonly LocaleDataFile<RegistryCommon>[],
  root = CONTENT_DIR,
): RequirementSources {
  const bcp14 = readJsonFile(join(root, 'bcp14.json'), bcp14Data);
  const trace = readJsonFile(join(root, 'requirements.json'), requirementTraceData);
  const problems: Problem[] = [...bcp14.problems, ...trace.problems];
  if (!bcp14.data) return { statements: [], levelForms: {}, problems };
  const levelForms: RequirementSources['levelForms'] = {};
  for (const row of bcp14.data.levels)
    for (const [locale, forms] of Object.entries(row.forms)) (levelForms[locale] ??= {})[row.level] = forms[0];
  const { table, problems: tableProblems } = keywordTable(
    bcp14.data,
    relative(REPOSITORY_ROOT, join(root, 'bcp14.json')),
  );
  problems.push(...tableProblems);
  const statements = statementsOf(prose, table, problems);
  const bodies = prose.filter(isPageBody);
  problems.push(...requirementIdProblems(bodies, statements));
  const stated = new Set(
    statements.filter((statement) => statement.locale === 'en-us').map((statement) => statement.id),
  );
  problems.push(
    ...citedRequirementProblems(
      common.map((file) => ({ file: file.file, locale: file.locale, items: file.data.validation })),
      stated,
    ),
  );
  return { statements, levelForms, trace: trace.data && { data: trace.data, text: trace.text }, problems };
}

function statementsOf(prose: readonly ProseText[], table: KeywordTable, problems: Problem[]): RequirementStatement[] {
  const statements: RequirementStatement[] = [];
  for (const text of prose) {
    const found = requirementsOf(text, table);
    statements.push(...found.statements);
    problems.push(...found.problems);
  }
  return statements;
}

/** The fixtures as the trace reads them, with what the schemas alone decide about each. */
export function traceFixturesOf(model: RecordModel): TraceFixture[] {
  const of =
    (kind: TraceFixture['kind']) =>
    (fixture: RecordModel['fixtures'][number]): TraceFixture => ({
      kind,
      group: fixture.group,
      name: fixture.name,
      verdict: fixture.verdict,
      url: fixture.url,
      expected: [
        ...(fixture.expectation
          ? [{ code: fixture.expectation.code, path: fixture.expectation.path, severity: 'error' as const }]
          : []),
        ...(fixture.warningExpectation
          ? [
              {
                code: fixture.warningExpectation.code,
                path: fixture.warningExpectation.path,
                severity: 'warning' as const,
              },
            ]
          : []),
      ],
      schemaOnly: schemaOnlyVerdict(fixture.text, kind),
    });
  return [...model.fixtures.map(of('packet')), ...model.routeFixtures.map(of('route-record'))];
}

/** The English page a content file states its requirements on. */
function pageOfFile(file: string): string {
  const [, collection, ...rest] = file.split('/');
  const { locale, path } = routeOfEntry(collection as Collection, entryIdOf(rest.join('/')));
  return pageUrl(locale, path);
}

/** The requirements traced to their fixtures; problems stop the build. */
export function tracedRequirements(
  sources: RequirementSources,
  model: RecordModel,
): { requirements: TracedRequirement[]; problems: Problem[] } {
  if (!sources.trace) return { requirements: [], problems: [] };
  const { data, text } = sources.trace;
  const lineOfId = new Map<string, number>();
  text.split('\n').forEach((line, index) => {
    const id = /^\s*"(UAI1-[A-Z]+-[0-9]{3})"\s*:/.exec(line)?.[1];
    if (id && !lineOfId.has(id)) lineOfId.set(id, index + 1);
  });
  return traceRequirements({
    statements: sources.statements,
    trace: data,
    lineOf: (id) => lineOfId.get(id) ?? 1,
    fixtures: traceFixturesOf(model),
    knownCodes: new Set([...ERROR_CODES, ...WARNING_CODES].map((entry) => entry.code)),
    pageOf: pageOfFile,
  });
}
