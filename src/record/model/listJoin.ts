/**
 * A list joined the language's way (`Intl.ListFormat`: "a, b and c", "a, b et c", "a、b和c"), with a
 * space where a Chinese conjunction meets a Latin word or a number: 和 between "GET" and "JavaScript"
 * reads "GET 和 JavaScript", as Chinese sets Latin words apart from Han characters. Each item is
 * given as the text a reader sees and the HTML to write (the text decides the spacing).
 */
export interface ListItem {
  text: string;
  html: string;
}

const isHan = (char: string | undefined) => char !== undefined && char >= '\u4e00' && char <= '\u9fff';
const isLatinOrDigit = (char: string | undefined) => char !== undefined && /^[A-Za-z0-9]$/.test(char);

/** The items' HTML joined by the conjunction list of `lang`. */
export function joinedList(lang: string, items: readonly ListItem[]): string {
  const parts = new Intl.ListFormat(lang, { type: 'conjunction' }).formatToParts(items.map((item) => item.text));
  let element = 0;
  return parts
    .map((part) => {
      if (part.type === 'element') return items[element++].html;
      const before = items[element - 1]?.text;
      const after = items[element]?.text;
      const open = isHan(part.value[0]) && isLatinOrDigit(before?.at(-1)) ? ' ' : '';
      const close = isHan(part.value.at(-1)) && isLatinOrDigit(after?.[0]) ? ' ' : '';
      return `${open}${part.value}${close}`;
    })
    .join('');
}
