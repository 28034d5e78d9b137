/**
 * The fixture check: every valid fixture validates, every invalid fixture fails with the code it
 * declares (at the place it declares), and every profile has at least one valid fixture. The build,
 * the CLI (`uaix check-fixtures`) and the tests all call this one function.
 */
import type { PacketValidator, PacketReport } from './packetValidator.ts';
import { readJsonText } from './jsonText.ts';

/** Fixtures are evaluated at a fixed time so that the verdicts, and the build, are reproducible. */
export const FIXTURE_EVALUATED_AT = '2026-06-01T00:00:00Z';

export interface FixtureInput {
  group: string;
  verdict: 'valid' | 'invalid';
  name: string;
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

function slugOf(profile: string): string {
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
    failures.push({ file: input.file, pointer: '', rule: 'fixture-expectations', message: 'expected an object mapping fixture file names to {code, path, why}' });
    return result;
  }
  for (const [name, entry] of Object.entries(read.value as Record<string, unknown>)) {
    const e = entry as Partial<FixtureExpectation> | null;
    if (!e || typeof e.code !== 'string' || typeof e.path !== 'string' || typeof e.why !== 'string' || e.why.trim() === '') {
      failures.push({ file: input.file, pointer: `/${name}`, rule: 'fixture-expectations', message: 'each entry needs "code", "path" and a non-empty "why"' });
      continue;
    }
    result.set(name, { code: e.code, path: e.path, why: e.why });
  }
  return result;
}

export function checkFixtures(validator: PacketValidator, fixtures: readonly FixtureInput[], expectationFiles: readonly ExpectationInput[]): FixtureCheckResult {
  const now = new Date(FIXTURE_EVALUATED_AT);
  const failures: FixtureFailure[] = [];
  const expectations = new Map<string, Map<string, FixtureExpectation>>();
  for (const input of expectationFiles) expectations.set(input.group, readExpectations(input, failures));
  const counts: FixtureCheckResult['counts'] = {};
  const checked: CheckedFixture[] = [];
  const seenInvalid = new Map<string, Set<string>>();

  for (const fixture of fixtures) {
    const report = validator.validateBytes(fixture.bytes, { now });
    counts[fixture.group] ??= { valid: 0, invalid: 0 };
    counts[fixture.group][fixture.verdict]++;
    const entry: CheckedFixture = { ...fixture, report };
    if (fixture.verdict === 'valid') {
      for (const error of report.errors) {
        failures.push({ file: fixture.file, pointer: error.path, rule: error.code, message: `valid fixture fails: ${error.message}` });
      }
      if (report.valid && report.profile && slugOf(report.profile) !== fixture.group) {
        failures.push({ file: fixture.file, pointer: '/profile', rule: 'fixture-folder', message: `a ${report.profile} fixture belongs in examples/${slugOf(report.profile)}/` });
      }
      if (report.valid && report.keyed && report.form === 'keyed') {
        const compacted = validator.compact(report.keyed);
        if (compacted.ok) entry.keyless = compacted.value;
      }
    } else {
      const expectation = expectations.get(fixture.group)?.get(`${fixture.name}.json`);
      (seenInvalid.get(fixture.group) ?? seenInvalid.set(fixture.group, new Set()).get(fixture.group)!).add(`${fixture.name}.json`);
      if (!expectation) {
        failures.push({ file: fixture.file, pointer: '', rule: 'fixture-expectations', message: `no entry in ${fixture.group}/invalid/_expected.json says which code this fixture must produce` });
      } else {
        entry.expectation = expectation;
        const hit = report.errors.find((error) => error.code === expectation.code && error.path === expectation.path);
        if (report.valid) {
          failures.push({ file: fixture.file, pointer: expectation.path, rule: expectation.code, message: 'invalid fixture passes validation' });
        } else if (!hit) {
          const found = report.errors.map((error) => `${error.code} at ${error.path || '(root)'}`).join('; ');
          failures.push({ file: fixture.file, pointer: expectation.path, rule: expectation.code, message: `expected ${expectation.code} at ${expectation.path || '(root)'}, got ${found}` });
        }
      }
    }
    checked.push(entry);
  }
  for (const input of expectationFiles) {
    for (const name of expectations.get(input.group)?.keys() ?? []) {
      if (!seenInvalid.get(input.group)?.has(name)) {
        failures.push({ file: input.file, pointer: `/${name}`, rule: 'fixture-expectations', message: `names ${name}, which is not in the invalid folder` });
      }
    }
  }
  for (const profile of validator.profiles) {
    if (!counts[slugOf(profile)]?.valid) {
      failures.push({ file: `schemas/uai-1/examples/${slugOf(profile)}/valid/`, pointer: '', rule: 'fixture-coverage', message: `${profile} has no valid fixture` });
    }
  }
  return { ok: failures.length === 0, evaluatedAt: FIXTURE_EVALUATED_AT, fixtures: checked, failures, counts };
}

/** One line per failure: `file pointer: [rule] message`. */
export function formatFixtureFailure(failure: FixtureFailure): string {
  return `${failure.file} ${failure.pointer || '(root)'}: [${failure.rule}] ${failure.message}`;
}
