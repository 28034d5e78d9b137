/**
 * Traceability: which fixtures test each requirement. content/requirements.json names, per
 * requirement, the error codes (optionally a place and a kind of fixture) that test it, or why no
 * validator can; the fixtures are derived from the fixtures' own expectations, never listed by hand.
 * A MUST or MUST NOT with neither tests nor a reason stops the build, and so does a test that no
 * fixture exercises, an unknown code, and a retired id that is used again.
 */
import { SOURCE_LOCALE } from '../model/locales.ts';
import { problemAtLine, type Problem } from '../../uai/problem.ts';
import type { RequirementTest, RequirementTrace } from '../content/contentSchemas.ts';
import type { Bcp14Level } from './bcp14.ts';
import type { RequirementStatement } from './requirementMarkup.ts';
import type { SchemaOnlyVerdict } from './schemaOnly.ts';

export const REQUIREMENTS_FILE = 'content/requirements.json';

/** A fixture as the trace reads it: where it is published and what it is expected to produce. */
export interface TraceFixture {
  kind: 'packet' | 'route-record';
  group: string;
  name: string;
  verdict: 'valid' | 'invalid';
  url: string;
  /** Expected issues: an invalid fixture's error, a valid fixture's warnings. */
  expected: { code: string; path: string; severity: 'error' | 'warning' }[];
  /** What the schemas alone say about it (schemaOnly.ts). */
  schemaOnly: SchemaOnlyVerdict;
}

export interface TracedFixture {
  kind: TraceFixture['kind'];
  group: string;
  name: string;
  verdict: TraceFixture['verdict'];
  url: string;
  code: string;
  path: string;
  severity: 'error' | 'warning';
  schema_only: SchemaOnlyVerdict;
}

export interface TracedRequirement {
  id: string;
  level: Bcp14Level | null;
  /** The English page that states it, and the place on it. */
  page: string;
  anchor: string;
  /** The English content file and line that state it (for messages; not published). */
  source: { file: string; line: number };
  statements: Record<string, string>;
  tests: RequirementTest[];
  fixtures: TracedFixture[];
  /** Why no validator can test it, per locale; null when it has tests. */
  untestable: Record<string, string> | null;
  /**
   * Whether the schemas alone reject every fixture that tests it: `all`, `some`, `none`; null
   * without fixtures. A fixture the schemas accept (or a keyless one) is left to the core's rules.
   */
  schema_only: 'all' | 'some' | 'none' | null;
}

export interface TraceInput {
  statements: readonly RequirementStatement[];
  trace: RequirementTrace;
  /** Line of each requirement's entry in content/requirements.json, for the messages. */
  lineOf(id: string): number;
  fixtures: readonly TraceFixture[];
  knownCodes: ReadonlySet<string>;
  /** Page URL of an English file. */
  pageOf(file: string): string;
}

const matches = (test: RequirementTest, fixture: TraceFixture, expected: TraceFixture['expected'][number]) =>
  expected.code === test.code &&
  (!test.kind || test.kind === fixture.kind) &&
  (test.path === undefined || expected.path === test.path || expected.path.startsWith(`${test.path}/`));

/** A problem of the trace file, at the line of a requirement's entry (and a pointer into it). */
function traceFileProblem(
  input: Pick<TraceInput, 'lineOf'>,
  id: string,
  pointer: string | undefined,
  message: string,
  rule: string,
): Problem {
  return {
    file: REQUIREMENTS_FILE,
    place: pointer === undefined ? { line: input.lineOf(id) } : { line: input.lineOf(id), pointer },
    message,
    rule,
  };
}

/** An entry of the trace file whose id no English page states. */
function unstatedIdProblems(input: Pick<TraceInput, 'lineOf' | 'trace'>, stated: ReadonlySet<string>): Problem[] {
  return Object.keys(input.trace.requirements)
    .filter((id) => !stated.has(id))
    .map((id) =>
      traceFileProblem(
        input,
        id,
        undefined,
        `${id} is stated on no English page; retire it in "retired" instead`,
        'requirement-unknown-id',
      ),
    );
}

/** A statement's id that content/requirements.json retired: ids are never reused. */
function retiredIdProblems(statements: readonly RequirementStatement[], trace: RequirementTrace): Problem[] {
  const problems: Problem[] = [];
  for (const statement of statements) {
    const retired = trace.retired[statement.id];
    if (retired)
      problems.push(
        problemAtLine(
          statement.file,
          statement.line,
          `requirement id ${statement.id} is retired (${retired}); ids are never reused, give it a new one`,
          'requirement-retired',
        ),
      );
  }
  return problems;
}

