/**
 * The conformance line protocol (`uaix conformance --exec`): the harness writes one JSON request per
 * line to an implementation's standard input and reads one JSON answer per line from its standard
 * output. A request names a fixture of the conformance pack, its kind and its bytes (base64); the
 * answer gives the verdict, the error codes and, for packets, the digest. This module is the
 * protocol's data only: request lines, answer parsing and the verdict on one answer.
 */
import { isJsonObject } from './jsonObject.ts';

export const CONFORMANCE_PROTOCOL = 'uaix-conformance/1';

/** An answer line may be this long (UTF-16 code units); a longer one is a protocol error. */
export const MAX_ANSWER_LENGTH = 1024 * 1024;
/** At most this many codes are read from one answer. */
export const MAX_ANSWER_CODES = 200;

export type CaseKind = 'packet' | 'route-record';
export type Verdict = 'valid' | 'invalid';

/** One fixture of the pack, as the harness runs it. Extra members of a pack entry are not needed here. */
export interface ConformanceCase {
  /** `<group>/<verdict>/<name>`, e.g. `routes/invalid/unsafe-get`: stable, and the key of expected failures. */
  id: string;
  kind: CaseKind;
  group: string;
  name: string;
  verdict: Verdict;
  bytes: Uint8Array;
  /** For an invalid fixture: the code it must fail with, and where. */
  expected: { code: string; path: string } | null;
  /** For a valid packet: the digest every implementation must compute. */
  digest: string | null;
  /** The requirement ids the pack entry names, when it names any. */
  requirements?: string[];
}

export function caseId(group: string, verdict: Verdict, name: string): string {
  return `${group}/${verdict}/${name}`;
}

export interface ConformanceAnswer {
  verdict: Verdict;
  codes: string[];
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

/** The request line for one case (no line break inside: JSON text escapes every control character). */
export function requestLine(testCase: ConformanceCase, evaluatedAt: string): string {
  return JSON.stringify({
    protocol: CONFORMANCE_PROTOCOL,
    id: testCase.id,
    kind: testCase.kind,
    evaluated_at: evaluatedAt,
    ask: testCase.kind === 'packet' ? ['verdict', 'codes', 'digest'] : ['verdict', 'codes'],
    bytes_base64: toBase64(testCase.bytes),
  });
}

export type AnswerRead = { ok: true; answer: ConformanceAnswer } | { ok: false; problem: string };

/** Reads one answer line for the case `id`; every way it can be wrong is one short sentence. */
export function readAnswer(line: string, id: string): AnswerRead {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, problem: 'the answer is not a JSON text on one line' };
  }
  if (!isJsonObject(value)) return { ok: false, problem: 'the answer is not a JSON object' };
  if (value.id !== id)
    return { ok: false, problem: `the answer's id is ${JSON.stringify(value.id)}, not ${JSON.stringify(id)}` };
  if (value.verdict !== 'valid' && value.verdict !== 'invalid')
    return { ok: false, problem: 'the answer\'s verdict is neither "valid" nor "invalid"' };
  const codes = value.codes ?? [];
  if (!Array.isArray(codes) || codes.some((code) => typeof code !== 'string'))
    return { ok: false, problem: "the answer's codes is not an array of strings" };
  const digest = value.digest ?? null;
  if (digest !== null && typeof digest !== 'string')
    return { ok: false, problem: "the answer's digest is neither a string nor null" };
  return {
    ok: true,
    answer: { verdict: value.verdict, codes: [...new Set(codes as string[])].slice(0, MAX_ANSWER_CODES), digest },
  };
}

export type Judgement =
  { pass: true } | { pass: false; failure: 'wrong-verdict' | 'wrong-code' | 'wrong-digest'; problem: string };

/** Whether an answer is the one the pack expects for the case. */
export function judgeAnswer(testCase: ConformanceCase, answer: ConformanceAnswer): Judgement {
  if (answer.verdict !== testCase.verdict) {
    const codes = answer.codes.length ? ` (${answer.codes.join(', ')})` : '';
    return {
      pass: false,
      failure: 'wrong-verdict',
      problem:
        testCase.verdict === 'valid'
          ? `a valid fixture was judged invalid${codes}`
          : `an invalid fixture (${testCase.expected?.code ?? 'no code'}) was judged valid`,
    };
  }
  if (testCase.expected && !answer.codes.includes(testCase.expected.code)) {
    return {
      pass: false,
      failure: 'wrong-code',
      problem: `expected ${testCase.expected.code} at ${testCase.expected.path || '(root)'}, got ${answer.codes.join(', ') || 'no code'}`,
    };
  }
  if (testCase.digest !== null && answer.digest !== testCase.digest) {
    return {
      pass: false,
      failure: 'wrong-digest',
      problem: `expected digest ${testCase.digest}, got ${answer.digest ?? 'none'}`,
    };
  }
  return { pass: true };
}
