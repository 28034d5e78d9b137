/**
 * The English catalog, extracted from where each string's English is written: the core's error
 * codes and validator messages, the fixtures' expectations, the schemas, the route records, the
 * mirrors' index line. Keys are stable: `code.<code>.rule|fix`, `validator.message.<id>`,
 * `fixture.<path under examples/uai-1>.why`, `schema.<file>.description`, `route.<id>.<field>` (the
 * title, the description and every prose field: routeProse), the resolver's reasons
 * (`resolver.reason.<decision>`) and the capabilities' names (`capability.<capability>`),
 * the package API reference's doc comments (`api.<module>.<name>.doc`, from the committed
 * extraction src/record/generated/apiReference.json), `mirror.index_line`; and the strings of the
 * floors above (the change classification's rules and details), which their callers pass in.
 */
import { ERROR_CODES, WARNING_CODES } from '../../uai/errorCodes.ts';
import { ISSUE_MESSAGES } from '../../uai/issueText.ts';
import { RESOLVER_REASONS } from '../../uai/clientLadder.ts';
import { CAPABILITY_LABELS, FALLBACK_FIELDS, type RouteRecord } from '../../uai/routeVocabulary.ts';
import type { PublishedFixture, RecordModel } from './recordModel.ts';
import apiReference from '../generated/apiReference.json' with { type: 'json' };
import type { EnglishCatalog } from './textCatalog.ts';

/**
 * The line under every Markdown mirror's frontmatter, `{url}` the index's (llms.txt): a template,
 * so each language writes its own punctuation before the URL.
 */
export const MIRROR_INDEX_LINE = 'Index of the UAIX public standards record for language models: {url}';

/** A route record's strings, as the catalog reads them. */
export interface RouteStrings {
  routeId: string;
  record: RouteRecord;
}

/**
 * A route record's prose, by the catalog key's last part: its title, its description, what its
 * highest path does, each fallback's note (`<field>.note`) and its no-op behaviour. Every other field
 * is a value (a path, a method, a class) and stays as written.
 */
export function routeProse(record: RouteRecord): [string, string][] {
  const prose: [string, string][] = [
    ['title', record.title],
    ['description', record.description],
    ['highest_supported_path', record.highest_supported_path],
  ];
  for (const field of FALLBACK_FIELDS) {
    const note = (record[field] as { note?: unknown } | null)?.note;
    if (typeof note === 'string') prose.push([`${field}.note`, note]);
  }
  if (record.no_op_behavior !== null) prose.push(['no_op_behavior', record.no_op_behavior]);
  return prose;
}

/** The catalog key of an exported name's doc comment in the API reference. */
export function apiDocKey(module: string, name: string): string {
  return `api.${module}.${name}.doc`;
}

/** The catalog key of a fixture's "why": its path under the published examples, without `.json`. */
export function fixtureWhyKey(fixture: Pick<PublishedFixture, 'url'>): string {
  return `fixture.${fixture.url.replace(/^\/examples\/uai-1\//, '').replace(/\.json$/, '')}.why`;
}

export function englishCatalog(
  model: Pick<RecordModel, 'fixtures' | 'routeFixtures' | 'schemas'>,
  routes: readonly RouteStrings[],
  above: readonly (readonly [string, string])[],
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
    for (const [field, text] of routeProse(route.record)) entries.push([`route.${route.routeId}.${field}`, text]);
  for (const [decision, template] of Object.entries(RESOLVER_REASONS))
    entries.push([`resolver.reason.${decision}`, template]);
  for (const [capability, label] of Object.entries(CAPABILITY_LABELS))
    entries.push([`capability.${capability}`, label]);
  for (const module of apiReference.modules)
    for (const entry of module.entries) if (entry.doc) entries.push([apiDocKey(module.module, entry.name), entry.doc]);
  entries.push(...above.map(([key, text]): [string, string] => [key, text]));
  const keys = new Set<string>();
  for (const [key] of entries) {
    // Two sources under one key would show one's translation for the other's English.
    if (keys.has(key)) throw new Error(`two catalog strings under the key ${JSON.stringify(key)}`);
    keys.add(key);
  }
  // Sorted by key, so the committed file changes only where a string does.
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
