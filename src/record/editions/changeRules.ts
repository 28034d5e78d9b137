/**
 * The rules that classify what changed between two editions, like oasdiff's checks: each rule has
 * an id, one class and what it means. A change that would make a packet or route record valid in
 * the previous edition invalid now (or an implementation that followed the previous edition wrong)
 * is breaking; one that only accepts more or adds is non-breaking; one that changes words but no
 * verdict, level or code is editorial. The table is published on the editions page and in
 * docs/editions.md (generated from this list).
 */

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

/** One classified change: its rule, the rule's class, what it is about and what happened. */
export interface ClassifiedChange {
  rule: ChangeRule;
  class: ChangeClass;
  /** What changed: a schema and JSON Pointer (`uai.agent.ack.v1#/rejection_reason`), an id, a file or a page. */
  subject: string;
  detail: string;
}

export function change(rule: ChangeRule, subject: string, detail: string): ClassifiedChange {
  return { rule, class: CHANGE_RULES[rule].class, subject, detail };
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
