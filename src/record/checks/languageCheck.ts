/**
 * The language check of the record's prose, run with the content check before Astro renders a
 * page. A locale's glossary (`content/glossary/<locale>.json`) names the preferred rendering of
 * each English term and bans the renderings a machine translation produced ("dispositivo" for
 * fixture, "审查" for review), a second rendering of a concept that has one, and English BCP 14
 * keywords; a ban scoped `non-normative` spares the normative sources, which change only with an
 * edition. French text also needs a no-break space before `: ; ! ?` and inside « »; Chinese text
 * full-width punctuation. Only prose is read: Markdown text nodes, never code, inline code, HTML, link targets or
 * autolinked URLs. Every scan is a forward pass (indexOf or one loop over the characters), so the
 * check is linear in the text for a fixed glossary.
 */
import { textPositions } from '../../uai/textPosition.ts';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Nodes, Root } from 'mdast';
import type { Glossary } from '../content/contentSchemas.ts';
import { jsonPointer } from '../../uai/jsonPointer.ts';
import { isNormativeContentFile } from '../editions/editionContents.ts';
import { REQUIREMENT_IDS_IN_TEXT } from '../requirements/requirementId.ts';
import type { Problem } from '../../uai/problem.ts';
import { MARKDOWN_OPTIONS, SKIPPED_NODES, proseProblem, type ProseText } from '../content/proseText.ts';

/** How a locale's prose is judged. */
export interface LanguageRules {
  glossary?: Glossary;
  /** French typography: a (narrow) no-break space before `: ; ! ?` and inside « ». */
  frenchPunctuation: boolean;
  /** Chinese typography: full-width punctuation beside Chinese characters. */
  chinesePunctuation?: boolean;
}

const NO_BREAK_SPACES = new Set(['\u00a0', '\u202f']);
const WORD_CHARACTER = /[\p{L}\p{N}_]/u;
// Scripts written without spaces between words: a banned term there needs no word boundary.
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * A text node of a Markdown string: its text, its line relative to the string's start, the source
 * character after it.
 */
export interface ProseRun {
  value: string;
  line: number;
  following: string;
}

/**
 * Text nodes of a Markdown string, with their line relative to its start and the source character
 * that follows each (a text node can end where inline code, a link or emphasis markup begins).
 * The Markdown parse is almost all of the check's time; the build keeps the result per string
 * between builds (checks/node/proseParseCache.ts, with the link check's URLs of the same parse).
 */
export function proseRuns(markdown: string): ProseRun[] {
  return proseRunsOf(fromMarkdown(markdown, MARKDOWN_OPTIONS), markdown);
}

/** proseRuns of a tree already parsed from `markdown` (with MARKDOWN_OPTIONS, positions kept). */
export function proseRunsOf(tree: Root, markdown: string): ProseRun[] {
  const runs: ProseRun[] = [];
  const visit = (node: Nodes): void => {
    if (SKIPPED_NODES.has(node.type)) return;
    if (node.type === 'text') {
      const end = node.position?.end.offset;
      runs.push({
        // A requirement id (`UAI1-DIGEST-001`) is an identifier, not prose: blanked, offsets kept.
        value: node.value.replace(REQUIREMENT_IDS_IN_TEXT, (id) => ' '.repeat(id.length)),
        line: node.position?.start.line ?? 1,
        following: end === undefined ? '' : (markdown[end] ?? ''),
      });
      return;
    }
    // An autolinked URL is its own text: it is an address, not prose.
    if (
      node.type === 'link' &&
      node.children.length === 1 &&
      node.children[0].type === 'text' &&
      node.url.endsWith(node.children[0].value)
    )
      return;
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return runs;
}

/** Lower case, one apostrophe and one space, with the length kept so offsets stay valid. */
function normalize(text: string): string {
  let out = '';
  for (const character of text) {
    if (character === '\u2019') out += "'";
    else if (NO_BREAK_SPACES.has(character)) out += ' ';
    else {
      const lower = character.toLowerCase();
      out += lower.length === character.length ? lower : character;
    }
  }
  return out;
}

function needsBoundary(character: string | undefined): boolean {
  return character !== undefined && WORD_CHARACTER.test(character) && !UNSPACED_SCRIPT.test(character);
}

/** Offsets where `phrase` (normalized) occurs in `text` (normalized) as a whole word or phrase. */
function occurrences(text: string, phrase: string): number[] {
  const found: number[] = [];
  const checkStart = needsBoundary(phrase[0]);
  const checkEnd = needsBoundary(phrase[phrase.length - 1]);
  for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) {
    if (checkStart && at > 0 && WORD_CHARACTER.test(text[at - 1])) continue;
    const after = text[at + phrase.length];
    if (checkEnd && after !== undefined && WORD_CHARACTER.test(after)) continue;
    found.push(at);
  }
  return found;
}

