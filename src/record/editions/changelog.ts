/**
 * The changelog as data: one entry per edition (content/changelog/<locale>.json, English the
 * source, translated like the other data files), shown on the changelog page and published as
 * `/changelog.json` and an Atom feed (RFC 4287, written by the `feed` library) per locale with a
 * changelog file. An entry names a released edition, or the next edition before it is released
 * (the one draft entry, newest first): drafts are shown as such and never enter a feed. Ids and
 * dates come from the editions, never from the clock.
 */
import { Feed } from 'feed';
import { SITE_ORIGIN, SOURCE_LOCALE, contentChain, localeOf, pageUrl } from '../model/locales.ts';
import type { RecordLicense } from '../model/recordConfig.ts';
import { inlineMarkdown } from '../content/inlineText.ts';
import { escapeHtml } from '../content/escapeHtml.ts';
import {
  EDITION_INDEX_FILE,
  compareEditionIds,
  editionDateOf,
  editionPageUrl,
  editionPath,
  nextEditionProblem,
  type EditionIndex,
} from './editions.ts';
import { editionChangesPath } from './editionChanges.ts';
import { PAGE_PATHS } from '../pages/pagePaths.ts';
import type { ClassifiedChange } from './changeRules.ts';
import { problemAtPointer, type Problem } from '../../uai/problem.ts';
import { canonicalize } from '../../uai/jcs.ts';
import { catalogDigest } from '../model/textCatalog.ts';

export const CHANGELOG_FOLDER = 'content/changelog';
export const CHANGELOG_SOURCE_SCHEMA_PATH = '/schemas/site/changelog-entries.schema.json';
export const CHANGELOG_SCHEMA_PATH = '/schemas/site/changelog.schema.json';
export const CHANGELOG_PATH = '/changelog.json';

/** The Atom feed of a locale's changelog, beside its page. */
export function changelogFeedPath(locale: string): string {
  return `${pageUrl(locale, PAGE_PATHS.changelog)}feed.xml`;
}

/** The text of one entry, in one language. */
export interface ChangelogText {
  title: string;
  summary: string;
  changes: string[];
}

const textOf = ({ title, summary, changes }: ChangelogText): ChangelogText => ({ title, summary, changes });

/** A breaking change the entry declares, so the edition may release it under the same standard version. */
export interface ChangeDeclaration {
  rule: string;
  subject: string;
  as: 'erratum';
  /** The requirement whose intent the erratum fixes. */
  requirement: string;
}

export interface ChangelogEntrySource extends ChangelogText {
  edition: string;
  /** In a translation: the digest of the English entry's text it translates (`changelogEntryDigest`). */
  source?: string;
  declares?: ChangeDeclaration[];
}

/** content/changelog/<locale>.json, as changelog-entries.schema.json declares it. */
export interface ChangelogFile {
  locale: string;
  file: string;
  data: { source_digest?: string; entries: ChangelogEntrySource[] };
}

/** The rule the changelog's problems break. */
const RULE = 'changelog';
/** The rule a translated entry whose English changed since is pending under (a warning, never a failure). */
export const CHANGELOG_STALE_RULE = 'changelog-stale';

/**
 * The digest a translated entry records of the English entry it translates: the catalog's digest
 * (textCatalog.ts) of the entry's text (title, summary, changes) as RFC 8785 canonical JSON, so a
 * change to any of the three makes the translation pending and nothing else (an edition's
 * declarations, key order, the file's layout) does.
 */
export function changelogEntryDigest(entry: ChangelogText): string {
  return catalogDigest(canonicalize(textOf(entry)));
}

/**
 * What the changelog files owe the editions and each other: English entries newest first, one per
 * edition, each a released edition or (the newest only) the next one, and no released edition
 * without one; every translated entry an English entry's, in the same order. One line each:
 * `<file> <JSON Pointer>: rule`.
 */
