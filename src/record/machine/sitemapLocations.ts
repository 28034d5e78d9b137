/**
 * The `<loc>` URLs of a sitemap or sitemap index (sitemaps.org protocol 0.9), read by an XML parser
 * (saxes: namespaces, entities, character references and CDATA as XML defines them), so a URL reads
 * the same here as in a crawler. Only a `loc` inside a `url` or `sitemap` element of the sitemap
 * namespace is a location; a DOCTYPE (whose entities could rewrite the text) is refused.
 */
import { SaxesParser } from 'saxes';

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** The elements whose `loc` child is a location: a sitemap's pages, a sitemap index's sitemaps. */
const ENTRY_ELEMENTS = new Set(['url', 'sitemap']);

/** Why a text is not a readable sitemap: it is not well-formed XML, or it has a DOCTYPE. */
export class SitemapError extends Error {
  override readonly name = 'SitemapError';
}

/** The locations of `xml` in document order, each trimmed; a SitemapError when the XML does not parse. */
export function sitemapLocations(xml: string): string[] {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const locations: string[] = [];
  // The namespaced names of the open elements, outermost first.
  const open: string[] = [];
  let location: string | undefined;
  let failure: string | undefined;
  parser.on('error', (error) => {
    failure ??= error.message;
  });
  parser.on('doctype', () => {
    failure ??= `${parser.line}:${parser.column}: a DOCTYPE, which a sitemap does not have`;
  });
  parser.on('opentag', (tag) => {
    const inEntry = ENTRY_ELEMENTS.has(open.at(-1) ?? '');
    open.push(tag.uri === SITEMAP_NAMESPACE ? tag.local : '');
    if (inEntry && open.at(-1) === 'loc') location = '';
  });
  const addText = (text: string) => {
    if (location !== undefined) location += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    if (open.pop() === 'loc' && location !== undefined) {
      locations.push(location.trim());
      location = undefined;
    }
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    // saxes throws when it cannot go on after an error; the first error says why.
    failure ??= (error as Error).message;
  }
  if (failure !== undefined) throw new SitemapError(`not well-formed XML: ${failure}`);
  return locations;
}
