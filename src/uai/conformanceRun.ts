/**
 * Runs an implementation over the conformance pack, one fixture at a time, through a peer that
 * speaks the line protocol (conformanceProtocol.ts), and builds the report that
 * /schemas/site/conformance-report.schema.json declares. Known failures (`--expected-failures`) are
 * accepted; an accepted failure that passes now, or names no fixture of the pack, is stale and fails
 * the run, so the list can only shrink as an implementation improves (as in MCP's conformance runner).
 */
import { isJsonObject } from './jsonObject.ts';
import { jsonReadProblem, readJsonText } from './jsonText.ts';
import { problemAtPointer, type Problem } from './problem.ts';
import {
  CONFORMANCE_PROTOCOL,
  judgeAnswer,
  readAnswer,
  requestLine,
  type ConformanceCase,
} from './conformanceProtocol.ts';
import type { Result, UAI1ConformanceReportUaixConformanceReport } from './generated/site/conformance-report.ts';

/** A fixture's time limit when `--timeout` sets none; the report states the limit it ran with. */
export const DEFAULT_TIMEOUT_MS = 10_000;

export const CONFORMANCE_REPORT_SCHEMA_URL = 'https://uaix.org/schemas/site/conformance-report.schema.json';

/** What a peer made of one request: its answer line, or why there is none. */
export type PeerReply =
  | { kind: 'answer'; line: string }
  | { kind: 'timeout' }
  | { kind: 'exited'; detail: string }
  | { kind: 'bad-answer'; detail: string };

/** An implementation behind the protocol: a child process, or the reference adapter in this process. */
export interface ConformancePeer {
  /** Sends one request line and waits at most `timeoutMs` for the answer line. */
  ask(line: string, timeoutMs: number): Promise<PeerReply>;
  /** Ends the implementation (a child process is always killed). */
  close(): Promise<void>;
}

/** One fixture's result and the whole report, as the report schema declares them (generated types). */
export type CaseResult = Result;
export type ConformanceReport = UAI1ConformanceReportUaixConformanceReport;
export type FailureKind = NonNullable<CaseResult['failure']>;

export interface RunOptions {
  evaluatedAt: string;
  timeoutMs: number;
  /** Case id → reason, from the expected-failures file. */
  expectedFailures: ReadonlyMap<string, string>;
  /** How the report names the implementation and the pack. */
  implementation: string;
  pack: string;
}

function expectedOf(testCase: ConformanceCase): CaseResult['expected'] {
  return {
    verdict: testCase.verdict,
    code: testCase.expected?.code ?? null,
    path: testCase.expected?.path ?? null,
    digest: testCase.digest,
  };
}

function replyResult(testCase: ConformanceCase, reply: PeerReply, timeoutMs: number) {
  if (reply.kind === 'timeout')
    return { answer: null, failure: 'timeout' as const, problem: `no answer within ${timeoutMs} ms` };
  if (reply.kind === 'exited') return { answer: null, failure: 'exited' as const, problem: reply.detail };
  if (reply.kind === 'bad-answer') return { answer: null, failure: 'bad-answer' as const, problem: reply.detail };
  const read = readAnswer(reply.line, testCase.id);
  if (!read.ok) return { answer: null, failure: 'bad-answer' as const, problem: read.problem };
  const judgement = judgeAnswer(testCase, read.answer);
  return judgement.pass
    ? { answer: read.answer, failure: null, problem: null }
    : { answer: read.answer, failure: judgement.failure, problem: judgement.problem };
}

/** Asks the peer about every case in order; the peer is closed at the end, whatever happens. */
export async function runConformance(
  cases: readonly ConformanceCase[],
  peer: ConformancePeer,
  options: RunOptions,
): Promise<ConformanceReport> {
  const results: CaseResult[] = [];
  try {
    for (const testCase of cases) {
      const reply = await peer.ask(requestLine(testCase, options.evaluatedAt), options.timeoutMs);
      const { answer, failure, problem } = replyResult(testCase, reply, options.timeoutMs);
      results.push({
        id: testCase.id,
        kind: testCase.kind,
        expected: expectedOf(testCase),
        answer,
        status: failure ? 'fail' : 'pass',
        failure,
        problem,
        expected_failure: failure ? (options.expectedFailures.get(testCase.id) ?? null) : null,
        ...(testCase.requirements ? { requirements: testCase.requirements } : {}),
      });
    }
  } finally {
    await peer.close();
  }
  return buildReport(results, cases, options);
}

