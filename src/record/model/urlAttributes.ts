/**
 * The attributes whose value a browser reads as a URL, by their hast property names (as parse5 and
 * hast-util-from-parse5 give them), on any element: what the link check reads in the built pages
 * and the link-scheme check in raw HTML. `srcset` holds a comma-separated list of candidates,
 * `ping` a space-separated list of URLs (hast gives the tokens as an array).
 */
export const URL_ATTRIBUTES: readonly string[] = [
  'href',
  'src',
  'action',
  'formAction',
  'srcSet',
  'xLinkHref',
  'poster',
  'data',
  'cite',
  'background',
  'ping',
];

/**
 * The URLs of a `srcset` value: each candidate's URL is its first run of non-space characters
 * (commas ending it belong to the list), its descriptors run to the next comma (HTML's
 * srcset parsing, without its error cases). One forward pass.
 */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  const isSpace = (character: string) =>
    character === ' ' || character === '\t' || character === '\n' || character === '\r' || character === '\f';
  let at = 0;
  while (at < srcset.length) {
    while (at < srcset.length && (isSpace(srcset[at]) || srcset[at] === ',')) at++;
    const start = at;
    while (at < srcset.length && !isSpace(srcset[at])) at++;
    let url = srcset.slice(start, at);
    const ended = url.endsWith(',');
    while (url.endsWith(',')) url = url.slice(0, -1);
    if (url) urls.push(url);
    if (!ended) while (at < srcset.length && srcset[at] !== ',') at++;
  }
  return urls;
}

/** The URLs an element's properties hold, in URL_ATTRIBUTES order (a srcset candidate without its descriptors). */
export function urlsOfProperties(properties: Readonly<Record<string, unknown>> | undefined): string[] {
  const urls: string[] = [];
  if (!properties) return urls;
  for (const name of URL_ATTRIBUTES) {
    const value = properties[name];
    if (value === undefined || value === null) continue;
    const items = Array.isArray(value) ? value.map(String) : [String(value)];
    if (name === 'srcSet') urls.push(...srcsetUrls(items.join(', ')));
    else urls.push(...items.filter((item) => item !== ''));
  }
  return urls;
}