function excerpt(value: string, offset: number): string {
  return value
    .slice(Math.max(0, offset - 24), offset + 24)
    .replace(/\s+/g, (space) => (space.length === 1 && NO_BREAK_SPACES.has(space) ? space : ' '))
    .trim();
}

function describe(character: string): string {
  return character === ' ' ? 'an ordinary space' : `"${character}"`;
}

/** Closing emphasis markup: punctuation before it still ends the phrase. */
const CLOSING_MARKUP = new Set(['*', '_', '~']);

/**
 * French typography problems in one text run, as [offset, message] pairs; `following` is the
 * source character after the run.
 */
function frenchPunctuation(value: string, following: string): [number, string][] {
  const problems: [number, string][] = [];
  const fix = 'put a narrow no-break space (U+202F) or a no-break space (U+00A0) there';
  for (let i = 0; i < value.length; i++) {
    const character = value[i];
    const previous = i > 0 ? value[i - 1] : '';
    const next = value[i + 1] ?? (following === '' || CLOSING_MARKUP.has(following) ? '' : following);
    if (character === '«') {
      if (next !== '' && !NO_BREAK_SPACES.has(next))
        problems.push([i, `${describe(next)} after "«" in "${excerpt(value, i)}"; ${fix}`]);
    } else if (character === '»') {
      if (previous !== '' && !NO_BREAK_SPACES.has(previous))
        problems.push([i, `${describe(previous)} before "»" in "${excerpt(value, i)}"; ${fix}`]);
    } else if (character === ':' || character === ';' || character === '!' || character === '?') {
      if (NO_BREAK_SPACES.has(previous)) continue;
      if (previous === ' ' || previous === '\t' || previous === '\n') {
        problems.push([i, `an ordinary space before "${character}" in "${excerpt(value, i)}"; ${fix}`]);
      } else if (next === '' || /\s/.test(next)) {
        // Only punctuation that ends a phrase: 18:01, https: and ?query are followed by more text.
        problems.push([i, `no space before "${character}" in "${excerpt(value, i)}"; ${fix}`]);
      }
    }
  }
  return problems;
}

const HAN = /\p{Script=Han}/u;
/** Full-width and CJK punctuation: the marks that stand between Chinese phrases. */
const CJK_PUNCTUATION = /[\u3000-\u303f\uff00-\uffef\u2018\u2019\u201c\u201d\u2014\u2026]/u;
/** The ASCII marks Chinese text writes full-width, and the full-width mark for each. */
const FULL_WIDTH: Record<string, string> = {
  ',': '，',
  '.': '。',
  ':': '：',
  ';': '；',
  '!': '！',
  '?': '？',
  '(': '（',
  ')': '）',
  '"': '“ ”',
};

function isChinese(character: string | undefined): boolean {
  return character !== undefined && (HAN.test(character) || CJK_PUNCTUATION.test(character));
}

/**
 * Chinese typography problems in one text run: an ASCII mark with a Chinese character or mark on
 * either side, spaces aside ("验证器(JSON)" and "数据包, 然后" are caught; "1.0", "index.md" and
 * "a, b (c)" in Latin text are not). Offsets, as for frenchPunctuation.
 */
function chinesePunctuation(value: string): [number, string][] {
  const problems: [number, string][] = [];
  for (let i = 0; i < value.length; i++) {
    const character = value[i];
    const fullWidth = FULL_WIDTH[character];
    if (!fullWidth) continue;
    let before = i - 1;
    while (before >= 0 && value[before] === ' ') before--;
    let after = i + 1;
    while (after < value.length && value[after] === ' ') after++;
    // A full stop ends a Chinese sentence only right after it: ".uai" and ".NET" are names.
    const beside =
      character === '.'
        ? isChinese(value[i - 1]) && !/[A-Za-z0-9]/.test(value[i + 1] ?? '')
        : isChinese(value[before]) || isChinese(value[after]);
    if (beside)
      problems.push([
        i,
        `ASCII "${character}" in Chinese text in "${excerpt(value, i)}"; use the full-width "${fullWidth}"`,
      ]);
  }
  return problems;
}

