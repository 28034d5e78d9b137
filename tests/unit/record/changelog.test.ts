/** The changelog as data, over small fixtures: its rules, each locale's languages, changelog.json and the feed. */
import { readCommittedEditions } from '../../../src/record/editions/node/editionFiles.ts';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  changelogEntryDigest,
  changelogFeed,
  changelogLocaleOf,
  changelogPending,
  changelogProblems,
  changelogRecord,
  localizedEntries,
  type ChangelogFile,
} from '../../../src/record/editions/changelog.ts';
import { loadChangelog } from '../../../src/record/editions/node/changelogFiles.ts';
import { createAjv } from '../../../src/uai/schemaCompiler.ts';
import type { EditionIndex } from '../../../src/record/editions/editions.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

/** The problems as the terminal prints them. */
const changelogLines = (...args: Parameters<typeof changelogProblems>) => changelogProblems(...args).map(formatProblem);

const REPO = join(import.meta.dirname, '../../..');

const entry = (edition: string, title: string) => ({
  edition,
  title,
  summary: `Summary of ${edition}, see [the spec](/en-us/specification/uai-1/).`,
  changes: [`\`${edition}\` changed <b>this</b>.`],
});
const english: ChangelogFile = {
  locale: 'en-us',
  file: 'content/changelog/en-us.json',
  data: { entries: [entry('2026-12-03', 'Third'), entry('2026-12-02', 'Second'), entry('2026-12-01', 'First')] },
};
/** A translation of the English entry of `edition`, stamped with that entry's digest as it is now. */
const translated = (edition: string, title: string) => ({
  ...entry(edition, title),
  source: changelogEntryDigest(english.data.entries.find((item) => item.edition === edition) ?? entry(edition, '?')),
});
const french: ChangelogFile = {
  locale: 'fr-fr',
  file: 'content/changelog/fr-fr.json',
  data: { source_digest: `sha256:${'0'.repeat(64)}`, entries: [translated('2026-12-01', 'Première')] },
};
const index = (id: string, previous: string | null): EditionIndex => ({
  $schema: 'https://uaix.org/schemas/site/edition.schema.json',
  id,
  date: id,
  standard: 'UAI-1',
  standard_version: '1.0',
  previous,
  sources: {},
  files: {},
});
const editions = [index('2026-12-01', null), index('2026-12-02', '2026-12-01')];
const released = editions.map((edition) => edition.id);

