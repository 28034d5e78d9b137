/**
 * Issue 37 part 2, the publication boundary, in one copy of the repository and two builds:
 *
 * 1. A guide's title and description, and a released changelog entry's title, carry markup
 *    payloads, which are legal text: the build passes, and no output holds markup from them. Each
 *    output is read with its format's parser: HTML with hast-util-from-html (no element or
 *    attribute from a payload; every JSON-LD block parses and holds no `<`), the Markdown mirrors,
 *    llms.txt and llms-full.txt with the project's Markdown parser (no raw HTML node from a
 *    payload), index.json and changelog.json with JSON.parse, the Atom feeds and the sitemaps with
 *    saxes (no element from a payload; an html-typed title holds no element).
 * 2. Links the record does not publish, planted in a guide (javascript:, its mixed-case,
 *    entity-encoded and percent-encoded forms, a vbscript: autolink, a raw HTML <a href>), a
 *    profile's frontmatter field and a changelog data string: the build fails before Astro renders,
 *    one line each naming the file, the line and the link-scheme rule, and the dist/ of the first
 *    build stays as it was.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromHtml } from 'hast-util-from-html';
import { parseLlmsTxt } from '../../src/record/machine/llmsTxt.ts';
import { walkFiles } from '../../src/record/node/walkFiles.ts';
import { elementsOf, markdownMarkup, readXml } from '../support/markupReaders.ts';
import { buildWithChanges, copyRepository, lineNaming, removeCopy } from './_support/tempRepo.ts';

let copy: string;
before(() => {
  copy = copyRepository();
});
after(() => {
  if (copy) removeCopy(copy);
});

const GUIDE = 'content/guides/en-us/project-handoff.md';
const PROFILE = 'content/registry/en-us/uai-agent-ack-v1.md';
const CHANGELOG = 'content/changelog/en-us.json';

const TITLE = `Handoff <script>alert(1)</script> <img src=x onerror=alert(1)> "><svg onload=alert(1)> ]]> </script> [a](javascript:x)`;
const DESCRIPTION = `Handing over <script>alert(2)</script> <img src=x onerror=alert(2)> '><svg onload=alert(2)> ]]></script> [b](javascript:y)`;
const ENTRY_TITLE = `Edition <script>alert(3)</script> <img src=x onerror=alert(3)> a]]>b]]><svg onload=alert(3)>`;
/** What only the payloads hold: an output that shows none of these holds no markup of theirs. */
const PAYLOAD_MARKS = /alert\(|onerror|onload/i;

const yamlQuoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The folder's files by public path, with a digest of each, to tell whether a failed build touched it. */
function folderDigest(root: string): string {
  const hash = createHash('sha256');
  for (const file of walkFiles(root).sort()) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

let distDigest: string | undefined;

test('markup in a title and description is text in every output: HTML, mirrors, llms files, JSON, feeds, sitemap', () => {
  const run = buildWithChanges(copy, {
    [GUIDE]: (text) =>
      text
        .replace(/^title: .*$/m, `title: ${yamlQuoted(TITLE)}`)
        .replace(/^description: .*$/m, `description: ${yamlQuoted(DESCRIPTION)}`),
    [CHANGELOG]: (text) => {
      const data = JSON.parse(text) as { entries: { edition: string; title: string }[] };
      data.entries.find((entry) => entry.edition === '2026-12-01.2')!.title = ENTRY_TITLE;
      return `${JSON.stringify(data, null, 2)}\n`;
    },
  });
  assert.equal(run.status, 0, `the build failed\n${run.stderr}\n${run.stdout.slice(-2000)}`);
  const dist = join(copy, 'dist');
  const files = walkFiles(dist).filter((file) => !file.includes('/pagefind/') && !file.endsWith('.tgz'));
  const read = (file: string) => readFileSync(file, 'utf8');
  const carrying = files.filter((file) => /\.(html|md|json|txt|xml)$/.test(file) && PAYLOAD_MARKS.test(read(file)));
  const kinds = new Set(carrying.map((file) => file.replace(/^.*\./, '')));
  for (const kind of ['html', 'md', 'json', 'txt', 'xml'])
    assert.ok(kinds.has(kind), `no .${kind} output shows the planted text: the test would prove nothing`);

  for (const file of carrying) {
    const text = read(file);
    const where = file.slice(dist.length);
    if (file.endsWith('.html')) {
      const tree = fromHtml(text);
      for (const element of elementsOf(tree)) {
        const handlers = Object.keys(element.properties).filter((name) => /^on/i.test(name));
        assert.deepEqual(handlers, [], `${where}: <${element.tagName}> has an event handler attribute`);
        if (element.tagName === 'img') assert.notEqual(element.properties.src, 'x', `${where}: the payload's <img>`);
        assert.notEqual(element.tagName, 'svg', `${where}: the payload's <svg>`);
        if (element.tagName !== 'script') continue;
        const body = (element.children[0] as { value?: string } | undefined)?.value ?? '';
        assert.ok(
          !/alert\(/.test(body) || element.properties.type === 'application/ld+json',
          `${where}: a <script> runs the payload`,
        );
        if (element.properties.type === 'application/ld+json') {
          assert.ok(!/[<>&]/.test(body), `${where}: JSON-LD holds < > or &`);
          JSON.parse(body);
        }
      }
    } else if (file.endsWith('.md') || file.endsWith('.txt')) {
      const { html, urls } = markdownMarkup(text);
      const fromPayload = html.filter((value) => PAYLOAD_MARKS.test(value) || /<\/?(script|img|svg)\b/i.test(value));
      assert.deepEqual(fromPayload, [], `${where}: raw HTML from a payload`);
      assert.deepEqual(
        urls.filter((url) => url.startsWith('javascript:')),
        [],
        `${where}: a javascript: link from a payload`,
      );
      if (where === '/llms.txt') {
        const titles = parseLlmsTxt(text).sections.flatMap((section) => section.links);
        const guide = titles.find((link) => link.url === 'https://uaix.org/en-us/guides/project-handoff/index.md');
        assert.ok(guide && PAYLOAD_MARKS.test(guide.title), 'llms.txt lists the guide under its (escaped) title');
      }
    } else if (file.endsWith('.json')) {
      JSON.parse(text);
    } else {
      const { elements, texts } = readXml(text);
      for (const name of ['script', 'img', 'svg'])
        assert.ok(!elements.includes(name), `${where}: an element <${name}> from a payload`);
      for (const [path, value] of texts)
        if (path.endsWith('entry/title'))
          assert.deepEqual(
            elementsOf(fromHtml(value, { fragment: true })),
            [],
            `${where}: ${path} holds HTML elements`,
          );
    }
  }
  const mirror = JSON.parse(read(join(dist, 'en-us/guides/project-handoff/index.json'))) as { title: string };
  assert.equal(mirror.title, TITLE, 'the JSON mirror holds the title as text');
  assert.ok(
    readFileSync(join(dist, 'en-us/governance/changelog/feed.xml'), 'utf8').includes('alert(3)'),
    'the English feed shows the planted entry title',
  );
  for (const file of files.filter((path) => /sitemap.*\.xml$/.test(path))) readXml(read(file));
  distDigest = folderDigest(dist);
});

test('links the record does not publish stop the build at their file and line, before rendering; dist/ as it was', () => {
  assert.ok(distDigest, 'the first build must pass first');
  const guide = readFileSync(join(copy, GUIDE), 'utf8').trimEnd();
  const first = guide.split('\n').length + 2;
  const planted = [
    '[plain](javascript:alert(1))',
    '[mixed](JaVaScRiPt:alert(1))',
    '[entity](jav&#x61;script:alert(1))',
    '[percent](%6Aavascript:alert(1))',
    '<vbscript:msgbox(1)>',
    '<a href="javascript:alert(2)">raw</a>',
  ];
  const profile = readFileSync(join(copy, PROFILE), 'utf8');
  const purposeLine = profile.split('\n').findIndex((line) => line.startsWith('purpose:')) + 1;
  let changelogLine = 0;
  const run = buildWithChanges(copy, {
    [GUIDE]: () => `${guide}\n\n${planted.join('\n\n')}\n`,
    [PROFILE]: (text) => text.replace(/^purpose: (.*)$/m, 'purpose: $1 See [the fallback](javascript:alert(3)).'),
    [CHANGELOG]: (text) => {
      const data = JSON.parse(text) as { entries: { changes: string[] }[] };
      data.entries[0].changes[0] = 'Read [the notes](data:text/html,hi).';
      const changed = `${JSON.stringify(data, null, 2)}\n`;
      changelogLine = changed.slice(0, changed.indexOf('Read [the notes]')).split('\n').length;
      return changed;
    },
  });
  const output = `--- stderr\n${run.stderr}\n--- stdout (tail)\n${run.stdout.slice(-1500)}`;
  assert.equal(run.status, 1, `exit code ${run.status}, expected 1\n${output}`);
  assert.deepEqual(
    `${run.stderr}\n${run.stdout}`.split('\n').filter((line) => /^\s+at\s/.test(line)),
    [],
    `a stack trace\n${output}`,
  );
  assert.doesNotMatch(run.stdout, /generating static routes/, 'Astro rendered pages after the content check failed');
  const expected: [string, string][] = [
    [`${GUIDE}:${first}:1: link "javascript:alert(1)" has the scheme javascript:`, 'plain'],
    [`${GUIDE}:${first + 2}:1: link "JaVaScRiPt:alert(1)" has the scheme javascript:`, 'mixed case'],
    [`${GUIDE}:${first + 4}:1: link "javascript:alert(1)" has the scheme javascript:`, 'entity-encoded'],
    [`${GUIDE}:${first + 6}:1: link "%6Aavascript:alert(1)" has the scheme javascript:`, 'percent-encoded'],
    [`${GUIDE}:${first + 8}:1: link "vbscript:msgbox(1)" has the scheme vbscript:`, 'vbscript: autolink'],
    [`${GUIDE}:${first + 10}:1: link "javascript:alert(2)" has the scheme javascript:`, 'raw HTML href'],
    [`${PROFILE}:${purposeLine}: link "javascript:alert(3)" has the scheme javascript:`, 'frontmatter field'],
    [
      `${CHANGELOG}:${changelogLine} (/entries/0/changes/0): link "data:text/html,hi" has the scheme data:`,
      'data file string',
    ],
  ];
  for (const [needle, what] of expected) {
    const line = lineNaming(run, needle);
    assert.match(
      line,
      /, and only relative URLs, #fragments, https:, http: and mailto: links are published .*\[link-scheme\]/,
      what,
    );
    assert.doesNotMatch(line, new RegExp(copy.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), `${what}: an absolute path`);
  }
  assert.equal(
    run.stderr.split('\n').filter((line) => line.includes('[link-scheme]')).length,
    expected.length,
    `one line per planted link\n${run.stderr}`,
  );
  assert.match(run.stderr, /dist\/ unchanged/);
  assert.equal(folderDigest(join(copy, 'dist')), distDigest, 'the failed build changed dist/');
});
