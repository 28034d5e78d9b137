/**
 * Runs an implementation over a conformance run's cases (the pack's fixtures in every form, and
 * cases generated for this run), through a peer that speaks the line protocol
 * (conformanceProtocol.ts), and builds the report that /schemas/site/conformance-report.schema.json
 * declares. The cases go in a seeded random order under opaque ids, one request at a time: the next
 * is sent only when the answer to this one has come, so each answer line is read against the one
 * request outstanding, and a line that repeats an answered id (a duplicate, whenever it comes) marks
 * that case `bad-answer`: the same status in every run, whatever the timing. Known failures
 * (`--expected-failures`, by fixture, fixture and form, or `generated/<mutation>`) are accepted; an entry that passes
 * now, or names no fixture or mutation, is stale and fails the run, so the list can only shrink.
 */
import { isJsonObject } from './jsonObject.ts';
import { jsonReadProblem, readJsonText } from './jsonText.ts';
import { problemAtPointer, type Problem } from './problem.ts';
import {
  CONFORMANCE_PROTOCOL,
  judgeAnswer,
  readAnswer,
  requestLine,
  type ConformanceAnswer,
  type ConformanceCase,
} from './conformanceProtocol.ts';
import { MUTATIONS } from './conformanceMutations.ts';
import { opaqueId, seededRandom, shuffled } from './conformanceSeed.ts';
import type { Result, UAI1ConformanceReportUaixConformanceReport } from './generated/site/conformance-report.ts';

/** A case's time limit when `--timeout` sets none; the report states the limit it ran with. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Time limits in a row without an answer after which the remaining cases are not run. */
export const MAX_TIMEOUTS_IN_A_ROW = 3;

export const CONFORMANCE_REPORT_SCHEMA_URL = 'https://uaix.org/schemas/site/conformance-report.schema.json';

/** What a peer made of one request: its next answer line, or why there is none. */
export type PeerReply =
  | { kind: 'answer'; line: string }
  | { kind: 'timeout' }
  | { kind: 'crashed'; detail: string }
  | { kind: 'bad-answer'; detail: string };

/** An implementation behind the protocol: a child process, or the reference adapter in this process. */
export interface ConformancePeer {
  /** Sends one request line and waits at most `timeoutMs` for the next answer line. */
  ask(line: string, timeoutMs: number): Promise<PeerReply>;
  /** Waits at most `timeoutMs` for the next answer line, sending nothing (after a line for another id). */
  next(timeoutMs: number): Promise<PeerReply>;
  /** Ends the implementation (a child process is always killed); the lines it wrote after the last one read. */
  close(): Promise<string[]>;
}

export type CaseResult = Result;
export type ConformanceReport = UAI1ConformanceReportUaixConformanceReport;
export type CaseStatus = CaseResult['status'];

export interface RunOptions {
  evaluatedAt: string;
  timeoutMs: number;
  /** The seed of the order and ids (and of the generated cases the caller made with it). */
  seed: number;
  /** Fixture source or `generated/<mutation>` → reason, from the expected-failures file. */
  expectedFailures: ReadonlyMap<string, string>;
  /** How the report names the implementation and the pack. */
  implementation: string;
  pack: string;
  /** The generated cases asked for, and those the reference core disagreed with (dropped). */
  generated: { requested: number; dropped: number };
}

function expectedOf(testCase: ConformanceCase): CaseResult['expected'] {
  return {
    verdict: testCase.verdict,
    code: testCase.expected?.code ?? null,
    path: testCase.expected?.path ?? null,
    digest: testCase.digest,
  };
}

/**
 * The keys of a case in the expected-failures file, the narrower first: its fixture in its form
 * (`<group>/<verdict>/<name>@keyless`), its fixture in every form, or its mutation for a generated case.
 */
export function expectedFailureKeys(testCase: ConformanceCase): string[] {
  return testCase.mutation
    ? [`generated/${testCase.mutation}`]
    : [`${testCase.source}@${testCase.form}`, testCase.source];
}

function expectedFailureOf(testCase: ConformanceCase, entries: ReadonlyMap<string, string>): string | null {
  for (const key of expectedFailureKeys(testCase)) {
    const reason = entries.get(key);
    if (reason !== undefined) return reason;
  }
  return null;
}

