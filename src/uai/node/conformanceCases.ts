/**
 * The cases of a conformance run, read from disk: the fixtures shipped beside this code
 * (`schemas/uai-1/examples/`, the default) or a published conformance pack (`conformance.json` in
 * dist/, an edition folder or a copy of the record), whose fixtures are read beside it. Entries are
 * read for the members the harness needs; any other member (requirement ids among them) is allowed.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { checkFixtures, checkRouteFixtures, FIXTURE_EVALUATED_AT } from '../fixtureCheck.ts';
import { caseId, type CaseKind, type ConformanceCase } from '../conformanceProtocol.ts';
import { isJsonObject } from '../jsonObject.ts';
import { jsonReadProblem, readJsonText } from '../jsonText.ts';
import type { PacketValidator } from '../packetValidator.ts';
import type { RouteChecker } from '../routeRecord.ts';
import { loadFixtureTree, loadRouteFixtureTree, RecordFileError } from './recordFiles.ts';

export interface CaseSet {
  cases: ConformanceCase[];
  evaluatedAt: string;
  /** How a report names where the cases come from. */
  source: string;
}

/** The fixtures shipped beside the code, with their expectations and the reference digests. */
export function shippedCases(validator: PacketValidator, routeChecker: RouteChecker): CaseSet {
  const packets = loadFixtureTree();
  const routes = loadRouteFixtureTree();
  const checked = [
    ...checkFixtures(validator, packets.fixtures, packets.expectations).fixtures.map((fixture) => ({
      fixture,
      kind: 'packet' as CaseKind,
      digest: fixture.verdict === 'valid' ? fixture.report.digest : null,
    })),
    ...checkRouteFixtures(routeChecker, routes.fixtures, routes.expectations).fixtures.map((fixture) => ({
      fixture,
      kind: 'route-record' as CaseKind,
      digest: null,
    })),
  ];
  const cases = checked.map(({ fixture, kind, digest }) => ({
    id: caseId(fixture.group, fixture.verdict, fixture.name),
    kind,
    group: fixture.group,
    name: fixture.name,
    verdict: fixture.verdict,
    bytes: fixture.bytes,
    expected: fixture.expectation ? { code: fixture.expectation.code, path: fixture.expectation.path } : null,
    digest,
  }));
  return {
    cases,
    evaluatedAt: FIXTURE_EVALUATED_AT,
    source: 'the fixtures shipped with uaix (schemas/uai-1/examples/)',
  };
}

const PACK_FOLDER = '/examples/uai-1/';

function packEntryCase(entry: unknown, packFile: string, at: string, packDir: string): ConformanceCase {
  const fail = (member: string, message: string) =>
    new RecordFileError({ file: packFile, place: { pointer: `${at}${member}` }, message });
  if (!isJsonObject(entry)) throw fail('', 'expected an object');
  const { kind, group, name, verdict, url, digest, expected, requirements } = entry;
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
  const path = typeof url === 'string' && URL.canParse(url) ? new URL(url).pathname : '';
  const folder = path.lastIndexOf(PACK_FOLDER);
  if (folder < 0) throw fail('/url', `must be a URL under ${PACK_FOLDER}`);
  const file = join(
    packDir,
    ...path
      .slice(folder + PACK_FOLDER.length)
      .split('/')
      .map(decodeURIComponent),
  );
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(file));
  } catch (error) {
    throw fail(
      '/url',
      `cannot read the fixture beside the pack: ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  return {
    id: caseId(group, verdict, name),
    kind,
    group,
    name,
    verdict,
    bytes,
    expected:
      verdict === 'invalid' && isJsonObject(expected)
        ? { code: code as string, path: typeof expected.path === 'string' ? expected.path : '' }
        : null,
    digest: verdict === 'valid' && typeof digest === 'string' ? digest : null,
    ...(Array.isArray(requirements) && requirements.every((id) => typeof id === 'string')
      ? { requirements: requirements as string[] }
      : {}),
  };
}

/** The cases of a published pack; throws RecordFileError (one line: file, JSON Pointer, rule). */
export function packCases(packFile: string): CaseSet {
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
  const seen = new Set<string>();
  const cases = pack.fixtures.map((entry, index) => {
    const testCase = packEntryCase(entry, packFile, `/fixtures/${index}`, packDir);
    if (seen.has(testCase.id))
      throw new RecordFileError({
        file: packFile,
        place: { pointer: `/fixtures/${index}` },
        message: `${testCase.id} is listed twice`,
      });
    seen.add(testCase.id);
    return testCase;
  });
  return { cases, evaluatedAt: pack.evaluated_at, source: packFile };
}
