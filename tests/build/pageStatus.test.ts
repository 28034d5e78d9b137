/**
 * Issue 39 part 4, each page's status is its own: in one copy, one build, a wording change planted
 * in one normative page (the English Agent Fallbacks) and in one guide. Only the fallbacks page says
 * "Draft: changed since <edition>", in English and in each translation whose English source changed
 * (es-us, fr-fr, zh-cn; es-es shows es-us's text), each linking to its text as released, which
 * dist/ serves; every other normative page in every locale still says "Published in edition
 * <edition>"; the changed guide, like every page editions do not freeze, says it is informative;
 * the editions page of every locale and the manifest list exactly the fallbacks pages as pending, and
 * no machine file.
 * Then, in the same copy, a second build with a shared interface string reworded (one every English
 * normative page's Markdown shows): no page's own file changed, so each says "Published", and the
 * build refuses to publish that claim, one line per English frozen page whose text the string changed.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  assertFailedClearly,
  buildWithChanges,
  copyRepository,
  lineNaming,
  removeCopy,
  type BuildRun,
} from './_support/tempRepo.ts';
import { readCommittedEditions } from '../../src/record/editions/node/editionFiles.ts';
import { isNormativePage, PAGE_PATHS } from '../../src/record/pages/pagePaths.ts';
import { LOCALES } from '../../src/record/model/locales.ts';
import { REPO, walkFiles } from './_support/site.ts';
import { pageStatusStrip, uiString } from '../support/pageStatusStrip.ts';

const LATEST = readCommittedEditions(REPO).editions.at(-1)!.folder;
const CHANGED = PAGE_PATHS.agentFallbacks;
const GUIDE = PAGE_PATHS.projectHandoff;
/** The locales whose fallbacks page is frozen (its own text), and the locale whose text each page shows. */
const FROZEN_LOCALES = ['en-us', 'es-us', 'fr-fr', 'zh-cn'];
const SHOWN_LOCALE: Record<string, string> = { 'es-es': 'es-us' };

let copy: string;
let run: BuildRun;

before(() => {
  copy = copyRepository();
  run = buildWithChanges(copy, {
    [`content/pages/en-us/${CHANGED}.md`]: (text) =>
      text.replace('without guessing hidden credentials', 'without guessing any hidden credentials'),
    [`content/guides/en-us/${GUIDE.slice('guides/'.length)}.md`]: (text) =>
      `${text}\nA sentence added to the guide after the latest edition.\n`,
  });
});

after(() => {
  if (copy) removeCopy(copy);
});

const output = () => `--- stderr\n${run.stderr}\n--- stdout (tail)\n${run.stdout.slice(-2000)}`;
const dist = (path: string) => join(copy, 'dist', path);
const html = (locale: string, path: string) =>
  readFileSync(dist(`${locale}/${path ? `${path}/` : ''}index.html`), 'utf8');
const mirror = (locale: string, path: string) =>
  JSON.parse(readFileSync(dist(`${locale}/${path ? `${path}/` : ''}index.json`), 'utf8')) as {
    edition: { state: string; label: string; released_text: string | null };
  };

test('the build succeeds with one normative page and one guide reworded', () => {
  assert.equal(run.status, 0, output());
});

test('only the reworded page, in English and in its translations, says Draft, linking to its released text', () => {
  for (const locale of LOCALES.map((entry) => entry.code)) {
    const strip = pageStatusStrip(html(locale, CHANGED), locale, copy);
    const shown = SHOWN_LOCALE[locale] ?? locale;
    const released = `/editions/${LATEST}/pages/${shown}/${CHANGED}.md`;
    assert.equal(
      strip.text,
      `${uiString(copy, locale, 'edition.page_changed', { id: LATEST })} (${uiString(copy, locale, 'edition.page_released_text')})`,
      locale,
    );
    assert.ok(strip.links.includes(released), `${locale}: the strip links to ${released}: ${strip.links.join(', ')}`);
    assert.ok(existsSync(dist(released.slice(1))), `${released} is served from dist/`);
    const json = mirror(locale, CHANGED).edition;
    assert.equal(json.state, 'changed', locale);
    assert.equal(json.label, `draft: changed since ${LATEST}`);
    assert.equal(json.released_text, `https://uaix.org${released}`);
  }
  assert.ok(FROZEN_LOCALES.every((locale) => existsSync(dist(`editions/${LATEST}/pages/${locale}/${CHANGED}.md`))));
});