type Outcome = { status: CaseStatus; answer: ConformanceAnswer | null; problem: string | null };

function judged(testCase: ConformanceCase, answer: ConformanceAnswer): Outcome {
  const judgement = judgeAnswer(testCase, answer);
  return judgement.pass
    ? { status: 'pass', answer, problem: null }
    : { status: judgement.status, answer, problem: judgement.problem };
}

/** What the run knows while it asks: each case's outcome so far, and which ids were answered. */
interface RunState {
  outcomes: Outcome[];
  positionOf: Map<string, number>;
  answered: Set<string>;
  /** Why the remaining cases are not run, once the run stops early. */
  stopped: string | null;
  /** The position of the last case asked. */
  last: number;
}

/** The case at `position` was named by a second answer line: a bad answer. */
function markDuplicate(state: RunState, position: number): void {
  state.outcomes[position] = {
    ...state.outcomes[position],
    status: 'bad-answer',
    problem: 'answered more than once: a second line named this request',
  };
}

/** Asks the peer about one case and waits for its outcome (a line for an earlier request marks that one). */
async function askCase(
  state: RunState,
  peer: ConformancePeer,
  id: string,
  position: number,
  testCase: ConformanceCase,
  options: RunOptions,
): Promise<Outcome> {
  const deadline = Date.now() + options.timeoutMs;
  let reply = await peer.ask(requestLine(id, testCase, options.evaluatedAt), options.timeoutMs);
  for (;;) {
    if (reply.kind === 'timeout')
      return { status: 'timeout', answer: null, problem: `no answer within ${options.timeoutMs} ms` };
    if (reply.kind === 'crashed') return { status: 'crashed', answer: null, problem: reply.detail };
    if (reply.kind === 'bad-answer') return { status: 'bad-answer', answer: null, problem: reply.detail };
    const read = readAnswer(reply.line);
    if (read.id !== null && read.id !== id && state.answered.has(read.id)) {
      // A line for a request already answered: that case's fault; this request still waits.
      markDuplicate(state, state.positionOf.get(read.id)!);
      reply = await peer.next(Math.max(0, deadline - Date.now()));
      continue;
    }
    state.answered.add(id);
    if (!read.ok) {
      // A first request refused (another protocol version, as a rule): the rest would be refused too.
      if (read.refused && position === 0) state.stopped = `not run: ${read.problem}`;
      return { status: 'bad-answer', answer: null, problem: read.problem };
    }
    if (read.id !== id)
      return {
        status: 'bad-answer',
        answer: null,
        problem: `the answer names ${JSON.stringify(read.id)}, a request that was not sent`,
      };
    return judged(testCase, read.answer);
  }
}

/** Lines written after the last answer: a repeated id marks its case, any other line the last request. */
function markLateLines(state: RunState, lines: readonly string[]): void {
  const { outcomes, last } = state;
  for (const line of lines) {
    const read = readAnswer(line);
    if (read.id !== null && state.answered.has(read.id)) markDuplicate(state, state.positionOf.get(read.id)!);
    else if (last >= 0 && outcomes[last].status !== 'crashed')
      outcomes[last] = {
        ...outcomes[last],
        status: 'bad-answer',
        problem: 'a line came after the last answer, for no request sent',
      };
  }
}

/** One case's line of the report. */
function caseResult(testCase: ConformanceCase, position: number, outcome: Outcome, options: RunOptions): CaseResult {
  const failed = outcome.status !== 'pass';
  return {
    id: opaqueId(position),
    source: testCase.source,
    requirements: testCase.requirements,
    kind: testCase.kind,
    form: testCase.form,
    expected: expectedOf(testCase),
    answer: outcome.answer,
    status: outcome.status,
    problem: outcome.problem,
    expected_failure: failed ? expectedFailureOf(testCase, options.expectedFailures) : null,
  };
}

