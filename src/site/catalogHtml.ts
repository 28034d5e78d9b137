/**
 * Generated sentences written in a page's language from catalog templates: the resolver's reasons
 * and the details of classified changes. A template the catalog does not translate (yet) is shown
 * in English, marked `lang="en-US"`; a name or an id filled in stays as written, as code.
 */
import type { CatalogText } from '../record/model/textCatalog.ts';
import { escapeHtml } from '../record/content/escapeHtml.ts';
import { templateHtml } from '../record/content/inlineText.ts';
import { localeOf, SOURCE_LOCALE } from '../record/model/locales.ts';
import type { ReasonParts } from '../uai/clientLadder.ts';
import type { Capability } from '../uai/routeVocabulary.ts';
import { joinedList } from '../record/model/listJoin.ts';
import { CHANGE_DETAILS, changeDetailKey, type ChangeDetail } from '../record/editions/changeRules.ts';

/**
 * A page's catalog: key → the string in the page's language, or the English. With a count, `key`
 * is a base and the answer its plural form for the count in the page's language (pluralForms.ts).
 */
export type PageCatalog = (key: string, count?: number) => CatalogText;

/** HTML of a generated sentence, and whether every part of it is in the page's language. */
export interface GeneratedHtml {
  html: string;
  translated: boolean;
}

const ENGLISH_LANG = localeOf(SOURCE_LOCALE).lang;

/** Marks English HTML as English, on a page in another language. */
function inEnglish(html: string): string {
  return `<span lang="${ENGLISH_LANG}">${html}</span>`;
}

const code = (value: string) => `<code>${escapeHtml(value)}</code>`;

/**
 * A catalog string as HTML, each `{name}` filled by `valueHtml`; marked English when not translated,
 * unless it is part of an English sentence (`mark` false), which carries the mark.
 */
function filled(text: CatalogText, valueHtml: (name: string) => GeneratedHtml, mark = true): GeneratedHtml {
  let translated = text.translated;
  const html = templateHtml(text.text, (name) => {
    const value = valueHtml(name);
    translated &&= value.translated;
    return value.html;
  });
  return { html: text.translated || !mark ? html : inEnglish(html), translated };
}

/**
 * The resolver's reason in the page's language: the template `resolver.reason.<decision>`, the
 * client by the ladder row's name on the page, each capability by its catalog name, listed the
 * language's way (`Intl.ListFormat`: "a, b et c", "a、b和c"). Where the template is English (an
 * English page, or one not translated yet) it is the resolver's own sentence, `english`.
 */
export function reasonHtml(
  parts: ReasonParts,
  english: string,
  page: { clientLabel: string; text: PageCatalog; locale: string },
): GeneratedHtml {
  const { text, clientLabel, locale } = page;
  const template = text(`resolver.reason.${parts.decision}`);
  if (locale === SOURCE_LOCALE) return { html: escapeHtml(english), translated: true };
  if (!template.translated) return { html: inEnglish(escapeHtml(english)), translated: false };
  const lang = localeOf(locale).lang;
  const list = (capabilities: readonly Capability[]): GeneratedHtml => {
    const names = capabilities.map((capability) => {
      const name = text(`capability.${capability}`);
      return { html: name.translated ? escapeHtml(name.text) : inEnglish(escapeHtml(name.text)), ...name };
    });
    const html = joinedList(lang, names);
    return { html: names.length ? html : '—', translated: names.every((name) => name.translated) };
  };
  const values: Record<string, GeneratedHtml> = {
    client: { html: escapeHtml(clientLabel), translated: true },
    field: { html: code(parts.field), translated: true },
    needs: list(parts.needs),
    missing: list(parts.missing),
    has: list(parts.has),
  };
  return filled(template, (name) => values[name] ?? { html: '', translated: true });
}

/**
 * A classified change's detail in the page's language, nested details (a count, an expectation) each
 * from its template; a detail whose template is not translated is English throughout, marked once.
 */
export function changeDetailHtml(
  detail: ChangeDetail,
  text: PageCatalog,
  levelLabel: (level: string) => string,
  insideEnglish = false,
): GeneratedHtml {
  const english = changeDetailKey(detail, ENGLISH_LANG) as keyof typeof CHANGE_DETAILS;
  const own = insideEnglish
    ? { text: CHANGE_DETAILS[english], translated: false }
    : 'count' in detail
      ? text(`change.detail.${detail.id}`, detail.count)
      : text(`change.detail.${detail.id}`);
  return filled(
    own,
    (name) => {
      const value = detail.values[name];
      if (value === undefined) return { html: '', translated: true };
      if (typeof value === 'number') return { html: String(value), translated: true };
      if (typeof value === 'string') {
        // A BCP 14 level (MUST NOT) reads in the page's own key word (NE DOIT PAS), as its requirement does.
        const label = insideEnglish ? value : levelLabel(value);
        return { html: label === value ? code(value) : escapeHtml(label), translated: true };
      }
      if ('english' in value)
        return {
          html: own.translated ? inEnglish(escapeHtml(value.english)) : escapeHtml(value.english),
          translated: false,
        };
      return changeDetailHtml(value, text, levelLabel, !own.translated);
    },
    !insideEnglish,
  );
}
