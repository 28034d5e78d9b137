/**
 * The rules that classify what changed between two editions, like oasdiff's checks: each rule has
 * an id, one class and what it means. A change that would make a packet or route record valid in
 * the previous edition invalid now (or an implementation that followed the previous edition wrong)
 * is breaking; one that only accepts more or adds is non-breaking; one that changes words but no
 * verdict, level or code is editorial. The table is published on the editions page and in
 * docs/editions.md (generated from this list).
 */
import { localeOf, SOURCE_LOCALE } from '../model/locales.ts';
import { pluralKey } from '../model/pluralForms.ts';

const ENGLISH = localeOf(SOURCE_LOCALE).lang;

export type ChangeClass = 'breaking' | 'non-breaking' | 'editorial';

export const CHANGE_RULES = {
  'standard-version-changed': {
    class: 'breaking',
    meaning: 'The standard version (`uai_version`) changed: a new version of UAI-1 may break anything.',
  },
  'packet-tightened': {
    class: 'breaking',
    meaning: 'Packets or route records valid in the previous edition (fixtures or generated ones) are invalid now.',
  },
  'packet-loosened': {
    class: 'non-breaking',
    meaning: 'Packets or route records invalid in the previous edition (fixtures or generated ones) are valid now.',
  },
  'schema-added': { class: 'non-breaking', meaning: 'A schema was added.' },
  'schema-removed': { class: 'breaking', meaning: 'A schema was removed: its packets have no schema.' },
  'schema-changed-same-verdicts': {
    class: 'non-breaking',
    meaning:
      'A schema keyword changed, and no fixture or generated packet changed its verdict: review that it only clarifies.',
  },
  'schema-text-changed': {
    class: 'editorial',
    meaning: 'Only annotations of a schema changed (title, description, `$comment`, examples).',
  },
  'error-code-added': {
    class: 'non-breaking',
    meaning: 'An error code appears that the previous edition did not use.',
  },
  'error-code-removed': {
    class: 'breaking',
    meaning: 'An error code of the previous edition is no longer used: implementations that report it now disagree.',
  },
  'requirement-added': { class: 'non-breaking', meaning: 'A requirement id was added.' },
  'requirement-removed': {
    class: 'breaking',
    meaning: 'A requirement id of the previous edition is gone (retired or dropped).',
  },
  'requirement-level-raised': {
    class: 'breaking',
    meaning: 'A requirement’s BCP 14 level became stronger (MAY → SHOULD → MUST).',
  },
  'requirement-level-lowered': {
    class: 'non-breaking',
    meaning: 'A requirement’s BCP 14 level became weaker (MUST → SHOULD → MAY).',
  },
  'requirement-text-changed': {
    class: 'non-breaking',
    meaning: 'The English statement of a requirement changed, with the same id and level: review its meaning.',
  },
  'requirement-translation-changed': {
    class: 'editorial',
    meaning: 'Only a translation of a requirement’s statement changed.',
  },
  'fixture-added': { class: 'non-breaking', meaning: 'A conformance fixture was added.' },
  'fixture-removed': { class: 'non-breaking', meaning: 'A conformance fixture was removed from the pack.' },
  'fixture-expectation-changed': {
    class: 'breaking',
    meaning: 'A fixture’s verdict, expected code or expected place changed: implementations that passed it now fail.',
  },
  'fixture-changed': {
    class: 'non-breaking',
    meaning: 'A fixture’s bytes changed with the same expectation.',
  },
  'page-added': { class: 'editorial', meaning: 'A normative page (in one locale) was added.' },
  'page-removed': { class: 'editorial', meaning: 'A normative page (in one locale) was removed.' },
  'page-text-changed': {
    class: 'editorial',
    meaning:
      'The text of a normative page changed; its requirements are compared by id, so a change of a rule is classified there.',
  },
  'file-changed': {
    class: 'non-breaking',
    meaning: 'Another frozen file (route records, field registry, keyless twins) was added, removed or changed.',
  },
} as const satisfies Record<string, { class: ChangeClass; meaning: string }>;

export type ChangeRule = keyof typeof CHANGE_RULES;

/**
 * The details of classified changes, as templates (the catalog translates each as
 * `change.detail.<id>`): `{name}` is an edition id, a code, a level, a path or a nested detail (a
 * count of packets, a fixture's expectation). A count has a template per plural form (`.one`,
 * `.other` in English; a translation has the forms its language's rule uses: pluralForms.ts).
 */