test('entries name released editions, newest first; only the newest may name the next edition, a draft', () => {
  assert.deepEqual(changelogLines([english, french], released), []);
  const withEntries = (entries: ChangelogFile['data']['entries']): ChangelogFile => ({ ...english, data: { entries } });
  assert.deepEqual(changelogLines([withEntries([entry('2026-12-01', 'a'), entry('2026-12-02', 'b')])], released), [
    'content/changelog/en-us.json /entries/1/edition: "2026-12-02" is not older than the entry above; newest first [changelog]',
  ]);
  assert.deepEqual(
    changelogLines(
      [withEntries([entry('2026-12-02', 'a'), entry('2026-12-02', 'b'), entry('2026-12-01', 'c')])],
      released,
    ),
    [
      'content/changelog/en-us.json /entries/1/edition: "2026-12-02" has an entry above; one entry per edition [changelog]',
    ],
  );
  const [unknown] = changelogLines([withEntries([entry('2026-12-02', 'a'), entry('2026-11-30', 'b')])], released);
  assert.match(
    unknown,
    /^content\/changelog\/en-us\.json \/entries\/1\/edition: "2026-11-30" is not a released edition;/,
  );
  const [stale] = changelogLines([withEntries([entry('2026-11-30', 'a')])], released);
  assert.match(
    stale,
    /\/entries\/0\/edition: "2026-11-30" is not a released edition \(edition 2026-11-30 is not after/,
  );
});

test('a translated entry must be an English one, in the English order', () => {
  const wrong: ChangelogFile = {
    ...french,
    data: {
      entries: [
        translated('2026-12-01', 'Première'),
        translated('2026-12-02', 'Deuxième'),
        translated('2026-12-09', 'x'),
      ],
    },
  };
  assert.deepEqual(changelogLines([english, wrong], released), [
    'content/changelog/fr-fr.json /entries/1/edition: "2026-12-02" is out of the English order (content/changelog/en-us.json) [changelog]',
    'content/changelog/fr-fr.json /entries/2/edition: "2026-12-09" has no entry in content/changelog/en-us.json for its source digest to name; translate its entries [changelog]',
  ]);
  const unstamped: ChangelogFile = { ...french, data: { entries: [entry('2026-12-01', 'Première')] } };
  assert.deepEqual(changelogLines([english, unstamped], released), [
    'content/changelog/fr-fr.json /entries/0: no "source": the digest of the English entry it translates (npm run i18n:stamp -- content/changelog/fr-fr.json) [changelog]',
  ]);
  assert.deepEqual(changelogLines([french], released), [
    "content/changelog/en-us.json: missing; the changelog's English source [changelog]",
  ]);
});

test('each locale shows each entry in the nearest language that translates it', () => {
  const files = [english, french];
  assert.equal(changelogLocaleOf(files, 'fr-fr'), 'fr-fr');
  assert.equal(changelogLocaleOf(files, 'zh-cn'), 'en-us');
  const shown = localizedEntries(files, released, 'fr-fr');
  assert.deepEqual(
    shown.map((item) => [item.edition, item.locale, item.text.title, item.released]),
    [
      ['2026-12-03', 'en-us', 'Third', false],
      ['2026-12-02', 'en-us', 'Second', true],
      ['2026-12-01', 'fr-fr', 'Première', true],
    ],
  );
});

/** The record with the English entry of 2026-12-01 reworded after both French entries were translated. */
function reworded(): { files: ChangelogFile[]; french: ChangelogFile } {
  const translatedFrench: ChangelogFile = {
    ...french,
    data: { entries: [translated('2026-12-02', 'Deuxième'), translated('2026-12-01', 'Première')] },
  };
  const changed: ChangelogFile = {
    ...english,
    data: {
      entries: english.data.entries.map((item) =>
        item.edition === '2026-12-01' ? { ...item, changes: [...item.changes, 'One more fact.'] } : item,
      ),
    },
  };
  return { files: [changed, translatedFrench], french: translatedFrench };
}

test('a translated entry whose English entry changed since shows the English, pending; the others stay translated', () => {
  const { files, french: stamped } = reworded();
  assert.deepEqual(changelogPending([english, stamped]), [], 'stamped against the English as it was: current');
  const shown = localizedEntries(files, released, 'fr-fr');
  assert.deepEqual(
    shown.map((item) => [item.edition, item.locale, item.text.title, item.pending]),
    [
      ['2026-12-03', 'en-us', 'Third', false],
      ['2026-12-02', 'fr-fr', 'Deuxième', false],
      ['2026-12-01', 'en-us', 'First', true],
    ],
  );
  assert.deepEqual(shown[2].text.changes.at(-1), 'One more fact.', 'the English as it is now');
  // A warning naming the file, the pointer and the rule, never a failure of the build.
  assert.deepEqual(changelogPending(files).map(formatProblem), [
    'content/changelog/fr-fr.json /entries/1/source: the English entry changed after this translation: it shows in English until retranslated and restamped [changelog-stale]',
  ]);
  assert.deepEqual(changelogLines(files, released), []);
  // Only the digest decides: the entry's declarations and the order of its members are not its text.
  const declared = { ...english.data.entries[2], declares: [] };
  assert.equal(changelogEntryDigest(declared), changelogEntryDigest(english.data.entries[2]));
  const { changes, title, summary } = english.data.entries[2];
  assert.equal(changelogEntryDigest({ changes, title, summary }), changelogEntryDigest(english.data.entries[2]));
  // es-es reads the es-us file; English itself is never pending.
  assert.ok(localizedEntries(files, released, 'en-us').every((item) => !item.pending));
  // changelog.json publishes no pending translation as a translation.
  const record = changelogRecord(files, editions);
  assert.deepEqual(Object.keys(record.entries[1].translations), ['fr-fr']);
  assert.deepEqual(Object.keys(record.entries[2].translations), []);
});

test('changelog.json lists every entry with its records and translations, and follows its schema', () => {
  const record = changelogRecord([english, french], editions);
  const validate = createAjv().compile(
    JSON.parse(readFileSync(join(REPO, 'schemas/site/changelog.schema.json'), 'utf8')),
  );
  assert.ok(validate(record), JSON.stringify(validate.errors));
  assert.deepEqual(
    record.entries.map((item) => [item.edition, item.status, item.changes_record]),
    [
      ['2026-12-03', 'draft', null],
      ['2026-12-02', 'released', 'https://uaix.org/edition-changes/2026-12-02.json'],
      ['2026-12-01', 'released', null],
    ],
  );
  assert.equal(record.entries[2].translations['fr-fr'].title, 'Première');
  assert.deepEqual(Object.keys(record.feeds), ['en-us', 'fr-fr']);
});

const LICENSE = { id: 'Apache-2.0', name: 'Apache License 2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' };

test('the Atom feed has one entry per released edition, ids and dates from the editions, never the clock', () => {
  const labels = { feedTitle: 'Journal', breaking: 'incompatible', pending: 'En attente' };
  const feed = changelogFeed([english, french], editions, 'fr-fr', labels, LICENSE)!;
  assert.equal(changelogFeed([english, french], editions, 'fr-fr', labels, LICENSE), feed, 'deterministic');
  assert.match(
    feed,
    /^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom" xml:lang="fr-FR">/,
  );
  assert.match(
    feed,
    /<rights>Apache License 2\.0 \(Apache-2\.0\): https:\/\/www\.apache\.org\/licenses\/LICENSE-2\.0<\/rights>/,
  );
  assert.match(feed, /<id>https:\/\/uaix\.org\/fr-fr\/governance\/changelog\/feed\.xml<\/id>/);
  assert.match(feed, /<updated>2026-12-02T00:00:00\.000Z<\/updated>/);
  assert.equal((feed.match(/<entry>/g) ?? []).length, 2, 'the draft is not in the feed');
  assert.match(feed, /<id>https:\/\/uaix\.org\/fr-fr\/editions\/2026-12-01\/<\/id>/);
  assert.ok(!feed.includes('<b>this</b>'), 'the entry text is escaped, not HTML');
  assert.ok(feed.includes('https://uaix.org/en-us/specification/uai-1/'), 'links are absolute');
  assert.equal(changelogFeed([english], [], 'en-us', labels, LICENSE), undefined, 'no released edition, no feed');
  assert.ok(!feed.includes('[incompatible]'), 'no edition is classified: none is marked breaking');
});

test('the feed shows a pending entry in English under the locale’s notice, the current one translated', () => {
  const { files } = reworded();
  const labels = { feedTitle: 'Journal', breaking: 'incompatible', pending: 'Traduction en attente : l’anglais' };
  const feed = changelogFeed(files, editions, 'fr-fr', labels, LICENSE)!;
  const entries = feed.split('<entry>').slice(1);
  assert.equal(entries.length, 2);
  const [second, first] = entries;
  assert.ok(second.includes('Deuxième') && !second.includes(labels.pending), second);
  assert.ok(first.includes('<![CDATA[First]]>'), first);
  assert.ok(
    first.includes('<p>Traduction en attente : l’anglais</p><div lang="en-US"><p>Summary of 2026-12-01'),
    first,
  );
  assert.ok(first.includes('One more fact.'), first);
});

test('changelog.json carries each edition’s classified changes; the feed marks an edition with a breaking one', () => {
  const tightened = {
    rule: 'packet-tightened',
    class: 'breaking',
    subject: 'uai.agent.ack.v1#/body/rejection_reason',
    detail: '1 packet valid in 2026-12-01 now fails with UAI-SCHEMA-INVALID (fixtures examples/x.json)',
  } as const;
  const editorial = { rule: 'page-text-changed', class: 'editorial', subject: 'en-us/registry', detail: 'x' } as const;
  const classified = new Map([['2026-12-02', [tightened, editorial]]]);
  const record = changelogRecord([english, french], editions, classified);
  const validate = createAjv().compile(
    JSON.parse(readFileSync(join(REPO, 'schemas/site/changelog.schema.json'), 'utf8')),
  );
  assert.ok(validate(record), JSON.stringify(validate.errors));
  assert.deepEqual(
    record.entries.map((item) => item.classified_changes),
    [null, [tightened, editorial], null],
  );
  const feed = changelogFeed(
    [english, french],
    editions,
    'fr-fr',
    { feedTitle: 'Journal', breaking: 'incompatible', pending: 'En attente' },
    LICENSE,
    classified,
  )!;
  assert.ok(feed.includes('<title type="html"><![CDATA[Second [incompatible]]]></title>'), feed);
  const unmarked = new Map([['2026-12-02', [editorial]]]);
  assert.ok(
    !changelogFeed(
      [english],
      editions,
      'en-us',
      { feedTitle: 'Log', breaking: 'breaking', pending: 'Pending' },
      LICENSE,
      unmarked,
    )!.includes('[breaking]'),
  );
});

test("the loader names the file, the JSON Pointer and the rule of a bad entry, then the record's rules", () => {
  const roots: string[] = [];
  /** A repository root holding the schema and the given changelog files (the loader reads each root once). */
  const rootWith = (files: Record<string, unknown>) => {
    const root = mkdtempSync(join(tmpdir(), 'changelog-'));
    roots.push(root);
    mkdirSync(join(root, 'schemas/site'), { recursive: true });
    writeFileSync(
      join(root, 'schemas/site/changelog-entries.schema.json'),
      readFileSync(join(REPO, 'schemas/site/changelog-entries.schema.json')),
    );
    mkdirSync(join(root, 'content/changelog'), { recursive: true });
    for (const [locale, value] of Object.entries(files))
      writeFileSync(join(root, `content/changelog/${locale}.json`), JSON.stringify(value));
    return root;
  };
  try {
    const empty = rootWith({ 'en-us': { entries: [{ ...entry('2026-12-01', 'First'), changes: [] }] } });
    assert.deepEqual(loadChangelog(['2026-12-01'], empty).problems.map(formatProblem), [
      'content/changelog/en-us.json /entries/0/changes: must NOT have fewer than 1 items [/schemas/site/changelog-entries.schema.json]',
    ]);
    const untranslatable = rootWith({
      'en-us': { entries: [entry('2026-12-01', 'First')] },
      'fr-fr': { entries: [translated('2026-12-05', 'x')] },
    });
    const loaded = loadChangelog(['2026-12-01'], untranslatable);
    assert.deepEqual(loaded.problems.map(formatProblem), [
      'content/changelog/fr-fr.json /entries/0/edition: "2026-12-05" has no entry in content/changelog/en-us.json for its source digest to name; translate its entries [changelog]',
    ]);
    assert.deepEqual(loaded.pending, [], 'an entry without an English one fails; it is not pending');
    const stale = rootWith({
      'en-us': { entries: [entry('2026-12-01', 'First, reworded')] },
      'fr-fr': { entries: [translated('2026-12-01', 'Première')] },
    });
    const staleLoaded = loadChangelog(['2026-12-01'], stale);
    assert.deepEqual(staleLoaded.problems, []);
    assert.deepEqual(staleLoaded.pending.map(formatProblem), [
      'content/changelog/fr-fr.json /entries/0/source: the English entry changed after this translation: it shows in English until retranslated and restamped [changelog-stale]',
    ]);
  } finally {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  }
});

test("the record's own changelog is clean and has an entry for every released edition", () => {
  const ids = readCommittedEditions(REPO).editions.map((edition) => edition.folder);
  assert.ok(ids.length >= 2, 'the record has released editions');
  const loaded = loadChangelog(ids, REPO);
  assert.deepEqual(loaded.problems, []);
  assert.deepEqual(loaded.pending, [], 'every translated entry is stamped against the English as it is');
  const en = loaded.files.find((file) => file.locale === 'en-us')!;
  for (const id of ids)
    assert.ok(
      en.data.entries.some((item) => item.edition === id),
      id,
    );
});
