import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPageMirror, readMirrorMarkdown, withMirrorPointer } from '../../../src/record/pages/pageMirror.ts';
import { ProblemListError } from '../../../src/uai/problem.ts';

const html = `<!doctype html><html lang="fr-FR"><head><title>T</title>
<meta name="description" content="Desc">
<link rel="canonical" href="https://uaix.org/fr-fr/x/">
<link rel="alternate" hreflang="fr-FR" href="https://uaix.org/fr-fr/x/">
<meta name="uaix:record-code" content="UAIX-DOC-0001"><meta name="uaix:locale" content="fr-fr">
<meta name="uaix:content-locale" content="fr-fr"><meta name="uaix:translation-state" content="translated">
</head><body><nav><a href="/nav-only/">nav</a></nav><main><h1>Titre</h1><nav class="toc"><a href="#a">toc</a></nav>
<h2 id="a">Section A</h2><p>Texte <a href="/fr-fr/y/">lien</a>.</p>
<figure data-uaix-code="fixture" data-uaix-ref="/examples/uai-1/g/n.json"><pre><code>{"a":1}</code></pre></figure>
<a href="/schemas/uai-1/envelope.schema.json" data-uaix-schema="/schemas/uai-1/envelope.schema.json">schema</a>
<table><thead><tr><th>k</th><th>v</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>
</main></body></html>`;

test('the JSON mirror reads the page: record code, headings, links, fixtures, schemas, without navigation', () => {
  const { json } = buildPageMirror(html, '/fr-fr/x/');
  assert.equal(json.record_code, 'UAIX-DOC-0001');
  assert.equal(json.title, 'Titre');
  assert.equal(json.fallback, false);
  assert.deepEqual(json.alternates, [{ hreflang: 'fr-FR', href: 'https://uaix.org/fr-fr/x/' }]);
  assert.deepEqual(
    json.headings.map((heading) => [heading.level, heading.id, heading.text]),
    [
      [1, null, 'Titre'],
      [2, 'a', 'Section A'],
    ],
  );
  assert.deepEqual(
    json.links.map((link) => link.href),
    ['/fr-fr/y/', '/schemas/uai-1/envelope.schema.json'],
  );
  assert.deepEqual(json.fixtures, ['/examples/uai-1/g/n.json']);
  assert.deepEqual(json.schemas, ['/schemas/uai-1/envelope.schema.json']);
  assert.ok(!json.text.includes('toc') && !json.text.includes('nav'), 'navigation is not part of the text');
});

test('the Markdown mirror has frontmatter, the llms.txt pointer first, then the content with a table', () => {
  const { markdown } = buildPageMirror(html, '/fr-fr/x/');
  const [, frontmatter, rest] = markdown.split(/^---$/m);
  assert.match(frontmatter, /title: "Titre"\nrecord_code: |title: "Titre"/);
  assert.match(frontmatter, /record_code: UAIX-DOC-0001/);
  assert.match(rest.trimStart(), /^> .*https:\/\/uaix\.org\/llms\.txt/);
  assert.match(rest, /## Section A/);
  assert.match(rest, /\| k \| v \|/);
});

test("the pointer line in the page's language (the catalog's template), and a mirror with it reads back the same", () => {
  const { markdown } = buildPageMirror(html, '/fr-fr/x/');
  const french = withMirrorPointer(markdown, 'Index du recueil public des normes UAIX\u00a0: {url}');
  assert.match(french, /\n---\n> Index du recueil public des normes UAIX\u00a0: https:\/\/uaix\.org\/llms\.txt\n\n/);
  assert.doesNotMatch(french, /Index of the UAIX/);
  assert.deepEqual(readMirrorMarkdown(french), readMirrorMarkdown(markdown));
  assert.ok(readMirrorMarkdown(markdown)?.body.includes('## Section A'));
});

test('a page without <main> is a problem naming the page as its file', () => {
  const thrown = (() => {
    try {
      buildPageMirror('<html><body><p>x</p></body></html>', '/en-us/z/');
    } catch (error) {
      return error;
    }
  })();
  assert.ok(thrown instanceof ProblemListError);
  assert.deepEqual(thrown.problems, [
    { file: '/en-us/z/', message: 'the page has no <main> element', rule: 'page-mirror' },
  ]);
});

test('a word diff keeps its words ([删除：…]) and drops the strikethrough, so no Han character becomes a &#x…; reference', () => {
  const page = html.replace(
    '<p>Texte <a href="/fr-fr/y/">lien</a>.</p>',
    '<p class="word-diff">信任和<del><span class="visually-hidden">[删除：</span>来源<span class="visually-hidden">]</span></del><ins><span class="visually-hidden">[新增：</span>出处<span class="visually-hidden">]</span></ins>方面</p><p>plain <del>gone</del></p>',
  );
  const { markdown } = buildPageMirror(page, '/fr-fr/x/');
  assert.ok(markdown.includes('信任和\\[删除：来源]\\[新增：出处]方面'), markdown);
  assert.doesNotMatch(markdown, /&#x/);
  // A <del> that does not say what it is keeps GFM's strikethrough.
  assert.ok(markdown.includes('plain ~~gone~~'), markdown);
});
