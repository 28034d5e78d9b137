/**
 * The machine record of the requirements, /specification/uai-1/requirements.json: every
 * requirement with its level, statements, tests and derived fixtures (schemas/site/requirements.schema.json),
 * and the requirement ids each entry of the conformance pack tests.
 */
import { FIXTURE_EVALUATED_AT } from '../../uai/fixtureCheck.ts';
import { SITE_ORIGIN } from '../model/locales.ts';
import { REQUIREMENTS_SCHEMA_PATH } from '../model/publicPaths.ts';
import type { TracedRequirement } from './requirementTrace.ts';
import type { UAI1RequirementsAndTheirTestsRequirementsJson } from '../generated/requirements.ts';

export type RequirementsDocument = UAI1RequirementsAndTheirTestsRequirementsJson;

export const KEY_WORDS_NOTE =
  'BCP 14 (RFC 2119, RFC 8174): the key words have their special meaning only in capitals; translations write them in their own forms (DOIT, DEBE), listed with their levels in the record; a script without letter case (zh-cn: 必须) marks them by strong emphasis instead.';

const SCHEMA_ONLY_NOTE =
  'Each fixture is read with a plain JSON parser and checked with the published JSON Schemas alone (the profile schema its profile names, else the envelope schema; route records with the route-record schema): rejected, accepted, or keyless (an array, which the schemas do not describe). A requirement is "all" when the schemas reject every invalid fixture that tests it, "some" when they reject some, "none" when they reject none; the core rules catch the rest.';

export function requirementsDocument(
  requirements: readonly TracedRequirement[],
  retired: Readonly<Record<string, string>>,
): RequirementsDocument {
  return {
    $schema: `${SITE_ORIGIN}${REQUIREMENTS_SCHEMA_PATH}` as RequirementsDocument['$schema'],
    standard: 'UAI-1',
    key_words: KEY_WORDS_NOTE,
    evaluated_at: FIXTURE_EVALUATED_AT,
    schema_only: SCHEMA_ONLY_NOTE,
    requirements: requirements.map((requirement) => ({
      id: requirement.id,
      level: requirement.level ?? 'MUST',
      url: `${SITE_ORIGIN}${requirement.page}#${requirement.anchor}`,
      statements: requirement.statements as RequirementsDocument['requirements'][number]['statements'],
      tests: requirement.tests,
      fixtures: requirement.fixtures.map((fixture) => ({ ...fixture, url: `${SITE_ORIGIN}${fixture.url}` })),
      untestable: requirement.untestable,
      schema_only: requirement.schema_only,
    })),
    retired: Object.entries(retired)
      .map(([id, reason]) => ({ id, reason }))
      .sort((a, b) => (a.id < b.id ? -1 : 1)),
  };
}

/** The ids of the requirements each fixture tests, by the fixture's public path. */
export function requirementsByFixture(requirements: readonly TracedRequirement[]): Map<string, string[]> {
  const byFixture = new Map<string, string[]>();
  for (const requirement of requirements)
    for (const fixture of requirement.fixtures)
      (byFixture.get(fixture.url) ?? byFixture.set(fixture.url, []).get(fixture.url)!).push(requirement.id);
  return byFixture;
}