test('every other page keeps its status: normative pages published in the latest edition, the rest informative', () => {
  const problems: string[] = [];
  let published = 0;
  for (const file of walkFiles(join(copy, 'dist'))) {
    const match = /dist\/([a-z]{2}-[a-z]{2})\/(?:(.*)\/)?index\.html$/.exec(file.split('\\').join('/'));
    if (!match) continue;
    const [, locale, path = ''] = match;
    if (path.startsWith('pagefind') || path === CHANGED) continue;
    const strip = pageStatusStrip(readFileSync(file, 'utf8'), locale, copy);
    const expected = isNormativePage(path)
      ? uiString(copy, locale, 'edition.page_published', { id: LATEST })
      : uiString(copy, locale, 'edition.page_informative');
    if (strip.text !== expected) problems.push(`/${locale}/${path}: "${strip.text}", expected "${expected}"`);
    if (isNormativePage(path)) published++;
  }
  assert.deepEqual(problems, []);
  assert.equal(published, 5 * 10, 'every normative page but the reworded one, in five locales');
  assert.equal(mirror('en-us', GUIDE).edition.state, 'informative', 'the reworded guide is not in any edition');
});

test('the editions page of every locale lists the reworded pages as pending, by page, and no machine file', () => {
  for (const locale of LOCALES.map((entry) => entry.code)) {
    const page = html(locale, PAGE_PATHS.editions);
    const pending = [...page.matchAll(/data-pending-page="([^"]+)"/g)].map((found) => found[1]);
    assert.deepEqual(
      pending,
      FROZEN_LOCALES.map((frozen) => `${frozen}/${CHANGED}`),
      locale,
    );
    assert.doesNotMatch(page, /data-pending-file=/, `${locale}: no machine file is pending`);
    assert.ok(page.includes(uiString(copy, locale, 'edition.pending_title', { id: LATEST })), locale);
  }
  const manifest = JSON.parse(readFileSync(dist('.well-known/uaix.json'), 'utf8'));
  assert.equal(manifest.edition.state, 'draft');
  assert.equal(manifest.edition.since, LATEST);
  assert.deepEqual(manifest.edition.pending, {
    pages: FROZEN_LOCALES.map((locale) => ({
      page: `https://uaix.org/${locale}/${CHANGED}/`,
      state: 'changed',
      released_text: `https://uaix.org/editions/${LATEST}/pages/${locale}/${CHANGED}.md`,
    })),
    files: { added: [], removed: [], changed: [] },
  });
});

test("a shared string that changes published pages' text fails the build, one line per page", () => {
  // The first build's dist/ goes first: a failed build must leave none.
  rmSync(dist(''), { recursive: true, force: true });
  const refused = buildWithChanges(copy, {
    'content/i18n/en-us.json': (text) =>
      text.replace(
        '"status.state_value": "Published, canonical public record"',
        '"status.state_value": "Published, the canonical public record"',
      ),
  });
  const english = [...readCommittedEditions(REPO).editions.at(-1)!.files.keys()].filter((file) =>
    file.startsWith('pages/en-us/'),
  );
  assertFailedClearly(
    refused,
    copy,
    english.map((file) => `editions/${LATEST}/${file}`),
  );
  for (const file of english)
    assert.match(
      lineNaming(refused, `editions/${LATEST}/${file}:`),
      new RegExp(
        `page says "Published in edition ${LATEST.replace('.', '\\.')}".*\\[editions\\]; release a new edition`,
      ),
    );
  assert.equal(english.length, 11, 'the English normative pages of the edition');
  assert.doesNotMatch(refused.stderr, /pages\/(es-us|fr-fr|zh-cn)\//, 'pages in other languages are their own');
});
