/**
 * The cases of a conformance run, read from disk: the fixtures shipped beside this code
 * (`schemas/uai-1/examples/`, the default) or a published conformance pack (`conformance.json` in
 * dist/, an edition folder or a copy of the record), whose fixtures are read beside it. Entries are
 * read for the members the harness needs; any other member is allowed. A valid packet becomes three
 * cases, one per form: keyed (the file), minified (its JCS text) and keyless (the pack's keyless
 * file), each with the digest the pack gives that form. Every case carries the requirement ids it
 * tests: the pack entry's, else those the record's requirement ↔ code map gives (conformanceRequirements.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { checkFixtures, checkRouteFixtures, FIXTURE_EVALUATED_AT } from '../fixtureCheck.ts';
import { fixtureSource, type CaseKind, type ConformanceCase, type Verdict } from '../conformanceProtocol.ts';
import {
  caseRequirements,
  fixtureRequirements,
  requirementTestsOf,
  type CaseDescription,
  type RequirementTests,
} from '../conformanceRequirements.ts';
import type { MutationSource } from '../conformanceMutations.ts';
import { canonicalize } from '../jcs.ts';
import { isJsonObject } from '../jsonObject.ts';
import { jsonReadProblem, readJsonText } from '../jsonText.ts';
import type { PacketValidator } from '../packetValidator.ts';
import type { RouteChecker } from '../routeRecord.ts';
import { loadFixtureTree, loadRouteFixtureTree, RecordFileError, REPOSITORY_ROOT } from './recordFiles.ts';

export interface CaseSet {
  cases: ConformanceCase[];
  /** The valid keyed packets generated cases are made from. */
  sources: MutationSource[];
  /** The requirement ↔ code map the cases' requirement ids come from (empty when the record has none here). */
  requirementTests: RequirementTests;
  evaluatedAt: string;
  /** How a report names where the cases come from. */
  source: string;
}

/** The requirement ↔ code map of the record (content/requirements.json), when this is a copy of the record. */
export function recordRequirementTests(root = REPOSITORY_ROOT): RequirementTests {
  const file = join(root, 'content/requirements.json');
  if (!existsSync(file)) return new Map();
  const read = readJsonText(readFileSync(file, 'utf8'));
  if (!read.ok) throw new RecordFileError(jsonReadProblem(file, read.error));
  return requirementTestsOf(isJsonObject(read.value) ? read.value.requirements : undefined);
}

const encoder = new TextEncoder();

interface FixtureFacts {
  kind: CaseKind;
  group: string;
  name: string;
  verdict: Verdict;
  bytes: Uint8Array;
  expected: { code: string; path: string } | null;
  /** The requirement ids the pack entry names. */
  listed: readonly string[];
  /** For a valid packet: its forms' bytes and digests, and its keyed value and profile. */
  forms?: {
    keyed: string | null;
    minified: Uint8Array;
    minifiedDigest: string | null;
    keyless?: Uint8Array;
    keylessDigest: string | null;
  };
  keyed?: Record<string, unknown>;
  profile?: string;
  /** The other codes the reference reports for an invalid fixture (for a truncated report's requirements). */
  otherCodes?: readonly string[];
}

/** A fixture's cases: one, or one per form of a valid packet. */
function fixtureCases(facts: FixtureFacts, tests: RequirementTests): ConformanceCase[] {
  const source = fixtureSource(facts.group, facts.verdict, facts.name);
  const make = (form: ConformanceCase['form'], bytes: Uint8Array, digest: string | null): ConformanceCase => {
    const derived = caseRequirements(tests, {
      kind: facts.kind,
      form,
      verdict: facts.verdict,
      expected: facts.expected,
      otherCodes: facts.otherCodes,
    });
    return {
      source,
      kind: facts.kind,
      form,
      verdict: facts.verdict,
      bytes,
      expected: facts.expected,
      digest,
      requirements: [...new Set([...facts.listed, ...derived])].sort(),
    };
  };
  if (!facts.forms) return [make('keyed', facts.bytes, null)];
  const { keyed, minified, minifiedDigest, keyless, keylessDigest } = facts.forms;
  return [
    make('keyed', facts.bytes, keyed),
    make('minified', minified, minifiedDigest),
    ...(keyless ? [make('keyless', keyless, keylessDigest)] : []),
  ];
}

function mutationSources(facts: readonly FixtureFacts[]): MutationSource[] {
  return facts
    .filter((fact) => fact.keyed && fact.profile)
    .map((fact) => ({
      source: fixtureSource(fact.group, fact.verdict, fact.name),
      keyed: fact.keyed!,
      profile: fact.profile!,
    }));
}

