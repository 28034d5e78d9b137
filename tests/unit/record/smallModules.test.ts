import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inlineMarkdown, fillTemplate } from '../../../src/record/content/inlineText.ts';
import { escapeHtml } from '../../../src/record/content/escapeHtml.ts';
import { pageUrl } from '../../../src/record/model/locales.ts';
import { entryIdOf, routeOfEntry } from '../../../src/record/content/contentPaths.ts';
import { surfaceOf } from '../../../src/record/pages/surfaces.ts';
import { localizeFallbackLinks, bodySegments } from '../../../src/site/entries.ts';
import {
  arrayOf,
  matching,
  number,
  objectOf,
  recordOf,
  shapeProblem,
  string,
} from '../../../src/record/model/jsonShape.ts';

test('inline Markdown escapes HTML first, then renders code, strong and site links only', () => {
  assert.equal(inlineMarkdown('Use `a<b>` and **this**'), 'Use <code>a&lt;b&gt;</code> and <strong>this</strong>');
  assert.equal(inlineMarkdown('<script>x</script>'), '&lt;script&gt;x&lt;/script&gt;');
  assert.equal(
    inlineMarkdown('[r](/en-us/review/) [x](javascript:alert(1))'),
    '<a href="/en-us/review/">r</a> [x](javascript:alert(1))',
  );
  assert.equal(fillTemplate('{a} and {b} and {c}', { a: '1', b: '2' }), '1 and 2 and {c}');
  assert.equal(escapeHtml('"&'), '&quot;&amp;');
});

test('page URLs have a trailing slash', () => {
  assert.equal(pageUrl('fr-fr', ''), '/fr-fr/');
  assert.equal(pageUrl('fr-fr', 'guides/x'), '/fr-fr/guides/x/');
});

test('content files map to entry ids and routes', () => {
  assert.equal(entryIdOf('en-us/index.md'), 'en-us');
  assert.equal(entryIdOf('en-us/registry/index.md'), 'en-us/registry');
  assert.equal(entryIdOf('fr-fr/spec/agent-fallbacks.md'), 'fr-fr/spec/agent-fallbacks');
  assert.deepEqual(routeOfEntry('guides', 'es-us/swarm-failure-and-recovery'), {
    locale: 'es-us',
    path: 'guides/swarm-failure-and-recovery',
  });
  assert.deepEqual(routeOfEntry('registry', 'en-us/uai-agent-ack-v1'), {
    locale: 'en-us',
    path: 'registry/uai-agent-ack-v1',
  });
  assert.deepEqual(routeOfEntry('pages', 'en-us'), { locale: 'en-us', path: '' });
});

test('surfaces come from the first path segment', () => {
  assert.equal(surfaceOf(''), 'home');
  assert.equal(surfaceOf('spec/agent-fallbacks'), 'specification');
  assert.equal(surfaceOf('registry/uai-agent-ack-v1'), 'registry');
  assert.equal(surfaceOf('get-started'), 'guides');
  assert.equal(surfaceOf('roadmap'), 'about');
});

test('fallback bodies keep readers in their locale; markers split rendered HTML', () => {
  assert.equal(
    localizeFallbackLinks('<a href="/en-us/review/">r</a> <a href="/schemas/x">s</a>', 'en-us', 'zh-cn'),
    '<a href="/zh-cn/review/">r</a> <a href="/schemas/x">s</a>',
  );
  assert.equal(
    localizeFallbackLinks('<a href="/es-us/review/">r</a> <a href="/en-us/about/">a</a>', 'es-us', 'es-es'),
    '<a href="/es-es/review/">r</a> <a href="/en-us/about/">a</a>',
  );
  assert.equal(
    localizeFallbackLinks('<a href="/fr-fr/review/">r</a>', 'fr-fr', 'fr-fr'),
    '<a href="/fr-fr/review/">r</a>',
  );
  assert.deepEqual(bodySegments('a<!-- uaix:client-ladder -->b'), [
    { html: 'a' },
    { marker: 'client-ladder' },
    { html: 'b' },
  ]);
  assert.deepEqual(bodySegments('ab'), [{ html: 'ab' }]);
  assert.deepEqual(bodySegments('<!-- uaix:package-commands -->x<!-- uaix:client-ladder --><!-- uaix:other -->'), [
    { html: '' },
    { marker: 'package-commands' },
    { html: 'x' },
    { marker: 'client-ladder' },
    { html: '<!-- uaix:other -->' },
  ]);
});

test('JSON shapes name the first place that does not fit, as a JSON Pointer, and the rule', () => {
  const shape = objectOf({ runs: recordOf(arrayOf(objectOf({ line: number }))) }, { name: matching(/^[a-z]+$/) });
  assert.equal(shapeProblem(shape, { runs: { 'a/b~c': [{ line: 1 }] }, name: 'ok' }), undefined);
  assert.equal(shapeProblem(shape, null), '(root): must be an object');
  assert.equal(shapeProblem(shape, {}), '(root): must have the member "runs"');
  assert.equal(
    shapeProblem(shape, { runs: { 'a/b~c': [{ line: 1 }, { line: '2' }] } }),
    '/runs/a~1b~0c/1/line: must be a number',
  );
  assert.equal(shapeProblem(shape, { runs: { x: 'no' } }), '/runs/x: must be an array');
  assert.equal(shapeProblem(shape, { runs: {}, name: 'A' }), '/name: must match /^[a-z]+$/');
  assert.equal(shapeProblem(arrayOf(string), ['a', 7]), '/1: must be a string');
  assert.equal(shapeProblem(number, Number.NaN), '(root): must be a number');
});
