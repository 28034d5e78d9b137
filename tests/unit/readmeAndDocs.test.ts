/**
 * The README stays a page a newcomer reads (at most 160 lines: issue 42 asks about 150), and every
 * relative link of README.md and docs/*.md reaches a file of the repository, and the heading it names
 * when it gives an anchor (the ids GitHub and Astro give headings: headingIdsOf). A link with a
 * scheme leaves the repository and is not followed; a root-relative one is refused, since GitHub and
 * a local reader resolve it differently.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { REPOSITORY_ROOT } from '../../src/uai/node/recordFiles.ts';
import { headingIdsOf } from '../../src/record/content/headingIds.ts';
import { markdownMarkup } from '../support/markupReaders.ts';

const README_MAX_LINES = 160;
/** A URL scheme (RFC 3986): such a link leaves the repository. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** What is wrong with each relative link of the Markdown file `file` (repository-relative), one line each. */
function brokenLinks(file: string, read: (path: string) => string | undefined): string[] {
  const text = read(file) ?? '';
  const broken: string[] = [];
  for (const url of markdownMarkup(text).urls) {
    if (SCHEME.test(url)) continue;
    if (url.startsWith('/')) {
      broken.push(`${file}: ${url}: root-relative, not relative to the file`);
      continue;
    }
    const hash = url.indexOf('#');
    const path = decodeURIComponent(hash < 0 ? url : url.slice(0, hash));
    const anchor = hash < 0 ? undefined : decodeURIComponent(url.slice(hash + 1));
    const target = path ? relative(REPOSITORY_ROOT, join(REPOSITORY_ROOT, dirname(file), path)) : file;
    const targetText = target.startsWith('..') ? undefined : read(target);
    if (targetText === undefined) broken.push(`${file}: ${url}: no file ${target} in the repository`);
    else if (anchor !== undefined && !target.endsWith('.md'))
      broken.push(`${file}: ${url}: an anchor into ${target}, which has no headings`);
    else if (anchor !== undefined && !headingIdsOf(targetText).includes(anchor))
      broken.push(`${file}: ${url}: ${target} has no heading #${anchor}`);
  }
  return broken;
}

/** A repository file's text; a folder reads as empty text (a link to a folder resolves). */
const readRepository = (path: string): string | undefined => {
  const full = join(REPOSITORY_ROOT, path);
  if (!existsSync(full)) return undefined;
  return statSync(full).isDirectory() ? '' : readFileSync(full, 'utf8');
};

const documents = ['README.md', ...readdirSync(join(REPOSITORY_ROOT, 'docs')).map((name) => `docs/${name}`)].filter(
  (path) => path.endsWith('.md'),
);

test(`README.md is at most ${README_MAX_LINES} lines`, () => {
  const lines = readFileSync(join(REPOSITORY_ROOT, 'README.md'), 'utf8').split('\n').length - 1;
  assert.ok(lines <= README_MAX_LINES, `README.md has ${lines} lines; move the detail to a docs/ page`);
});

test('every relative link of README.md and docs/*.md resolves to a file and heading of the repository', () => {
  assert.ok(documents.length > 3, documents.join(', '));
  assert.deepEqual(
    documents.flatMap((file) => brokenLinks(file, readRepository)),
    [],
  );
});

test('every docs/ page is reachable from README.md in one link', () => {
  const linked = new Set(
    markdownMarkup(readFileSync(join(REPOSITORY_ROOT, 'README.md'), 'utf8')).urls.map((url) => url.split('#')[0]),
  );
  assert.deepEqual(
    documents.filter((file) => file.startsWith('docs/') && !linked.has(file)),
    [],
  );
});

test('a missing file, a missing heading, an anchor into a non-Markdown file and a root-relative link are each one line', () => {
  const files: Record<string, string> = {
    'docs/a.md': [
      '# A page',
      '[ok](b.md#second-part) [self](#a-page) [out](https://example.org/x#y) [mail](mailto:x@example.org)',
      '[gone](c.md) [anchor](b.md#third) [code](../src/x.ts#L3) [root](/docs/b.md) [up](../../outside.md)',
    ].join('\n'),
    'docs/b.md': '# B\n\n## Second part\n',
    'src/x.ts': 'export {};\n',
  };
  assert.deepEqual(
    brokenLinks('docs/a.md', (path) => files[path]),
    [
      'docs/a.md: c.md: no file docs/c.md in the repository',
      'docs/a.md: b.md#third: docs/b.md has no heading #third',
      'docs/a.md: ../src/x.ts#L3: an anchor into src/x.ts, which has no headings',
      'docs/a.md: /docs/b.md: root-relative, not relative to the file',
      'docs/a.md: ../../outside.md: no file ../outside.md in the repository',
    ],
  );
});
