/**
 * The conformance report of the record's own implementation, the `uaix` package: the harness
 * (runConformance) over a set of cases with the package's reference answers in this process
 * (referencePeer). No clock and no durations reach it: the cases are evaluated at the pack's fixed
 * time, the time limit is the harness's default, and the report holds neither start nor elapsed time.
 */
import { referencePeer } from '../../../uai/conformanceAnswer.ts';
import { DEFAULT_TIMEOUT_MS, runConformance, type ConformanceReport } from '../../../uai/conformanceRun.ts';
import { shippedCases, type CaseSet } from '../../../uai/node/conformanceCases.ts';
import { SITE_ORIGIN } from '../../model/locales.ts';
import { CONFORMANCE_PATH } from '../../model/publicPaths.ts';
import type { RecordModel } from '../../model/recordModel.ts';
import { packageManifest } from './packageRelease.ts';
import { isDeepStrictEqual } from 'node:util';
import { problemAtPointer, type Problem } from '../../../uai/problem.ts';
import { fixtureSource } from '../../../uai/conformanceProtocol.ts';
import type { TracedRequirement } from '../../requirements/requirementTrace.ts';

type Checkers = Pick<RecordModel, 'validator' | 'routeChecker'>;

/** How the report names the implementation: the package as packages/uai-1/package.json states it. */
export function referenceImplementationName(): string {
  const { name, version } = packageManifest();
  // A name, shown as it is on every locale's page: no English prose in it.
  return `${name} ${version} (uaix conformance-peer)`;
}

/**
 * The seed of the published report: fixed, so the same commit publishes the same bytes. The build's
 * report runs the pack's cases only (every form); generated cases are each run's own, not the record's.
 */
export const REFERENCE_SEED = 1;

/** The reference report over `set`, named as the published pack it stands for. */
export function referenceReport(model: Checkers, set: CaseSet): Promise<ConformanceReport> {
  return runConformance(set.cases, referencePeer({ validator: model.validator, routeChecker: model.routeChecker }), {
    evaluatedAt: set.evaluatedAt,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    seed: REFERENCE_SEED,
    generated: { requested: 0, dropped: 0 },
    expectedFailures: new Map(),
    implementation: referenceImplementationName(),
    pack: `${SITE_ORIGIN}${CONFORMANCE_PATH}`,
  });
}

/** The requirements the record traces to each fixture, by source (<group>/<verdict>/<name>), as the pack lists them. */
export function requirementsBySource(
  requirements: readonly Pick<TracedRequirement, 'id' | 'fixtures'>[],
): Map<string, string[]> {
  const bySource = new Map<string, string[]>();
  for (const requirement of requirements)
    for (const { group, verdict, name } of requirement.fixtures) {
      const source = fixtureSource(group, verdict, name);
      (bySource.get(source) ?? bySource.set(source, []).get(source)!).push(requirement.id);
    }
  return bySource;
}

/**
 * The report over the fixtures shipped beside the code, the cases the published pack is made from,
 * each testing the requirements the record traces to it (as in the pack): what the pages show before
 * the pack is written (the build checks the two agree).
 */
export function shippedReferenceReport(
  model: Checkers,
  requirements: readonly Pick<TracedRequirement, 'id' | 'fixtures'>[] = [],
): Promise<ConformanceReport> {
  return referenceReport(
    model,
    shippedCases(model.validator, model.routeChecker, undefined, requirementsBySource(requirements)),
  );
}

/** The problem when the published report credits requirements otherwise than the one the pages show. */
export function requirementsMismatch(
  path: string,
  published: ConformanceReport['requirements'],
  shown: ConformanceReport['requirements'],
): Problem | undefined {
  if (isDeepStrictEqual(published, shown)) return undefined;
  const index = published.findIndex((entry, place) => !isDeepStrictEqual(entry, shown[place]));
  const at = index < 0 ? shown.length : index;
  return problemAtPointer(
    path,
    `/requirements/${at}`,
    `the published pack gives ${JSON.stringify(published[at] ?? null)}, the pages show ${JSON.stringify(shown[at] ?? null)}`,
    'implementations',
  );
}

/**
 * The problem when the report published at `path` counts otherwise than the one the pages show
 * (both the reference over the same fixtures: a difference means the pack lost or changed one).
 */
export function summaryMismatch(
  path: string,
  published: ConformanceReport['summary'],
  shown: ConformanceReport['summary'],
): Problem | undefined {
  if (isDeepStrictEqual(published, shown)) return undefined;
  return problemAtPointer(
    path,
    '/summary',
    `the published pack gives ${JSON.stringify(published)}, the pages show ${JSON.stringify(shown)}`,
    'implementations',
  );
}
