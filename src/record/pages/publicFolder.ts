/**
 * public/ beside what the build generates: Astro copies each file of public/ to the same path in
 * dist/, where a page, a mirror or a machine record could replace it (or it replace them) without a
 * word. One source per URL: each such path is one line naming both sources.
 */
import type { Problem } from '../../uai/problem.ts';
import { mirrorPaths } from '../model/publicPaths.ts';
import { ONE_SOURCE_PER_URL_RULE, type PageIndex } from './pageIndex.ts';

/** A file of public/: its repository path (`public/favicon.svg`) and the path it publishes (`/favicon.svg`). */
export interface PublicFile {
  file: string;
  path: string;
}

/** The pages Astro renders from its own routes rather than the page index (src/pages/index.astro, 404.astro). */
const FIXED_PAGES = [
  { path: '/index.html', source: 'src/pages/index.astro' },
  { path: '/404.html', source: 'src/pages/404.astro' },
];

const HINT = 'move or rename the file in public/: every URL has one source';

/** The HTML files Astro renders, by public path: the fixed pages, then each page of the index. */
export function renderedHtmlFiles(index: PageIndex): string[] {
  return [...FIXED_PAGES.map(({ path }) => path), ...index.pages.map(pageHtmlFile)];
}

/** The HTML file of a page of the index, by public path. */
export const pageHtmlFile = (page: Pick<PageIndex['pages'][number], 'url'>): string => `${page.url}index.html`;

/** Before rendering: every file of public/ at the path of a page or of its mirrors. */
export function publicFilePageProblems(publicFiles: readonly PublicFile[], index: PageIndex): Problem[] {
  const generated = new Map(FIXED_PAGES.map(({ path, source }) => [path, source]));
  for (const page of index.pages) {
    const { json, markdown } = mirrorPaths(page.url);
    for (const path of [pageHtmlFile(page), json, markdown]) generated.set(path, page.entry.file);
  }
  return publicFiles.flatMap(({ file, path }) => {
    const source = generated.get(path);
    return source ? [problem(file, path, source)] : [];
  });
}

/**
 * After the stages: every file of public/ whose published bytes are not its own, so a stage (a
 * machine record, an edition's file, Pagefind) wrote over it.
 */
export function replacedPublicFileProblems(
  publicFiles: readonly (PublicFile & { bytes: Uint8Array })[],
  published: ReadonlyMap<string, Uint8Array>,
): Problem[] {
  return publicFiles.flatMap(({ file, path, bytes }) => {
    const written = published.get(path);
    return written && !sameBytes(written, bytes) ? [problem(file, path, 'a file the build generates')] : [];
  });
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function problem(file: string, path: string, source: string): Problem {
  return { file, message: `publishes ${path}, and so does ${source}`, rule: ONE_SOURCE_PER_URL_RULE, hint: HINT };
}
