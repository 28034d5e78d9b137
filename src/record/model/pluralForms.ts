/**
 * Counts in a language's own grammar. A string that writes a count has one form per CLDR plural
 * category (`<base>.one`, `<base>.other`, …: the English source has `one` and `other`), and the form
 * is picked by the language's rule (`Intl.PluralRules`), never by English's: French uses `one` for 0
 * and 1, Chinese only `other`. The one place every caller picks a form.
 */

/** The categories CLDR names, as the last segment of a form's key. */
const CATEGORIES: ReadonlySet<string> = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/**
 * The counts the record writes are of its own fixtures and packets, far below a million; forms a
 * language uses only from there on (French and Spanish `many`: 1 000 000, 2 000 000…) are optional,
 * and `other` stands in when a catalog leaves them out.
 */
export const COUNT_BOUND = 1_000_000;

const rules = new Map<string, Intl.PluralRules>();

function rulesOf(lang: string): Intl.PluralRules {
  let rule = rules.get(lang);
  if (!rule) rules.set(lang, (rule = new Intl.PluralRules(lang)));
  return rule;
}

/** The plural category of a count in a language (`lang`, a BCP 47 tag). */
export function pluralCategory(lang: string, count: number): Intl.LDMLPluralRule {
  return rulesOf(lang).select(count);
}

/** The key of a count's form: `<base>.<category>`, the category by the language's rule. */
export function pluralKey(base: string, count: number, lang: string): string {
  return `${base}.${pluralCategory(lang, count)}`;
}

/** A form's key split into its base and category, or undefined when its last segment names no category. */
export function pluralParts(key: string): { base: string; category: string } | undefined {
  const dot = key.lastIndexOf('.');
  const category = key.slice(dot + 1);
  return dot > 0 && CATEGORIES.has(category) ? { base: key.slice(0, dot), category } : undefined;
}

/** Every category the language's rule has (for any number, fractions included). */
export function pluralCategories(lang: string): readonly string[] {
  return rulesOf(lang).resolvedOptions().pluralCategories;
}

const needed = new Map<string, readonly string[]>();

/**
 * The categories a catalog must give for counts below COUNT_BOUND: those the rule selects for them.
 * CLDR's integer conditions read i, i % 10, i % 100, i % 1000 and i % 100000 or i % 1000000 against
 * 0, so the integers below 2,000 and each multiple of 1,000 below the bound meet every one of them.
 */
export function neededPluralCategories(lang: string): readonly string[] {
  let categories = needed.get(lang);
  if (!categories) {
    const found = new Set<string>();
    for (let count = 0; count < 2000; count += 1) found.add(pluralCategory(lang, count));
    for (let count = 2000; count < COUNT_BOUND; count += 1000) found.add(pluralCategory(lang, count));
    categories = pluralCategories(lang).filter((category) => found.has(category));
    needed.set(lang, categories);
  }
  return categories;
}
