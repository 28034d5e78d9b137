/**
 * The glossary as readers see it: the English glossary (content/glossary/en-us.json) names every
 * concept once, with one short definition; each translation's glossary (content/glossary/<locale>.json)
 * renders some of those concepts, bans other renderings and may translate the definition. A
 * translated definition records the digest of the English it translates, as the catalog of
 * generated strings does (textCatalog.ts): when the English definition changes, the translation is
 * pending and the page shows the English, never the old text.
 */
import { jsonPointer } from '../../uai/jsonPointer.ts';
import type { Problem } from '../../uai/problem.ts';
import { catalogDigest, catalogText, type CatalogText } from '../model/textCatalog.ts';
import type { EnglishGlossary, Glossary } from './contentSchemas.ts';
import type { ProseText } from './proseText.ts';

export const GLOSSARY_CONCEPT_RULES = {
  /** A term twice in the English glossary, or a translation's term that names no English concept. */
  concept: 'glossary-concept',
  /** A translated definition whose English changed since: a warning, shown in English. */
  stale: 'glossary-stale',
} as const;

export interface EnglishGlossaryFile {
  file: string;
  data: EnglishGlossary;
}

export interface GlossaryFile {
  file: string;
  locale: string;
  data: Glossary;
}

/** One row of a locale's glossary page. */
export interface GlossaryRow {
  /** The concept: the English term. */
  term: string;
  /** The row's id, the same on every locale's page: `term-` and the term's letters and digits. */
  anchor: string;
  /** Its definition in the page's language, or the English (`translated: false`) when pending or untranslated. */
  definition: CatalogText;
  /** The locale's one rendering (none on the English page). */
  use?: string;
  /** The renderings the locale's record does not use, in the glossary's order, each once. */
  banned: string[];
}

const definitionsOf = (english: EnglishGlossaryFile): Record<string, string> =>
  Object.fromEntries(english.data.terms.map((entry) => [entry.term, entry.definition]));

/**
 * What the glossaries owe each other, failing the build: each English term once, and each term of a
 * translation an English concept (whose definition the page shows). One line each, at the term.
 */
export function glossaryConceptProblems(
  english: EnglishGlossaryFile,
  translations: readonly GlossaryFile[],
): Problem[] {
  const problems: Problem[] = [];
  const at = (file: string, index: number, message: string): Problem => ({
    file,
    place: { pointer: jsonPointer(['terms', index, 'term']) },
    message,
    rule: GLOSSARY_CONCEPT_RULES.concept,
  });
  const seen = new Set<string>();
  const anchors = new Map<string, string>();
  english.data.terms.forEach((entry, index) => {
    const anchor = glossaryAnchor(entry.term);
    if (seen.has(entry.term)) problems.push(at(english.file, index, `${JSON.stringify(entry.term)} is listed twice`));
    else if (anchors.has(anchor))
      problems.push(
        at(english.file, index, `${JSON.stringify(entry.term)} has the row id ${anchor} of ${JSON.stringify(anchors.get(anchor))}`),
      );
    seen.add(entry.term);
    anchors.set(anchor, anchors.get(anchor) ?? entry.term);
  });
  for (const glossary of translations)
    glossary.data.terms.forEach((entry, index) => {
      if (!seen.has(entry.term))
        problems.push(
          at(
            glossary.file,
            index,
            `${JSON.stringify(entry.term)} names no concept of ${english.file}; add it there with its definition`,
          ),
        );
    });
  return problems;
}

/**
 * Each translated definition whose English definition changed since it was translated: pending,
 * one warning each (file, the definition's `source` pointer, rule), never a failure.
 */
export function glossaryPending(english: EnglishGlossaryFile, translations: readonly GlossaryFile[]): Problem[] {
  const definitions = definitionsOf(english);
  return translations.flatMap((glossary) =>
    glossary.data.terms.flatMap((entry, index): Problem[] => {
      const source = definitions[entry.term];
      return entry.definition && source !== undefined && entry.definition.source !== catalogDigest(source)
        ? [
            {
              file: glossary.file,
              place: { pointer: jsonPointer(['terms', index, 'definition', 'source']) },
              message:
                'the English definition changed after this translation: it shows in English until retranslated and restamped',
              rule: GLOSSARY_CONCEPT_RULES.stale,
            },
          ]
        : [];
    }),
  );
}

/** Of a glossary file's strings, its translated definitions: what the language check reads (the rest is its data). */
export function glossaryDefinitionProse(prose: readonly ProseText[]): ProseText[] {
  return prose.filter((text) => /^\/terms\/\d+\/definition\/text$/.test(text.pointer ?? ''));
}

/** A term's row id: `term-` and its lower-case ASCII letters and digits, other runs as one hyphen. */
export function glossaryAnchor(term: string): string {
  const words = term.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  return `term-${words.join('-')}`;
}

const byTerm = (a: { term: string }, b: { term: string }) =>
  a.term.toLowerCase() < b.term.toLowerCase() ? -1 : a.term.toLowerCase() > b.term.toLowerCase() ? 1 : 0;

/**
 * The rows of a locale's glossary page, by English term: on the English page every concept with its
 * definition; on a translated one each concept the locale's glossary renders, with its rendering,
 * the renderings it bans and its definition (translated when current, else the English).
 */
export function glossaryRows(english: EnglishGlossaryFile, glossary: GlossaryFile | undefined): GlossaryRow[] {
  const definitions = definitionsOf(english);
  if (!glossary)
    return [...english.data.terms]
      .sort(byTerm)
      .map((entry) => ({
        term: entry.term,
        anchor: glossaryAnchor(entry.term),
        definition: { text: entry.definition, translated: true },
        banned: [],
      }));
  const translated = {
    locale: glossary.locale,
    file: glossary.file,
    entries: Object.fromEntries(
      glossary.data.terms.flatMap((entry) => (entry.definition ? [[entry.term, entry.definition]] : [])),
    ),
  };
  return [...glossary.data.terms].sort(byTerm).map((entry) => ({
    term: entry.term,
    anchor: glossaryAnchor(entry.term),
    definition: catalogText(definitions, translated, entry.term),
    use: entry.use,
    banned: [...new Set(entry.banned.map((banned) => banned.text))],
  }));
}