/**
 * The fixtures expected to produce what `test` names, each once per requirement: a fixture already
 * in `seen` (the URLs the requirement's earlier tests took) is left out, and the ones taken are added.
 */
function fixturesTesting(test: RequirementTest, fixtures: readonly TraceFixture[], seen: Set<string>): TracedFixture[] {
  const found: TracedFixture[] = [];
  for (const fixture of fixtures)
    for (const expected of fixture.expected)
      if (matches(test, fixture, expected) && !seen.has(fixture.url) && seen.add(fixture.url))
        found.push({
          kind: fixture.kind,
          group: fixture.group,
          name: fixture.name,
          verdict: fixture.verdict,
          url: fixture.url,
          code: expected.code,
          path: expected.path,
          severity: expected.severity,
          schema_only: fixture.schemaOnly,
        });
  return found;
}

/** Whether the schemas alone reject every, some or none of a requirement's fixtures; null without fixtures. */
function schemaOnlyOf(fixtures: readonly TracedFixture[]): TracedRequirement['schema_only'] {
  const rejected = fixtures.filter(
    (fixture) => fixture.verdict === 'invalid' && fixture.schema_only === 'rejected',
  ).length;
  return fixtures.length === 0 ? null : rejected === fixtures.length ? 'all' : rejected ? 'some' : 'none';
}

/** The requirements with their fixtures, and their problems. */
export function traceRequirements(input: TraceInput): { requirements: TracedRequirement[]; problems: Problem[] } {
  const problems: Problem[] = [];
  // A problem of the trace file, at the line of a requirement's entry (and a pointer into it).
  const inTrace = (id: string, pointer: string | undefined, message: string, rule: string) =>
    problems.push(traceFileProblem(input, id, pointer, message, rule));
  const english = input.statements.filter((statement) => statement.locale === SOURCE_LOCALE);
  const locales = [...new Set(input.statements.map((statement) => statement.locale))].sort();
  const stated = new Set(english.map((statement) => statement.id));
  const textsOf = new Map<string, Record<string, string>>();
  for (const statement of input.statements)
    (textsOf.get(statement.id) ?? textsOf.set(statement.id, {}).get(statement.id)!)[statement.locale] = statement.text;
  problems.push(...retiredIdProblems(input.statements, input.trace));
  problems.push(...unstatedIdProblems(input, stated));
  const requirements = english
    .map((statement): TracedRequirement => {
      const entry = input.trace.requirements[statement.id];
      const tests = entry && 'tests' in entry ? entry.tests : [];
      const untestable = entry && 'untestable' in entry ? entry.untestable : null;
      const fixtures: TracedFixture[] = [];
      const seen = new Set<string>();
      tests.forEach((test, index) => {
        if (!input.knownCodes.has(test.code))
          inTrace(
            statement.id,
            `/requirements/${statement.id}/tests/${index}`,
            `no error code ${test.code}`,
            'requirement-unknown-code',
          );
        const found = fixturesTesting(test, input.fixtures, seen);
        fixtures.push(...found);
        if (found.length === 0 && input.knownCodes.has(test.code))
          inTrace(
            statement.id,
            `/requirements/${statement.id}/tests/${index}`,
            `no fixture is expected to produce ${test.code}${test.path === undefined ? '' : ` at ${test.path}`}; add one, or drop the test`,
            'requirement-no-fixture',
          );
      });
      if (untestable)
        for (const locale of locales)
          if (!untestable[locale])
            inTrace(
              statement.id,
              undefined,
              `/requirements/${statement.id}/untestable has no ${locale} text`,
              'requirement-reason-locale',
            );
      if (!entry && (statement.level === 'MUST' || statement.level === 'MUST NOT'))
        problems.push(
          problemAtLine(
            statement.file,
            statement.line,
            `${statement.level} requirement ${statement.id} names neither the codes that test it nor why no validator can (${REQUIREMENTS_FILE})`,
            'requirement-must-untested',
          ),
        );
      return {
        id: statement.id,
        level: statement.level ?? null,
        page: input.pageOf(statement.file),
        anchor: statement.id,
        source: { file: statement.file, line: statement.line },
        statements: textsOf.get(statement.id)!,
        tests,
        fixtures,
        untestable,
        schema_only: schemaOnlyOf(fixtures),
      };
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { requirements, problems };
}

/** Where `requirement` is stated on its page in `locale`: the page's URL in that locale and the id as anchor. */
export function requirementPlace(requirement: Pick<TracedRequirement, 'id' | 'page'>, locale: string): string {
  return `${requirement.page.replace(`/${SOURCE_LOCALE}/`, `/${locale}/`)}#${requirement.id}`;
}
