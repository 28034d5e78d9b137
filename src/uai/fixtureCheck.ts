/**
 * The fixture check: every valid fixture validates, every invalid fixture fails with the code it
 * declares (at the place it declares), and every profile has at least one valid fixture. The build,
 * the CLI (`uaix check-fixtures`) and the tests all call this one function. Route-record fixtures
 * go through the same comparison with the route checker (`checkRouteFixtures`).
 */
import type { PacketValidator, PacketReport } from './packetValidator.ts';
import type { RouteChecker, RouteReport } from './routeRecord.ts';
import { ERROR_CODES, type UaiIssue } from './errorCodes.ts';
import { readJsonText } from './jsonText.ts';

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
}

interface Judged<R extends Verdict> {
  failures: FixtureFailure[];
  counts: FixtureCheckResult['counts'];
  checked: (FixtureInput & { report: R; expectation?: FixtureExpectation })[];
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
  const expectations = new Map<string, Map<string, FixtureExpectation>>();
  for (const input of expectationFiles) expectations.set(input.group, readExpectations(input, failures));
  const counts: FixtureCheckResult['counts'] = {};
  const checked: Judged<R>['checked'] = [];
  const seenInvalid = new Map<string, Set<string>>();

  for (const fixture of fixtures) {
    const report = check(fixture);
    counts[fixture.group] ??= { valid: 0, invalid: 0 };
    counts[fixture.group][fixture.verdict]++;
    const entry: Judged<R>['checked'][number] = { ...fixture, report };
    if (fixture.verdict === 'valid') {
      for (const error of report.errors) {
        failures.push({
          file: fixture.file,
          pointer: error.path,
          rule: error.code,
          message: `valid fixture fails: ${error.message}`,
        });
      }
    } else {
      const expectation = expectations.get(fixture.group)?.get(`${fixture.name}.json`);
      (seenInvalid.get(fixture.group) ?? seenInvalid.set(fixture.group, new Set()).get(fixture.group)!).add(
        `${fixture.name}.json`,
      );
      if (!expectation) {
        failures.push({
          file: fixture.file,
          pointer: '',
          rule: 'fixture-expectations',
          message: `no entry in ${fixture.group}/invalid/_expected.json says which code this fixture must produce`,
        });
      } else {
        entry.expectation = expectation;
        const hit = report.errors.find((error) => error.code === expectation.code && error.path === expectation.path);
        if (report.valid) {
          failures.push({
            file: fixture.file,
            pointer: expectation.path,
            rule: expectation.code,
            message: 'invalid fixture passes validation',
          });
        } else if (!hit) {
          const found = report.errors.map((error) => `${error.code} at ${error.path || '(root)'}`).join('; ');
          failures.push({
            file: fixture.file,
            pointer: expectation.path,
            rule: expectation.code,
            message: `expected ${expectation.code} at ${expectation.path || '(root)'}, got ${found}`,
          });
        }
      }
    }
    onChecked(entry, failures);
    checked.push(entry);
  }
  for (const input of expectationFiles) {
    for (const name of expectations.get(input.group)?.keys() ?? []) {
      if (!seenInvalid.get(input.group)?.has(name)) {
        failures.push({
          file: input.file,
          pointer: `/${name}`,
          rule: 'fixture-expectations',
          message: `names ${name}, which is not in the invalid folder`,
        });
      }
    }
  }
  return { failures, counts, checked };
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

/** One line per failure: `file pointer: [rule] message`. */
export function formatFixtureFailure(failure: FixtureFailure): string {
  return `${failure.file} ${failure.pointer || '(root)'}: [${failure.rule}] ${failure.message}`;
}
