/**
 * /llms.txt (llmstxt.org format): the hand-written head from the repository's llms.txt, then
 * generated H2 sections of `- [title](url): note` entries. Also the parser the build and tests
 * use to check the result against the format's reference rules. Titles and notes are text, written
 * with escapeMarkdownText: no markup of theirs reaches a Markdown reader.
 */
import { escapeMarkdownText } from '../model/markdownText.ts';

export interface LlmsLink {
  title: string;
  url: string;
  note?: string;
}

export interface LlmsSection {
  name: string;
  links: LlmsLink[];
}

export interface LlmsDocument {
  title: string;
  summary?: string;
  info: string;
  sections: LlmsSection[];
}

export function renderLlmsTxt(head: string, sections: LlmsSection[]): string {
  const body = sections
    .filter((section) => section.links.length > 0)
    .map((section) =>
      [
        `## ${section.name}`,
        '',
        ...section.links.map(
          (link) =>
            `- [${escapeMarkdownText(link.title)}](${link.url})${link.note ? `: ${escapeMarkdownText(link.note)}` : ''}`,
        ),
      ].join('\n'),
    )
    .join('\n\n');
  return `${head.trimEnd()}\n\n${body}\n`;
}

export class LlmsTxtError extends Error {}

/**
 * Parses llms.txt with the reference implementation's rules: an H1 title first, an optional
 * blockquote summary, free text without headings, then H2 sections whose list items are
 * `- [title](url)` optionally followed by `: notes`.
 */
export function parseLlmsTxt(text: string): LlmsDocument {
  const [head, ...rawSections] = text.split(/^##(?!#)[ \t]*(?=\S)/m);
  const titleMatch = /^#\s+(.+)$/m.exec(head);
  if (!titleMatch || head.slice(0, titleMatch.index).trim() !== '')
    throw new LlmsTxtError('llms.txt must start with an H1 title');
  const afterTitle = head.slice(titleMatch.index + titleMatch[0].length);
  // Spaces and tabs only before ">": a \s* there would cross lines and rescan them (quadratic).
  const summaryMatch = /^[ \t]*>(.+)$/m.exec(afterTitle);
  const summary =
    summaryMatch && afterTitle.slice(0, summaryMatch.index).trim() === '' ? summaryMatch[1].trim() : undefined;
  const info = (
    summaryMatch && summary ? afterTitle.slice(summaryMatch.index + summaryMatch[0].length) : afterTitle
  ).trim();
  if (/^#{1,6}\s/m.test(info)) throw new LlmsTxtError('the text before the first H2 section must not contain headings');
  const sections = rawSections.map((raw) => {
    const [nameLine, ...rest] = raw.split('\n');
    const links: LlmsLink[] = [];
    for (const line of rest) {
      if (line.trim() === '') continue;
      // The note is trimmed below: a \s* before .* would overlap it and backtrack quadratically. A
      // title may hold escaped brackets (`\]`): an escape and any other character start differently.
      // `s`: a line is split at \n only, so U+2028 and U+2029 are text, as in Markdown.
      const match = /^-[ \t]*\[(?<title>(?:\\.|[^\]\\])+)\]\((?<url>[^)]+)\)(?::(?<note>.*))?$/s.exec(line.trim());
      if (!match?.groups)
        throw new LlmsTxtError(`section "${nameLine.trim()}": "${line.trim()}" is not a "- [title](url): notes" entry`);
      const note = match.groups.note?.trimStart();
      links.push({ title: match.groups.title, url: match.groups.url, ...(note ? { note } : {}) });
    }
    return { name: nameLine.trim(), links };
  });
  return { title: titleMatch[1].trim(), summary, info, sections };
}