function buildReport(results: CaseResult[], cases: readonly ConformanceCase[], options: RunOptions): ConformanceReport {
  const byId = new Map(results.map((result) => [result.id, result]));
  const stale: ConformanceReport['stale_expected_failures'] = [];
  for (const [id, reason] of options.expectedFailures) {
    const result = byId.get(id);
    if (!result) stale.push({ id, reason, problem: 'no fixture of the pack has this id' });
    else if (result.status === 'pass') stale.push({ id, reason, problem: 'it passes now: remove the entry' });
  }
  const count = (test: (result: CaseResult) => boolean) => results.filter(test).length;
  const valid = results.filter((result) => result.expected.verdict === 'valid');
  const invalid = results.filter((result) => result.expected.verdict === 'invalid');
  const digested = results.filter((result) => result.expected.digest !== null);
  const unexpected = count((result) => result.status === 'fail' && result.expected_failure === null);
  return {
    $schema: CONFORMANCE_REPORT_SCHEMA_URL,
    protocol: CONFORMANCE_PROTOCOL,
    standard: 'UAI-1',
    evaluated_at: options.evaluatedAt,
    implementation: options.implementation,
    pack: options.pack,
    time_limit_ms: options.timeoutMs,
    ok: unexpected === 0 && stale.length === 0,
    summary: {
      fixtures: cases.length,
      passed: count((result) => result.status === 'pass'),
      failed: count((result) => result.status === 'fail'),
      unexpected_failures: unexpected,
      expected_failures: count((result) => result.expected_failure !== null),
      stale_expected_failures: stale.length,
      valid: { total: valid.length, accepted: valid.filter((result) => result.answer?.verdict === 'valid').length },
      invalid: {
        total: invalid.length,
        caught: invalid.filter((result) => result.answer?.verdict === 'invalid').length,
        code_matched: invalid.filter(
          (result) => result.answer?.verdict === 'invalid' && result.answer.codes.includes(result.expected.code ?? ''),
        ).length,
      },
      digests: {
        total: digested.length,
        matched: digested.filter((result) => result.answer?.digest === result.expected.digest).length,
      },
    },
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
      problems.push(at(place, 'expected {"id": "<group>/<verdict>/<name>", "reason": "<why it fails>"}'));
    else if (entries.has(entry.id)) problems.push(at(`${place}/id`, `${entry.id} is listed twice`));
    else entries.set(entry.id, entry.reason);
  });
  return problems.length ? { ok: false, problems } : { ok: true, entries };
}

/** The report's problems as lines: one per unexpected failure and per stale entry, then the summary. */
export function reportLines(report: ConformanceReport): { problems: string[]; summary: string } {
  const problems = [
    ...report.results
      .filter((result) => result.status === 'fail' && result.expected_failure === null)
      .map((result) => `${result.id}: ${result.failure}: ${result.problem}`),
    ...report.stale_expected_failures.map((entry) => `${entry.id}: stale expected failure: ${entry.problem}`),
  ];
  const { summary } = report;
  return {
    problems,
    summary:
      `${summary.fixtures} fixtures: ${summary.passed} passed, ${summary.failed} failed ` +
      `(${summary.expected_failures} expected, ${summary.unexpected_failures} unexpected), ` +
      `${summary.stale_expected_failures} stale expected failure(s); invalid fixtures caught ` +
      `${summary.invalid.caught}/${summary.invalid.total} (${summary.invalid.code_matched} with the expected code); ` +
      `valid accepted ${summary.valid.accepted}/${summary.valid.total}; ` +
      `digests ${summary.digests.matched}/${summary.digests.total}`,
  };
}
