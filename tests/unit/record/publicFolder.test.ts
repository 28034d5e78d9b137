/**
 * Issue 37: a file of public/ and a generated file never share a path. Before rendering, a file of
 * public/ where a page or its mirrors go is one line naming both; after the stages, a file of
 * public/ whose published bytes are not its own (a stage wrote over it) is one line too.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPageIndex, type ContentEntry } from '../../../src/record/pages/pageIndex.ts';
import { publicFilePageProblems, replacedPublicFileProblems } from '../../../src/record/pages/publicFolder.ts';
import { formatProblem } from '../../../src/uai/problem.ts';

const about: ContentEntry = {
  collection: 'pages',
  locale: 'en-us',
  path: 'about',
  file: 'content/pages/en-us/about.md',
  fileDigest: `sha256:${'1'.repeat(64)}`,
  data: { code: 'UAIX-ABOU-0001', title: 'About', description: 'd', order: 0 },
};

const HINT = 'move or rename the file in public/: every URL has one source';

test('a file of public/ at a page, at a mirror of a fallback page, or at the not-found page: one line each', () => {
  const index = buildPageIndex([about]);
  const files = ['/favicon.svg', '/en-us/about/index.html', '/zh-cn/about/index.md', '/404.html'].map((path) => ({
    file: `public${path}`,
    path,
  }));
  assert.deepEqual(publicFilePageProblems(files, index).map(formatProblem), [
    `public/en-us/about/index.html: publishes /en-us/about/index.html, and so does content/pages/en-us/about.md [one-source-per-url]; ${HINT}`,
    `public/zh-cn/about/index.md: publishes /zh-cn/about/index.md, and so does content/pages/en-us/about.md [one-source-per-url]; ${HINT}`,
    `public/404.html: publishes /404.html, and so does src/pages/404.astro [one-source-per-url]; ${HINT}`,
  ]);
});

test('a file of public/ a stage wrote over: one line; one published as it is: none', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const files = [
    { file: 'public/favicon.svg', path: '/favicon.svg', bytes: bytes('<svg/>') },
    { file: 'public/llms.txt', path: '/llms.txt', bytes: bytes('# mine') },
  ];
  const published = new Map([
    ['/favicon.svg', bytes('<svg/>')],
    ['/llms.txt', bytes('# UAIX')],
  ]);
  assert.deepEqual(replacedPublicFileProblems(files, published).map(formatProblem), [
    `public/llms.txt: publishes /llms.txt, and so does a file the build generates [one-source-per-url]; ${HINT}`,
  ]);
});
