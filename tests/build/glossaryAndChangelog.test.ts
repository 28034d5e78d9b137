/**
 * Issue 40, parts 2 and 4, after a real build of one throw-away copy: one English changelog entry
 * reworded after its translations were made shows in English under the pending notice on the French
 * changelog page, the French edition page and the French Atom feed, while the other entries stay
 * translated, and the build reports it as pending without failing; the glossary page exists in every
 * locale and lists every concept of that locale's glossary file.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyRepository, removeCopy, runBuild, type BuildRun } from './_support/tempRepo.ts';
import { decodeHTML } from 'entities';
import { escapeHtml } from '../../src/record/content/escapeHtml.ts';

/** The entry whose English changes: the record's first edition, released, in every feed. */
const EDITION = '2026-12-01';
const ADDED = 'A fact added to the English entry after its translations were made.';

let copy: string;
let built: BuildRun;

before(() => {
  copy = copyRepository();
  const file = join(copy, 'content/changelog/en-us.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as { entries: { edition: string; changes: string[] }[] };
  const entry = data.entries.find((item) => item.edition === EDITION);
  assert.ok(entry, `the English changelog has an entry for ${EDITION}`);
  entry.changes.push(ADDED);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  built = runBuild(copy);
});

after(() => {
  if (copy) removeCopy(copy);
});

const read = (path: string) => readFileSync(join(copy, 'dist', path), 'utf8');
const json = (path: string) => JSON.parse(readFileSync(join(copy, path), 'utf8'));

/** The French text of each translated entry, by edition. */
const french = () =>
  new Map(
    (json('content/changelog/fr-fr.json') as { entries: { edition: string; title: string }[] }).entries.map((entry) => [
      entry.edition,
      entry.title,
    ]),
  );

test('the build succeeds and reports each pending entry translation with its file, pointer and rule', () => {
  assert.equal(built.status, 0, `build failed:\n${built.stderr}`);
  const output = `${built.stdout}\n${built.stderr}`;
  for (const locale of ['es-us', 'fr-fr', 'zh-cn']) {
    // The changed entry's place in this locale's file (newer editions come first).
    const { entries } = json(`content/changelog/${locale}.json`) as { entries: { edition: string }[] };
    const at = entries.findIndex((entry) => entry.edition === EDITION);
    assert.match(
      output,
      new RegExp(
        `content/changelog/${locale}\\.json /entries/${at}/source: the English entry changed after this translation.*\\[changelog-stale\\]`,
      ),
      locale,
    );
  }
});

test('the French changelog page shows the changed entry in English under the pending notice, the others in French', () => {
  const html = read('fr-fr/governance/changelog/index.html');
  const articles = html.split('<article').slice(1);
  const of = (edition: string) => {
    const found = articles.find((article) => article.includes(`id="changelog-${edition}"`));
    assert.ok(found, `an article for ${edition}`);
    return found.slice(0, found.indexOf('</article>'));
  };
  const changed = of(EDITION);
  assert.match(changed, /^ lang="en-US"/, 'the English entry is marked as English');
  assert.ok(changed.includes(ADDED), 'the English as it is now');
  assert.match(changed, /<div lang="fr-FR"><p class="banner banner-stale" role="note" data-catalog="pending">/);
  for (const [edition, title] of french())
    if (edition !== EDITION) {
      const current = of(edition);
      assert.ok(current.includes(escapeHtml(title)), `${edition} stays translated`);
      assert.ok(!current.includes('data-catalog="pending"'), `${edition} has no pending notice`);
    }
});

test('the French edition page shows its changelog entry in English under the same notice', () => {
  const html = read(`fr-fr/editions/${EDITION}/index.html`);
  assert.ok(html.includes(ADDED), 'the English entry');
  assert.ok(html.includes('data-catalog="pending"'), 'the pending notice');
  const later = read('fr-fr/editions/2026-12-04/index.html');
  assert.ok(later.includes(escapeHtml(french().get('2026-12-04')!)), 'a current translation is shown');
  assert.ok(!later.includes('data-catalog="pending"'));
});

test('the French feed shows the changed entry in English under the notice, the others translated', () => {
  const feed = read('fr-fr/governance/changelog/feed.xml');
  const notice = (json('content/i18n/fr-fr.json') as Record<string, string>)['catalog.pending'];
  const entries = feed.split('<entry>').slice(1);
  const of = (edition: string) => entries.find((entry) => entry.includes(`/fr-fr/editions/${edition}/</id>`))!;
  const changed = of(EDITION);
  assert.ok(changed.includes(ADDED), 'the English as it is now');
  assert.ok(changed.includes(`<p>${escapeHtml(notice)}</p><div lang="en-US">`), changed);
  for (const [edition, title] of french())
    if (edition !== EDITION) {
      assert.ok(of(edition).includes(escapeHtml(title)), `${edition} stays translated in the feed`);
      assert.ok(!of(edition).includes(escapeHtml(notice)), `${edition} has no notice`);
    }
  // changelog.json publishes no pending translation as one.
  const record = JSON.parse(read('changelog.json')) as { entries: { edition: string; translations: object }[] };
  assert.deepEqual(Object.keys(record.entries.find((entry) => entry.edition === EDITION)!.translations), []);
});

test('the glossary page exists in every locale and lists every concept of its glossary file', () => {
  const terms = (locale: string) =>
    (json(`content/glossary/${locale}.json`) as { terms: { term: string; use?: string }[] }).terms;
  const rowsOf = (locale: string) => {
    const html = read(`${locale}/governance/glossary/index.html`);
    return [...html.matchAll(/<th scope="row"[^>]*>([^<]*)<\/th>/g)].map((match) => decodeHTML(match[1]));
  };
  const english = terms('en-us').map((entry) => entry.term);
  assert.deepEqual(rowsOf('en-us').sort(), [...english].sort(), 'en-us: every concept');
  for (const locale of ['es-us', 'es-es', 'fr-fr', 'zh-cn']) {
    const own = terms(locale);
    assert.deepEqual(rowsOf(locale).sort(), own.map((entry) => entry.term).sort(), locale);
    const html = read(`${locale}/governance/glossary/index.html`);
    // Each rendering, but those written as code (`body`), which the page shows in <code>.
    const cells = new Set([...html.matchAll(/<td>([^<]*)<\/td>/g)].map((match) => decodeHTML(match[1])));
    for (const entry of own.filter((item) => !item.use!.includes('`')))
      assert.ok(cells.has(entry.use!), `${locale}: ${entry.use}`);
  }
});