export function changelogProblems(files: readonly ChangelogFile[], released: readonly string[]): Problem[] {
  const english = files.find((file) => file.locale === SOURCE_LOCALE);
  if (!english)
    return [
      {
        file: `${CHANGELOG_FOLDER}/${SOURCE_LOCALE}.json`,
        message: "missing; the changelog's English source",
        rule: RULE,
      },
    ];
  const problems: Problem[] = [];
  const known = new Set(released);
  // Each edition's first place: a second entry for it is the duplicate.
  const order = new Map<string, number>();
  english.data.entries.forEach((entry, position) => order.set(entry.edition, order.get(entry.edition) ?? position));
  english.data.entries.forEach((entry, position) => {
    const at = (message: string) => problemAtPointer(english.file, `/entries/${position}/edition`, message, RULE);
    const before = english.data.entries[position - 1];
    if (order.get(entry.edition) !== position)
      problems.push(at(`${JSON.stringify(entry.edition)} has an entry above; one entry per edition`));
    else if (before && compareEditionIds(entry.edition, before.edition) >= 0)
      problems.push(at(`${JSON.stringify(entry.edition)} is not older than the entry above; newest first`));
    if (known.has(entry.edition)) return;
    const unreleased = nextEditionProblem(entry.edition, released);
    if (position > 0 || unreleased)
      problems.push(
        at(
          `${JSON.stringify(entry.edition)} is not a released edition${position > 0 ? '' : ` (${unreleased})`}; only the newest entry may name the next edition, as a draft`,
        ),
      );
  });
  for (const id of released)
    if (!order.has(id))
      problems.push(
        problemAtPointer(english.file, '/entries', `no entry for the released edition ${id}; each has one`, RULE),
      );
  problems.push(...releaseStateProblems(files));
  for (const file of files) {
    if (file === english) continue;
    let last = -1;
    file.data.entries.forEach((entry, position) => {
      const at = (message: string) => problemAtPointer(file.file, `/entries/${position}/edition`, message, RULE);
      const place = order.get(entry.edition);
      if (place === undefined)
        problems.push(
          at(
            `${JSON.stringify(entry.edition)} has no entry in ${english.file}${entry.source ? ' for its source digest to name' : ''}; translate its entries`,
          ),
        );
      else if (!entry.source)
        problems.push(
          problemAtPointer(
            file.file,
            `/entries/${position}`,
            `no "source": the digest of the English entry it translates (npm run i18n:stamp -- ${file.file})`,
            RULE,
          ),
        );
      else if (place <= last)
        problems.push(at(`${JSON.stringify(entry.edition)} is out of the English order (${english.file})`));
      else last = place;
    });
  }
  return problems;
}

/**
 * Words by which an entry's text would speak of its own release state. The state is the page's to
 * say (the changelog page and changelog.json mark a draft from the editions, and it changes when
 * the edition is released while the entry's text stays), so an entry's text never says it; these
 * phrases, in every locale the changelog is written in, are the safety net that catches a leftover.
 */
export const RELEASE_STATE_PHRASES: readonly string[] = [
  'not released yet',
  'not yet released',
  'unreleased',
  'yet to be released',
  'aún no publicada',
  'todavía no publicada',
  'sin publicar',
  'pas encore publiée',
  'pas encore publié',
  'non publiée',
  '尚未发布',
  '还未发布',
  '未发布',
];

/** Each entry text (title, summary, a change) of every changelog file that speaks of its own release state. */
export function releaseStateProblems(files: readonly ChangelogFile[]): Problem[] {
  const problems: Problem[] = [];
  for (const file of files)
    file.data.entries.forEach((entry, position) => {
      const texts: [string, string][] = [
        ['title', entry.title],
        ['summary', entry.summary],
        ...entry.changes.map((text, index): [string, string] => [`changes/${index}`, text]),
      ];
      for (const [pointer, text] of texts) {
        const lower = text.toLowerCase();
        const phrase = RELEASE_STATE_PHRASES.find((candidate) => lower.includes(candidate));
        if (phrase)
          problems.push(
            problemAtPointer(
              file.file,
              `/entries/${position}/${pointer}`,
              `says ${JSON.stringify(phrase)}: an entry's text does not speak of its own release state; the changelog page shows it from the editions`,
              RULE,
            ),
          );
      }
    });
  return problems;
}

/**
 * Each translated entry whose English entry changed after it was translated: pending, one warning
 * line each (file, the entry's `source` pointer, rule), shown in English until retranslated and
 * restamped. An entry of an edition English does not have is changelogProblems' failure, not this.
 */
export function changelogPending(files: readonly ChangelogFile[]): Problem[] {
  const english = files.find((file) => file.locale === SOURCE_LOCALE);
  if (!english) return [];
  const digestOf = new Map(english.data.entries.map((entry) => [entry.edition, changelogEntryDigest(entry)]));
  return files.flatMap((file) =>
    file === english
      ? []
      : file.data.entries.flatMap((entry, position) => {
          const current = digestOf.get(entry.edition);
          return current !== undefined && entry.source !== undefined && entry.source !== current
            ? [
                problemAtPointer(
                  file.file,
                  `/entries/${position}/source`,
                  'the English entry changed after this translation: it shows in English until retranslated and restamped',
                  CHANGELOG_STALE_RULE,
                ),
              ]
            : [];
        }),
  );
}