interface BannedPhrase {
  phrase: string;
  term: string;
  use: string;
  reason: string;
  nonNormativeOnly: boolean;
}

function bannedPhrases(glossary: Glossary | undefined): BannedPhrase[] {
  return (glossary?.terms ?? []).flatMap((entry) =>
    entry.banned.map((banned) => ({
      phrase: normalize(banned.text),
      term: entry.term,
      use: entry.use,
      reason: banned.reason,
      nonNormativeOnly: banned.scope === 'non-normative',
    })),
  );
}

/** The rules of the language check. */
export const BANNED_TERM_RULE = 'banned-term';
export const FRENCH_PUNCTUATION_RULE = 'french-punctuation';
export const CHINESE_PUNCTUATION_RULE = 'chinese-punctuation';
export const GLOSSARY_RULE = 'glossary';

/**
 * Every problem in `texts`, at its file and line, in file order. `runsOf` gives a string's prose
 * runs: proseRuns itself, or a cache of its results.
 */
export function checkLanguage(
  texts: readonly ProseText[],
  rulesFor: (locale: string) => LanguageRules,
  runsOf: (markdown: string) => readonly ProseRun[] = proseRuns,
): Problem[] {
  const problems: Problem[] = [];
  const phrasesByLocale = new Map<string, BannedPhrase[]>();
  for (const text of texts) {
    const rules = rulesFor(text.locale);
    if (!phrasesByLocale.has(text.locale)) phrasesByLocale.set(text.locale, bannedPhrases(rules.glossary));
    const phrases = phrasesByLocale.get(text.locale)!;
    if (!phrases.length && !rules.frenchPunctuation && !rules.chinesePunctuation) continue;
    const normative = isNormativeContentFile(text.file);
    for (const run of runsOf(text.markdown)) {
      const found: [offset: number, message: string, rule: string][] = [];
      const normalized = phrases.length ? normalize(run.value) : '';
      for (const banned of phrases) {
        if (normative && banned.nonNormativeOnly) continue;
        for (const offset of occurrences(normalized, banned.phrase)) {
          const written = run.value.slice(offset, offset + banned.phrase.length);
          found.push([
            offset,
            `"${written}" for "${banned.term}" (${banned.reason}); use "${banned.use}"`,
            BANNED_TERM_RULE,
          ]);
        }
      }
      if (rules.frenchPunctuation) {
        for (const [offset, message] of frenchPunctuation(run.value, run.following))
          found.push([offset, message, FRENCH_PUNCTUATION_RULE]);
      }
      if (rules.chinesePunctuation) {
        for (const [offset, message] of chinesePunctuation(run.value))
          found.push([offset, message, CHINESE_PUNCTUATION_RULE]);
      }
      const positions = textPositions(
        run.value,
        found.map(([offset]) => offset),
      );
      found.forEach(([, message, rule], index) =>
        problems.push(proseProblem(text, text.line + run.line - 1 + positions[index].line - 1, message, rule)),
      );
    }
  }
  return problems;
}

/**
 * A glossary that contradicts itself: a term listed twice, two terms with one rendering (one
 * rendering per concept, so a reader never has to guess which is meant), or a preferred rendering
 * that contains a banned one.
 */
export function checkGlossary(file: string, glossary: Glossary): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const termOfUse = new Map<string, string>();
  glossary.terms.forEach((entry, index) => {
    const problem = (message: string): Problem => ({
      file,
      place: { pointer: jsonPointer(['terms', index]) },
      message,
      rule: GLOSSARY_RULE,
    });
    if (seen.has(entry.term)) problems.push(problem(`the term "${entry.term}" is listed twice`));
    seen.add(entry.term);
    const use = normalize(entry.use);
    const other = termOfUse.get(use);
    if (other !== undefined && other !== entry.term)
      problems.push(problem(`"${entry.use}" renders both "${other}" and "${entry.term}"; one rendering per concept`));
    else termOfUse.set(use, entry.term);
    for (const banned of bannedPhrases(glossary)) {
      if (occurrences(normalize(entry.use), banned.phrase).length) {
        problems.push(
          problem(`the preferred rendering "${entry.use}" of "${entry.term}" contains the banned "${banned.phrase}"`),
        );
      }
    }
  });
  return problems;
}