/**
 * The fixtures shipped beside the code, with their expectations and the reference digests. `listed`
 * gives, by source (`<group>/<verdict>/<name>`), the requirements the record traces to a fixture (as
 * the published pack lists them, warnings included); without it a case tests what its code implies.
 */
export function shippedCases(
  validator: PacketValidator,
  routeChecker: RouteChecker,
  tests = recordRequirementTests(),
  listed: ReadonlyMap<string, readonly string[]> = new Map(),
): CaseSet {
  // As the pack's entry: the traced requirements, else what any of the fixture's cases tests.
  const listedOf = (
    fixture: { group: string; verdict: 'valid' | 'invalid'; name: string },
    description: Omit<CaseDescription, 'form'>,
  ) => {
    const traced = listed.get(fixtureSource(fixture.group, fixture.verdict, fixture.name));
    return traced?.length ? traced : listed.size ? fixtureRequirements(tests, description) : [];
  };
  const packets = loadFixtureTree();
  const routes = loadRouteFixtureTree();
  const expectedOf = (fixture: { expectation?: { code: string; path: string } }) =>
    fixture.expectation ? { code: fixture.expectation.code, path: fixture.expectation.path } : null;
  const others = (codes: string[], expected: { code: string } | null) =>
    expected ? [...new Set(codes.filter((code) => code !== expected.code))] : [];
  const facts: FixtureFacts[] = [
    ...checkFixtures(validator, packets.fixtures, packets.expectations).fixtures.map((fixture): FixtureFacts => {
      const expected = expectedOf(fixture);
      const otherCodes = others(
        fixture.report.errors.map((error) => error.code),
        expected,
      );
      const valid = fixture.verdict === 'valid' && fixture.report.keyed;
      const keyless =
        valid && fixture.keyless !== undefined ? encoder.encode(JSON.stringify(fixture.keyless)) : undefined;
      return {
        kind: 'packet',
        group: fixture.group,
        name: fixture.name,
        verdict: fixture.verdict,
        bytes: fixture.bytes,
        expected,
        listed: listedOf(fixture, { kind: 'packet', verdict: fixture.verdict, expected, otherCodes }),
        otherCodes,
        ...(valid
          ? {
              forms: {
                keyed: fixture.report.digest,
                minified: encoder.encode(canonicalize(fixture.report.keyed)),
                minifiedDigest: fixture.report.digest,
                keyless,
                keylessDigest: fixture.report.digest,
              },
              keyed: fixture.report.keyed,
              profile: fixture.report.profile ?? undefined,
            }
          : {}),
      };
    }),
    ...checkRouteFixtures(routeChecker, routes.fixtures, routes.expectations).fixtures.map((fixture): FixtureFacts => ({
      kind: 'route-record',
      group: fixture.group,
      name: fixture.name,
      verdict: fixture.verdict,
      bytes: fixture.bytes,
      expected: expectedOf(fixture),
      listed: listedOf(fixture, { kind: 'route-record', verdict: fixture.verdict, expected: expectedOf(fixture) }),
    })),
  ];
  return {
    cases: facts.flatMap((fact) => fixtureCases(fact, tests)),
    sources: mutationSources(facts),
    requirementTests: tests,
    evaluatedAt: FIXTURE_EVALUATED_AT,
    source: 'the fixtures shipped with uaix (schemas/uai-1/examples/)',
  };
}

const PACK_FOLDER = '/examples/uai-1/';

