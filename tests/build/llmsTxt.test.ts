/**
 * /llms.txt follows the llmstxt.org format: it parses with the project's parser and with an
 * independent reading of the format written here from the spec, has the record's six sections,
 * and every link resolves to a file in dist. /llms-full.txt holds every English page.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLlmsTxt } from '../../src/record/machine/llmsTxt.ts';
import { DIST, ORIGIN, assertNoProblems, distFileOf, htmlPages, readJson, requireDist } from './_support/site.ts';

interface SpecLink {
  title: string;
  url: string;
  notes?: string;
}
interface SpecDocument {
  title: string;
  summary?: string;
  info: string;
  sections: { name: string; links: SpecLink[] }[];
}

/**
 * llms.txt as https://llmstxt.org specifies it, read line by line:
 * 1. the first line is an H1 `# Title` (the only required part);
 * 2. optionally a blockquote `> summary`;
 * 3. zero or more Markdown blocks of any kind except headings;
 * 4. zero or more `## Name` sections, each a Markdown list whose items are `[title](url)`,
 *    optionally followed by `: notes`.
 * Stricter than the reference parser: a heading other than H2 after the title, a list item that is
 * not a link, or text between list items is an error, with its line number.
 */
function parseLlmsSpec(text: string): SpecDocument {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const fail = (index: number, why: string): never => {
    throw new Error(`llms.txt line ${index + 1}: ${why}: ${JSON.stringify(lines[index] ?? '')}`);
  };
  let at = 0;
  const title = /^# (\S.*)$/.exec(lines[0] ?? '')?.[1]?.trim();
  if (!title) fail(0, 'the first line must be an H1 "# Title"');
  at = 1;
  while (at < lines.length && lines[at].trim() === '') at++;
  let summary: string | undefined;
  if (/^>\s?/.test(lines[at] ?? '')) {
    const quote: string[] = [];
    while (at < lines.length && /^>\s?/.test(lines[at])) quote.push(lines[at++].replace(/^>\s?/, ''));
    summary = quote.join(' ').trim();
  }
  const info: string[] = [];
  while (at < lines.length && !/^## /.test(lines[at])) {
    if (/^#{1,6}(\s|$)/.test(lines[at])) fail(at, 'the text before the first H2 section must not contain headings');
    info.push(lines[at++]);
  }
  const sections: SpecDocument['sections'] = [];
  for (; at < lines.length; at++) {
    const line = lines[at];
    if (line.trim() === '') continue;
    const heading = /^## (\S.*)$/.exec(line);
    if (heading) {
      sections.push({ name: heading[1].trim(), links: [] });
      continue;
    }
    if (/^#{1,6}(\s|$)/.test(line)) fail(at, 'only H2 headings may follow the header');
    const item = /^[-*+] \[([^\]]+)\]\(([^()\s]+)\)(?::\s*(.*))?$/.exec(line);
    if (!item) fail(at, 'a file list item must be "- [title](url)" optionally followed by ": notes"');
    sections.at(-1)!.links.push({ title: item![1], url: item![2], ...(item![3] ? { notes: item![3].trim() } : {}) });
  }
  return { title: title!, summary, info: info.join('\n').trim(), sections };
}

let text: string;
before(() => {
  requireDist();
  text = readFileSync(join(DIST, 'llms.txt'), 'utf8');
});

const SECTIONS = ['Specification', 'Registry', 'Guides', 'Schemas', 'Tools', 'Editions', 'Optional'];

test('/llms.txt parses with the project parser (parseLlmsTxt)', () => {
  const doc = parseLlmsTxt(text);
  assert.ok(doc.title, 'no title');
  assert.ok(doc.summary, 'no > summary');
  assert.deepEqual(
    doc.sections.map((section) => section.name),
    SECTIONS,
  );
});

test('/llms.txt parses with the independent llmstxt.org reading, and both parsers agree', () => {
  const spec = parseLlmsSpec(text);
  const project = parseLlmsTxt(text);
  assert.equal(spec.title, project.title);
  assert.equal(spec.summary, project.summary);
  assert.equal(spec.info, project.info, 'the info block differs between the parsers');
  assert.deepEqual(
    spec.sections.map((section) => ({
      name: section.name,
      links: section.links.map((link) => [link.title, link.url, link.notes ?? null]),
    })),
    project.sections.map((section) => ({
      name: section.name,
      links: section.links.map((link) => [link.title, link.url, link.note ?? null]),
    })),
  );
});

test('the independent parser rejects what the format forbids (so the agreement above means something)', () => {
  assert.throws(() => parseLlmsSpec('Title\n\n## A\n- [x](https://uaix.org/)\n'), /line 1/);
  assert.throws(() => parseLlmsSpec('# T\n\n> s\n\n### Not allowed\n\n## A\n'), /line 5: the text before the first H2/);
  assert.throws(() => parseLlmsSpec('# T\n\n## A\n- just text\n'), /line 4: a file list item/);
  assert.deepEqual(parseLlmsSpec('# T\n\n> s\n\ninfo\n\n## A\n\n- [x](https://uaix.org/): n\n').sections, [
    { name: 'A', links: [{ title: 'x', url: 'https://uaix.org/', notes: 'n' }] },
  ]);
});

test('/llms.txt has the sections Specification, Registry, Guides, Schemas, Tools, Editions, Optional, each with links', () => {
  const spec = parseLlmsSpec(text);
  assert.deepEqual(
    spec.sections.map((section) => section.name),
    SECTIONS,
  );
  for (const section of spec.sections) assert.ok(section.links.length > 0, `section ${section.name} has no links`);
});

test('every /llms.txt link resolves to a file in dist', () => {
  const problems: string[] = [];
  for (const section of parseLlmsSpec(text).sections) {
    for (const link of section.links) {
      const url = new URL(link.url, `${ORIGIN}/`);
      if (url.origin !== ORIGIN) {
        problems.push(`${section.name}: [${link.title}](${link.url}) leaves ${ORIGIN}`);
        continue;
      }
      if (!existsSync(distFileOf(url.href)))
        problems.push(
          `${section.name}: [${link.title}](${link.url}) → ${distFileOf(url.href).slice(DIST.length)} does not exist`,
        );
    }
  }
  assertNoProblems(problems, '/llms.txt links');
});

test('/llms.txt links every English page except the search page, and every published schema', () => {
  const linked = new Set(
    parseLlmsSpec(text).sections.flatMap((section) =>
      section.links.map((link) => new URL(link.url, `${ORIGIN}/`).pathname),
    ),
  );
  const problems: string[] = [];
  for (const page of htmlPages().filter(
    (candidate) => candidate.locale === 'en-us' && candidate.path !== '' && !candidate.path.endsWith('search'),
  )) {
    if (!linked.has(`${page.url}index.md`) && !linked.has(page.url))
      problems.push(`${page.url} is not linked (neither the page nor ${page.url}index.md)`);
  }
  for (const entry of readJson<{ files: { url: string; media_type: string }[] }>(join(DIST, '.well-known/uaix.json'))
    .files) {
    const path = new URL(entry.url).pathname;
    if (path.startsWith('/schemas/uai-1/') && !linked.has(path)) problems.push(`${path} is not linked`);
  }
  assertNoProblems(problems, '/llms.txt coverage');
});

test("/llms-full.txt contains every English page's title", () => {
  const full = readFileSync(join(DIST, 'llms-full.txt'), 'utf8');
  const problems: string[] = [];
  for (const page of htmlPages().filter((candidate) => candidate.locale === 'en-us')) {
    const mirror = readJson<{ title: string }>(join(DIST, page.url, 'index.json'));
    if (!full.includes(`# ${mirror.title}`)) problems.push(`${page.url}: "# ${mirror.title}" is not in /llms-full.txt`);
  }
  assertNoProblems(problems, '/llms-full.txt');
});
