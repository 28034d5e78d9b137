/**
 * A count shown to readers (bytes, pages, changes), grouped as the reader's language writes it: one
 * function for every template and the browser validator. Intl gives each locale's digits and
 * grouping (en and zh "193,976", fr "193 976" with a narrow no-break space); Spanish is the one
 * override: the RAE's Ortografía (2010) groups with a space, not Intl's "." (es-ES) or "," (es-US),
 * and leaves four digits whole ("1976"), so its group mark becomes the same narrow no-break space.
 * Identifiers and code (an edition id, a line number, an error code) are not counts: leave them as
 * they are.
 */

/** Group marks that differ from Intl's, by language. */
const GROUP_MARK: Readonly<Record<string, string>> = { es: '\u202f' };

const formats = new Map<string, Intl.NumberFormat>();

export function formatCount(locale: string, count: number): string {
  let format = formats.get(locale);
  if (!format) {
    // Spanish leaves four digits whole in every region, as es-ES's data says.
    format = new Intl.NumberFormat(locale.startsWith('es') ? 'es-ES' : locale, { maximumFractionDigits: 0 });
    formats.set(locale, format);
  }
  const mark = GROUP_MARK[locale.split('-')[0]];
  return format
    .formatToParts(count)
    .map((part) => (part.type === 'group' && mark ? mark : part.value))
    .join('');
}
