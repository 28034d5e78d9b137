/**
 * The record's locales. en-us is the source and the authority; es-us and fr-fr are complete
 * translations; es-es and zh-cn translate the interface and fall back to English content.
 */
export interface Locale {
  /** URL segment and content folder name. */
  code: string;
  /** BCP 47 tag for `lang` and `hreflang`. */
  lang: string;
  /** The language's own name, for the language switcher. */
  label: string;
  /** Whether page content is translated here (false: the English content is shown). */
  translatesContent: boolean;
}

export const SOURCE_LOCALE = 'en-us';

export const LOCALES: readonly Locale[] = [
  { code: 'en-us', lang: 'en-US', label: 'English (US)', translatesContent: true },
  { code: 'es-us', lang: 'es-US', label: 'Español (EE. UU.)', translatesContent: true },
  { code: 'fr-fr', lang: 'fr-FR', label: 'Français (France)', translatesContent: true },
  { code: 'es-es', lang: 'es-ES', label: 'Español (España)', translatesContent: false },
  { code: 'zh-cn', lang: 'zh-CN', label: '简体中文', translatesContent: false },
];

const byCode = new Map(LOCALES.map((locale) => [locale.code, locale]));

export function localeOf(code: string): Locale {
  const locale = byCode.get(code);
  if (!locale) throw new Error(`unknown locale ${code}`);
  return locale;
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

