/**
 * What public/ may hold: static assets that no browser runs. Astro copies public/ to dist/ unread by
 * any of the build's page rules, so a page, a script, a stylesheet or a host rule placed there would
 * be published beside the record's own and run with its origin (a `javascript:` link in an HTML
 * file, `url(javascript:…)` in CSS, a `_redirects` rule). Those come only from the build, where the
 * link, claim and language rules read them. public/ keeps images, icons, PDFs and plain text; an SVG,
 * the one image that can carry script, is read as XML and published only when every element is a
 * drawing element of the list below, no attribute is an event handler or a style, and every
 * reference is a fragment (`use`) or a link whose scheme the record publishes (linkScheme.ts).
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { Problem } from '../../uai/problem.ts';
import { refusedScheme } from './linkScheme.ts';

export const PUBLIC_ASSET_RULE = 'public-asset';

/** The extensions public/ may hold (lower case). Every other file is refused. */
export const PUBLIC_ASSET_EXTENSIONS: readonly string[] = ['svg', 'png', 'jpg', 'jpeg', 'gif', 'ico', 'pdf', 'txt'];

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';

/**
 * SVG elements that only draw. Not here, so refused: script, foreignObject (HTML inside), style (CSS
 * with its own URLs), animate/set (SMIL can set an href), iframe, metadata and anything unknown.
 */
const DRAWING_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'image',
  'a',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComposite',
  'feFlood',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feOffset',
]);

/** A file of public/ by its repository path and bytes. */
export interface PublicAsset {
  file: string;
  bytes: Uint8Array;
}

/** One problem per file of public/ that is not a static asset, or an SVG that is not only a drawing. */
export function publicAssetProblems(assets: readonly PublicAsset[]): Problem[] {
  return assets.flatMap(({ file, bytes }) => {
    const extension = /\.([^./]+)$/.exec(file)?.[1]?.toLowerCase() ?? '';
    if (!PUBLIC_ASSET_EXTENSIONS.includes(extension))
      return [
        {
          file,
          message: `public/ holds static assets (${PUBLIC_ASSET_EXTENSIONS.join(', ')}); pages, scripts, stylesheets, data and host rules come from the build, where its rules read them`,
          rule: PUBLIC_ASSET_RULE,
          hint: 'write a page under content/, or remove the file',
        },
      ];
    return extension === 'svg' ? svgProblems(file, new TextDecoder().decode(bytes)) : [];
  });
}

/** The problems of one SVG: not well-formed, a DOCTYPE, an element or attribute that is not only drawing. */
export function svgProblems(file: string, text: string): Problem[] {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const problems: Problem[] = [];
  const at = (message: string): Problem => ({
    file,
    place: { line: parser.line, column: parser.column },
    message: `an SVG that ${message}, which a browser would run or fetch`,
    rule: PUBLIC_ASSET_RULE,
    hint: 'export the drawing without scripts, styles, animations or external references',
  });
  parser.on('doctype', () => problems.push(at('has a DOCTYPE (its entities can rewrite the text)')));
  parser.on('processinginstruction', () => problems.push(at('has a processing instruction')));
  parser.on('opentag', (tag) => problems.push(...tagProblems(tag, at)));
  parser.on('error', (error) => problems.push(at(`is not well-formed XML (${error.message})`)));
  try {
    parser.write(text).close();
  } catch {
    // saxes throws when it cannot go on; the error handler has the line.
  }
  return problems;
}

function tagProblems(tag: SaxesTagNS, at: (message: string) => Problem): Problem[] {
  if (tag.uri !== SVG_NAMESPACE || !DRAWING_ELEMENTS.has(tag.local))
    return [at(`has the element <${tag.name}>${tag.uri === SVG_NAMESPACE ? '' : ' outside the SVG namespace'}`)];
  return Object.values(tag.attributes).flatMap((attribute) => {
    const { local, uri, value, name } = attribute;
    if (uri === 'http://www.w3.org/2000/xmlns/' || name === 'xmlns') return [];
    if (/^on/i.test(local)) return [at(`has the event handler ${name}`)];
    if (local === 'style') return [at('has a style attribute')];
    if (uri !== '' && uri !== XLINK_NAMESPACE && uri !== 'http://www.w3.org/XML/1998/namespace')
      return [at(`has the attribute ${name} of another namespace`)];
    if (local !== 'href' && !/url\(/i.test(value)) return [];
    const reference = local === 'href' ? value.trim() : (/url\(\s*['"]?([^'")]*)/i.exec(value)?.[1]?.trim() ?? '');
    // Inside the drawing, only fragments: `use` and `url()` could otherwise pull in another document.
    if (tag.local !== 'a' && tag.local !== 'image' && !reference.startsWith('#'))
      return [at(`has ${name}="${value.slice(0, 60)}" on <${tag.local}>, which may only name a #fragment`)];
    const refused = refusedScheme(reference);
    return refused === undefined ? [] : [at(`links to a URL with the scheme ${refused} (${name} on <${tag.local}>)`)];
  });
}
