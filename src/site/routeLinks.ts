/** Route-record URLs as links inside one locale's pages (records name the English pages). */
import { SITE_ORIGIN, SOURCE_LOCALE } from '../record/model/locales.ts';

/** The in-site href for a route URL; undefined for URI templates such as `/schemas/uai-1/{name}`. */
export function localRouteHref(url: string, locale: string): string | undefined {
  if (url.includes('{')) return undefined;
  const local = url.startsWith(SITE_ORIGIN) ? url.slice(SITE_ORIGIN.length) : url;
  return local.startsWith(`/${SOURCE_LOCALE}/`) ? `/${locale}/${local.slice(SOURCE_LOCALE.length + 2)}` : local;
}
