/**
 * The fixture check: every valid fixture validates, every invalid fixture fails with the code it
 * declares (at the place it declares), and every profile has at least one valid fixture. The build,
 * the CLI (`uaix check-fixtures`) and the tests all call this one function. Route-record fixtures
 * go through the same comparison with the route checker (`checkRouteFixtures`).
 */
import type { PacketValidator, PacketReport } from './packetValidator.ts';
import type { RouteChecker, RouteReport } from './routeRecord.ts';
import { ERROR_CODES, WARNING_CODES, type UaiIssue } from './errorCodes.ts';
import { readJsonText } from './jsonText.ts';
import { problemAtPointer, type Problem } from './problem.ts';

/** The file in a fixture folder that names what each fixture must produce (`valid/`, `invalid/`). */
export const EXPECTATIONS_FILE = '_expected.json';

/** Fixtures are evaluated at a fixed time so that the verdicts, and the build, are reproducible. */
export const FIXTURE_EVALUATED_AT = '2026-06-01T00:00:00Z';

/** One fixture file as read from disk. */
export interface FixtureInput {
  /** Profile folder name (or `envelope` for envelope-level fixtures). */
  group: string;
  verdict: 'valid' | 'invalid';
  name: string;
  /** Path relative to the repository root. */
  file: string;
  bytes: Uint8Array;
}

export interface ExpectationInput {
  group: string;
  file: string;
  text: string;
  /**
   * Which folder's `_expected.json` it is: `invalid` (the default) names each invalid fixture's
   * error; `valid` names the warnings a valid fixture must give (and every warning it gives).
   */
  verdict?: 'valid' | 'invalid';
}

export interface FixtureExpectation {
  code: string;
  path: string;
  why: string;
}

export interface FixtureFailure {
  file: string;
  /** JSON Pointer of the place in the fixture (or in the expectation file). */
  pointer: string;
  rule: string;
  message: string;
}

export interface CheckedFixture extends FixtureInput {
  report: PacketReport;
  expectation?: FixtureExpectation;
  /** The warning a valid fixture is expected to give (valid/_expected.json). */
  warningExpectation?: FixtureExpectation;
  /** Keyless form of a valid keyed fixture. */
  keyless?: unknown;
}

export interface FixtureCheckResult {
  ok: boolean;
  evaluatedAt: string;
  fixtures: CheckedFixture[];
  failures: FixtureFailure[];
  /** Counts per group: valid and invalid fixtures checked. */
  counts: Record<string, { valid: number; invalid: number }>;
}

/** A profile's folder name under examples/ and its page's URL segment: dots become hyphens. */
export function profileSlug(profile: string): string {
  return profile.replace(/\./g, '-');
}

function readExpectations(input: ExpectationInput, failures: FixtureFailure[]): Map<string, FixtureExpectation> {
  const result = new Map<string, FixtureExpectation>();
  const read = readJsonText(input.text);
  if (!read.ok) {
    failures.push({ file: input.file, pointer: read.error.path, rule: read.error.code, message: read.error.message });
    return result;
  }
  if (read.value === null || typeof read.value !== 'object' || Array.isArray(read.value)) {
    failures.push({
      file: input.file,
      pointer: '',
      rule: 'fixture-expectations',
      message: 'expected an object mapping fixture file names to {code, path, why}',
    });
    return result;
  }
  for (const [name, entry] of Object.entries(read.value as Record<string, unknown>)) {
    const e = entry as Partial<FixtureExpectation> | null;
    if (
      !e ||
      typeof e.code !== 'string' ||
      typeof e.path !== 'string' ||
      typeof e.why !== 'string' ||
      e.why.trim() === ''
    ) {
      failures.push({
        file: input.file,
        pointer: `/${name}`,
        rule: 'fixture-expectations',
        message: 'each entry needs "code", "path" and a non-empty "why"',
      });
      continue;
    }
    result.set(name, { code: e.code, path: e.path, why: e.why });
  }
  return result;
}

/** What any checker says about one fixture: enough to compare it with its folder and expectation. */
interface Verdict {
  valid: boolean;
  errors: UaiIssue[];
  warnings?: UaiIssue[];
}

interface Judged<R extends Verdict> {
  failures: FixtureFailure[];
  counts: FixtureCheckResult['counts'];
  checked: (FixtureInput & { report: R; expectation?: FixtureExpectation; warningExpectation?: FixtureExpectation })[];
}

/** Expectation entries by group, then by fixture file name. */
type ExpectationsByGroup = Map<string, Map<string, FixtureExpectation>>;
/** Fixture file names seen, by group. */
type SeenByGroup = Map<string, Set<string>>;

function markSeen(seen: SeenByGroup, group: string, name: string): void {
  (seen.get(group) ?? seen.set(group, new Set()).get(group)!).add(name);
}

