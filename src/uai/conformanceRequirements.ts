/**
 * Which requirements a conformance case tests, from the record's requirement ↔ code map
 * (content/requirements.json: each requirement lists the codes, and optionally the place and kind,
 * that test it). An invalid case tests the requirements whose test matches its expected code, kind
 * and place (the place, or a place below it, as the requirement trace matches fixtures); failing
 * that, those that name its code anywhere, then those of the other codes the reference reports for it
 * (a truncated report). A valid packet tests the digest rule (and a keyless one the keyless form); a
 * valid route record the route record's fields.
 */
import type { CaseForm, CaseKind, Verdict } from './conformanceProtocol.ts';

export interface RequirementTest {
  code: string;
  path?: string;
  kind?: CaseKind;
}

/** Requirement id → its tests, as content/requirements.json and the published requirements.json list them. */
export type RequirementTests = ReadonlyMap<string, readonly RequirementTest[]>;

/** The requirements a valid case tests, by kind and form. */
const VALID_CASE_REQUIREMENTS: Record<CaseKind, Partial<Record<CaseForm, string[]>>> = {
  packet: { keyed: ['UAI1-DIGEST-001'], minified: ['UAI1-DIGEST-001'], keyless: ['UAI1-DIGEST-001', 'UAI1-FORM-004'] },
  'route-record': { keyed: ['UAI1-ROUTE-004'] },
};

export interface CaseDescription {
  kind: CaseKind;
  form: CaseForm;
  verdict: Verdict;
  expected: { code: string; path: string } | null;
  /** The other codes the reference reports for the case (a truncated report's). */
  otherCodes?: readonly string[];
}

function matching(tests: RequirementTests, accept: (test: RequirementTest) => boolean): string[] {
  return [...tests].filter(([, list]) => list.some(accept)).map(([id]) => id);
}

export function caseRequirements(tests: RequirementTests, description: CaseDescription): string[] {
  const { kind, form, verdict, expected } = description;
  if (verdict === 'valid' || !expected)
    return (VALID_CASE_REQUIREMENTS[kind][form] ?? []).filter((id) => tests.size === 0 || tests.has(id));
  const exact = matching(
    tests,
    (test) =>
      test.code === expected.code &&
      (!test.kind || test.kind === kind) &&
      (test.path === undefined || expected.path === test.path || expected.path.startsWith(`${test.path}/`)),
  );
  if (exact.length) return exact;
  const byCode = matching(tests, (test) => test.code === expected.code && (!test.kind || test.kind === kind));
  if (byCode.length) return byCode;
  const others = new Set(description.otherCodes ?? []);
  return matching(tests, (test) => others.has(test.code) && (!test.kind || test.kind === kind));
}

/** Reads the `requirements` member of content/requirements.json (or the published requirements.json's list). */
export function requirementTestsOf(value: unknown): RequirementTests {
  const tests = new Map<string, RequirementTest[]>();
  const add = (id: unknown, list: unknown) => {
    if (typeof id !== 'string' || !Array.isArray(list)) return;
    const read = list.filter(
      (test): test is RequirementTest =>
        typeof test === 'object' && test !== null && typeof (test as RequirementTest).code === 'string',
    );
    tests.set(
      id,
      read.map(({ code, path, kind }) => ({
        code,
        ...(path === undefined ? {} : { path }),
        ...(kind ? { kind } : {}),
      })),
    );
  };
  if (Array.isArray(value)) for (const entry of value) add(entry?.id, entry?.tests);
  else if (typeof value === 'object' && value !== null)
    for (const [id, entry] of Object.entries(value)) add(id, (entry as { tests?: unknown })?.tests);
  return tests;
}

/**
 * What a fixture's pack entry lists when the record traces no requirement to it: what any of its
 * cases tests (a valid packet is sent keyed, minified and keyless), sorted.
 */
export function fixtureRequirements(tests: RequirementTests, description: Omit<CaseDescription, 'form'>): string[] {
  const forms: CaseForm[] =
    description.kind === 'packet' && description.verdict === 'valid' ? ['keyed', 'minified', 'keyless'] : ['keyed'];
  return [...new Set(forms.flatMap((form) => caseRequirements(tests, { ...description, form })))].sort();
}
