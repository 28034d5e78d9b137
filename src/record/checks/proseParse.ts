/**
 * One Markdown parse of a prose string for the two checks that read its tree: the language
 * check's prose runs (languageCheck.ts) and the link-scheme check's URLs (sourceLinks.ts). Each
 * parsed every string itself, and the link check did so again in every build, none of it kept.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { MARKDOWN_OPTIONS } from '../content/proseText.ts';
import { proseRunsOf, type ProseRun } from './languageCheck.ts';
import { markdownUrlsOf, mayLink, type MarkdownUrl } from './sourceLinks.ts';

export interface ParsedProse {
  runs: ProseRun[];
  /** Empty for a text that cannot link (mayLink), as markdownUrls gives it. */
  urls: MarkdownUrl[];
}

/** proseRuns and markdownUrls of `markdown`, from one parse. */
export function parseProse(markdown: string): ParsedProse {
  const tree = fromMarkdown(markdown, MARKDOWN_OPTIONS);
  return { runs: proseRunsOf(tree, markdown), urls: mayLink(markdown) ? markdownUrlsOf(tree) : [] };
}