/** Asks the peer about every case, one at a time, in the seed's order; the peer is closed at the end. */
export async function runConformance(
  cases: readonly ConformanceCase[],
  peer: ConformancePeer,
  options: RunOptions,
): Promise<ConformanceReport> {
  const order = shuffled(cases, seededRandom(options.seed));
  const state: RunState = {
    outcomes: order.map(() => ({ status: 'not-run', answer: null, problem: null })),
    positionOf: new Map(),
    answered: new Set(),
    stopped: null,
    last: -1,
  };
  let timeoutsInARow = 0;
  try {
    for (const [position, testCase] of order.entries()) {
      const id = opaqueId(position);
      state.positionOf.set(id, position);
      if (state.stopped) {
        state.outcomes[position].problem = state.stopped;
        continue;
      }
      state.last = position;
      const outcome = await askCase(state, peer, id, position, testCase, options);
      state.outcomes[position] = outcome;
      timeoutsInARow = outcome.status === 'timeout' ? timeoutsInARow + 1 : 0;
      if (outcome.status === 'crashed') state.stopped = 'not run: the implementation crashed on an earlier case';
      else if (timeoutsInARow >= MAX_TIMEOUTS_IN_A_ROW)
        state.stopped = `not run: the implementation timed out ${MAX_TIMEOUTS_IN_A_ROW} times in a row`;
    }
  } finally {
    markLateLines(state, await peer.close());
  }
  const results = order.map((testCase, position) => caseResult(testCase, position, state.outcomes[position], options));
  return buildReport(results, order, options);
}

function requirementSummary(results: readonly CaseResult[]): ConformanceReport['requirements'] {
  const byId = new Map<string, { cases: number; passed: number; failed_as_expected: number }>();
  for (const result of results)
    for (const id of result.requirements) {
      const entry = byId.get(id) ?? byId.set(id, { cases: 0, passed: 0, failed_as_expected: 0 }).get(id)!;
      entry.cases++;
      if (result.status === 'pass') entry.passed++;
      else if (result.expected_failure !== null) entry.failed_as_expected++;
    }
  return [...byId]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([id, { cases, passed, failed_as_expected }]) => ({
      id,
      cases,
      passed,
      status: passed === cases ? 'pass' : passed + failed_as_expected === cases ? 'expected-failures' : 'fail',
    }));
}

function buildReport(results: CaseResult[], order: readonly ConformanceCase[], options: RunOptions): ConformanceReport {
  const stale: ConformanceReport['stale_expected_failures'] = [];
  const keys = new Map<string, CaseResult[]>();
  order.forEach((testCase, position) => {
    for (const key of expectedFailureKeys(testCase))
      (keys.get(key) ?? keys.set(key, []).get(key)!).push(results[position]);
  });
  for (const [id, reason] of options.expectedFailures) {
    const listed = keys.get(id);
    const mutation = id.startsWith('generated/') ? id.slice('generated/'.length) : null;
    if (!listed) {
      // A mutation this run made no case of is not stale: another seed may make one.
      if (!mutation || !(MUTATIONS as readonly string[]).includes(mutation))
        stale.push({
          id,
          reason,
          problem: mutation ? 'no mutation has this name' : 'no fixture of the pack has this id',
        });
    } else if (listed.every((result) => result.status === 'pass'))
      stale.push({ id, reason, problem: 'it passes now: remove the entry' });
  }
  const count = (test: (result: CaseResult) => boolean) => results.filter(test).length;
  const valid = results.filter((result) => result.expected.verdict === 'valid');
  const invalid = results.filter((result) => result.expected.verdict === 'invalid');
  const digested = results.filter((result) => result.expected.digest !== null);
  const unexpected = count((result) => result.status !== 'pass' && result.expected_failure === null);
  const statuses = Object.fromEntries(
    (['pass', 'fail', 'unexpected-code', 'bad-answer', 'timeout', 'crashed', 'not-run'] as const).map((status) => [
      status,
      count((result) => result.status === status),
    ]),
  ) as ConformanceReport['summary']['statuses'];
  return {
    $schema: CONFORMANCE_REPORT_SCHEMA_URL,
    protocol: CONFORMANCE_PROTOCOL,
    standard: 'UAI-1',
    evaluated_at: options.evaluatedAt,
    implementation: options.implementation,
    pack: options.pack,
    seed: options.seed,
    generated: {
      requested: options.generated.requested,
      made: count((result) => result.source.startsWith('generated/')),
      dropped: options.generated.dropped,
    },
    time_limit_ms: options.timeoutMs,
    ok: unexpected === 0 && stale.length === 0,
    summary: {
      fixtures: results.length,
      passed: statuses.pass,
      failed: results.length - statuses.pass,
      unexpected_failures: unexpected,
      expected_failures: count((result) => result.expected_failure !== null),
      stale_expected_failures: stale.length,
      statuses,
      valid: { total: valid.length, accepted: valid.filter((result) => result.answer?.verdict === 'valid').length },
      invalid: {
        total: invalid.length,
        caught: invalid.filter((result) => result.answer?.verdict === 'invalid').length,
        code_matched: invalid.filter((result) =>
          result.answer?.errors.some(
            (error) => error.code === result.expected.code && error.path === result.expected.path,
          ),
        ).length,
      },
      digests: {
        total: digested.length,
        matched: digested.filter((result) => result.answer?.digest === result.expected.digest).length,
      },
    },
    requirements: requirementSummary(results),
    results,
    stale_expected_failures: stale,
  };
}

