/**
 * The English catalog, extracted from where each string's English is written: the core's error
 * codes and validator messages, the fixtures' expectations, the schemas, the route records, the
 * mirrors' index line. Keys are stable: `code.<code>.rule|fix`, `validator.message.<id>`,
 * `fixture.<path under examples/uai-1>.why`, `schema.<file>.description`, `route.<id>.title|description`,
 * `mirror.index_line`.
 */
import { ERROR_CODES, WARNING_CODES } from '../../uai/errorCodes.ts';
import { ISSUE_MESSAGES } from '../../uai/issueText.ts';
import type { PublishedFixture, RecordModel } from './recordModel.ts';
import type { EnglishCatalog } from './textCatalog.ts';

/**
 * The line under every Markdown mirror's frontmatter, `{url}` the index's (llms.txt): a template,
 * so each language writes its own punctuation before the URL.
 */
export const MIRROR_INDEX_LINE = 'Index of the UAIX public standards record for language models: {url}';

/** A route record's strings, as the catalog reads them. */
export interface RouteStrings {
  routeId: string;
  record: { title: string; description: string };
}

/** The catalog key of a fixture's "why": its path under the published examples, without `.json`. */
export function fixtureWhyKey(fixture: Pick<PublishedFixture, 'url'>): string {
  return `fixture.${fixture.url.replace(/^\/examples\/uai-1\//, '').replace(/\.json$/, '')}.why`;
}

export function englishCatalog(
  model: Pick<RecordModel, 'fixtures' | 'routeFixtures' | 'schemas'>,
  routes: readonly RouteStrings[],
): EnglishCatalog {
  const entries: [string, string][] = [['mirror.index_line', MIRROR_INDEX_LINE]];
  for (const entry of [...ERROR_CODES, ...WARNING_CODES])
    entries.push([`code.${entry.code}.rule`, entry.rule], [`code.${entry.code}.fix`, entry.fix]);
  for (const [id, template] of Object.entries(ISSUE_MESSAGES)) entries.push([`validator.message.${id}`, template]);
  for (const fixture of [...model.fixtures, ...model.routeFixtures])
    if (fixture.expectation?.why) entries.push([fixtureWhyKey(fixture), fixture.expectation.why]);
  for (const schema of model.schemas)
    if (schema.description) entries.push([`schema.${schema.fileName}.description`, schema.description]);
  for (const route of routes)
    entries.push(
      [`route.${route.routeId}.title`, route.record.title],
      [`route.${route.routeId}.description`, route.record.description],
    );
  // Sorted by key, so the committed file changes only where a string does.
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