export const CHANGE_DETAILS = {
  'count.packet.one': '{count} packet',
  'count.packet.other': '{count} packets',
  'count.fixture.one': '{count} fixture',
  'count.fixture.other': '{count} fixtures',
  'count.generated-packet.one': '{count} generated packet',
  'count.generated-packet.other': '{count} generated packets',
  'packets-tightened.one': '{packets} valid in {previous} now fails with {code} ({which})',
  'packets-tightened.other': '{packets} valid in {previous} now fail with {code} ({which})',
  'packets-loosened.one': '{packets} failing with {code} in {previous} now passes ({which})',
  'packets-loosened.other': '{packets} failing with {code} in {previous} now pass ({which})',
  'which.fixtures': 'fixtures {list}',
  'which.both': '{fixtures}; {generated}',
  'standard-version': 'UAI-1 {was} in {previous}, {now} now',
  new: 'new in this edition',
  gone: 'in {previous}, gone now',
  'only-annotations': 'only its annotations changed',
  'same-verdicts': 'its keywords changed; none of the {fixtures} and {generated} of {previous} changed its verdict',
  'code-added': 'not used in {previous}',
  'code-removed': 'used in {previous}, not now',
  'requirement-added': '{level}, new since {previous}',
  retired: 'retired: {reason}',
  'was-now': '{was} in {previous}, {now} now',
  'statement-changed': 'its English statement changed; its level ({level}) did not',
  'translations-changed': 'in {locales}',
  'expectation.verdict': '{verdict}',
  'expectation.code': '{verdict} {code} at {path}',
  'expectation.code-at-root': '{verdict} {code} at (root)',
  'fixture-removed': 'was {expectation}',
  'fixture-bytes': 'its bytes changed; still {expectation}',
  'markdown-changed': 'its Markdown changed',
  'file.added': 'added',
  'file.removed': 'removed',
  'file.changed': 'changed',
} as const;

/** A detail that writes a count: its forms are `<id>.one` and `<id>.other`. */
type PluralId<Key> = Key extends `${infer Base}.one` ? Base : never;
export type ChangeDetailId = Exclude<keyof typeof CHANGE_DETAILS, `${string}.one` | `${string}.other`>;
export type CountedDetailId = PluralId<keyof typeof CHANGE_DETAILS>;

/**
 * A change's detail as data: its template and values. A string value is a name or an id, written as
 * is in every language; `{ english }` is English prose quoted from a record (a retirement's reason).
 */
export type ChangeDetail =
  | { id: ChangeDetailId; values: Readonly<Record<string, ChangeDetailValue>> }
  /** A detail that writes a count: its form is the plural form of `count` in the page's language. */
  | { id: CountedDetailId; count: number; values: Readonly<Record<string, ChangeDetailValue>> };
export type ChangeDetailValue = string | number | { english: string } | ChangeDetail;

/** The key of a detail's template in CHANGE_DETAILS (and, prefixed `change.detail.`, the catalog), in a language. */
export function changeDetailKey(detail: ChangeDetail, lang: string): string {
  return 'count' in detail ? pluralKey(detail.id, detail.count, lang) : detail.id;
}

/** A detail in English: its template filled, nested details first. */
export function changeDetailText(detail: ChangeDetail): string {
  const template = CHANGE_DETAILS[changeDetailKey(detail, ENGLISH) as keyof typeof CHANGE_DETAILS];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = detail.values[name];
    if (value === undefined) return whole;
    if (typeof value === 'object') return 'english' in value ? value.english : changeDetailText(value);
    return String(value);
  });
}

/** A count of things: `{count} packet` or `{count} packets`, the form chosen by each page's language. */
export function countDetail(count: number, thing: 'packet' | 'fixture' | 'generated-packet'): ChangeDetail {
  return { id: `count.${thing}`, count, values: { count } };
}

/** One classified change: its rule, the rule's class, what it is about and what happened. */
export interface ClassifiedChange {
  rule: ChangeRule;
  class: ChangeClass;
  /** What changed: a schema and JSON Pointer (`uai.agent.ack.v1#/rejection_reason`), an id, a file or a page. */
  subject: string;
  /** What happened, in English. */
  detail: string;
  /** The same as data, for a page to write in its own language. */
  text?: ChangeDetail;
}

export function change(rule: ChangeRule, subject: string, text: ChangeDetail): ClassifiedChange {
  return { rule, class: CHANGE_RULES[rule].class, subject, detail: changeDetailText(text), text };
}

/** The change classification's English strings for the catalog: each rule's meaning and each detail. */
export function changeCatalogStrings(): [string, string][] {
  return [
    ...changeRuleRows().map((row): [string, string] => [`change.rule.${row.rule}`, row.meaning]),
    ...Object.entries(CHANGE_DETAILS).map(([id, template]): [string, string] => [`change.detail.${id}`, template]),
  ];
}

/** The rule table as rows, in the table's order. */
export function changeRuleRows(): { rule: ChangeRule; class: ChangeClass; meaning: string }[] {
  return (Object.keys(CHANGE_RULES) as ChangeRule[]).map((rule) => ({ rule, ...CHANGE_RULES[rule] }));
}

/** The rule table as Markdown, for docs/editions.md's generated block. */
export function changeRuleTable(): string {
  const rows = changeRuleRows().map(
    (row) => `| \`${row.rule}\` | ${row.class} | ${row.meaning.replace(/\|/g, '\\|')} |`,
  );
  return ['| rule | class | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}
