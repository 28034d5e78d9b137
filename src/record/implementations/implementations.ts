/**
 * The implementations page's data (content/implementations.json): packages that implement UAI-1,
 * other than the record's own `uaix`, as their publishers state them. The record publishes no
 * conformance report for them; their install commands and registry pages follow from id and
 * version, so no page types either by hand.
 */
import type { UAIXImplementationsContentImplementationsJson as ImplementationsFile } from '../generated/implementations.ts';
import { problemAtPointer, type Problem } from '../../uai/problem.ts';

export type ImplementationsData = ImplementationsFile;
export type ListedPackage = ImplementationsFile['packages'][number];

export const IMPLEMENTATIONS_FILE = 'content/implementations.json';
export const IMPLEMENTATIONS_SCHEMA_PATH = '/schemas/site/implementations.schema.json';

/** The .NET CLI command that adds the listed version of a NuGet package to a project. */
export function installCommand(listed: ListedPackage): string {
  return `dotnet add package ${listed.id} --version ${listed.version}`;
}

/** The package's page on its registry, at the listed version. */
export function registryPage(listed: ListedPackage): string {
  return `https://www.nuget.org/packages/${encodeURIComponent(listed.id)}/${encodeURIComponent(listed.version)}`;
}

/** What the schema cannot say: a package is listed once (NuGet ids compare case-insensitively). */
export function implementationsProblems(data: ImplementationsData): Problem[] {
  const seen = new Map<string, number>();
  const problems: Problem[] = [];
  data.packages.forEach((listed, index) => {
    const key = listed.id.toLowerCase();
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else
      problems.push(
        problemAtPointer(
          IMPLEMENTATIONS_FILE,
          `/packages/${index}/id`,
          `${listed.id} is listed already at /packages/${first}`,
          'implementations',
        ),
      );
  });
  return problems;
}
