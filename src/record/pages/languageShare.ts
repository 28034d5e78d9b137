/**
 * How much of a page's main text is not in the page's language: the measure behind the build's
 * language share report and its ratchet (checks/languageShareGate.ts). Defined once, here:
 *
 * - The page's language is the `lang` of its `<html>` element; a text's language is the `lang` of
 *   its nearest element that has one. Two languages differ when their primary subtags differ
 *   (`es-ES` and `es-US` are one language; `fr-FR` and `en-US` are two).
 * - Main text is the text inside `<main>`, without what is not prose: code (`code`, `pre`, `kbd`,
 *   `samp`, `var`), quotations marked as such (`q`, and `blockquote` with a `cite`: a quoted value
 *   of a named source, such as an edition page's word diff of a released file, which stays in the
 *   file's language; a Markdown block quote has no `cite`, so prose cannot leave the measure that
 *   way), scripts, styles, templates, drawings (`svg`,
 *   `math`), what the page hides from every reader (`hidden`, `aria-hidden="true"`) and what it marks
 *   as a name never to translate (`translate="no"`: the title of an English page it lists, say).
 * - Text marked as the page's language can still be English that nobody marked (a paragraph left
 *   untranslated): on a page that is not in English, a sentence of the page's language (a run of a
 *   text node up to `. ! ?` or a line break) of at least four counted words, at least 40% of them
 *   English function words no locale of the record shares (`ENGLISH_MARKERS`: "the", "is", "with"…),
 *   counts as in another language. A short English name or quotation is not a sentence of it.
 * - It is counted in letters (`\p{L}`) of words, a word being a run of letters, digits and `_ - . '`.
 *   A word that is an identifier or a name written as code is not counted: one with a digit or `_`
 *   (`UAI-1`, `uai-agent-ack-v1`, `schema_version`), or with a capital letter after its first
 *   character (`UAIX`, `JSON`, `SHA-256`, `inLanguage`).
 *
 * One walk of the tree and one pass over each text node: linear in the page.
 */
import type { Element, Root, RootContent } from 'hast';

/** A page's main text, in letters: all of it, and the part in another language than the page's. */
export interface LanguageShare {
  /** The page's language (`<html lang>`), or "" when it has none. */
  lang: string;
  total: number;
  foreign: number;
  /** Of `foreign`: the letters of English sentences inside text marked as the page's language. */
  unmarked: number;
}

/** Elements whose text is not prose in the page's language by definition (see above). */
const NOT_PROSE = new Set(['code', 'pre', 'kbd', 'samp', 'var', 'q', 'script', 'style', 'template', 'svg', 'math']);

