/**
 * English changed after its translations were made, in one throw-away copy with one real build (the
 * three plants touch different files and different pages, so each one's effect is asserted alone):
 * - Issue 3: translation status is tracked from the source digest each translation records. The
 *   shared profile sections and a guide changed in English make their translations stale: the
 *   translation-status page says so and the translated pages show the stale notice.
 * - Issue 40, parts 2 and 4: one English changelog entry reworded after its translations were made
 *   shows in English under the pending notice on the French changelog page, the French edition page
 *   and the French Atom feed, while the other entries stay translated, and the build reports it as
 *   pending without failing; the glossary page exists in every locale and lists every concept of
 *   that locale's glossary file.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyRepository, removeCopy, runBuild, type BuildRun } from './_support/tempRepo.ts';
import { decodeHTML } from 'entities';
import { escapeHtml } from '../../src/record/content/escapeHtml.ts';

/** The changelog entry whose English changes: the record's first edition, released, in every feed. */
const EDITION = '2026-12-01';
const ADDED = 'A fact added to the English entry after its translations were made.';

let copy: string;
let built: BuildRun;

before(() => {
  copy = copyRepository();
  // The shared profile sections and a guide: their translations become stale.
  const common = join(copy, 'content/registry-common/en-us.json');
  const data = JSON.parse(readFileSync(common, 'utf8'));
  data.redaction = `${data.redaction} Redact before publication.`;
  writeFileSync(common, `${JSON.stringify(data, null, 2)}\n`);
  const guide = join(copy, 'content/guides/en-us/swarm-failure-and-recovery.md');
  writeFileSync(
    guide,
    `${readFileSync(guide, 'utf8')}\nA sentence added to the English source after the translations.\n`,
  );
  // A released changelog entry: its translations become pending.
  const file = join(copy, 'content/changelog/en-us.json');
  const changelog = JSON.parse(readFileSync(file, 'utf8')) as { entries: { edition: string; changes: string[] }[] };
  const entry = changelog.entries.find((item) => item.edition === EDITION);
  assert.ok(entry, `the English changelog has an entry for ${EDITION}`);
  entry.changes.push(ADDED);
  writeFileSync(file, `${JSON.stringify(changelog, null, 2)}\n`);
  built = runBuild(copy);
});

after(() => {
  if (copy) removeCopy(copy);
});

const read = (path: string) => readFileSync(join(copy, 'dist', path), 'utf8');
const page = (url: string) => readFileSync(join(copy, 'dist', url, 'index.html'), 'utf8');
const json = (path: string) => JSON.parse(readFileSync(join(copy, path), 'utf8'));

test('the build succeeds with stale translations (they are reported, not errors)', () => {
  assert.equal(built.status, 0, `build failed:\n${built.stderr}`);
});

test('translated pages whose English source changed show the stale notice; others do not', () => {
  for (const locale of ['es-us', 'fr-fr']) {
    assert.match(page(`/${locale}/guides/swarm-failure-and-recovery/`), /banner-stale/, `${locale} guide`);
    assert.match(
      page(`/${locale}/registry/uai-agent-ack-v1/`),
      /banner-stale/,
      `${locale} profile page (shared sections changed)`,
    );
    assert.doesNotMatch(page(`/${locale}/about/`), /banner-stale/, `${locale} about page is unchanged`);
  }
  assert.doesNotMatch(
    page('/en-us/guides/swarm-failure-and-recovery/'),
    /banner-stale/,
    'the English source is never stale',
  );
});

test('the translation-status page counts the stale pages per section and lists the guide and the shared sections as stale', () => {
  // Without the line-break points and no-break spans the page puts into code in tables
  // (`content/<wbr><span class="nobr">registry-common/</span>…`).
  const html = page('/en-us/governance/translation-status/')
    .replaceAll('<wbr>', '')
    .replace(/<span class="nobr">([^<]*)<\/span>/g, '$1');
  const row = (needle: string) => {
    assert.ok(html.includes(needle), `the page has ${needle}`);
    return html.slice(html.indexOf(needle), html.indexOf('</tr>', html.indexOf(needle)));
  };
  const guides = row('<th scope="row"><a href="/en-us/guides/">');
  assert.match(
    guides,
    /state-stale">stale \(1\)[\s\S]*state-stale">stale \(1\)/,
    'guides section: one stale page in es-us and one in fr-fr',
  );
  assert.doesNotMatch(row('<th scope="row"><a href="/en-us/about/">'), /state-stale/, 'about section: nothing stale');
  assert.match(
    row('<a href="/en-us/guides/swarm-failure-and-recovery/" lang="en-US" translate="no">'),
    /state-stale[\s\S]*state-stale/,
    'stale list: the guide, stale in es-us and fr-fr',
  );
  assert.match(
    row('content/registry-common/en-us.json'),
    /state-stale[\s\S]*state-stale/,
    'shared sections: es-us and fr-fr stale',
  );
  assert.doesNotMatch(row('content/client-ladder/en-us.json'), /state-stale/, 'the ladder rows did not change');
});

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
