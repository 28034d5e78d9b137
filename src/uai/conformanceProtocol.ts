/**
 * The conformance line protocol (`uaix conformance --exec`), version 2: the harness writes one JSON
 * request per line to an implementation's standard input and reads one JSON answer per line from its
 * standard output. A request carries an opaque id (it says nothing of the case), the kind, the time
 * of validation and the bytes (base64); the answer gives the verdict, each error's code and place,
 * and for packets the digest. This module is the protocol's data only: request lines, answer
 * parsing and the verdict on one answer.
 */
import { isJsonObject } from './jsonObject.ts';

export const CONFORMANCE_PROTOCOL = 'uaix-conformance/2';
/** The versions before this one: a request naming one is refused with one line (conformanceAnswer.ts). */
export const RETIRED_PROTOCOLS: readonly string[] = ['uaix-conformance/1'];

/** An answer line may be this long (UTF-16 code units); a longer one is a protocol error. */
export const MAX_ANSWER_LENGTH = 1024 * 1024;
/** An answer may list at most this many errors (a report holds at most 100, and one truncation). */
export const MAX_ANSWER_ERRORS = 200;

/**
 * The code that says a report was cut at its bound of errors: the errors it does list are the
 * document's own, so a case expecting it tolerates their codes (a rule of reports, not of packets).
 */
export const TRUNCATION_CODE = 'UAI-ERRORS-TRUNCATED';

export type CaseKind = 'packet' | 'route-record';
export type Verdict = 'valid' | 'invalid';
/** How a case's bytes are written: as the fixture is, its JCS (minified keyed) text, or its keyless form. */
export type CaseForm = 'keyed' | 'minified' | 'keyless';

/** One case of a run, as the harness sends and judges it. */
export interface ConformanceCase {
  /** Where the case comes from: the pack fixture `<group>/<verdict>/<name>`, or `generated/<mutation>/<fixture>`. */
  source: string;
  /** The mutation that made a generated case; absent for a pack fixture. */
  mutation?: string;
  kind: CaseKind;
  form: CaseForm;
  verdict: Verdict;
  bytes: Uint8Array;
  /** For an invalid case: the code it must fail with, and where. */
  expected: { code: string; path: string } | null;
  /** For a valid packet: the digest every implementation must compute. */
  digest: string | null;
  /** The requirement ids the case tests (the pack entry's, else derived from the requirement ↔ code map). */
  requirements: string[];
}

/** The key of a pack fixture: `<group>/<verdict>/<name>`, stable, and the key of expected failures. */
export function fixtureSource(group: string, verdict: Verdict, name: string): string {
  return `${group}/${verdict}/${name}`;
}

export interface AnswerError {
  code: string;
  path: string;
}

export interface ConformanceAnswer {
  verdict: Verdict;
  errors: AnswerError[];
  digest: string | null;
}

function toBase64(bytes: Uint8Array): string {
  // In chunks: String.fromCharCode takes its arguments on the stack.
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The request line for one case under its opaque id: the packet and nothing that names the case. */
export function requestLine(id: string, testCase: ConformanceCase, evaluatedAt: string): string {
  return JSON.stringify({
    protocol: CONFORMANCE_PROTOCOL,
    id,
    kind: testCase.kind,
    evaluated_at: evaluatedAt,
    bytes_base64: toBase64(testCase.bytes),
  });
}

/** What one answer line says: an answer, or why it is none; `id` is the id it names, when it names one. */
export type AnswerRead =
  | { ok: true; id: string; answer: ConformanceAnswer }
  | { ok: false; id: string | null; problem: string; refused?: true };

function readErrors(value: unknown): AnswerError[] | null {
  if (!Array.isArray(value) || value.length > MAX_ANSWER_ERRORS) return null;
  const errors: AnswerError[] = [];
  for (const item of value) {
    if (!isJsonObject(item) || typeof item.code !== 'string' || typeof item.path !== 'string') return null;
    errors.push({ code: item.code, path: item.path });
  }
  return errors;
}

/** Reads one answer line; every way it can be wrong is one short sentence. */
export function readAnswer(line: string): AnswerRead {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, id: null, problem: 'the answer is not a JSON text on one line' };
  }
  if (!isJsonObject(value)) return { ok: false, id: null, problem: 'the answer is not a JSON object' };
  if (typeof value.id !== 'string') return { ok: false, id: null, problem: 'the answer names no id' };
  const id = value.id;
  if (typeof value.error === 'string')
    return {
      ok: false,
      id,
      problem: `the implementation refused the request: ${value.error.slice(0, 300)}`,
      refused: true,
    };
  if (value.verdict !== 'valid' && value.verdict !== 'invalid')
    return { ok: false, id, problem: 'the answer\'s verdict is neither "valid" nor "invalid"' };
  const errors = readErrors(value.errors ?? []);
  if (!errors)
    return {
      ok: false,
      id,
      problem: `the answer's errors is not an array of at most ${MAX_ANSWER_ERRORS} {"code", "path"} strings`,
    };
  const digest = value.digest ?? null;
  if (digest !== null && typeof digest !== 'string')
    return { ok: false, id, problem: "the answer's digest is neither a string nor null" };
  return { ok: true, id, answer: { verdict: value.verdict, errors, digest } };
}

export type Judgement = { pass: true } | { pass: false; status: 'fail' | 'unexpected-code'; problem: string };

const codesOf = (errors: readonly AnswerError[]) => [...new Set(errors.map((error) => error.code))];
const placeOf = (path: string) => path || '(root)';

/**
 * Whether an answer is exactly the one the case expects: the verdict; for an invalid case its code
 * at its place and no code it does not expect (status `unexpected-code`); for a valid packet its digest.
 */
export function judgeAnswer(testCase: ConformanceCase, answer: ConformanceAnswer): Judgement {
  const codes = codesOf(answer.errors);
  if (answer.verdict !== testCase.verdict) {
    return {
      pass: false,
      status: 'fail',
      problem:
        testCase.verdict === 'valid'
          ? `a valid case was judged invalid${codes.length ? ` (${codes.join(', ')})` : ''}`
          : `an invalid case (${testCase.expected?.code ?? 'no code'}) was judged valid`,
    };
  }
  const expected = testCase.expected;
  if (expected) {
    const atPlace = answer.errors.some((error) => error.code === expected.code && error.path === expected.path);
    if (!atPlace) {
      const found = answer.errors.filter((error) => error.code === expected.code).map((error) => placeOf(error.path));
      return {
        pass: false,
        status: 'fail',
        problem: found.length
          ? `expected ${expected.code} at ${placeOf(expected.path)}, got it at ${found.slice(0, 3).join(', ')}`
          : `expected ${expected.code} at ${placeOf(expected.path)}, got ${codes.join(', ') || 'no code'}`,
      };
    }
    const unexpected = expected.code === TRUNCATION_CODE ? [] : codes.filter((code) => code !== expected.code);
    if (unexpected.length)
      return {
        pass: false,
        status: 'unexpected-code',
        problem: `expected ${expected.code} alone, got also ${unexpected.slice(0, 5).join(', ')}${unexpected.length > 5 ? ` and ${unexpected.length - 5} more` : ''}`,
      };
  } else if (codes.length) {
    return { pass: false, status: 'unexpected-code', problem: `a valid case got codes ${codes.join(', ')}` };
  }
  if (testCase.digest !== null && answer.digest !== testCase.digest) {
    return {
      pass: false,
      status: 'fail',
      problem: `expected digest ${testCase.digest}, got ${answer.digest ?? 'none'}`,
    };
  }
  return { pass: true };
}
