/**
 * What a page says about the text it shows when the locale has no translation of its own: the
 * English text, or the nearest language's translation along the locale table's fallback chain
 * (es-es shows the es-US text). One place, so the banner, the status block and the language
 * switcher name the same language.
 */
import type { Page, TranslationState } from '../record/pages/pageIndex.ts';
import { SOURCE_LOCALE, localeOf } from '../record/model/locales.ts';

type Translate = (key: string, values?: Record<string, string>) => string;

/** The banner of a fallback page, in the interface's language. */
export function fallbackBanner(page: Page, t: Translate): string {
  const shown = localeOf(page.entry.locale);
  const language = localeOf(page.locale).label;
  return page.entry.locale === SOURCE_LOCALE
    ? t('banner.fallback', { language })
    : t('banner.fallback_nearest', { language, shown: shown.label, tag: shown.lang });
}

/**
 * A translation state as the status block and the translation-status table say it; `shownLocale` is
 * whose text is shown.
 */
export function translationStateText(state: TranslationState, shownLocale: string, t: Translate): string {
  if (state === 'fallback' && shownLocale !== SOURCE_LOCALE)
    return t('translation.state.fallback_nearest', { tag: localeOf(shownLocale).lang });
  return t(`translation.state.${state}`);
}

/** What a language-switcher link adds for a locale without its own translation: which text it shows. */
export function untranslatedNote(variant: Page, t: Translate): string {
  return variant.entry.locale === SOURCE_LOCALE
    ? t('language.untranslated')
    : t('language.shows_other', { tag: localeOf(variant.entry.locale).lang });
}
