/**
 * The site's link checker: every internal link and anchor in every built page, and every URL in
 * llms.txt and the manifest, must resolve to a file in dist/ (and an element id for #anchors).
 * It knows the URL scheme: `/x/` is `/x/index.html`, and https://uaix.org/… is the site itself.
 */
import { SITE_ORIGIN } from './locales.ts';

export interface LinkSource {
  /** Public path of the page or file the link is in; relative links resolve against it. */
  file: string;
  href: string;
  /** How messages name the link's source (defaults to `file`), e.g. the content file of a page. */
  label?: string;
}

export interface SiteFiles {
  /** Public paths of every file in dist (e.g. `/en-us/index.html`, `/llms.txt`). */
  has(path: string): boolean;
  /** Element ids of an HTML file, by public path of the file. */
  idsOf(path: string): ReadonlySet<string> | undefined;
}

/** The public file a URL names, or undefined for links that leave the site. */
export function targetOf(href: string, fromPath: string): { file: string; fragment?: string } | undefined {
  if (/^(mailto|tel|data|javascript):/i.test(href)) return undefined;
  let url: URL;
  try {
    url = new URL(href, `${SITE_ORIGIN}${fromPath}`);
  } catch {
    return { file: href };
  }
  if (url.origin !== SITE_ORIGIN) return undefined;
  let file = decodeURIComponent(url.pathname);
  if (file.endsWith('/')) file += 'index.html';
  const fragment = url.hash ? decodeURIComponent(url.hash.slice(1)) : undefined;
  return { file, fragment };
}

/**
 * One problem line per broken link or anchor. `placeOf` names where a broken link is written (by
 * default its label or file); it is asked only for broken links.
 */
export function checkLinks(
  links: LinkSource[],
  site: SiteFiles,
  placeOf: (link: LinkSource) => string = (link) => link.label ?? link.file,
): string[] {
  const problems: string[] = [];
  for (const link of links) {
    const fromPath = link.file.startsWith('/') ? link.file : `/${link.file}`;
    const target = targetOf(link.href, fromPath.replace(/index\.html$/, ''));
    if (!target) continue;
    if (!site.has(target.file)) {
      problems.push(`${placeOf(link)}: link ${link.href} points at ${target.file}, which is not in the built site`);
      continue;
    }
    if (target.fragment && target.file.endsWith('.html')) {
      const ids = site.idsOf(target.file);
      if (ids && !ids.has(target.fragment))
        problems.push(
          `${placeOf(link)}: link ${link.href} names the anchor #${target.fragment}, which ${target.file} does not have`,
        );
    }
  }
  return problems;
}