/** One entry as a locale shows it: its text (the locale's translation or, without a current one, the English). */
export interface LocalizedEntry {
  edition: string;
  date: string;
  released: boolean;
  /** The locale whose text it shows. */
  locale: string;
  text: ChangelogText;
  /** True when a translation exists but its English changed since: the English is shown, under the pending notice. */
  pending: boolean;
}

/** The translation of `entry` in `translation`, when it translates the English entry as it is now. */
function currentTranslation(
  entry: ChangelogEntrySource,
  translation: ChangelogEntrySource | undefined,
): ChangelogEntrySource | undefined {
  return translation?.source === changelogEntryDigest(entry) ? translation : undefined;
}

/** The data locale of a locale's changelog: the first along its fallback chain with a changelog file. */
export function changelogLocaleOf(files: readonly ChangelogFile[], locale: string): string {
  return contentChain(locale).find((code) => files.some((file) => file.locale === code)) ?? SOURCE_LOCALE;
}

/** The entries a locale shows, newest first, each in the nearest language that has it. */
export function localizedEntries(
  files: readonly ChangelogFile[],
  released: readonly string[],
  locale: string,
): LocalizedEntry[] {
  const english = files.find((file) => file.locale === SOURCE_LOCALE);
  if (!english) return [];
  const own = files.find((file) => file.locale === changelogLocaleOf(files, locale));
  const translated = new Map((own?.data.entries ?? []).map((entry) => [entry.edition, entry]));
  const isReleased = new Set(released);
  return english.data.entries.map((entry) => {
    const translation = currentTranslation(entry, translated.get(entry.edition));
    return {
      edition: entry.edition,
      date: editionDateOf(entry.edition),
      released: isReleased.has(entry.edition),
      locale: translation ? own!.locale : SOURCE_LOCALE,
      text: textOf(translation ?? entry),
      pending: !translation && own !== english && translated.has(entry.edition),
    };
  });
}

/** Whether an edition's classified changes hold a breaking one. */
export function hasBreakingChange(classified: ReadonlyMap<string, readonly ClassifiedChange[]>, id: string): boolean {
  return (classified.get(id) ?? []).some((change) => change.class === 'breaking');
}

/**
 * The `/changelog.json` record (changelog.schema.json): every entry, its edition's records, its
 * classified changes since the previous edition (null for the first and for drafts) and its translations.
 */
export function changelogRecord(
  files: readonly ChangelogFile[],
  editions: readonly EditionIndex[],
  classified: ReadonlyMap<string, readonly ClassifiedChange[]> = new Map(),
) {
  const byId = new Map(editions.map((edition) => [edition.id, edition]));
  const released = editions.map((edition) => edition.id);
  const english = localizedEntries(files, released, SOURCE_LOCALE);
  const entryByEdition = new Map(
    (files.find((file) => file.locale === SOURCE_LOCALE)?.data.entries ?? []).map((entry) => [entry.edition, entry]),
  );
  const translations = files
    .filter((file) => file.locale !== SOURCE_LOCALE)
    .map((file) => ({
      locale: file.locale,
      byEdition: new Map(file.data.entries.map((entry) => [entry.edition, entry])),
    }));
  const feedLocales = files.map((file) => file.locale).sort();
  return {
    $schema: `${SITE_ORIGIN}${CHANGELOG_SCHEMA_PATH}`,
    page: `${SITE_ORIGIN}${pageUrl(SOURCE_LOCALE, PAGE_PATHS.changelog)}`,
    feeds: Object.fromEntries(feedLocales.map((locale) => [locale, `${SITE_ORIGIN}${changelogFeedPath(locale)}`])),
    entries: english.map((entry) => {
      const edition = byId.get(entry.edition);
      return {
        edition: entry.edition,
        date: entry.date,
        status: entry.released ? ('released' as const) : ('draft' as const),
        standard_version: edition?.standard_version ?? null,
        previous: edition?.previous ?? null,
        page: edition ? `${SITE_ORIGIN}${editionPageUrl(SOURCE_LOCALE, edition.id)}` : null,
        index: edition ? `${SITE_ORIGIN}${editionPath(edition.id, EDITION_INDEX_FILE)}` : null,
        changes_record: edition?.previous ? `${SITE_ORIGIN}${editionChangesPath(edition.id)}` : null,
        // The record publishes each change's English detail; its template data is the pages' to translate.
        classified_changes:
          classified.get(entry.edition)?.map(({ rule, class: kind, subject, detail }) => ({
            rule,
            class: kind,
            subject,
            detail,
          })) ?? null,
        ...entry.text,
        // Only translations of the English as it is now: a pending one is not published as a translation.
        translations: Object.fromEntries(
          translations.flatMap(({ locale, byEdition }) => {
            const translated = currentTranslation(entryByEdition.get(entry.edition)!, byEdition.get(entry.edition));
            return translated ? [[locale, textOf(translated)]] : [];
          }),
        ),
      };
    }),
  };
}

