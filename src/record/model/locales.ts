/**
 * The record's locales. en-us is the source and the authority; es-us, fr-fr and zh-cn translate
 * content (a page they have not translated shows the English text); es-es translates the interface
 * and shows the Latin-American Spanish (es-us) text. `fallback` is that chain,
 * the one table that pages, mirrors, the sitemap, canonical and hreflang all read.
 */
export interface Locale {
  /** URL segment and content folder name. */
  code: string;
  /** BCP 47 tag for `lang` and `hreflang`. */
  lang: string;
  /** The language's own name, for the language switcher. */
  label: string;
  /**
   * Whether page content is translated here (false: the text of the first locale in `fallback` that
   * has one is shown).
   */
  translatesContent: boolean;
  /**
   * Where a page without its own translation takes its text from, nearest language first; the
   * source ends every chain.
   */
  fallback: readonly string[];
}

export const SOURCE_LOCALE = 'en-us';

export const LOCALES: readonly Locale[] = [
  { code: 'en-us', lang: 'en-US', label: 'English (US)', translatesContent: true, fallback: [] },
  { code: 'es-us', lang: 'es-US', label: 'Español (EE. UU.)', translatesContent: true, fallback: ['en-us'] },
  { code: 'fr-fr', lang: 'fr-FR', label: 'Français (France)', translatesContent: true, fallback: ['en-us'] },
  { code: 'es-es', lang: 'es-ES', label: 'Español (España)', translatesContent: false, fallback: ['es-us', 'en-us'] },
  { code: 'zh-cn', lang: 'zh-CN', label: '简体中文', translatesContent: true, fallback: ['en-us'] },
];

const byCode = new Map(LOCALES.map((locale) => [locale.code, locale]));

export function localeOf(code: string): Locale {
  const locale = byCode.get(code);
  if (!locale) throw new Error(`unknown locale ${code}`);
  return locale;
}

/**
 * The `lang` an element needs when its text is in `textLocale` inside a page of `pageLocale`;
 * undefined when they are the same.
 */
export function langIfOther(textLocale: string, pageLocale: string): string | undefined {
  return textLocale === pageLocale ? undefined : localeOf(textLocale).lang;
}

/** The locale itself, then its fallback chain: where its pages may take their text from, in order. */
export function contentChain(code: string): readonly string[] {
  return [code, ...localeOf(code).fallback];
}

export function isLocale(code: string): boolean {
  return byCode.has(code);
}

/** Public site origin: the canonical URLs and `$id`s are under it. */
export const SITE_ORIGIN = 'https://uaix.org';

/** `/<locale>/<path>/` with a trailing slash; `path` '' is the locale's home. */
export function pageUrl(locale: string, path: string): string {
  return path ? `/${locale}/${path}/` : `/${locale}/`;
}
