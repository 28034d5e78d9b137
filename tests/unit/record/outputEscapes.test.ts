/**
 * Issue 37 part 2: one escaping function per output format, each over the markup payloads, read
 * back with that format's own parser: no element, attribute or raw HTML node comes from a payload,
 * and the text reads back as it was written.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fromHtml } from 'hast-util-from-html';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString } from 'mdast-util-to-string';
import type { Nodes as MdastNodes } from 'mdast';
import { MARKDOWN_OPTIONS } from '../../../src/record/content/proseText.ts';
import { escapeHtml } from '../../../src/record/content/escapeHtml.ts';
import { escapeMarkdownText } from '../../../src/record/model/markdownText.ts';
import { scriptJson } from '../../../src/record/model/scriptJson.ts';
import { jsonLdText } from '../../../src/record/machine/structuredData.ts';
import { parseLlmsTxt, renderLlmsTxt } from '../../../src/record/machine/llmsTxt.ts';
import { buildPageMirror } from '../../../src/record/pages/pageMirror.ts';
import { elementsOf, markdownMarkup, readXml } from '../../support/markupReaders.ts';
import { changelogFeed, type ChangelogFile } from '../../../src/record/editions/changelog.ts';
import type { EditionIndex } from '../../../src/record/editions/editions.ts';

export const MARKUP_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "'><svg onload=alert(1)>",
  ']]>',
  'a]]>b]]><script>alert(2)</script>',
  '</script><script>alert(3)</script>',
  '<!-- x --><b>y</b>&amp;&lt;',
  '[a](javascript:x)',
  '![i](javascript:y) <javascript:z> \\<p>',
  'line\u2028break\u2029end',
  'two\nlines\r\nand <i>more</i>',
];

test('HTML: escapeHtml keeps every payload text, in element content and in a double-quoted attribute', () => {
  for (const payload of MARKUP_PAYLOADS) {
    const tree = fromHtml(`<p title="${escapeHtml(payload)}">${escapeHtml(payload)}</p>`, { fragment: true });
    const elements = elementsOf(tree);
    assert.deepEqual(
      elements.map((element) => element.tagName),
      ['p'],
      payload,
    );
    assert.deepEqual(Object.keys(elements[0].properties), ['title'], payload);
    // HTML reads CR LF as LF, in attributes and text alike.
    assert.equal(elements[0].properties.title, payload.replace(/\r\n?/g, '\n'));
    assert.equal((elements[0].children[0] as { value: string }).value, payload.replace(/\r\n?/g, '\n'));
  }
});

test('Markdown: escapeMarkdownText leaves no raw HTML, link or image, and reads back as the text', () => {
  for (const payload of MARKUP_PAYLOADS) {
    const escaped = escapeMarkdownText(payload);
    assert.ok(!/[\r\n]/.test(escaped), 'one line');
    const tree = fromMarkdown(escaped, MARKDOWN_OPTIONS);
    assert.deepEqual(markdownMarkup(escaped).html, [], payload);
    const kinds = new Set<string>();
    const visit = (node: MdastNodes): void => {
      kinds.add(node.type);
      if ('children' in node) for (const child of node.children) visit(child as MdastNodes);
    };
    visit(tree);
    for (const kind of ['link', 'image', 'html', 'linkReference', 'definition'])
      assert.ok(!kinds.has(kind), `${payload}: ${kind}`);
    assert.equal(toString(tree), payload.replace(/\r\n?|\n/g, ' '), payload);
  }
});

test('llms.txt: a title and note with markup are one entry each, and no raw HTML in the file', () => {
  const text = renderLlmsTxt('# T\n\n> S\n', [
    {
      name: 'S',
      links: MARKUP_PAYLOADS.map((payload) => ({ title: payload, url: 'https://uaix.org/a.md', note: payload })),
    },
  ]);
  assert.deepEqual(
    markdownMarkup(text).urls,
    MARKUP_PAYLOADS.map(() => 'https://uaix.org/a.md'),
  );
  const [section] = parseLlmsTxt(text).sections;
  assert.equal(section.links.length, MARKUP_PAYLOADS.length);
  assert.ok(section.links.every((link) => link.url === 'https://uaix.org/a.md'));
  assert.deepEqual(markdownMarkup(text).html, []);
});

test('JSON in <script>: scriptJson parses back to the value, and nothing closes the element', () => {
  for (const payload of MARKUP_PAYLOADS) {
    const value = { name: payload, nested: [payload] };
    const text = scriptJson(value);
    assert.equal(jsonLdText(value), text, 'JSON-LD is written with scriptJson');
    assert.ok(!/[<>&\u2028\u2029]/.test(text), payload);
    assert.deepEqual(JSON.parse(text), value);
    const tree = fromHtml(`<script type="application/ld+json">${text}</script><p>after</p>`, { fragment: true });
    const elements = elementsOf(tree);
    assert.deepEqual(
      elements.map((element) => element.tagName),
      ['script', 'p'],
      payload,
    );
    assert.deepEqual(JSON.parse((elements[0].children[0] as { value: string }).value), value);
  }
});

test('the Markdown mirror: a title and description with markup give no raw HTML, frontmatter included', () => {
  for (const payload of MARKUP_PAYLOADS) {
    const html =
      `<!doctype html><html><head><title>${escapeHtml(payload)}</title>` +
      `<meta name="description" content="${escapeHtml(payload)}">` +
      `<link rel="canonical" href="https://uaix.org/en-us/x/"></head>` +
      `<body><main><h1>${escapeHtml(payload)}</h1><p>${escapeHtml(payload)}</p></main></body></html>`;
    const { markdown, json } = buildPageMirror(html, '/en-us/x/');
    assert.deepEqual(markdownMarkup(markdown).html, [], `${payload}\n${markdown}`);
    // The frontmatter's and the pointer's own URLs are the only links (GFM autolinks).
    assert.deepEqual(
      markdownMarkup(markdown).urls.filter((url) => !url.startsWith('https://uaix.org/')),
      [],
      `${payload}\n${markdown}`,
    );
    const frontmatter = markdown.split('\n---\n')[0];
    for (const field of ['title', 'description'] as const)
      assert.equal(JSON.parse(new RegExp(`^${field}: (.*)$`, 'm').exec(frontmatter)![1]), json[field], field);
  }
});

test('the Atom feed: an entry title with markup is text, the XML is well formed, the CDATA holds', () => {
  const editions: EditionIndex[] = [
    {
      $schema: 'https://uaix.org/schemas/site/edition.schema.json',
      id: '2026-12-01',
      date: '2026-12-01',
      standard: 'UAI-1',
      standard_version: '1.0',
      previous: null,
      sources: {},
      files: {},
    },
  ];
  for (const payload of MARKUP_PAYLOADS.filter((text) => !/[\r\n\u2028\u2029]/.test(text))) {
    const file: ChangelogFile = {
      locale: 'en-us',
      file: 'content/changelog/en-us.json',
      data: { entries: [{ edition: '2026-12-01', title: payload, summary: payload, changes: [payload] }] },
    };
    const feed = changelogFeed(
      [file],
      editions,
      'en-us',
      { feedTitle: payload, breaking: payload, pending: payload },
      {
        id: 'Apache-2.0',
        name: 'Apache License 2.0',
        url: 'https://www.apache.org/licenses/LICENSE-2.0',
      },
    )!;
    const { elements, texts } = readXml(feed);
    for (const name of ['script', 'img', 'svg', 'b', 'i', 'p'])
      assert.ok(!elements.includes(name), `${payload}: an element <${name}> in the feed`);
    // The entry's title and summary are typed html: their HTML holds no element but the summary's own.
    for (const path of ['feed/entry/title', 'feed/entry/summary']) {
      const inner = elementsOf(fromHtml(texts.get(path) ?? '', { fragment: true }));
      assert.deepEqual(inner, [], `${payload}: ${path} holds elements`);
    }
    assert.equal(texts.get('feed/title'), payload.replace(/&amp;/g, '&'), 'the feed title is XML text');
    // A pending translation's notice (the locale's interface string) is escaped in the entry's content.
    const stale: ChangelogFile = {
      locale: 'fr-fr',
      file: 'content/changelog/fr-fr.json',
      data: {
        entries: [
          { edition: '2026-12-01', source: `sha256:${'0'.repeat(64)}`, title: 't', summary: 's', changes: ['c'] },
        ],
      },
    };
    const license = {
      id: 'Apache-2.0',
      name: 'Apache License 2.0',
      url: 'https://www.apache.org/licenses/LICENSE-2.0',
    };
    const pending = readXml(
      changelogFeed([file, stale], editions, 'fr-fr', { feedTitle: 'f', breaking: 'b', pending: payload }, license)!,
    );
    const content = elementsOf(fromHtml(pending.texts.get('feed/entry/content') ?? '', { fragment: true })).map(
      (element) => element.tagName,
    );
    assert.deepEqual(content, ['p', 'div', 'p', 'ul', 'li'], `${payload}: the notice holds no element`);
  }
});