/**
 * Reads an expected-failures file: `{"expected_failures": [{"id": "<fixture id>", "reason": "…"}]}`.
 * Every problem names the file and the JSON Pointer of the place.
 */
export function readExpectedFailures(
  text: string,
  file: string,
): { ok: true; entries: Map<string, string> } | { ok: false; problems: Problem[] } {
  const read = readJsonText(text);
  if (!read.ok) return { ok: false, problems: [jsonReadProblem(file, read.error)] };
  const problems: Problem[] = [];
  const entries = new Map<string, string>();
  const at = (pointer: string, message: string) => problemAtPointer(file, pointer, message, 'expected-failures');
  const list = isJsonObject(read.value) ? read.value.expected_failures : undefined;
  if (!Array.isArray(list)) {
    return { ok: false, problems: [at('/expected_failures', 'expected an array of {"id", "reason"} objects')] };
  }
  list.forEach((entry, index) => {
    const place = `/expected_failures/${index}`;
    if (
      !isJsonObject(entry) ||
      typeof entry.id !== 'string' ||
      typeof entry.reason !== 'string' ||
      !entry.reason.trim()
    )
      problems.push(
        at(place, 'expected {"id": "<group>/<verdict>/<name> or generated/<mutation>", "reason": "<why it fails>"}'),
      );
    else if (entries.has(entry.id)) problems.push(at(`${place}/id`, `${entry.id} is listed twice`));
    else entries.set(entry.id, entry.reason);
  });
  return problems.length ? { ok: false, problems } : { ok: true, entries };
}

/** The report's problems as lines: one per unexpected failure and per stale entry, then the summary. */
export function reportLines(report: ConformanceReport): { problems: string[]; summary: string } {
  const unexpected = report.results.filter((result) => result.status !== 'pass' && result.expected_failure === null);
  const notRun = unexpected.filter((result) => result.status === 'not-run');
  const problems = [
    ...unexpected
      .filter((result) => result.status !== 'not-run')
      .map((result) => `${result.id} (${result.source}, ${result.form}): ${result.status}: ${result.problem}`),
    // One line for the cases not run: they share their reason.
    ...(notRun.length ? [`${notRun.length} case(s) ${notRun[0].problem}`] : []),
    ...report.stale_expected_failures.map((entry) => `${entry.id}: stale expected failure: ${entry.problem}`),
  ];
  const { summary } = report;
  return {
    problems,
    summary:
      `${summary.fixtures} cases (seed ${report.seed}, ${report.generated.made} generated, ${report.generated.dropped} dropped): ` +
      `${summary.passed} passed, ${summary.failed} failed ` +
      `(${summary.expected_failures} expected, ${summary.unexpected_failures} unexpected), ` +
      `${summary.stale_expected_failures} stale expected failure(s); invalid cases caught ` +
      `${summary.invalid.caught}/${summary.invalid.total} (${summary.invalid.code_matched} with the expected code at its place); ` +
      `valid accepted ${summary.valid.accepted}/${summary.valid.total}; ` +
      `digests ${summary.digests.matched}/${summary.digests.total}`,
  };
}
