/**
 * The rehype step that gives a translation's headings the ids of its English source's headings
 * (see headingIds.ts), listed in astro.config.mjs before Astro's own heading ids, which keep an id
 * already set. An English file, or a translation whose headings do not match its source's (the
 * content check reports that before Astro renders), keeps the ids Astro gives it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Element, Root } from 'hast';
import { REPOSITORY_ROOT } from '../../../uai/node/recordFiles.ts';
import { headingIdsOf } from '../headingIds.ts';
import { SOURCE_LOCALE } from '../../model/locales.ts';
import { splitFrontmatter } from './contentFiles.ts';

const TRANSLATION = /^content\/(pages|guides|registry)\/([^/]+)\/(.+\.md)$/;
const HEADING = /^h[1-6]$/;

/** The repository-relative English source of a translation's file, or undefined for any other file. */
export function englishSourceOf(file: string): string | undefined {
  const match = TRANSLATION.exec(file.split(sep).join('/'));
  if (!match || match[2] === SOURCE_LOCALE) return undefined;
  return `content/${match[1]}/${SOURCE_LOCALE}/${match[3]}`;
}

function headingsOf(node: Root | Element, found: Element[]): Element[] {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (HEADING.test(child.tagName)) found.push(child);
    else headingsOf(child, found);
  }
  return found;
}

/**
 * The heading ids of each English source, by file, with the body they were read from: every
 * translation of a source needs the same ids, and parsing the source again for each was half of
 * the Markdown rendering's time in Astro's content sync. A source whose body changed (an edit
 * under `astro dev`) is parsed again.
 */
const sourceIds = new Map<string, { body: string; ids: string[] }>();

function sourceHeadingIdsOf(source: string): string[] {
  const body = splitFrontmatter(readFileSync(join(REPOSITORY_ROOT, source), 'utf8'))?.body ?? '';
  const known = sourceIds.get(source);
  if (known?.body === body) return known.ids;
  const ids = headingIdsOf(body);
  sourceIds.set(source, { body, ids });
  return ids;
}

export function rehypeSourceHeadingIds() {
  return (tree: Root, file: { path?: string }): void => {
    if (!file.path) return;
    const source = englishSourceOf(relative(REPOSITORY_ROOT, file.path));
    if (!source || !existsSync(join(REPOSITORY_ROOT, source))) return;
    const ids = sourceHeadingIdsOf(source);
    const headings = headingsOf(tree, []);
    if (headings.length !== ids.length) return;
    headings.forEach((heading, index) => (heading.properties.id = ids[index]));
  };
}
