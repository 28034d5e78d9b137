/**
 * The errata register: what is known to be wrong in a released edition's text, one entry per
 * erratum (id, edition, the record code and section anchor of the page it touches, status, text).
 * English is the source (`content/errata/en-us.json`); a translation holds each erratum's text by
 * id and the digest of the English file it was made from, so a changed English file makes it stale.
 * This module holds the rules a schema cannot state, the text a locale shows, the pages an erratum
 * touches, and `/errata.json`.
 */
import { SITE_ORIGIN, SOURCE_LOCALE, contentChain, pageUrl } from '../model/locales.ts';
import { compareEditionIds } from './editions.ts';
import { translationStateOf } from '../pages/pageIndex.ts';
import { PAGE_PATHS } from '../pages/pagePaths.ts';
import { problemAtPointer, type Problem } from '../../uai/problem.ts';

export const ERRATA_JSON_PATH = '/errata.json';
export const ERRATA_SCHEMA_PATH = '/schemas/site/errata.schema.json';
export const ERRATA_DATA_SCHEMA_PATH = '/schemas/site/errata-data.schema.json';
export const ERRATA_FOLDER = 'content/errata';

export type ErratumStatus = 'reported' | 'confirmed' | 'fixed' | 'rejected';

export interface Erratum {
  id: string;
  edition: string;
  record_code: string;
  section: string;
  status: ErratumStatus;
  fixed_in?: string;
  reported: string;
  text: string;
}

/** The register as read: the English errata (with their file) and each translation's texts. */
export interface ErrataRegister {
  /** The English file (repository path), its sha256 and its errata. */
  source: { file: string; digest: string; errata: Erratum[] };
  translations: { locale: string; file: string; source_digest: string; text: Record<string, string> }[];
}

/** The anchor of an erratum on the errata page. */
export function erratumAnchor(id: string): string {
  return id.toLowerCase();
}

/** The URL of an erratum on the errata page of a locale. */
export function erratumUrl(locale: string, id: string): string {
  return `${pageUrl(locale, PAGE_PATHS.errata)}#${erratumAnchor(id)}`;
}

/** What the register's cross-checks need to know of the record. */
export interface ErrataContext {
  /** The released editions' ids. */
  editions: readonly string[];
  /** Every record code of a page, with its English page's URL. */
  pages: ReadonlyMap<string, string>;
  /** The record codes of the pages each edition froze. */
  frozenCodes: (edition: string) => ReadonlySet<string>;
}

/** The rule the errata's problems break. */
const RULE = 'errata';

/**
 * What the schema cannot say, one problem each at its JSON Pointer: ids unique, the edition
 * and `fixed_in` released (the fix after the edition), the record code a page's and one the edition
 * holds, and a translation's ids the English file's. Anchors are checked on the rendered pages.
 */
export function errataProblems(register: ErrataRegister, context: ErrataContext): Problem[] {
  const problems: Problem[] = [];
  const { file, errata } = register.source;
  const released = new Set(context.editions);
  const seen = new Set<string>();
  errata.forEach((erratum, at) => {
    const place = (member: string, message: string) => problemAtPointer(file, `/errata/${at}/${member}`, message, RULE);
    if (seen.has(erratum.id)) problems.push(place('id', `${erratum.id} is used twice; an erratum id is unique`));
    seen.add(erratum.id);
    if (!released.has(erratum.edition)) problems.push(place('edition', `${erratum.edition} is not a released edition`));
    if (erratum.fixed_in !== undefined) {
      if (!released.has(erratum.fixed_in))
        problems.push(place('fixed_in', `${erratum.fixed_in} is not a released edition`));
      else if (released.has(erratum.edition) && compareEditionIds(erratum.fixed_in, erratum.edition) <= 0)
        problems.push(place('fixed_in', `${erratum.fixed_in} is not after the edition ${erratum.edition}`));
    }
    if (!context.pages.has(erratum.record_code))
      problems.push(place('record_code', `${erratum.record_code} is not the record code of a page`));
    else if (released.has(erratum.edition) && !context.frozenCodes(erratum.edition).has(erratum.record_code))
      problems.push(place('record_code', `edition ${erratum.edition} holds no page ${erratum.record_code}`));
  });
  for (const translation of register.translations) {
    for (const id of Object.keys(translation.text))
      if (!seen.has(id))
        problems.push(
          problemAtPointer(
            translation.file,
            `/text/${id}`,
            `no erratum ${id} in ${file}; a translation only translates`,
            RULE,
          ),
        );
  }
  return problems;
}

/**
 * The anchors the errata name that their page lacks: `pageIds(url)` is the set of element ids of
 * the rendered English page (undefined when there is none).
 */
export function errataAnchorProblems(
  register: ErrataRegister,
  pages: ReadonlyMap<string, string>,
  pageIds: (url: string) => ReadonlySet<string> | undefined,
): Problem[] {
  return register.source.errata.flatMap((erratum, at) => {
    const url = pages.get(erratum.record_code);
    if (url === undefined || pageIds(url)?.has(erratum.section)) return [];
    return [
      problemAtPointer(
        register.source.file,
        `/errata/${at}/section`,
        `"${erratum.section}" is not an anchor of ${erratum.record_code} (${url})`,
        RULE,
      ),
    ];
  });
}

/** The errata that touch the page with `code`. */
export function errataOf(register: ErrataRegister, code: string): Erratum[] {
  return register.source.errata.filter((erratum) => erratum.record_code === code);
}

/** The translations whose English source is the current file (the others are stale). */
function currentTranslations(register: ErrataRegister): ErrataRegister['translations'] {
  return register.translations.filter(
    (translation) => translationStateOf(translation.locale, register.source.digest, translation) === 'translated',
  );
}

/**
 * The text of an erratum in a locale and the locale it is in: along the locale's content chain,
 * the first current translation that has it, else the English.
 */
export function erratumText(
  register: ErrataRegister,
  erratum: Erratum,
  locale: string,
): { text: string; locale: string } {
  const current = new Map(currentTranslations(register).map((translation) => [translation.locale, translation]));
  for (const code of contentChain(locale)) {
    if (code === SOURCE_LOCALE) break;
    const text = current.get(code)?.text[erratum.id];
    if (text !== undefined) return { text, locale: code };
  }
  return { text: erratum.text, locale: SOURCE_LOCALE };
}

/** `/errata.json`, as schemas/site/errata.schema.json declares it. */
export function errataDocument(register: ErrataRegister, pages: ReadonlyMap<string, string>) {
  const current = currentTranslations(register);
  return {
    $schema: `${SITE_ORIGIN}${ERRATA_SCHEMA_PATH}`,
    page: `${SITE_ORIGIN}${pageUrl(SOURCE_LOCALE, PAGE_PATHS.errata)}`,
    errata: register.source.errata.map((erratum) => ({
      id: erratum.id,
      url: `${SITE_ORIGIN}${erratumUrl(SOURCE_LOCALE, erratum.id)}`,
      edition: erratum.edition,
      record_code: erratum.record_code,
      section: erratum.section,
      touches: `${SITE_ORIGIN}${pages.get(erratum.record_code) ?? ''}#${erratum.section}`,
      status: erratum.status,
      fixed_in: erratum.fixed_in ?? null,
      reported: erratum.reported,
      text: erratum.text,
      translations: Object.fromEntries(
        current.flatMap((translation) =>
          translation.text[erratum.id] !== undefined ? [[translation.locale, translation.text[erratum.id]]] : [],
        ),
      ),
    })),
  };
}