/** A valid fixture: no error, and exactly the warning its valid/_expected.json entry names, if any. */
function judgeValidFixture<R extends Verdict>(
  entry: Judged<R>['checked'][number],
  warningExpectations: ExpectationsByGroup,
  failures: FixtureFailure[],
): void {
  const { report } = entry;
  for (const error of report.errors) {
    failures.push({
      file: entry.file,
      pointer: error.path,
      rule: error.code,
      message: `valid fixture fails: ${error.message}`,
    });
  }
  const expected = warningExpectations.get(entry.group)?.get(`${entry.name}.json`);
  if (expected) entry.warningExpectation = expected;
  // A fixture that already fails gives no verdict on its warnings.
  if (!report.errors.length) failures.push(...warningFailures(entry.file, report.warnings ?? [], expected));
}

/** An invalid fixture: its invalid/_expected.json entry exists, and the report has that code at that place. */
function judgeInvalidFixture<R extends Verdict>(
  entry: Judged<R>['checked'][number],
  expectations: ExpectationsByGroup,
  failures: FixtureFailure[],
): void {
  const { report } = entry;
  const expectation = expectations.get(entry.group)?.get(`${entry.name}.json`);
  if (!expectation) {
    failures.push({
      file: entry.file,
      pointer: '',
      rule: 'fixture-expectations',
      message: `no entry in ${entry.group}/invalid/${EXPECTATIONS_FILE} says which code this fixture must produce`,
    });
    return;
  }
  entry.expectation = expectation;
  const hit = report.errors.find((error) => error.code === expectation.code && error.path === expectation.path);
  if (report.valid) {
    failures.push({
      file: entry.file,
      pointer: expectation.path,
      rule: expectation.code,
      message: 'invalid fixture passes validation',
    });
  } else if (!hit) {
    const found = report.errors.map((error) => `${error.code} at ${error.path || '(root)'}`).join('; ');
    failures.push({
      file: entry.file,
      pointer: expectation.path,
      rule: expectation.code,
      message: `expected ${expectation.code} at ${expectation.path || '(root)'}, got ${found}`,
    });
  }
}

/** Expectation entries that name a fixture its folder does not hold. */
function unusedExpectationFailures(
  expectationFiles: readonly ExpectationInput[],
  expectations: { valid: ExpectationsByGroup; invalid: ExpectationsByGroup },
  seen: { valid: SeenByGroup; invalid: SeenByGroup },
): FixtureFailure[] {
  const failures: FixtureFailure[] = [];
  for (const input of expectationFiles) {
    const verdict = input.verdict === 'valid' ? 'valid' : 'invalid';
    const seenHere = seen[verdict].get(input.group);
    for (const name of expectations[verdict].get(input.group)?.keys() ?? []) {
      if (!seenHere?.has(name)) {
        failures.push({
          file: input.file,
          pointer: `/${name}`,
          rule: 'fixture-expectations',
          message: `names ${name}, which is not in the ${verdict} folder`,
        });
      }
    }
  }
  return failures;
}

/**
 * Runs `check` on every fixture and compares the verdict with the fixture's folder and, for an
 * invalid one, with its `_expected.json` entry. `onChecked` adds checks of its own kind, in order.
 */
function judgeFixtures<R extends Verdict>(
  fixtures: readonly FixtureInput[],
  expectationFiles: readonly ExpectationInput[],
  check: (fixture: FixtureInput) => R,
  onChecked: (entry: FixtureInput & { report: R }, failures: FixtureFailure[]) => void = () => {},
): Judged<R> {
  const failures: FixtureFailure[] = [];
  // Invalid fixtures' entries name the error they must give; valid fixtures' entries, a warning.
  const expectations = { valid: new Map(), invalid: new Map() } as {
    valid: ExpectationsByGroup;
    invalid: ExpectationsByGroup;
  };
  for (const input of expectationFiles)
    expectations[input.verdict === 'valid' ? 'valid' : 'invalid'].set(input.group, readExpectations(input, failures));
  const seen = { valid: new Map(), invalid: new Map() } as { valid: SeenByGroup; invalid: SeenByGroup };
  const counts: FixtureCheckResult['counts'] = {};
  const checked: Judged<R>['checked'] = [];
  for (const fixture of fixtures) {
    const report = check(fixture);
    counts[fixture.group] ??= { valid: 0, invalid: 0 };
    counts[fixture.group][fixture.verdict]++;
    const entry: Judged<R>['checked'][number] = { ...fixture, report };
    markSeen(seen[fixture.verdict], fixture.group, `${fixture.name}.json`);
    if (fixture.verdict === 'valid') judgeValidFixture(entry, expectations.valid, failures);
    else judgeInvalidFixture(entry, expectations.invalid, failures);
    onChecked(entry, failures);
    checked.push(entry);
  }
  failures.push(...unusedExpectationFailures(expectationFiles, expectations, seen));
  return { failures, counts, checked };
}

