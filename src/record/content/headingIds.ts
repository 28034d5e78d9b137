/**
 * Headings keep their English anchors in every locale: a translated heading gets the id of the
 * English heading at the same position, so `/fr-fr/x/#check-a-packet` finds the section that
 * `/en-us/x/#check-a-packet` does. The ids are the ones Astro gives the English headings (GitHub's
 * slugs of the heading text, one slugger per file, a trailing "-" dropped). That needs the same
 * headings, level for level, in every locale; `headingStructureProblems` is the content check of it.
 */
import GithubSlugger from 'github-slugger';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Nodes } from 'mdast';
import { MARKDOWN_OPTIONS } from './proseText.ts';
import type { Problem } from '../../uai/problem.ts';

/** An ATX heading of a Markdown body: its level and its line in the file. */
export interface HeadingLine {
  depth: number;
  line: number;
  text: string;
}

/** The opening of an ATX heading: up to three spaces, one to six `#`, then white space or the end. */
const ATX_OPENING = /^ {0,3}(#{1,6})(?=[ \t]|$)/;

/** An ATX heading's level and text (its closing `#` sequence and white space removed), or undefined. */
function atxHeading(line: string): { depth: number; text: string } | undefined {
  const opening = ATX_OPENING.exec(line);
  if (!opening) return undefined;
  let text = line.slice(opening[0].length).trim();
  // A closing sequence of `#` counts only after white space (or as the whole rest of the line).
  let hashes = text.length;
  while (hashes > 0 && text[hashes - 1] === '#') hashes--;
  if (hashes === 0) text = '';
  else if (hashes < text.length && (text[hashes - 1] === ' ' || text[hashes - 1] === '\t'))
    text = text.slice(0, hashes).trim();
  return { depth: opening[1].length, text };
}
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The ATX headings of a Markdown body outside fenced code, in order; `bodyLine` is the body's first line. */
export function atxHeadings(body: string, bodyLine: number): HeadingLine[] {
  const headings: HeadingLine[] = [];
  let fence: string | undefined;
  body.split('\n').forEach((line, index) => {
    const fenceMark = FENCE.exec(line)?.[1];
    if (fence) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = undefined;
      return;
    }
    if (fenceMark) {
      fence = fenceMark;
      return;
    }
    const heading = atxHeading(line);
    if (heading) headings.push({ ...heading, line: bodyLine + index });
  });
  return headings;
}

/**
 * What a translation's headings owe its English source's: as many, each at the same level. One
 * `heading-structure` problem, at the translation's line (or its first line when it has too few headings).
 */
export function headingStructureProblems(
  file: string,
  headings: readonly HeadingLine[],
  sourceFile: string,
  sourceHeadings: readonly HeadingLine[],
): Problem[] {
  const problems: Problem[] = [];
  const count = Math.max(headings.length, sourceHeadings.length);
  for (let i = 0; i < count; i++) {
    const heading = headings[i];
    const source = sourceHeadings[i];
    if (heading && source && heading.depth === source.depth) continue;
    const english = source ? `"${source.text}" (h${source.depth}, line ${source.line})` : 'no heading';
    const here = heading ? `"${heading.text}" (h${heading.depth})` : 'no heading';
    problems.push({
      file,
      place: { line: heading?.line ?? 1 },
      message: `heading ${i + 1} is ${here} where ${sourceFile} has ${english}`,
      rule: 'heading-structure',
      hint: 'a translation keeps the English headings, level for level, so that each keeps its English anchor',
    });
    // One mismatch shifts every heading after it: the first is the one to fix.
    break;
  }
  return problems;
}

function plainText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  return 'children' in node ? node.children.map((child) => plainText(child as Nodes)).join('') : '';
}

/** The ids Astro gives the headings of a Markdown body, in document order. */
export function headingIdsOf(markdown: string): string[] {
  const slugger = new GithubSlugger();
  const ids: string[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === 'heading') {
      const slug = slugger.slug(plainText(node));
      ids.push(slug.endsWith('-') ? slug.slice(0, -1) : slug);
      return;
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(fromMarkdown(markdown, MARKDOWN_OPTIONS));
  return ids;
}