/** Inline Markdown as HTML for a feed: escaped, with the record's root-relative links made absolute. */
function feedHtml(markdown: string): string {
  return inlineMarkdown(markdown).replace(/href="\//g, `href="${SITE_ORIGIN}/`);
}

/**
 * An entry's content in a feed: its summary and changes; a pending one (the English shown for a
 * translation whose English changed since) under the locale's pending notice, its English marked as such.
 */
function feedEntryContent(entry: LocalizedEntry, pendingNotice: string): string {
  const text = `<p>${feedHtml(entry.text.summary)}</p><ul>${entry.text.changes.map((change) => `<li>${feedHtml(change)}</li>`).join('')}</ul>`;
  return entry.pending
    ? `<p>${escapeHtml(pendingNotice)}</p><div lang="${localeOf(SOURCE_LOCALE).lang}">${text}</div>`
    : text;
}

/**
 * The Atom feed of a locale's changelog: one entry per released edition, newest first, its id the
 * edition page's URL in that locale and its `updated` the edition's date, its title marked with
 * the locale's word for "breaking" when the edition has a breaking change; the feed's `updated` is
 * the newest edition's date (a record with no released edition has no feed).
 */
export function changelogFeed(
  files: readonly ChangelogFile[],
  editions: readonly EditionIndex[],
  locale: string,
  labels: { feedTitle: string; breaking: string; pending: string },
  license: RecordLicense,
  classified: ReadonlyMap<string, readonly ClassifiedChange[]> = new Map(),
): string | undefined {
  const { feedTitle } = labels;
  const released = editions.map((edition) => edition.id);
  const entries = localizedEntries(files, released, locale).filter((entry) => entry.released);
  if (!entries.length) return undefined;
  const instant = (date: string) => new Date(`${date}T00:00:00Z`);
  const feed = new Feed({
    id: `${SITE_ORIGIN}${changelogFeedPath(locale)}`,
    title: feedTitle,
    link: `${SITE_ORIGIN}${pageUrl(locale, PAGE_PATHS.changelog)}`,
    language: locale,
    updated: instant(entries[0].date),
    generator: false,
    feedLinks: { atom: `${SITE_ORIGIN}${changelogFeedPath(locale)}` },
    author: { name: 'UAIX public standards record', link: SITE_ORIGIN },
    // Atom's <rights> states the licence the entries are published under (RFC 4287, 4.2.10).
    copyright: `${license.name} (${license.id}): ${license.url}`,
  });
  for (const entry of entries) {
    const link = `${SITE_ORIGIN}${editionPageUrl(locale, entry.edition)}`;
    feed.addItem({
      // The feed types the title as HTML (in CDATA, which xml-js ends at the first `]]>` only): escaped,
      // it is text, and holds no `>` to end the CDATA.
      // An edition with a breaking change says so in its title, where a feed reader shows it first.
      title: escapeHtml(
        hasBreakingChange(classified, entry.edition) ? `${entry.text.title} [${labels.breaking}]` : entry.text.title,
      ),
      id: link,
      link,
      date: instant(entry.date),
      description: feedHtml(entry.text.summary),
      content: feedEntryContent(entry, labels.pending),
    });
  }
  // The feed package writes no xml:lang (RFC 4287, 2): the language of the feed's text is the locale's.
  const atom = feed.atom1();
  const root = '<feed xmlns="http://www.w3.org/2005/Atom">';
  if (!atom.includes(root)) throw new Error(`changelog feed ${locale}: the feed package wrote no ${root}`);
  return atom.replace(root, `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${localeOf(locale).lang}">`);
}