const LETTER = /\p{L}/u;
const WORD_PART = /[\p{L}\p{N}_\-.'\u2019]/u;
const DIGIT_OR_UNDERSCORE = /[\p{N}_]/u;
const CAPITAL = /\p{Lu}/u;

/**
 * English function words that are not words of Spanish, French or pinyin-free Chinese text ("a",
 * "an", "on", "son", "has", "or", "en" are, and so are left out).
 */
const ENGLISH_MARKERS = new Set([
  'the',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'with',
  'this',
  'that',
  'these',
  'those',
  'which',
  'from',
  'by',
  'of',
  'and',
  'to',
  'for',
  'it',
  'its',
  'have',
  'not',
  'when',
  'must',
  'should',
  'will',
  'each',
  'every',
  'only',
  'any',
  'their',
  'they',
  'you',
  'your',
  'what',
  'where',
  'into',
  'than',
]);
const MIN_SENTENCE_WORDS = 4;
const SENTENCE_END = new Set(['.', '!', '?', '\n']);

/** The primary language subtag, lower case: `es` of `es-ES`. */
export function primaryLanguage(lang: string): string {
  const dash = lang.indexOf('-');
  return (dash < 0 ? lang : lang.slice(0, dash)).toLowerCase();
}

/** Letters, counted words and English function words of `text`, by the word rule above. */
function wordCounts(text: string): { letters: number; words: number; english: number } {
  const counts = { letters: 0, words: 0, english: 0 };
  let word = '';
  const endWord = () => {
    if (word && !isIdentifier(word)) {
      let letters = 0;
      for (const character of word) if (LETTER.test(character)) letters++;
      if (letters) {
        counts.letters += letters;
        counts.words++;
        let bare = word.toLowerCase();
        while (bare.endsWith('.')) bare = bare.slice(0, -1);
        if (ENGLISH_MARKERS.has(bare)) counts.english++;
      }
    }
    word = '';
  };
  for (const character of text) {
    if (WORD_PART.test(character) && !(character === '.' && word === '')) word += character;
    else endWord();
  }
  endWord();
  return counts;
}

/** Letters of `text` that count as prose, by the word rule above. */
export function proseLetters(text: string): number {
  return wordCounts(text).letters;
}

/**
 * Letters of `text` (marked as the page's language) in sentences that read as English: the rule
 * above, sentence by sentence. A word's trailing full stop ends its sentence.
 */
export function unmarkedEnglishLetters(text: string): number {
  let letters = 0;
  let start = 0;
  const sentence = (end: number) => {
    const counts = wordCounts(text.slice(start, end));
    if (counts.words >= MIN_SENTENCE_WORDS && counts.english * 10 >= counts.words * 4) letters += counts.letters;
    start = end;
  };
  for (let at = 0; at < text.length; at++) {
    const character = text[at];
    if (SENTENCE_END.has(character) && !WORD_PART.test(text[at + 1] ?? ' ')) sentence(at + 1);
  }
  sentence(text.length);
  return letters;
}

function isIdentifier(word: string): boolean {
  if (DIGIT_OR_UNDERSCORE.test(word)) return true;
  let first = true;
  for (const character of word) {
    if (!first && CAPITAL.test(character)) return true;
    if (LETTER.test(character)) first = false;
  }
  return false;
}

const stringProperty = (element: Element, name: string): string | undefined => {
  const value = element.properties?.[name];
  return typeof value === 'string' ? value : undefined;
};

function isHidden(element: Element): boolean {
  return element.properties?.hidden === true || stringProperty(element, 'ariaHidden') === 'true';
}

/** `translate="no"`: the author says the text is a name, the same in every language (HTML's translate attribute). */
const isName = (element: Element): boolean => stringProperty(element, 'translate') === 'no';

/** A block quotation that names its source (`<blockquote cite>`): quoted values, not the page's prose. */
const isCitedQuotation = (element: Element): boolean =>
  element.tagName === 'blockquote' && stringProperty(element, 'cite') !== undefined;

/**
 * Calls `visit` with every text node of the main text (the definition above: inside `<main>`, not in
 * code, quotations, scripts, drawings, hidden elements or names) and its language (the nearest `lang`), in
 * document order; returns the page's language.
 */
export function forEachMainText(tree: Root, visit: (text: string, lang: string) => void): string {
  let pageLang = '';
  const walk = (nodes: readonly RootContent[], lang: string, inMain: boolean): void => {
    for (const node of nodes) {
      if (node.type === 'text') {
        if (inMain) visit(node.value, lang);
      } else if (node.type === 'element') {
        if (NOT_PROSE.has(node.tagName) || isHidden(node) || isName(node) || isCitedQuotation(node)) continue;
        const own = stringProperty(node, 'lang');
        if (node.tagName === 'html') pageLang = own ?? '';
        walk(node.children, own ?? lang, inMain || node.tagName === 'main');
      }
    }
  };
  walk(tree.children, '', false);
  return pageLang;
}

/** The language share of a parsed page (`tree`, as hast-util-from-parse5 gives it). */
export function languageShareOf(tree: Root): LanguageShare {
  const texts: { text: string; lang: string }[] = [];
  const lang = forEachMainText(tree, (text, textLang) => texts.push({ text, lang: textLang }));
  const pageLanguage = primaryLanguage(lang);
  const share: LanguageShare = { lang, total: 0, foreign: 0, unmarked: 0 };
  for (const { text, lang: textLang } of texts) {
    const letters = proseLetters(text);
    share.total += letters;
    if (primaryLanguage(textLang) !== pageLanguage) share.foreign += letters;
    else if (pageLanguage !== 'en') {
      const english = unmarkedEnglishLetters(text);
      share.foreign += english;
      share.unmarked += english;
    }
  }
  return share;
}
