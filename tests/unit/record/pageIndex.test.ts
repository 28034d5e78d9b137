import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPageIndex, translationStateOf, type ContentEntry } from '../../../src/record/pages/pageIndex.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

const digest = (n: number) => `sha256:${String(n).repeat(64).slice(0, 64)}`;

function entry(
  locale: string,
  path: string,
  code: string,
  extra: Partial<ContentEntry['data']> = {},
  fileDigest = digest(1),
): ContentEntry {
  const collection = path.startsWith('guides/') ? 'guides' : 'pages';
  return {
    collection,
    locale,
    path,
    file: `content/${collection}/${locale}/${path || 'index'}.md`,
    fileDigest,
    data: { code, title: `${path || 'home'} (${locale})`, description: 'd', order: 0, ...extra },
  };
}

test('every English record gets a page in each of the five locales, with its state', () => {
  const index = buildPageIndex([
    entry('en-us', '', 'UAIX-ABOU-0001', {}, digest(1)),
    entry('es-us', '', 'UAIX-ABOU-0001', { source_digest: digest(1) }),
    entry('fr-fr', '', 'UAIX-ABOU-0001', { source_digest: digest(2) }),
  ]);
  assert.deepEqual(index.problems, []);
  const states = Object.fromEntries(index.variants('').map((page) => [page.locale, page.state]));
  assert.deepEqual(states, {
    'en-us': 'source',
    'es-us': 'translated',
    'fr-fr': 'stale',
    'es-es': 'fallback',
    'zh-cn': 'fallback',
  });
  const zh = index.byUrl.get('/zh-cn/')!;
  assert.equal(zh.entry.locale, 'en-us', 'a fallback page shows the English entry');
  assert.deepEqual(zh.translatedLocales, ['en-us', 'es-us', 'fr-fr'], 'stale translations are still translations');
});

test('a duplicate record code, a code that differs between locales, and an orphan translation are errors naming the files', () => {
  const index = buildPageIndex([
    entry('en-us', 'about', 'UAIX-ABOU-0002'),
    entry('en-us', 'roadmap', 'UAIX-ABOU-0002'),
    entry('es-us', 'about', 'UAIX-ABOU-0009', { source_digest: digest(1) }),
    entry('fr-fr', 'gone', 'UAIX-ABOU-0003', { source_digest: digest(1) }),
    entry('fr-fr', 'roadmap', 'UAIX-ABOU-0002'),
  ]);
  const text = index.problems.map(formatProblem).join('\n');
  assert.match(
    text,
    /content\/pages\/en-us\/roadmap\.md: record code UAIX-ABOU-0002 is already used by content\/pages\/en-us\/about\.md/,
  );
  assert.match(
    text,
    /content\/pages\/es-us\/about\.md: code UAIX-ABOU-0009 differs from the English record's UAIX-ABOU-0002/,
  );
  assert.match(text, /content\/pages\/fr-fr\/gone\.md: translation has no English source/);
  assert.match(text, /content\/pages\/fr-fr\/roadmap\.md: translation has no source_digest/);
  assert.equal(index.problems.length, 4);
});

test('translations in a locale that does not carry translated content are rejected', () => {
  const index = buildPageIndex([
    entry('en-us', 'about', 'UAIX-ABOU-0002'),
    entry('es-es', 'about', 'UAIX-ABOU-0002', { source_digest: digest(1) }),
  ]);
  assert.match(index.problems.map(formatProblem).join('\n'), /es-es does not carry translated content/);
});

test('malformed record codes are errors', () => {
  const index = buildPageIndex([entry('en-us', 'about', 'UAIX-ABOUT-2')]);
  assert.match(index.problems[0].message, /is not of the form UAIX-<KIND>-NNNN/);
});

test('translationStateOf: source, fallback, translated and stale from the recorded digest', () => {
  assert.equal(translationStateOf('en-us', digest(1), undefined), 'source');
  assert.equal(translationStateOf('es-us', digest(1), undefined), 'fallback');
  assert.equal(translationStateOf('es-us', digest(1), { source_digest: digest(1) }), 'translated');
  assert.equal(translationStateOf('es-us', digest(1), { source_digest: digest(2) }), 'stale');
  assert.equal(translationStateOf('es-us', digest(1), {}), 'stale');
});

test('two sources of one URL: a page beside a guide, a translation twice, a page at an edition page: one line each, naming both', () => {
  const guide = { ...entry('en-us', 'guides/x', 'UAIX-GUID-0001'), file: 'content/guides/en-us/x.md' };
  // Its own code: the guide's translations are then not compared with it (no second line for one fault).
  const pageAtGuide = { ...entry('en-us', 'guides/x', 'UAIX-DOC-0002'), file: 'content/pages/en-us/guides/x.md' };
  const translated = {
    ...entry('fr-fr', 'guides/x', 'UAIX-GUID-0001', { source_digest: digest(1) }),
    file: 'content/guides/fr-fr/x.md',
  };
  const translatedAgain = { ...translated, file: 'content/pages/fr-fr/guides/x.md' };
  const edition: ContentEntry = {
    ...entry('en-us', 'editions/2026-01', 'UAIX-EDIT-0001'),
    collection: 'editions',
    file: 'editions/2026-01/edition.json',
  };
  const pageAtEdition = entry('en-us', 'editions/2026-01', 'UAIX-ABOU-0003');
  const index = buildPageIndex([pageAtGuide, guide, translated, translatedAgain, pageAtEdition, edition]);
  assert.deepEqual(index.problems.map(formatProblem), [
    'content/pages/en-us/guides/x.md: publishes /en-us/guides/x/, and so does content/guides/en-us/x.md [one-source-per-url]; move or rename one of them: every URL has one source',
    'content/guides/fr-fr/x.md: publishes /fr-fr/guides/x/, and so does content/pages/fr-fr/guides/x.md [one-source-per-url]; move or rename one of them: every URL has one source',
    'content/pages/en-us/editions/2026-01.md: publishes /en-us/editions/2026-01/, and so does editions/2026-01/edition.json [one-source-per-url]; move or rename one of them: every URL has one source',
  ]);
  assert.equal(index.byUrl.get('/en-us/guides/x/')!.entry.file, 'content/pages/en-us/guides/x.md');
});
