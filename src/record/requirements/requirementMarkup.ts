/**
 * Requirements in the record's Markdown. A requirement is a paragraph (or a list item's paragraph)
 * that starts with its id in brackets, `[UAI1-ENV-001] A packet **MUST** …`: plain Markdown, which
 * every renderer keeps as text and the Markdown mirror shows as written. Its BCP 14 key word is in
 * the locale's form (content/bcp14.json) and marked up as strong emphasis; its level is that key
 * word's. Every upper-case key word of any locale's form must be such a marked-up key word of a
 * requirement, in its own locale's form: anything else is a problem with its file, line and rule.
 * A script without case (zh-cn: `**必须**`) has no capitals to tell a key word from a word, so its
 * forms are key words only inside strong emphasis: there the same rules hold (a marked-up form
 * outside a requirement is a problem), and unmarked they are prose, even inside a requirement.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString } from 'mdast-util-to-string';
import type { Nodes, Paragraph } from 'mdast';
import { isPageBody, MARKDOWN_OPTIONS, proseProblem, SKIPPED_NODES, type ProseText } from '../content/proseText.ts';
import type { Problem } from '../../uai/problem.ts';
import type { Bcp14Level, KeywordHit, KeywordTable } from './bcp14.ts';
import { collapseWhiteSpace } from '../model/whiteSpace.ts';

export { REQUIREMENT_ID_PATTERN } from './requirementId.ts';
/** The opening of a requirement's first text: its id in brackets, then a space. */
const REQUIREMENT_OPENING = /^\[(UAI1-[A-Z]+-[0-9]{3})\] /;

/** One requirement as one locale's file states it. */
export interface RequirementStatement {
  id: string;
  /** Its level; undefined when the statement has no key word or mixes levels (both are problems). */
  level?: Bcp14Level;
  file: string;
  locale: string;
  line: number;
  /** The statement's text without its id, as plain text. */
  text: string;
}

/** The id a paragraph opens with, when it is a requirement. */
export function requirementIdOf(paragraph: Paragraph): string | undefined {
  const first = paragraph.children[0];
  return first?.type === 'text' ? REQUIREMENT_OPENING.exec(first.value)?.[1] : undefined;
}

/**
 * What one key word found in a text node is: a problem (its message and rule), or the level it
 * gives the requirement open around it (`open`, its id), when it is in its locale's form, inside
 * one, and alone in strong emphasis.
 */
function keywordHitFinding(
  hit: KeywordHit,
  text: string,
  context: {
    locale: string;
    own: ReadonlyMap<Bcp14Level, readonly string[]> | undefined;
    open: string | undefined;
    strong: boolean;
  },
): { message: string; rule: string } | { level: Bcp14Level } {
  const { locale, own, open, strong } = context;
  if (hit.locale !== locale) {
    const instead = own?.get(hit.level)?.join(' or ');
    return {
      message: `"${hit.form}" is the ${hit.locale} form of ${hit.level}; ${locale} text writes ${instead ?? 'none (content/bcp14.json has no column for it)'}`,
      rule: 'bcp14-locale',
    };
  }
  if (open === undefined)
    return {
      message: hit.caseless
        ? `marked-up key word "${hit.form}" outside a requirement; open the statement with its [UAI1-…] id, or remove the emphasis`
        : `upper-case key word "${hit.form}" outside a requirement; open the statement with its [UAI1-…] id, or write the word in lower case`,
      rule: 'bcp14-outside-requirement',
    };
  if (!strong || text.trim() !== hit.form)
    return {
      message: `key word "${hit.form}" of ${open} is not marked up; write **${hit.form}**`,
      rule: 'bcp14-markup',
    };
  return { level: hit.level };
}

/**
 * The requirements of one prose text and the problems of its key words. Only a page body (a text
 * without `place`) may hold requirements. A text with neither a bracketed id nor a form that can
 * be a key word there is not parsed.
 */
export function requirementsOf(
  prose: ProseText,
  keywords: KeywordTable,
): { statements: RequirementStatement[]; problems: Problem[] } {
  const statements: RequirementStatement[] = [];
  const problems: Problem[] = [];
  // A caseless form is a key word only inside strong emphasis, so without emphasis markup it cannot be one.
  const emphasis = prose.markdown.includes('**') || prose.markdown.includes('__');
  if (!prose.markdown.includes('[UAI1-') && !keywords.scan(prose.markdown).some((hit) => emphasis || !hit.caseless))
    return { statements, problems };
  const at = (line: number, message: string, rule: string) =>
    problems.push(proseProblem(prose, prose.line + line - 1, message, rule));
  const own = keywords.formsOf(prose.locale);

  interface Open {
    statement: RequirementStatement;
    levels: Set<Bcp14Level>;
  }
  const visit = (node: Nodes, open: Open | undefined, strong: boolean): void => {
    if (SKIPPED_NODES.has(node.type)) return;
    if (node.type === 'paragraph') {
      const id = requirementIdOf(node);
      if (id) {
        const line = node.position?.start.line ?? 1;
        if (!isPageBody(prose)) {
          at(line, `requirement ${id} outside a page body; state it in the page's Markdown`, 'requirement-place');
        } else {
          const text = collapseWhiteSpace(toString(node).replace(REQUIREMENT_OPENING, ''));
          const statement: RequirementStatement = {
            id,
            file: prose.file,
            locale: prose.locale,
            line: prose.line + line - 1,
            text,
          };
          const started: Open = { statement, levels: new Set() };
          for (const child of node.children) visit(child, started, false);
          if (started.levels.size === 0)
            at(line, `requirement ${id} has no marked-up BCP 14 key word`, 'requirement-keyword');
          else if (started.levels.size > 1)
            at(
              line,
              `requirement ${id} mixes ${[...started.levels].join(' and ')}; one level per requirement, so split it`,
              'requirement-level',
            );
          else statement.level = [...started.levels][0];
          statements.push(statement);
          return;
        }
      }
    }
    if (node.type === 'text') {
      for (const hit of keywords.scan(node.value)) {
        if (hit.caseless && !strong) continue;
        const line = (node.position?.start.line ?? 1) + countLines(node.value, hit.offset);
        const finding = keywordHitFinding(hit, node.value, {
          locale: prose.locale,
          own,
          open: open?.statement.id,
          strong,
        });
        if ('level' in finding) open?.levels.add(finding.level);
        else at(line, finding.message, finding.rule);
      }
      return;
    }
    if ('children' in node)
      for (const child of node.children) visit(child as Nodes, open, strong || node.type === 'strong');
  };
  visit(fromMarkdown(prose.markdown, MARKDOWN_OPTIONS), undefined, false);
  return { statements, problems };
}

function countLines(value: string, offset: number): number {
  let lines = 0;
  for (let i = 0; i < offset; i++) if (value.charCodeAt(i) === 10) lines++;
  return lines;
}