/** A valid fixture gives exactly the warning its valid/_expected.json entry names, at that place, or none. */
function warningFailures(file: string, warnings: readonly UaiIssue[], expected: FixtureExpectation | undefined) {
  const failures: FixtureFailure[] = [];
  for (const warning of warnings) {
    if (expected && warning.code === expected.code && warning.path === expected.path) continue;
    failures.push({
      file,
      pointer: warning.path,
      rule: warning.code,
      message: `valid fixture gives a warning that no entry of its valid/${EXPECTATIONS_FILE} expects`,
    });
  }
  if (expected && !warnings.some((warning) => warning.code === expected.code && warning.path === expected.path)) {
    failures.push({
      file,
      pointer: expected.path,
      rule: expected.code,
      message: `expected the warning ${expected.code} at ${expected.path || '(root)'}, got ${warnings.map((warning) => `${warning.code} at ${warning.path || '(root)'}`).join('; ') || 'none'}`,
    });
  }
  return failures;
}

export function checkFixtures(
  validator: PacketValidator,
  fixtures: readonly FixtureInput[],
  expectationFiles: readonly ExpectationInput[],
): FixtureCheckResult {
  const now = new Date(FIXTURE_EVALUATED_AT);
  const { failures, counts, checked } = judgeFixtures(
    fixtures,
    expectationFiles,
    (fixture) => validator.validateBytes(fixture.bytes, { now }),
    (entry: CheckedFixture, failures) => {
      const { report } = entry;
      if (entry.verdict !== 'valid') return;
      if (report.valid && report.profile && profileSlug(report.profile) !== entry.group) {
        failures.push({
          file: entry.file,
          pointer: '/profile',
          rule: 'fixture-folder',
          message: `a ${report.profile} fixture belongs in examples/${profileSlug(report.profile)}/`,
        });
      }
      if (report.valid && report.keyed && report.form === 'keyed') {
        const compacted = validator.compact(report.keyed);
        if (compacted.ok) entry.keyless = compacted.value;
      }
    },
  );
  for (const profile of validator.profiles) {
    if (!counts[profileSlug(profile)]?.valid) {
      failures.push({
        file: `schemas/uai-1/examples/${profileSlug(profile)}/valid/`,
        pointer: '',
        rule: 'fixture-coverage',
        message: `${profile} has no valid fixture`,
      });
    }
  }
  const packetCodes = ERROR_CODES.filter((entry) => entry.layer !== 'route' && !entry.withoutFixture).map(
    (entry) => entry.code,
  );
  failures.push(...codeCoverageFailures(checked, packetCodes, 'schemas/uai-1/examples/', 'packet'));
  const warned = new Set(checked.map((entry) => entry.warningExpectation?.code));
  for (const warning of WARNING_CODES.filter((entry) => !warned.has(entry.code)))
    failures.push({
      file: 'schemas/uai-1/examples/',
      pointer: '',
      rule: 'fixture-coverage',
      message: `no valid packet fixture expects the warning ${warning.code}`,
    });
  return { ok: failures.length === 0, evaluatedAt: FIXTURE_EVALUATED_AT, fixtures: checked, failures, counts };
}

export interface CheckedRouteFixture extends FixtureInput {
  report: RouteReport;
  expectation?: FixtureExpectation;
}

export interface RouteFixtureCheckResult {
  ok: boolean;
  fixtures: CheckedRouteFixture[];
  failures: FixtureFailure[];
  counts: Record<string, { valid: number; invalid: number }>;
}

/**
 * Route-record fixtures: the same comparison, plus at least one valid fixture and one invalid
 * fixture per route rule code.
 */
export function checkRouteFixtures(
  checker: RouteChecker,
  fixtures: readonly FixtureInput[],
  expectationFiles: readonly ExpectationInput[],
): RouteFixtureCheckResult {
  const { failures, counts, checked } = judgeFixtures(fixtures, expectationFiles, (fixture) =>
    checker.checkBytes(fixture.bytes),
  );
  const folder = 'schemas/uai-1/examples/routes/';
  if (!checked.some((entry) => entry.verdict === 'valid')) {
    failures.push({
      file: `${folder}valid/`,
      pointer: '',
      rule: 'fixture-coverage',
      message: 'no valid route-record fixture',
    });
  }
  const routeCodes = ERROR_CODES.filter((entry) => entry.layer === 'route').map((entry) => entry.code);
  failures.push(...codeCoverageFailures(checked, routeCodes, `${folder}invalid/`, 'route-record'));
  return { ok: failures.length === 0, fixtures: checked, failures, counts };
}

/** Every code of the catalogue is the expected code of at least one invalid fixture. */
function codeCoverageFailures(
  checked: readonly { expectation?: FixtureExpectation }[],
  codes: readonly string[],
  folder: string,
  what: string,
): FixtureFailure[] {
  const expected = new Set(checked.map((entry) => entry.expectation?.code));
  return codes
    .filter((code) => !expected.has(code))
    .map((code) => ({
      file: folder,
      pointer: '',
      rule: 'fixture-coverage',
      message: `no invalid ${what} fixture expects ${code}`,
    }));
}

/** A failure as the problem every gate reports, at its JSON Pointer. */
export function fixtureProblem({ file, pointer, rule, message }: FixtureFailure): Problem {
  return problemAtPointer(file, pointer, message, rule);
}