function packEntryFacts(entry: unknown, packFile: string, at: string, packDir: string): FixtureFacts {
  const fail = (member: string, message: string) =>
    new RecordFileError({ file: packFile, place: { pointer: `${at}${member}` }, message });
  if (!isJsonObject(entry)) throw fail('', 'expected an object');
  const { kind, group, name, verdict, url, keyless_url: keylessUrl, digest, expected, requirements, profile } = entry;
  if (kind !== 'packet' && kind !== 'route-record') throw fail('/kind', 'must be "packet" or "route-record"');
  if (typeof group !== 'string' || typeof name !== 'string')
    throw fail(typeof group === 'string' ? '/name' : '/group', 'must be a string');
  if (verdict !== 'valid' && verdict !== 'invalid') throw fail('/verdict', 'must be "valid" or "invalid"');
  if (digest !== null && digest !== undefined && typeof digest !== 'string')
    throw fail('/digest', 'must be a string or null');
  const code = isJsonObject(expected) ? expected.code : undefined;
  if (verdict === 'invalid' && typeof code !== 'string')
    throw fail('/expected/code', 'must name the code an invalid fixture fails with');
  // A fixture is read beside the pack, as the record publishes them: the part of its URL after /examples/uai-1/.
  const readBeside = (member: string, value: unknown): Uint8Array => {
    const path = typeof value === 'string' && URL.canParse(value) ? new URL(value).pathname : '';
    const folder = path.lastIndexOf(PACK_FOLDER);
    if (folder < 0) throw fail(member, `must be a URL under ${PACK_FOLDER}`);
    const file = join(
      packDir,
      ...path
        .slice(folder + PACK_FOLDER.length)
        .split('/')
        .map(decodeURIComponent),
    );
    try {
      return new Uint8Array(readFileSync(file));
    } catch (error) {
      throw fail(
        member,
        `cannot read the fixture beside the pack: ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  };
  const bytes = readBeside('/url', url);
  const facts: FixtureFacts = {
    kind,
    group,
    name,
    verdict,
    bytes,
    expected:
      verdict === 'invalid' && isJsonObject(expected)
        ? { code: code as string, path: typeof expected.path === 'string' ? expected.path : '' }
        : null,
    listed: Array.isArray(requirements) ? requirements.filter((id): id is string => typeof id === 'string') : [],
  };
  if (kind !== 'packet' || verdict !== 'valid' || typeof digest !== 'string') return facts;
  // Every form of a valid packet, each with the digest the pack gives it (an edition's pack too).
  const forms = isJsonObject(entry.form_digests) ? entry.form_digests : {};
  const formDigest = (form: string) => (typeof forms[form] === 'string' ? (forms[form] as string) : digest);
  const keyed = readJsonText(new TextDecoder().decode(bytes));
  if (!keyed.ok || !isJsonObject(keyed.value)) throw fail('/url', 'a valid packet of the pack is not a JSON object');
  return {
    ...facts,
    forms: {
      keyed: formDigest('keyed'),
      minified: encoder.encode(canonicalize(keyed.value)),
      minifiedDigest: formDigest('minified'),
      keyless: typeof keylessUrl === 'string' ? readBeside('/keyless_url', keylessUrl) : undefined,
      keylessDigest: formDigest('keyless'),
    },
    keyed: keyed.value,
    profile: typeof profile === 'string' ? profile : undefined,
  };
}

/**
 * The cases of a published pack; throws RecordFileError (one line: file, JSON Pointer, rule). The
 * validator, when given, names the other codes of an invalid packet (a truncated report's), which a
 * pack does not list, for the requirement ids of a case whose own code no requirement names.
 */
export function packCases(packFile: string, validator?: PacketValidator, tests = recordRequirementTests()): CaseSet {
  let text: string;
  try {
    text = readFileSync(packFile, 'utf8');
  } catch (error) {
    throw new RecordFileError({
      file: packFile,
      message: `cannot read the pack (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    });
  }
  const read = readJsonText(text);
  if (!read.ok) throw new RecordFileError(jsonReadProblem(packFile, read.error));
  const pack = read.value;
  if (!isJsonObject(pack) || !Array.isArray(pack.fixtures))
    throw new RecordFileError({
      file: packFile,
      place: { pointer: '/fixtures' },
      message: 'expected the array of a conformance pack',
    });
  if (typeof pack.evaluated_at !== 'string')
    throw new RecordFileError({
      file: packFile,
      place: { pointer: '/evaluated_at' },
      message: 'expected the pack time of evaluation',
    });
  const packDir = dirname(packFile);
  const evaluatedAt = pack.evaluated_at;
  const seen = new Set<string>();
  const facts = pack.fixtures.map((entry, index) => {
    const fact = packEntryFacts(entry, packFile, `/fixtures/${index}`, packDir);
    if (validator && fact.kind === 'packet' && fact.expected) {
      const codes = validator.validateBytes(fact.bytes, { now: evaluatedAt }).errors.map((error) => error.code);
      fact.otherCodes = [...new Set(codes.filter((code) => code !== fact.expected!.code))];
    }
    const source = fixtureSource(fact.group, fact.verdict, fact.name);
    if (seen.has(source))
      throw new RecordFileError({
        file: packFile,
        place: { pointer: `/fixtures/${index}` },
        message: `${source} is listed twice`,
      });
    seen.add(source);
    return fact;
  });
  return {
    cases: facts.flatMap((fact) => fixtureCases(fact, tests)),
    sources: mutationSources(facts),
    requirementTests: tests,
    evaluatedAt: pack.evaluated_at,
    source: packFile,
  };
}
